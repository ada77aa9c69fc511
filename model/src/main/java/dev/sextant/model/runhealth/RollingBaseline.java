package dev.sextant.model.runhealth;

import java.util.Arrays;

/**
 * The recent history of a metric: the last {@code window} accepted values, their median and their median absolute
 * deviation (MAD). Robust: a spike in the window moves neither much, so the fast fall of early training or one bad
 * point does not drag the baseline (Hampel's identifier; Leys et al., "Detecting outliers: Do not use standard
 * deviation around the mean, use absolute deviation around the median", J. Exp. Soc. Psych. 49, 2013: σ ≈ 1.4826 MAD
 * for normal data).
 */
final class RollingBaseline {

    /** MAD to standard deviation for normally distributed data: 1 / Φ⁻¹(3/4). */
    static final double MAD_TO_SIGMA = 1.4826;

    private final double[] ring;
    private int size;
    private int next;
    private final double[] scratch;
    private boolean fresh;
    private double median;
    private double mad;

    RollingBaseline(int window) {
        ring = new double[window];
        scratch = new double[window];
    }

    int size() {
        return size;
    }

    void add(double x) {
        ring[next] = x;
        next = (next + 1) % ring.length;
        size = Math.min(size + 1, ring.length);
        fresh = false;
    }

    double median() {
        compute();
        return median;
    }

    /** The robust standard deviation, 1.4826 · MAD. */
    double sigma() {
        compute();
        return MAD_TO_SIGMA * mad;
    }

    private void compute() {
        if (fresh) {
            return;
        }
        System.arraycopy(ring, 0, scratch, 0, size);
        Arrays.sort(scratch, 0, size);
        median = medianOfSorted(scratch, size);
        for (int i = 0; i < size; i++) {
            scratch[i] = Math.abs(scratch[i] - median);
        }
        Arrays.sort(scratch, 0, size);
        mad = medianOfSorted(scratch, size);
        fresh = true;
    }

    static double medianOfSorted(double[] v, int n) {
        if (n == 0) {
            return Double.NaN;
        }
        return n % 2 == 1 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
    }
}
