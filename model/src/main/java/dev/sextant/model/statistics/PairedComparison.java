package dev.sextant.model.statistics;

import dev.sextant.model.InputError;

/**
 * Two models scored on the same items: the mean of the per-item differences d_i = a_i − b_i with its paired standard
 * error SE = sqrt(Var(d)/n) = sqrt(SE_A² + SE_B² − 2 Cov) (Miller, arXiv 2411.00640, section 4), a normal CI and a
 * two-sided p-value for "no difference", and the correlation that pairing exploits.
 */
public record PairedComparison(
        int n,
        double meanA,
        double meanB,
        double meanDiff,
        double se,
        double ciLow,
        double ciHigh,
        double pValue,
        double correlation,
        double seUnpaired) {

    public static PairedComparison of(double[] a, double[] b, double alpha) {
        if (a.length != b.length) {
            throw new InputError("evaluation.items", "paired comparison needs the same items on both sides");
        }
        if (a.length < 2) {
            throw new InputError(
                    "evaluation.items", "paired comparison needs at least 2 shared items, got " + a.length);
        }
        int n = a.length;
        double[] d = new double[n];
        for (int i = 0; i < n; i++) {
            d[i] = a[i] - b[i];
        }
        double mean = Moments.mean(d);
        double se = StandardErrors.clt(d);
        double z = Normal.twoSided(alpha);
        double p = se == 0 ? (mean == 0 ? 1 : 0) : Normal.twoSidedP(mean / se);
        double seA = StandardErrors.clt(a);
        double seB = StandardErrors.clt(b);
        return new PairedComparison(
                n,
                Moments.mean(a),
                Moments.mean(b),
                mean,
                se,
                mean - z * se,
                mean + z * se,
                p,
                Moments.correlation(a, b),
                Math.sqrt(seA * seA + seB * seB));
    }
}
