package dev.sextant.model.statistics;

/** Distances between two discrete distributions over the same categories. */
public final class Divergences {

    private Divergences() {}

    /** Total variation: ½ Σ |p_i − q_i|, in [0, 1]. */
    public static double totalVariation(double[] p, double[] q) {
        check(p, q);
        double s = 0;
        for (int i = 0; i < p.length; i++) {
            s += Math.abs(p[i] - q[i]);
        }
        return s / 2;
    }

    /**
     * Jensen-Shannon divergence in bits (base 2), in [0, 1]: ½ KL(p‖m) + ½ KL(q‖m), m = (p + q)/2 (Lin 1991).
     */
    public static double jensenShannon(double[] p, double[] q) {
        check(p, q);
        double s = 0;
        for (int i = 0; i < p.length; i++) {
            double m = (p[i] + q[i]) / 2;
            if (p[i] > 0) {
                s += 0.5 * p[i] * Math.log(p[i] / m);
            }
            if (q[i] > 0) {
                s += 0.5 * q[i] * Math.log(q[i] / m);
            }
        }
        return Math.max(0, s / Math.log(2));
    }

    private static void check(double[] p, double[] q) {
        if (p.length != q.length) {
            throw new IllegalArgumentException("distributions over different numbers of categories");
        }
    }
}
