package dev.sextant.model.evaluation;

import java.time.LocalDate;

/**
 * One row of a composite index's weight table.
 *
 * @param heldOut  share of the benchmark's items held out from publication, in [0, 1]; null when not disclosed
 * @param baseline the benchmark's random-guess score (1/choices for multiple choice), in [0, 1), used when scores are
 *                 normalised against it; null when not given
 */
public record BenchmarkWeight(
        String benchmark,
        double weight,
        String category,
        String description,
        LocalDate released,
        LocalDate refreshed,
        Double heldOut,
        String source,
        Double baseline) {

    /** A row without a random-guess baseline. */
    public BenchmarkWeight(
            String benchmark,
            double weight,
            String category,
            String description,
            LocalDate released,
            LocalDate refreshed,
            Double heldOut,
            String source) {
        this(benchmark, weight, category, description, released, refreshed, heldOut, source, null);
    }
}
