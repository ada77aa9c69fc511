package dev.sextant.model.training.validation;

/** Predicts how long one optimizer step of a published run takes, with the run's published layout fixed. */
@FunctionalInterface
public interface Predictor {

    /** Predicted seconds per step. */
    double stepSeconds(PublishedRun run);
}
