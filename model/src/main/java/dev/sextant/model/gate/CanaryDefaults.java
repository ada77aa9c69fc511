package dev.sextant.model.gate;

import java.util.Arrays;
import java.util.List;

/**
 * A canary plan's thresholds taken from the evidence: the incumbent's error rate, refusal rate, P99 latency and
 * quality in the traffic replay as baselines; rollback at twice the error rate (at least +0.5 points), +50 % refusals
 * (at least +1 point), +10 % on the P99, and a quality drop of the policy's margin for a replay quality check (else
 * a tenth of the standard deviation, at least 0.1). Steps 1, 5, 25, 50 % with a 10-minute interval.
 */
public final class CanaryDefaults {

    public static final List<Double> STEPS = List.of(1.0, 5.0, 25.0, 50.0);
    public static final double INTERVAL_MINUTES = 10;

    private CanaryDefaults() {}

    /** @return null when the replay has none of the metrics a threshold needs */
    public static CanaryPlan.Spec fromEvidence(
            GatePolicy policy, List<Observations> observations, String incumbent, double ratePerSecond) {
        double[] errors = values(observations, incumbent, "error");
        double[] refusals = values(observations, incumbent, "refusal");
        double[] latency = values(observations, incumbent, "latency_ms");
        double[] quality = values(observations, incumbent, "quality");
        Double errorRate = errors == null ? null : mean(errors);
        Double refusalRate = refusals == null ? null : mean(refusals);
        Double p99 = latency == null ? null : quantile(latency, 0.99);
        Double qMean = quality == null ? null : mean(quality);
        Double qSd = quality == null ? null : sd(quality);
        if (errorRate == null && refusalRate == null && p99 == null && (qMean == null || !(qSd > 0))) {
            return null;
        }
        Double qDrop = null;
        if (qMean != null && qSd > 0) {
            qDrop = policy.checks().stream()
                    .filter(c ->
                            c.layer() == GatePolicy.Layer.REPLAY && c.metric().equals("quality"))
                    .mapToDouble(GatePolicy.Check::margin)
                    .filter(m -> m > 0)
                    .findFirst()
                    .orElse(Math.max(0.1, 0.1 * qSd));
        }
        return new CanaryPlan.Spec(
                ratePerSecond,
                STEPS,
                INTERVAL_MINUTES,
                0.05,
                0.8,
                errorRate,
                errorRate == null ? null : Math.max(0.005, errorRate),
                refusalRate,
                refusalRate == null ? null : Math.max(0.01, refusalRate / 2),
                p99,
                p99 == null ? null : 0.1,
                50,
                qMean != null && qSd > 0 ? qMean : null,
                qMean != null && qSd > 0 ? qSd : null,
                qDrop);
    }

    private static double[] values(List<Observations> all, String model, String metric) {
        return all.stream()
                .filter(o -> o.layer() == GatePolicy.Layer.REPLAY
                        && o.metric().equals(metric)
                        && o.model().equals(model))
                .map(Observations::values)
                .reduce((a, b) -> b)
                .orElse(null);
    }

    private static double mean(double[] v) {
        return Arrays.stream(v).average().orElse(0);
    }

    private static double sd(double[] v) {
        double m = mean(v);
        return Math.sqrt(Arrays.stream(v).map(x -> (x - m) * (x - m)).sum() / Math.max(1, v.length - 1));
    }

    private static double quantile(double[] v, double q) {
        double[] s = v.clone();
        Arrays.sort(s);
        double pos = q * (s.length - 1);
        int lo = (int) Math.floor(pos);
        int hi = Math.min(s.length - 1, lo + 1);
        return s[lo] + (s[hi] - s[lo]) * (pos - lo);
    }
}
