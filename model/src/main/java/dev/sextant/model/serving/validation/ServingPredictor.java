package dev.sextant.model.serving.validation;

/** Predicts a published serving measurement's value, in its metric's unit. */
@FunctionalInterface
public interface ServingPredictor {
    double predict(PublishedServingRun run);
}
