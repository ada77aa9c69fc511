package dev.sextant.model.gate;

import dev.sextant.model.InputError;
import dev.sextant.model.statistics.MannWhitney;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * A canary judge after Kayenta's NetflixACAJudge (Spinnaker Kayenta, kayenta-judge NetflixACAJudge and its Mann-Whitney classifier): per metric, the
 * Mann-Whitney U test of canary against baseline at a confidence (0.98 by default) with the Hodges-Lehmann shift and
 * its interval; with c = tolerance × |shift| (tolerance 0.25), the metric is High when the interval's lower bound is
 * above c, Low when its upper bound is below −c, else Pass; NoData when a side is empty. A metric's direction says
 * which change fails it (an error rate fails only when it rises). Score = 100 × passing / (passing + failing) over the
 * metrics with data; a failing critical metric makes it 0. Verdict: pass at or above the pass threshold (95), marginal
 * at or above the marginal one (75), else fail.
 */
public final class CanaryJudge {

    /** Which change of a metric fails the canary. */
    public enum Direction {
        INCREASE,
        DECREASE,
        EITHER;

        public static Direction parse(String s) {
            try {
                return valueOf(s.strip().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new InputError(
                        "judge.direction", "a direction must be increase, decrease or either, got '" + s + "'");
            }
        }
    }

    /** How one metric is judged. */
    public record MetricSpec(Direction direction, boolean critical) {
        public static final MetricSpec DEFAULT = new MetricSpec(Direction.EITHER, false);

        /**
         * A guess from the metric's name, for monitoring data without settings: errors, latencies, refusals and
         * timeouts fail only when they rise, and errors are critical; anything else fails either way.
         */
        public static MetricSpec guess(String metric) {
            String m = metric.toLowerCase(Locale.ROOT);
            boolean upIsBad =
                    m.contains("error") || m.contains("latency") || m.contains("refusal") || m.contains("timeout");
            return new MetricSpec(upIsBad ? Direction.INCREASE : Direction.EITHER, m.contains("error"));
        }
    }

    /**
     * One metric's result. {@code classification} is pass, high, low or nodata; {@code failed} says whether it counts
     * against the canary given the metric's direction.
     */
    public record MetricResult(
            String metric,
            String classification,
            Double hodgesLehmann,
            Double ciLow,
            Double ciHigh,
            Double pValue,
            boolean failed,
            boolean critical,
            String direction,
            int baselineCount,
            int canaryCount,
            Double baselineMedian,
            Double canaryMedian) {}

    /** The judgement: per metric, the score and the verdict (pass, marginal, fail) with why. */
    public record Judgement(List<MetricResult> metrics, double score, String verdict, List<String> reasons) {}

    private final double confidence;
    private final double tolerance;
    private final double passThreshold;
    private final double marginalThreshold;

    public CanaryJudge(double confidence, double tolerance, double passThreshold, double marginalThreshold) {
        if (!(confidence > 0 && confidence < 1)) {
            throw new InputError("judge.confidence", "the judge's confidence must lie in (0, 1), got " + confidence);
        }
        if (!(tolerance >= 0)) {
            throw new InputError("judge.tolerance", "the judge's tolerance must not be negative, got " + tolerance);
        }
        if (!(marginalThreshold >= 0 && marginalThreshold <= passThreshold && passThreshold <= 100)) {
            throw new InputError(
                    "judge.thresholds",
                    "thresholds must satisfy 0 ≤ marginal ≤ pass ≤ 100, got marginal " + marginalThreshold + ", pass "
                            + passThreshold);
        }
        this.confidence = confidence;
        this.tolerance = tolerance;
        this.passThreshold = passThreshold;
        this.marginalThreshold = marginalThreshold;
    }

    public static CanaryJudge defaults() {
        return new CanaryJudge(0.98, 0.25, 95, 75);
    }

    /** Judges every metric either side has; specs default to {@link MetricSpec#DEFAULT}. */
    public Judgement judge(
            Map<String, double[]> baseline, Map<String, double[]> canary, Map<String, MetricSpec> specs) {
        TreeSet<String> names = new TreeSet<>(baseline.keySet());
        names.addAll(canary.keySet());
        List<MetricResult> results = new ArrayList<>();
        for (String name : names) {
            results.add(metric(
                    name,
                    baseline.getOrDefault(name, new double[0]),
                    canary.getOrDefault(name, new double[0]),
                    specs.getOrDefault(name, MetricSpec.DEFAULT)));
        }
        int passing = 0;
        int failing = 0;
        List<String> reasons = new ArrayList<>();
        boolean criticalFailed = false;
        for (MetricResult r : results) {
            if (r.classification().equals("nodata")) {
                reasons.add(r.metric() + ": no data on " + (r.baselineCount() == 0 ? "the baseline" : "the canary")
                        + " side");
            } else if (r.failed()) {
                failing++;
                criticalFailed |= r.critical();
                reasons.add(String.format(
                        Locale.ROOT,
                        "%s%s: %s — shift %+.4g, %.0f%% interval [%.4g, %.4g]",
                        r.metric(),
                        r.critical() ? " (critical)" : "",
                        r.classification(),
                        r.hodgesLehmann(),
                        100 * confidence,
                        r.ciLow(),
                        r.ciHigh()));
            } else {
                passing++;
            }
        }
        double score;
        if (passing + failing == 0) {
            score = 0;
            reasons.add("no metric has data on both sides");
        } else {
            score = criticalFailed ? 0 : 100.0 * passing / (passing + failing);
            if (criticalFailed) {
                reasons.add("a critical metric failed: the score is 0");
            }
        }
        String verdict = score >= passThreshold ? "pass" : score >= marginalThreshold ? "marginal" : "fail";
        return new Judgement(results, score, verdict, reasons);
    }

    MetricResult metric(String name, double[] base, double[] can, MetricSpec spec) {
        String dir = spec.direction().name().toLowerCase(Locale.ROOT);
        if (base.length == 0 || can.length == 0) {
            return new MetricResult(
                    name,
                    "nodata",
                    null,
                    null,
                    null,
                    null,
                    false,
                    spec.critical(),
                    dir,
                    base.length,
                    can.length,
                    median(base),
                    median(can));
        }
        MannWhitney mw = MannWhitney.of(can, base, confidence);
        String classification;
        if (Arrays.equals(sorted(base), sorted(can))) {
            classification = "pass";
        } else {
            double c = tolerance * Math.abs(mw.estimate());
            classification = mw.ciLow() > c ? "high" : mw.ciHigh() < -c ? "low" : "pass";
        }
        boolean failed = classification.equals("high") && spec.direction() != Direction.DECREASE
                || classification.equals("low") && spec.direction() != Direction.INCREASE;
        return new MetricResult(
                name,
                classification,
                mw.estimate(),
                mw.ciLow(),
                mw.ciHigh(),
                mw.pValue(),
                failed,
                spec.critical(),
                dir,
                base.length,
                can.length,
                median(base),
                median(can));
    }

    private static double[] sorted(double[] v) {
        double[] c = v.clone();
        Arrays.sort(c);
        return c;
    }

    static Double median(double[] v) {
        if (v.length == 0) {
            return null;
        }
        double[] c = sorted(v);
        return c.length % 2 == 1 ? c[c.length / 2] : (c[c.length / 2 - 1] + c[c.length / 2]) / 2;
    }
}
