package dev.sextant.model.statistics;

import dev.sextant.model.InputError;

/**
 * Variance of a mean score when each item was answered K times (Miller, arXiv 2411.00640, section 3):
 * Var(s̄) = (1/n) (Var(x) + E[σ_i²]/K), with x_i the item's expected score and σ_i² its within-item variance.
 * Resampling shrinks only the second term; this says how much of the SE it is and what other K would give.
 *
 * @param betweenVariance Var(x), estimated as Var(m_i) − mean(σ_i²/K_i) (floored at 0)
 * @param withinVariance  E[σ_i²], the mean of the items' sample variances over their K answers
 * @param samplesPerItem  the mean K
 */
public record ResamplingDecomposition(
        int items,
        double samplesPerItem,
        double betweenVariance,
        double withinVariance,
        double se,
        double seOneSample,
        double seInfiniteSamples) {

    /** The SE of the mean had each item been answered k times. */
    public double seWithSamples(double k) {
        return Math.sqrt((betweenVariance + withinVariance / k) / items);
    }

    /**
     * @param samples samples[i] holds item i's K_i ≥ 1 scores; items with one score contribute no within-item variance
     */
    public static ResamplingDecomposition of(double[][] samples) {
        int n = samples.length;
        if (n < 2) {
            throw new InputError("evaluation.items", "the resampling decomposition needs at least 2 items");
        }
        double[] itemMeans = new double[n];
        double withinSum = 0;
        double withinOverK = 0;
        double kSum = 0;
        int withinCount = 0;
        for (int i = 0; i < n; i++) {
            double[] s = samples[i];
            itemMeans[i] = Moments.mean(s);
            kSum += s.length;
            if (s.length >= 2) {
                double v = Moments.sampleVariance(s);
                withinSum += v;
                withinOverK += v / s.length;
                withinCount++;
            }
        }
        double within = withinCount == 0 ? 0 : withinSum / withinCount;
        double varOfMeans = Moments.sampleVariance(itemMeans);
        double between = Math.max(0, varOfMeans - withinOverK / n);
        double k = kSum / n;
        double se = Math.sqrt(varOfMeans / n);
        return new ResamplingDecomposition(
                n, k, between, within, se, Math.sqrt((between + within) / n), Math.sqrt(between / n));
    }
}
