package dev.sextant.model.evaluation;

import java.time.LocalDate;
import java.util.Objects;

/** A model's training-data cut-off as its publisher states it: items dated after it cannot be in its training data. */
public record ModelCutoff(String model, LocalDate cutoff) {

    public ModelCutoff {
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(cutoff, "cutoff");
    }
}
