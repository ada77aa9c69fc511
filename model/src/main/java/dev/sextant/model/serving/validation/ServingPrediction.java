package dev.sextant.model.serving.validation;

/**
 * A measurement's predicted value against its published one.
 *
 * @param run       the published measurement
 * @param predicted the prediction, in the metric's unit; NaN when the simulator refused the configuration
 * @param heldOut   the source group left out of the fit for this prediction ("" in-sample)
 * @param refusal   why the simulator refused the configuration the source ran (its memory plan holds no request of that
 *                  length, say), or null
 */
public record ServingPrediction(PublishedServingRun run, double predicted, String heldOut, String refusal) {

    public ServingPrediction(PublishedServingRun run, double predicted, String heldOut) {
        this(run, predicted, heldOut, null);
    }

    static ServingPrediction refused(PublishedServingRun run, String heldOut, String why) {
        return new ServingPrediction(run, Double.NaN, heldOut, why);
    }

    public boolean isRefused() {
        return refusal != null;
    }

    /** Predicted over measured, minus 1, in the metric as published. */
    public double error() {
        return predicted / run.measured() - 1;
    }

    /** Whether the prediction is faster than the measurement (a higher rate or a shorter time). */
    public boolean optimistic() {
        return run.metric().rate() ? predicted > run.measured() : predicted < run.measured();
    }
}
