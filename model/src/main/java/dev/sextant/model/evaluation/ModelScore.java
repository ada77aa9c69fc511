package dev.sextant.model.evaluation;

/** A model's published score on one benchmark, with its standard error when disclosed (null otherwise). */
public record ModelScore(String model, String benchmark, double score, Double se) {
}
