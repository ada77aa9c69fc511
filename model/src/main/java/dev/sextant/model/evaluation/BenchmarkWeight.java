package dev.sextant.model.evaluation;

import java.time.LocalDate;

/**
 * One row of a composite index's weight table.
 *
 * @param heldOut share of the benchmark's items held out from publication, in [0, 1]; null when not disclosed
 */
public record BenchmarkWeight(String benchmark, double weight, String category, String description, LocalDate released,
                              LocalDate refreshed, Double heldOut, String source) {
}
