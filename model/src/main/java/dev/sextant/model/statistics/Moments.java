package dev.sextant.model.statistics;

/** Means, variances and correlations of plain arrays, with the conventions the error-bar formulas use. */
public final class Moments {

    private Moments() {}

    public static double mean(double[] x) {
        requireNonEmpty(x);
        double s = 0;
        for (double v : x) {
            s += v;
        }
        return s / x.length;
    }

    /** Sample variance with the n − 1 denominator; 0 for a single value. */
    public static double sampleVariance(double[] x) {
        requireNonEmpty(x);
        if (x.length < 2) {
            return 0;
        }
        double m = mean(x);
        double ss = 0;
        for (double v : x) {
            ss += (v - m) * (v - m);
        }
        return ss / (x.length - 1);
    }

    /** Pearson correlation; NaN when either side has no variance. */
    public static double correlation(double[] a, double[] b) {
        if (a.length != b.length) {
            throw new IllegalArgumentException("correlation of arrays of different lengths");
        }
        requireNonEmpty(a);
        double ma = mean(a);
        double mb = mean(b);
        double sab = 0;
        double saa = 0;
        double sbb = 0;
        for (int i = 0; i < a.length; i++) {
            sab += (a[i] - ma) * (b[i] - mb);
            saa += (a[i] - ma) * (a[i] - ma);
            sbb += (b[i] - mb) * (b[i] - mb);
        }
        return saa == 0 || sbb == 0 ? Double.NaN : sab / Math.sqrt(saa * sbb);
    }

    /** Whether every value is 0 or 1, so that binomial intervals apply. */
    public static boolean isBinary(double[] x) {
        for (double v : x) {
            if (v != 0 && v != 1) {
                return false;
            }
        }
        return true;
    }

    /** Linear-interpolation quantile (type 7, as R's default and numpy's) of sorted values. */
    public static double quantileOfSorted(double[] sorted, double p) {
        requireNonEmpty(sorted);
        double h = (sorted.length - 1) * p;
        int lo = (int) Math.floor(h);
        int hi = Math.min(lo + 1, sorted.length - 1);
        return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
    }

    private static void requireNonEmpty(double[] x) {
        if (x.length == 0) {
            throw new IllegalArgumentException("no values");
        }
    }
}
