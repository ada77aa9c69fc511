package dev.sextant.model.training.validation;

/**
 * A run's predicted step time against its measured one.
 *
 * @param run              the published run
 * @param predictedSeconds predicted seconds per step
 * @param heldOut          the source group that was left out of the fit when this prediction was made ("" in-sample)
 */
public record Prediction(PublishedRun run, double predictedSeconds, String heldOut) {

    /** Predicted over measured step time, minus 1: negative when the prediction is faster than the measurement. */
    public double stepError() {
        return predictedSeconds / run.measuredStepSeconds() - 1;
    }

    /** The error in the metric the source prints: predicted over measured value, minus 1. */
    public double metricError() {
        return run.metricValue(predictedSeconds) / run.measured() - 1;
    }

    /** Whether the prediction is faster than what was measured. */
    public boolean optimistic() {
        return predictedSeconds < run.measuredStepSeconds();
    }
}
