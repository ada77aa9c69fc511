package dev.sextant.model.job;

/**
 * Receives progress from a long computation. Together with {@link CancellationToken} this is the only
 * contract between long work in the model and its callers (the GUI's job runner, the CLI's stderr meter).
 *
 * <p>Implementations must be cheap and thread-safe: engines may call them from worker threads and often.
 */
@FunctionalInterface
public interface ProgressListener {

    /** Progress that nobody watches. */
    ProgressListener NONE = (fraction, message) -> {};

    /**
     * @param fraction done so far, in [0, 1]; {@link Double#NaN} when the total is not known
     * @param message  what is happening now, short and human-readable
     */
    void progress(double fraction, String message);

    /**
     * A listener for a sub-task that covers {@code [from, to]} of this listener's range, so that an engine made of
     * steps can hand each step its own 0..1 scale.
     */
    default ProgressListener slice(double from, double to) {
        if (!(0 <= from && from <= to && to <= 1)) {
            throw new IllegalArgumentException("slice must satisfy 0 <= from <= to <= 1, got " + from + ".." + to);
        }
        ProgressListener parent = this;
        return (fraction, message) -> parent.progress(
                Double.isNaN(fraction) ? Double.NaN : from + (to - from) * Math.max(0, Math.min(1, fraction)), message);
    }
}
