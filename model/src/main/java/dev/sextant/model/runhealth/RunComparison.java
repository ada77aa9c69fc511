package dev.sextant.model.runhealth;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Several runs' series of one metric side by side, as one compares ablations or a run with its predecessor: each run's
 * extent, lowest value, and its level at the step all runs reached (the median of its last {@link #LEVEL_POINTS} points
 * up to that step, so one noisy point does not decide), with its difference from the first run's level there.
 */
public final class RunComparison {

    /** Logged points the level at the common step is the median of. */
    public static final int LEVEL_POINTS = 10;

    /**
     * One run of the comparison.
     *
     * @param commonStep  the last step every run reached (the shortest run's last step)
     * @param atCommonStep the median of this run's last {@value #LEVEL_POINTS} finite points at or before {@code commonStep};
     *                    null when it has none there
     * @param versusFirst {@code atCommonStep} relative to the first run's, e.g. −0.02 for 2 % lower; null for the first
     *                    run or where either level is missing or zero
     */
    public record Run(
            String name,
            int points,
            long firstStep,
            long lastStep,
            double lastValue,
            double lowest,
            long lowestStep,
            long commonStep,
            Double atCommonStep,
            Double versusFirst) {}

    private RunComparison() {}

    /** The runs' series, in order (the first is the reference), compared; each must hold a point. */
    public static List<Run> compare(List<String> names, List<MetricSeries> series) {
        if (names.size() != series.size() || series.isEmpty()) {
            throw new IllegalArgumentException("one name a series, at least one series");
        }
        long common = series.stream().mapToLong(MetricSeries::lastStep).min().orElseThrow();
        List<Double> levels = series.stream().map(s -> levelAt(s, common)).toList();
        Double reference = levels.get(0);
        List<Run> out = new ArrayList<>();
        for (int i = 0; i < series.size(); i++) {
            MetricSeries s = series.get(i);
            int lowestAt = -1;
            for (int k = 0; k < s.size(); k++) {
                if (Double.isFinite(s.value(k)) && (lowestAt < 0 || s.value(k) < s.value(lowestAt))) {
                    lowestAt = k;
                }
            }
            Double level = levels.get(i);
            Double versus =
                    i == 0 || level == null || reference == null || reference == 0 ? null : level / reference - 1;
            out.add(new Run(
                    names.get(i),
                    s.size(),
                    s.firstStep(),
                    s.lastStep(),
                    s.value(s.size() - 1),
                    lowestAt < 0 ? Double.NaN : s.value(lowestAt),
                    lowestAt < 0 ? s.firstStep() : s.step(lowestAt),
                    common,
                    level,
                    versus));
        }
        return out;
    }

    /** The median of the last {@value #LEVEL_POINTS} finite values at or before {@code step}; null when none. */
    static Double levelAt(MetricSeries s, long step) {
        double[] last = new double[LEVEL_POINTS];
        int n = 0;
        for (int k = s.size() - 1; k >= 0 && n < LEVEL_POINTS; k--) {
            if (s.step(k) <= step && Double.isFinite(s.value(k))) {
                last[n++] = s.value(k);
            }
        }
        if (n == 0) {
            return null;
        }
        double[] v = Arrays.copyOf(last, n);
        Arrays.sort(v);
        return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }
}
