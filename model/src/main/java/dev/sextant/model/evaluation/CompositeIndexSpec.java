package dev.sextant.model.evaluation;

import dev.sextant.model.InputError;
import java.util.List;
import java.util.Map;

/**
 * A composite index to analyse: its weights, the models' scores, and optionally the user's workload mix.
 *
 * @param normalization  how benchmark scores are put on one scale before weighting
 * @param baselines      random-guess baseline per benchmark for {@link Normalization#RANDOM_BASELINE} (1/choices), over
 *                       the weight table's own {@code baseline} column; benchmarks with neither are used raw
 * @param mix            category → share (any positive scale), or null
 * @param samples        Monte Carlo draws for rank stability; 0 for none
 * @param concentration  Dirichlet concentration: weights are drawn from Dirichlet(concentration · w); larger = closer
 * @param topK           k for P(top k)
 */
public record CompositeIndexSpec(
        List<BenchmarkWeight> weights,
        List<ModelScore> scores,
        Normalization normalization,
        Map<String, Double> baselines,
        Map<String, Double> mix,
        int samples,
        double concentration,
        int topK,
        long seed) {

    public enum Normalization {
        RAW,
        RANDOM_BASELINE
    }

    public static final int DEFAULT_SAMPLES = 2000;
    public static final double DEFAULT_CONCENTRATION = 100;

    public CompositeIndexSpec {
        weights = List.copyOf(weights);
        scores = List.copyOf(scores);
        baselines = baselines == null ? Map.of() : Map.copyOf(baselines);
        if (samples < 0) {
            throw new InputError("evaluation.samples", "samples must not be negative");
        }
        if (!(concentration > 0)) {
            throw new InputError("evaluation.concentration", "concentration must be positive");
        }
        if (topK < 1) {
            throw new InputError("evaluation.topK", "top-k must be at least 1");
        }
    }
}
