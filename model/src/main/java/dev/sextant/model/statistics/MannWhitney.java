package dev.sextant.model.statistics;

import dev.sextant.model.InputError;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The Mann-Whitney U test (Wilcoxon rank-sum) of a shift between two independent samples x and y, with the
 * Hodges-Lehmann estimate of the shift x − y (the median of all m·n differences) and its distribution-free confidence
 * interval [D_(k+1), D_(mn−k)] from the ordered differences (Hollander, Wolfe &amp; Chicken, Nonparametric Statistical
 * Methods, §4.3): k from the exact null distribution of U when m·n ≤ 2,500 and there are no ties, else from the normal
 * approximation k = ⌊mn/2 − z·σ_U⌋ with the tie-corrected σ_U (1-based order statistics, k ≥ 1). This is what R's {@code wilcox.test(x, y, conf.int = TRUE)}
 * computes. The p-value is two-sided from the normal approximation (tie-corrected, no continuity correction), which is
 * what commons-math's {@code MannWhitneyUTest} reports for samples without ties.
 *
 * @param u        U for x: pairs with x above y, ties counting one half
 * @param estimate Hodges-Lehmann shift x − y
 * @param exact    whether the interval came from the exact distribution
 */
public record MannWhitney(
        int m, int n, double u, double pValue, double estimate, double ciLow, double ciHigh, boolean exact) {

    /** Above this many differences per side pair, both samples are thinned (deterministically) to keep m·n manageable. */
    static final long MAX_PAIRS = 4_000_000;

    public static MannWhitney of(double[] xs, double[] ys, double confidence) {
        if (!(confidence > 0 && confidence < 1)) {
            throw new InputError("statistics.confidence", "confidence must lie in (0, 1), got " + confidence);
        }
        if (xs.length == 0 || ys.length == 0) {
            throw new InputError("monitor.samples", "both samples need values");
        }
        double[] x = thin(xs, 1);
        double[] y = thin(ys, 2);
        int m = x.length;
        int n = y.length;
        // ranks with midranks for ties
        double[] all = new double[m + n];
        System.arraycopy(x, 0, all, 0, m);
        System.arraycopy(y, 0, all, m, n);
        Integer[] order = new Integer[m + n];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Double.compare(all[a], all[b]));
        double[] rank = new double[m + n];
        double tieTerm = 0;
        boolean ties = false;
        for (int i = 0; i < order.length; ) {
            int j = i;
            while (j + 1 < order.length && all[order[j + 1]] == all[order[i]]) {
                j++;
            }
            double mid = (i + j) / 2.0 + 1;
            for (int k = i; k <= j; k++) {
                rank[order[k]] = mid;
            }
            int t = j - i + 1;
            if (t > 1) {
                ties = true;
                tieTerm += (double) t * t * t - t;
            }
            i = j + 1;
        }
        double rankSumX = 0;
        for (int i = 0; i < m; i++) {
            rankSumX += rank[i];
        }
        double u = rankSumX - m * (m + 1) / 2.0;
        double mn = (double) m * n;
        double sigma = Math.sqrt(mn / 12.0 * ((m + n + 1) - tieTerm / ((double) (m + n) * (m + n - 1))));
        double p = sigma > 0 ? 2 * Normal.cdf(-Math.abs(u - mn / 2) / sigma) : 1;

        double[] d = new double[(int) mn];
        int c = 0;
        for (double xi : x) {
            for (double yj : y) {
                d[c++] = xi - yj;
            }
        }
        Arrays.sort(d);
        double hl = d.length % 2 == 1 ? d[d.length / 2] : (d[d.length / 2 - 1] + d[d.length / 2]) / 2;
        double alpha = 1 - confidence;
        boolean exact = !ties && mn <= 2500;
        long k = exact ? exactK(m, n, alpha) : (long) Math.floor(mn / 2 - Normal.twoSided(alpha) * sigma);
        k = Math.max(1, Math.min(k, (d.length + 1) / 2));
        return new MannWhitney(m, n, u, Math.min(1, p), hl, d[(int) k - 1], d[d.length - (int) k], exact);
    }

    /**
     * The two-sided p-value of {@link #of} alone, in O((m + n) log(m + n)) without the m·n differences the
     * Hodges-Lehmann shift needs: for screening many comparisons, of which few will need the shift. The samples are
     * thinned as {@link #of} thins them, so the value is the same (up to the order sums are taken in).
     */
    public static double pValue(double[] xs, double[] ys) {
        if (xs.length == 0 || ys.length == 0) {
            throw new InputError("monitor.samples", "both samples need values");
        }
        double[] x = thin(xs, 1);
        double[] y = thin(ys, 2);
        Arrays.sort(x);
        Arrays.sort(y);
        int m = x.length;
        int n = y.length;
        double rankSumX = 0;
        double tieTerm = 0;
        int i = 0;
        int j = 0;
        int seen = 0;
        while (i < m || j < n) {
            double v = j >= n || i < m && x[i] <= y[j] ? x[i] : y[j];
            int cx = 0;
            int cy = 0;
            while (i < m && x[i] == v) {
                i++;
                cx++;
            }
            while (j < n && y[j] == v) {
                j++;
                cy++;
            }
            int t = cx + cy;
            double mid = seen + (t + 1) / 2.0; // ranks seen+1 … seen+t
            rankSumX += cx * mid;
            if (t > 1) {
                tieTerm += (double) t * t * t - t;
            }
            seen += t;
        }
        double u = rankSumX - m * (m + 1) / 2.0;
        double mn = (double) m * n;
        double sigma = Math.sqrt(mn / 12.0 * ((m + n + 1) - tieTerm / ((double) (m + n) * (m + n - 1))));
        return Math.min(1, sigma > 0 ? 2 * Normal.cdf(-Math.abs(u - mn / 2) / sigma) : 1);
    }

    /**
     * The largest k with P(U ≤ k − 1) ≤ α/2 under the null hypothesis (R's qwilcox(α/2, m, n)), at least 1, counted exactly: the number of arrangements with
     * U = u follows c(m, n, u) = c(m − 1, n, u − n) + c(m, n − 1, u) (Mann and Whitney 1947).
     */
    static long exactK(int m, int n, double alpha) {
        int max = m * n;
        // counts[j][u] for the current i, over j = 0..n
        double[][] prev = new double[n + 1][];
        for (int j = 0; j <= n; j++) {
            prev[j] = new double[max + 1];
            prev[j][0] = 1; // m = 0: one arrangement, U = 0
        }
        for (int i = 1; i <= m; i++) {
            double[][] cur = new double[n + 1][];
            cur[0] = new double[max + 1];
            cur[0][0] = 1;
            for (int j = 1; j <= n; j++) {
                cur[j] = new double[max + 1];
                for (int v = 0; v <= i * j; v++) {
                    cur[j][v] = (v >= j ? prev[j][v - j] : 0) + cur[j - 1][v];
                }
            }
            prev = cur;
        }
        double[] counts = prev[n];
        double total = 0;
        for (double v : counts) {
            total += v;
        }
        double cumulative = 0;
        long k = 0;
        for (int v = 0; v <= max; v++) {
            cumulative += counts[v];
            if (cumulative / total > alpha / 2) {
                break;
            }
            k = v + 1;
        }
        return k;
    }

    /** A sample as is, or thinned to a deterministic random subset so that both sides together stay under MAX_PAIRS. */
    static double[] thin(double[] v, long seed) {
        int cap = (int) Math.sqrt(MAX_PAIRS);
        if (v.length <= cap) {
            return v.clone();
        }
        double[] copy = v.clone();
        SplittableRandom r = new SplittableRandom(seed);
        for (int i = 0; i < cap; i++) {
            int j = i + r.nextInt(copy.length - i);
            double t = copy[i];
            copy[i] = copy[j];
            copy[j] = t;
        }
        return Arrays.copyOf(copy, cap);
    }
}
