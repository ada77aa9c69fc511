package dev.sextant.model.runhealth;

import java.util.Locale;

/**
 * Something that went wrong in a run, at the step it began.
 *
 * @param step     the first step of the anomaly (its onset)
 * @param endStep  its last step (the same as {@code step} for a single point)
 * @param metric   the metric it shows in (canonical name)
 * @param kind     what it is
 * @param value    the metric's most extreme value in it
 * @param baseline what the metric was before: the rolling median of the window before the onset (for a divergence, the
 *                 lowest such median the run had reached)
 * @param score    how far out it is: robust z-score (median absolute deviations, scaled to σ) of the most extreme point;
 *                 infinite for a non-finite value
 */
public record Anomaly(long step, long endStep, String metric, Kind kind, double value, double baseline, double score) {

    public enum Kind {
        /** A short excursion far above the recent values (loss, gradient norm). */
        SPIKE,
        /** NaN or infinite values, NaN iterations counted by the trainer, or the loss scale collapsing. */
        NONFINITE,
        /** A sustained rise of the loss's rolling median above the lowest it had reached. */
        DIVERGENCE,
        /** A step that took far longer than the recent ones (a straggler, a hang, a restart). */
        STALL,
        /**
         * The validation loss rising while the training loss keeps falling: overfitting (too many epochs over too little
         * data), or a validation set that no longer matches the training data.
         */
        OVERFITTING;

        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }

        /**
         * Whether rolling back to a checkpoint is the remedy: a stall costs time, not the model's state; overfitting
         * calls for the best checkpoint and a change of data or schedule, not for training the same steps again.
         */
        public boolean needsRollback() {
            return this != STALL && this != OVERFITTING;
        }
    }
}
