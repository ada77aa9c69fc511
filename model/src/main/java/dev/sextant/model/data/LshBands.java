package dev.sextant.model.data;

import dev.sextant.model.InputError;
import java.util.function.DoubleUnaryOperator;

/**
 * LSH banding of a MinHash signature: {@code bands} bands of {@code rows} values each. Two documents of Jaccard
 * similarity s share a band with probability P(s) = 1 − (1 − s^r)^b, the S-curve whose steep part sits near
 * (1/b)^(1/r) (Leskovec, Rajaraman and Ullman, Mining of Massive Datasets, §3.4).
 */
public record LshBands(int bands, int rows) {

    /** Weight of the false-negative area against the false-positive one's 1 − w in {@link #choose}. */
    static final double FALSE_NEGATIVE_WEIGHT = 0.95;

    public LshBands {
        InputError.require(bands >= 1, "dedup.bands", "bands must be at least 1");
        InputError.require(rows >= 1, "dedup.rows", "rows must be at least 1");
    }

    /** P(a pair of Jaccard similarity {@code s} becomes a candidate). */
    public double probability(double s) {
        return 1 - Math.pow(1 - Math.pow(s, rows), bands);
    }

    /** The similarity where the S-curve is steepest, about (1/b)^(1/r). */
    public double knee() {
        return Math.pow(1.0 / bands, 1.0 / rows);
    }

    public int permutations() {
        return bands * rows;
    }

    /**
     * The bands and rows, with b · r ≤ {@code permutations}, that make the S-curve closest to a step at
     * {@code threshold}: the least weighted sum of the false-positive area ∫₀ᵗ P(s) ds and the false-negative area
     * ∫ₜ¹ (1 − P(s)) ds over every b and r, as datasketch's {@code MinHashLSH} chooses them (ekzhu/datasketch, lsh.py
     * {@code _optimal_param}). Candidates are verified by their estimated similarity, so a false positive costs one
     * comparison while a false negative loses a duplicate: false negatives weigh {@value #FALSE_NEGATIVE_WEIGHT}
     * (datasketch's {@code weights}). At 0.8 and 112 permutations this gives 14 bands of 8 rows, FineWeb's setting
     * (HuggingFaceFW/fineweb, datatrove: 112 hashes in 14 buckets of 8): P = 0.92 at 0.8, 0.9996 at 0.9.
     */
    public static LshBands choose(double threshold, int permutations) {
        InputError.require(threshold > 0 && threshold < 1, "dedup.threshold", "the threshold must lie between 0 and 1");
        InputError.require(permutations >= 1, "dedup.permutations", "permutations must be at least 1");
        LshBands best = null;
        double bestError = Double.POSITIVE_INFINITY;
        for (int b = 1; b <= permutations; b++) {
            for (int r = 1; r <= permutations / b; r++) {
                LshBands c = new LshBands(b, r);
                double error = (1 - FALSE_NEGATIVE_WEIGHT) * c.falsePositiveArea(threshold)
                        + FALSE_NEGATIVE_WEIGHT * c.falseNegativeArea(threshold);
                if (error < bestError - 1e-12) {
                    bestError = error;
                    best = c;
                }
            }
        }
        return best;
    }

    double falsePositiveArea(double t) {
        return integrate(this::probability, 0, t);
    }

    double falseNegativeArea(double t) {
        return integrate(s -> 1 - probability(s), t, 1);
    }

    /** Simpson's rule with 200 intervals: the curves are smooth. */
    private static double integrate(DoubleUnaryOperator f, double a, double b) {
        int n = 200;
        double h = (b - a) / n;
        double sum = f.applyAsDouble(a) + f.applyAsDouble(b);
        for (int i = 1; i < n; i++) {
            sum += f.applyAsDouble(a + i * h) * (i % 2 == 1 ? 4 : 2);
        }
        return sum * h / 3;
    }
}
