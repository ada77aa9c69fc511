package dev.sextant.model.gate;

import dev.sextant.model.InputError;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Everything the canary judge is told for one replay: its confidence, tolerance and score thresholds (see
 * {@link CanaryJudge}) and, per metric, which change fails it and whether it is critical. The Rollout area and
 * {@code gate judge} / {@code gate replay} build one and judge with it, so that the same settings give the same verdict
 * on either face.
 *
 * @param metrics per metric named in the settings; metrics of the data not named here are judged {@link CanaryJudge.MetricSpec#DEFAULT}
 */
public record JudgeSettings(
        double confidence,
        double tolerance,
        double passThreshold,
        double marginalThreshold,
        Map<String, CanaryJudge.MetricSpec> metrics) {

    public JudgeSettings {
        metrics = Map.copyOf(metrics);
        judge(confidence, tolerance, passThreshold, marginalThreshold); // validates
    }

    /** Kayenta's defaults (confidence 0.98, tolerance 0.25, pass at 95, marginal at 75) with the given metric settings. */
    public static JudgeSettings defaults(Map<String, CanaryJudge.MetricSpec> metrics) {
        return new JudgeSettings(0.98, 0.25, 95, 75, metrics);
    }

    /** The defaults with each metric's settings guessed from its name ({@link CanaryJudge.MetricSpec#guess}). */
    public static JudgeSettings guessed(Collection<String> metrics) {
        Map<String, CanaryJudge.MetricSpec> m = new LinkedHashMap<>();
        new TreeSet<>(metrics).forEach(name -> m.put(name, CanaryJudge.MetricSpec.guess(name)));
        return defaults(m);
    }

    public CanaryJudge judge() {
        return judge(confidence, tolerance, passThreshold, marginalThreshold);
    }

    private static CanaryJudge judge(double confidence, double tolerance, double pass, double marginal) {
        InputError.require(
                marginal >= 0 && marginal <= pass && pass <= 100,
                "judge.thresholds",
                "the score thresholds must satisfy 0 ≤ marginal ≤ pass ≤ 100, got marginal " + marginal + ", pass "
                        + pass);
        return new CanaryJudge(confidence, tolerance, pass, marginal);
    }

    /**
     * Each metric of the data with its settings; a setting for a metric the data does not have is refused, since it is
     * most often a misspelt name that would silently judge nothing.
     */
    public Map<String, CanaryJudge.MetricSpec> specsFor(Collection<String> dataMetrics) {
        TreeSet<String> known = new TreeSet<>(dataMetrics);
        for (Map.Entry<String, CanaryJudge.MetricSpec> e : new TreeMap<>(metrics).entrySet()) {
            if (!known.contains(e.getKey())) {
                throw new InputError(
                        e.getValue().critical() ? "judge.critical" : "judge.direction",
                        "no metric '" + e.getKey() + "' in the data");
            }
        }
        Map<String, CanaryJudge.MetricSpec> out = new LinkedHashMap<>();
        for (String m : known) {
            out.put(m, metrics.getOrDefault(m, CanaryJudge.MetricSpec.DEFAULT));
        }
        return out;
    }
}
