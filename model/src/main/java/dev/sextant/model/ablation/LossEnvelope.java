package dev.sextant.model.ablation;

import dev.sextant.model.InputError;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Hoffmann et al.'s approach 1 (2022, §3.1): the lower envelope of loss against compute. Each model size's runs (its
 * final losses at several token counts, or one run's loss read at several points) are joined into a curve of loss
 * against compute C = 6ND, linear in log C between the points; at {@link #GRID} compute values, log-spaced across the
 * range two sizes or more cover, the size whose curve is lowest is that compute's optimal size; N_opt ∝ C^a is the
 * least-squares line through them in log–log, and D_opt ∝ C^b with b = 1 − a (as C = 6ND).
 */
public final class LossEnvelope {

    /** Compute values the envelope is read at (Hoffmann et al. use 1,500). */
    static final int GRID = 1500;
    /** Sizes within this factor are one. */
    static final double SAME_SIZE = 1.01;

    /** The envelope at one compute: the size whose curve is lowest there and its loss. */
    public record Point(double flops, double params, double loss) {}

    /**
     * The law through the envelope, and the envelope itself thinned to one point where the optimal size changes (the
     * steps of the staircase).
     */
    public record Result(double a, double b, List<Point> steps, int sizes) {}

    private LossEnvelope() {}

    /** @throws InputError when fewer than two sizes have runs at two token counts or more over a shared compute range */
    public static Result fit(List<ChinchillaFit.Point> runs) {
        TreeMap<Double, List<ChinchillaFit.Point>> bySize = new TreeMap<>();
        for (ChinchillaFit.Point p : runs) {
            Double key = bySize.floorKey(p.params());
            if (key == null || p.params() > key * SAME_SIZE) {
                key = p.params();
            }
            bySize.computeIfAbsent(key, k -> new ArrayList<>()).add(p);
        }
        List<double[][]> curves = new ArrayList<>(); // per size: {log C ascending, loss}
        List<Double> sizes = new ArrayList<>();
        for (Map.Entry<Double, List<ChinchillaFit.Point>> e : bySize.entrySet()) {
            TreeMap<Double, Double> curve = new TreeMap<>();
            for (ChinchillaFit.Point p : e.getValue()) {
                curve.merge(Math.log(6 * p.params() * p.tokens()), p.loss(), Math::min);
            }
            if (curve.size() >= 2) {
                curves.add(new double[][] {
                    curve.keySet().stream().mapToDouble(Double::doubleValue).toArray(),
                    curve.values().stream().mapToDouble(Double::doubleValue).toArray()
                });
                sizes.add(e.getValue().stream()
                        .mapToDouble(ChinchillaFit.Point::params)
                        .average()
                        .orElseThrow());
            }
        }
        InputError.require(
                curves.size() >= 2,
                "ablate.runs",
                "the loss envelope (approach 1) needs two model sizes or more with runs at two "
                        + "token counts each; found " + curves.size());
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (double[][] c : curves) {
            lo = Math.min(lo, c[0][0]);
            hi = Math.max(hi, c[0][c[0].length - 1]);
        }
        List<double[]> optima = new ArrayList<>(); // {log C, log N}
        List<Point> steps = new ArrayList<>();
        for (int g = 0; g < GRID; g++) {
            double x = lo + (hi - lo) * g / (GRID - 1);
            int best = -1;
            double bestLoss = Double.POSITIVE_INFINITY;
            int covering = 0;
            for (int i = 0; i < curves.size(); i++) {
                double[][] c = curves.get(i);
                if (x < c[0][0] || x > c[0][c[0].length - 1]) {
                    continue;
                }
                covering++;
                double y = interpolate(c, x);
                if (y < bestLoss) {
                    bestLoss = y;
                    best = i;
                }
            }
            if (covering < 2) {
                continue; // one curve alone is no envelope
            }
            optima.add(new double[] {x, Math.log(sizes.get(best))});
            if (steps.isEmpty() || steps.get(steps.size() - 1).params() != sizes.get(best)) {
                steps.add(new Point(Math.exp(x), sizes.get(best), bestLoss));
            }
        }
        long distinct = optima.stream().mapToDouble(o -> o[1]).distinct().count();
        InputError.require(
                distinct >= 2,
                "ablate.runs",
                "the loss envelope (approach 1): one size is lowest wherever two sizes' runs overlap in "
                        + "compute; runs spanning more compute at each size are needed");
        double[] line = IsoFlopProfiles.line(
                optima.stream().mapToDouble(o -> o[0]).toArray(),
                optima.stream().mapToDouble(o -> o[1]).toArray());
        return new Result(line[1], 1 - line[1], List.copyOf(steps), curves.size());
    }

    /** Linear interpolation in log compute between a curve's points. */
    static double interpolate(double[][] c, double x) {
        double[] xs = c[0];
        double[] ys = c[1];
        for (int i = 1; i < xs.length; i++) {
            if (x <= xs[i]) {
                double f = (x - xs[i - 1]) / (xs[i] - xs[i - 1]);
                return ys[i - 1] + f * (ys[i] - ys[i - 1]);
            }
        }
        return ys[ys.length - 1];
    }
}
