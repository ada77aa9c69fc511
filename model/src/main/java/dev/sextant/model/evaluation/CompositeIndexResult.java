package dev.sextant.model.evaluation;

import java.util.List;

/**
 * A composite index analysed.
 *
 * @param models      by published rank
 * @param benchmarks  each benchmark's weight under the index and under the mix, and its share of the spread
 * @param divergence  index category weights versus the mix; null without a mix
 * @param kendallTau  mean Kendall's tau-b between Monte Carlo rankings and the published ranking; null without samples
 * @param notes       what the analysis had to assume or leave out
 */
public record CompositeIndexResult(
        List<ModelRow> models,
        List<BenchmarkRow> benchmarks,
        Divergence divergence,
        Double kendallTau,
        List<String> notes) {

    /**
     * @param scoreMix composite under the user's mix, null without one
     * @param pTop1    share of Monte Carlo draws in which the model ranked first; null without samples
     * @param rankProbabilities P(rank = r) for r = 1..number of models; null without samples
     * @param tokens   output tokens per item, weighted as the index weights the benchmarks; null unless the scores give
     *                 the model's tokens on every weighted benchmark
     * @param scorePerKiloToken the composite per 1,000 tokens of {@code tokens}: equal scores at 3× the tokens are a
     *                 third as efficient; null with {@code tokens}
     */
    public record ModelRow(
            String model,
            double score,
            int rank,
            Double scoreMix,
            Integer rankMix,
            Integer rankChange,
            Double pTop1,
            Double pTopK,
            List<Double> rankProbabilities,
            Double tokens,
            Double scorePerKiloToken) {}

    /** @param spreadShare the benchmark's share of the variance of composite scores across models (sums to 1) */
    public record BenchmarkRow(
            String benchmark, String category, double weight, Double weightMix, double spreadShare) {}

    public record Divergence(double totalVariation, double jensenShannon, List<CategoryShare> categories) {}

    public record CategoryShare(String category, double index, double mix) {}
}
