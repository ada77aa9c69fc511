package dev.sextant.model.job;

/** Thrown by long work that stopped because its {@link CancellationToken} was cancelled. Not an error. */
public final class CancelledException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public CancelledException() {
        super("cancelled", null, false, false);
    }
}
