package dev.sextant.model.statistics;

/** Ranks of scores (highest first) and rank correlation. */
public final class Ranking {

    private Ranking() {}

    /** Competition ranks, 1 = highest; tied scores share the better rank ("1224"). */
    public static int[] ranks(double[] scores) {
        int n = scores.length;
        int[] r = new int[n];
        for (int i = 0; i < n; i++) {
            int better = 0;
            for (int j = 0; j < n; j++) {
                if (scores[j] > scores[i]) {
                    better++;
                }
            }
            r[i] = better + 1;
        }
        return r;
    }

    /**
     * Kendall's tau-b between two score vectors over the same items: (concordant − discordant) /
     * sqrt((n0 − n1)(n0 − n2)), with n1, n2 the pairs tied in the first and second vector (Kendall 1945).
     * 1 when there is nothing to compare.
     */
    public static double kendallTauB(double[] x, double[] y) {
        int n = x.length;
        long concordant = 0;
        long discordant = 0;
        long tiesX = 0;
        long tiesY = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                double dx = Math.signum(x[i] - x[j]);
                double dy = Math.signum(y[i] - y[j]);
                if (dx == 0 && dy == 0) {
                    continue;
                }
                if (dx == 0) {
                    tiesX++;
                } else if (dy == 0) {
                    tiesY++;
                } else if (dx == dy) {
                    concordant++;
                } else {
                    discordant++;
                }
            }
        }
        double denom = Math.sqrt((double) (concordant + discordant + tiesX) * (concordant + discordant + tiesY));
        return denom == 0 ? 1 : (concordant - discordant) / denom;
    }
}
