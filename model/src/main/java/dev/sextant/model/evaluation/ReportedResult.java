package dev.sextant.model.evaluation;

/**
 * A benchmark score as a source reported it, without per-item data: lm-evaluation-harness {@code results_*.json}
 * entries or a model-scores table.
 *
 * @param se standard error as reported, or null when the source disclosed none ("N/A")
 * @param n  number of items scored, or null when unknown
 */
public record ReportedResult(
        String model, String benchmark, String metric, double value, Double se, Integer n, String samplingConfig) {}
