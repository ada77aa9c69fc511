package dev.sextant.model.runhealth;

import java.util.Arrays;

/**
 * The recent history of a metric: the last {@code window} accepted values, their median and their median absolute
 * deviation (MAD). Robust: a spike in the window moves neither much, so the fast fall of early training or one bad
 * point does not drag the baseline (Hampel's identifier; Leys et al., "Detecting outliers: Do not use standard
 * deviation around the mean, use absolute deviation around the median", J. Exp. Soc. Psych. 49, 2013: σ ≈ 1.4826 MAD
 * for normal data).
 *
 * <p>The window is kept sorted as values come and go (a binary search and a shift each), so the median is read off it
 * and the MAD is the middle of the deviations, which in a sorted window are two sorted runs outward from the median,
 * merged until the middle: O(window) a point, not a sort (a million-step log is analysed in well under a second).
 */
final class RollingBaseline implements Baseline {

    /** MAD to standard deviation for normally distributed data: 1 / Φ⁻¹(3/4). */
    static final double MAD_TO_SIGMA = 1.4826;

    private final double[] ring;
    private final double[] sorted;
    private int size;
    private int next;
    private boolean fresh;
    private double median;
    private double mad;

    RollingBaseline(int window) {
        ring = new double[window];
        sorted = new double[window];
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public void add(double x) {
        if (size == ring.length) {
            remove(ring[next]);
        }
        ring[next] = x;
        next = (next + 1) % ring.length;
        insert(x);
        fresh = false;
    }

    private void remove(double x) {
        int i = Arrays.binarySearch(sorted, 0, size, x);
        if (i < 0) {
            throw new IllegalStateException("a value left the window that was not in it");
        }
        System.arraycopy(sorted, i + 1, sorted, i, size - i - 1);
        size--;
    }

    private void insert(double x) {
        int i = Arrays.binarySearch(sorted, 0, size, x);
        if (i < 0) {
            i = -i - 1;
        }
        System.arraycopy(sorted, i, sorted, i + 1, size - i);
        sorted[i] = x;
        size++;
    }

    @Override
    public double median() {
        compute();
        return median;
    }

    /** The robust standard deviation, 1.4826 · MAD. */
    @Override
    public double sigma() {
        compute();
        return MAD_TO_SIGMA * mad;
    }

    private void compute() {
        if (fresh) {
            return;
        }
        median = medianOfSorted(sorted, size);
        mad = size == 0 ? Double.NaN : madOfSorted(sorted, size, median);
        fresh = true;
    }

    /** The median of |v[i] − m| over sorted {@code v}: the deviations merged outward from {@code m} up to the middle. */
    static double madOfSorted(double[] v, int n, double m) {
        int right = Arrays.binarySearch(v, 0, n, m);
        if (right < 0) {
            right = -right - 1; // first index with v ≥ m
        }
        int left = right - 1;
        int want = n / 2; // the deviation at rank want (0-based); with even n the mean of ranks want − 1 and want
        double previous = Double.NaN;
        double current = Double.NaN;
        for (int k = 0; k <= want; k++) {
            double dl = left >= 0 ? m - v[left] : Double.POSITIVE_INFINITY;
            double dr = right < n ? v[right] - m : Double.POSITIVE_INFINITY;
            previous = current;
            if (dl <= dr) {
                current = dl;
                left--;
            } else {
                current = dr;
                right++;
            }
        }
        return n % 2 == 1 ? current : 0.5 * (previous + current);
    }

    static double medianOfSorted(double[] v, int n) {
        if (n == 0) {
            return Double.NaN;
        }
        return n % 2 == 1 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
    }
}
