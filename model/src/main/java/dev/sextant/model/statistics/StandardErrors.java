package dev.sextant.model.statistics;

import java.util.HashMap;
import java.util.Map;

/**
 * Standard errors of a mean score, after Miller, "Adding Error Bars to Evals" (arXiv 2411.00640), section 2.
 */
public final class StandardErrors {

    private StandardErrors() {}

    /**
     * CLT standard error: SE = sqrt( (1/n) · (1/(n−1)) · Σ(s_i − s̄)² ) (Miller eq. 2). For 0/1 scores this differs from
     * sqrt(s̄(1 − s̄)/n) only by the n/(n−1) factor. 0 for a single item.
     */
    public static double clt(double[] scores) {
        return Math.sqrt(Moments.sampleVariance(scores) / scores.length);
    }

    /**
     * Clustered standard error when items share a cluster (several questions on one passage):
     * SE_cl = sqrt( SE² + (1/n²) Σ_c Σ_{i∈c} Σ_{j∈c, j≠i} (s_i − s̄)(s_j − s̄) ) (Miller eq. 4). The inner double sum is
     * computed as (Σ_{i∈c} d_i)² − Σ_{i∈c} d_i², d = s − s̄. Items with a null cluster are clusters of their own.
     */
    public static double clustered(double[] scores, String[] clusters) {
        if (clusters.length != scores.length) {
            throw new IllegalArgumentException("one cluster id per score");
        }
        int n = scores.length;
        double mean = Moments.mean(scores);
        Map<String, double[]> sums = new HashMap<>(); // cluster -> {Σd, Σd²}
        for (int i = 0; i < n; i++) {
            if (clusters[i] == null) {
                continue; // a singleton cluster contributes no cross terms
            }
            double d = scores[i] - mean;
            double[] s = sums.computeIfAbsent(clusters[i], k -> new double[2]);
            s[0] += d;
            s[1] += d * d;
        }
        double cross = 0;
        for (double[] s : sums.values()) {
            cross += s[0] * s[0] - s[1];
        }
        double se = clt(scores);
        double v = se * se + cross / ((double) n * n);
        return Math.sqrt(Math.max(0, v));
    }

    /**
     * Wilson score interval for k successes in n trials (Wilson 1927), recommended over the CLT interval for small 0/1
     * sets (Bowyer et al., arXiv 2503.01747): centre (p̂ + z²/2n)/(1 + z²/n), half-width
     * z/(1 + z²/n) · sqrt(p̂(1 − p̂)/n + z²/4n²).
     */
    public static Interval wilson(long successes, long n, double z) {
        if (n <= 0 || successes < 0 || successes > n) {
            throw new IllegalArgumentException("need 0 <= successes <= n and n > 0");
        }
        double p = (double) successes / n;
        double z2 = z * z;
        double denom = 1 + z2 / n;
        double centre = (p + z2 / (2.0 * n)) / denom;
        double half = z / denom * Math.sqrt(p * (1 - p) / n + z2 / (4.0 * n * n));
        return new Interval(Math.max(0, centre - half), Math.min(1, centre + half));
    }
}
