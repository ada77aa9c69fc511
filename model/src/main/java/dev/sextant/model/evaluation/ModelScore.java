package dev.sextant.model.evaluation;

/**
 * A model's published score on one benchmark, with its standard error when disclosed (null otherwise).
 *
 * @param tokens output tokens the model spent per item of the benchmark (reasoning included), when the table says;
 *               null otherwise: what the composite index's token-efficiency column is built from
 */
public record ModelScore(String model, String benchmark, double score, Double se, Double tokens) {

    public ModelScore(String model, String benchmark, double score, Double se) {
        this(model, benchmark, score, se, null);
    }
}
