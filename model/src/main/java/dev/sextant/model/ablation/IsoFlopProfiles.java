package dev.sextant.model.ablation;

import dev.sextant.model.InputError;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Hoffmann et al.'s approach 2 (2022, §3.2): runs grouped by compute budget C = 6ND (an IsoFLOP profile), a parabola in
 * log N fitted to each profile's loss, its vertex the loss-optimal model size N_opt(C) at that budget; then N_opt ∝ C^a
 * and D_opt ∝ C^b (D_opt = C / 6 N_opt, so b = 1 − a) by least squares in log–log over the profiles whose optimum lies
 * among their own sizes (all of them when fewer than two do).
 */
public final class IsoFlopProfiles {

    /** Runs whose compute differs by less than this factor share a profile. */
    public static final double SAME_BUDGET = 1.10;
    /** A profile needs this many runs (three distinct sizes) for its parabola. */
    public static final int MIN_RUNS = 3;

    /** One profile: its budget (the mean of its runs'), its runs, and the optimum its parabola puts at its vertex. */
    public record Profile(
            double flops, List<ChinchillaFit.Point> runs, double optimalParams, double optimalLoss, boolean interior) {}

    /**
     * The profiles and the power laws through their optima.
     *
     * @param a         exponent of N_opt ∝ C^a
     * @param paramsAt1e21 the fitted N_opt at 10²¹ FLOPs (the law's constant, at a readable budget)
     */
    public record Result(List<Profile> profiles, double a, double b, double paramsAt1e21) {

        /** The law's N_opt at {@code flops}. */
        public double optimalParams(double flops) {
            return paramsAt1e21 * Math.pow(flops / 1e21, a);
        }
    }

    private IsoFlopProfiles() {}

    /**
     * Profiles of the runs (grouped by compute within {@link #SAME_BUDGET}); those with fewer than {@link #MIN_RUNS}
     * distinct sizes, or whose parabola opens downward, are left out. At least two usable profiles are needed.
     */
    public static Result fit(List<ChinchillaFit.Point> runs) {
        List<ChinchillaFit.Point> byCompute = new ArrayList<>(runs);
        byCompute.sort(Comparator.comparingDouble(p -> p.params() * p.tokens()));
        List<List<ChinchillaFit.Point>> groups = new ArrayList<>();
        for (ChinchillaFit.Point p : byCompute) {
            List<ChinchillaFit.Point> last = groups.isEmpty() ? null : groups.get(groups.size() - 1);
            if (last != null
                    && 6 * p.params() * p.tokens()
                            < SAME_BUDGET
                                    * 6
                                    * last.get(0).params()
                                    * last.get(0).tokens()) {
                last.add(p);
            } else {
                List<ChinchillaFit.Point> g = new ArrayList<>();
                g.add(p);
                groups.add(g);
            }
        }
        List<Profile> profiles = new ArrayList<>();
        for (List<ChinchillaFit.Point> g : groups) {
            Map<Double, ChinchillaFit.Point> sizes = new TreeMap<>();
            g.forEach(p -> sizes.merge(p.params(), p, (x, y) -> x.loss() <= y.loss() ? x : y));
            if (sizes.size() < MIN_RUNS) {
                continue;
            }
            double[] x = sizes.keySet().stream().mapToDouble(Math::log).toArray();
            double[] y = sizes.values().stream()
                    .mapToDouble(ChinchillaFit.Point::loss)
                    .toArray();
            double[] c = parabola(x, y);
            if (!(c[2] > 0)) {
                continue;
            }
            double vertex = -c[1] / (2 * c[2]);
            double flops = g.stream()
                    .mapToDouble(p -> 6 * p.params() * p.tokens())
                    .average()
                    .orElseThrow();
            boolean interior = vertex >= x[0] && vertex <= x[x.length - 1];
            profiles.add(new Profile(
                    flops, List.copyOf(g), Math.exp(vertex), c[0] + c[1] * vertex + c[2] * vertex * vertex, interior));
        }
        InputError.require(
                profiles.size() >= 2,
                "ablate.runs",
                "IsoFLOP profiles need at least two compute budgets with three or more model "
                        + "sizes each (runs within 10 % of one budget); found " + profiles.size());
        // a vertex outside its profile's sizes is the parabola extrapolated, not an optimum the runs saw: the law goes
        // through the interior ones where there are two or more
        List<Profile> inside = profiles.stream().filter(Profile::interior).toList();
        List<Profile> used = inside.size() >= 2 ? inside : profiles;
        double[] lc = used.stream().mapToDouble(p -> Math.log(p.flops() / 1e21)).toArray();
        double[] ln =
                used.stream().mapToDouble(p -> Math.log(p.optimalParams())).toArray();
        double[] line = line(lc, ln);
        return new Result(List.copyOf(profiles), line[1], 1 - line[1], Math.exp(line[0]));
    }

    /** The least-squares parabola y = c0 + c1 x + c2 x² through a profile's points (x = log N), for drawing it. */
    public static double[] parabolaThrough(double[] x, double[] y) {
        return parabola(x, y);
    }

    /** Least-squares y = c0 + c1 x + c2 x² (normal equations, solved by Cramer's rule on the 3 × 3 system). */
    static double[] parabola(double[] x, double[] y) {
        double[][] m = new double[3][3];
        double[] r = new double[3];
        for (int i = 0; i < x.length; i++) {
            double[] p = {1, x[i], x[i] * x[i]};
            for (int j = 0; j < 3; j++) {
                r[j] += p[j] * y[i];
                for (int k = 0; k < 3; k++) {
                    m[j][k] += p[j] * p[k];
                }
            }
        }
        double det = det(m);
        double[] c = new double[3];
        for (int j = 0; j < 3; j++) {
            double[][] mj = {m[0].clone(), m[1].clone(), m[2].clone()};
            for (int i = 0; i < 3; i++) {
                mj[i][j] = r[i];
            }
            c[j] = det(mj) / det;
        }
        return c;
    }

    /** Least-squares y = c0 + c1 x. */
    static double[] line(double[] x, double[] y) {
        double mx = 0;
        double my = 0;
        for (int i = 0; i < x.length; i++) {
            mx += x[i] / x.length;
            my += y[i] / x.length;
        }
        double sxy = 0;
        double sxx = 0;
        for (int i = 0; i < x.length; i++) {
            sxy += (x[i] - mx) * (y[i] - my);
            sxx += (x[i] - mx) * (x[i] - mx);
        }
        double slope = sxy / sxx;
        return new double[] {my - slope * mx, slope};
    }

    private static double det(double[][] m) {
        return m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
                - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
    }
}
