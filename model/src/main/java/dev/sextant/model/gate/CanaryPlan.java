package dev.sextant.model.gate;

import dev.sextant.model.InputError;
import dev.sextant.model.statistics.Normal;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * A canary rollout plan: traffic steps, how long each must run for its samples to detect the rollback thresholds, the
 * rules that roll back automatically, and the minimum time to promotion.
 *
 * <p>Steps follow Flagger's arithmetic (stepWeight, 2 × stepWeight, … up to maxWeight; promotion after interval ×
 * maxWeight / stepWeight, e.g. 1 min × 50/2 = 25 min; Flagger's canary analysis, docs.flagger.app "Canary analysis") or are given as percentages.
 * Each step lasts at least the interval, and longer when the canary's share of the traffic needs more time to reach
 * the samples that detect a threshold with the given power. Sample sizes per side (canary and baseline alike):
 * <ul>
 *   <li>a rate rising from p₀ by δ (errors, refusals), one-sided two-proportion test (Fleiss, Statistical Methods for
 *       Rates and Proportions, §4.2): n = (z₁₋α √(2 p̄ q̄) + z₁₋β √(p₀q₀ + p₁q₁))² / δ²;</li>
 *   <li>a mean falling by δ with standard deviation σ (a quality score): n = 2 (z₁₋α + z₁₋β)² σ² / δ²;</li>
 *   <li>the P99 latency: enough requests that a given number fall beyond the 99th percentile (n = tail / 0.01), since
 *       a quantile estimate from a handful of tail points is unstable.</li>
 * </ul>
 */
public record CanaryPlan(
        List<Step> steps,
        double promotionMinutes,
        double flaggerMinutes,
        List<Threshold> thresholds,
        List<String> rollbackRules,
        Spec spec) {

    /** One traffic step: its share of traffic, how long it runs, and what sets that. */
    public record Step(
            int index,
            double percent,
            double minutes,
            double canaryRequests,
            long requiredRequests,
            String limitedBy) {}

    /** A rollback threshold and the samples per side that detect it. */
    public record Threshold(String metric, double baseline, double rollbackAt, long samplesPerSide, String rule) {}

    /**
     * @param ratePerSecond   total requests per second
     * @param percents        canary traffic per step, increasing, each in (0, 100]
     * @param intervalMinutes shortest time a step runs (Flagger's interval)
     * @param errorRate       baseline error rate and the increase to detect (null: not checked)
     * @param latencyP99Ms    baseline P99 latency and the relative increase that rolls back (e.g. 0.1)
     * @param latencyTail     requests beyond the P99 each side needs (default 50)
     * @param qualityMean     a quality proxy's baseline mean, its standard deviation and the drop to detect
     */
    public record Spec(
            double ratePerSecond,
            List<Double> percents,
            double intervalMinutes,
            double alpha,
            double power,
            Double errorRate,
            Double errorRateIncrease,
            Double refusalRate,
            Double refusalRateIncrease,
            Double latencyP99Ms,
            Double latencyIncrease,
            int latencyTail,
            Double qualityMean,
            Double qualitySd,
            Double qualityDrop) {

        public Spec {
            if (percents == null || percents.isEmpty()) {
                throw new InputError("canary.steps", "give the canary's traffic steps (per cent, e.g. 1, 5, 25, 50)");
            }
            percents = List.copyOf(percents);
            InputError.require(ratePerSecond > 0, "canary.rate", "the request rate must be positive");
            double last = 0;
            for (double p : percents) {
                InputError.require(
                        p > last && p <= 100,
                        "canary.steps",
                        "the traffic steps must increase within (0, 100] per cent, got "
                                + percents.stream().map(CanaryPlan::compact).toList());
                last = p;
            }
            InputError.require(
                    intervalMinutes > 0,
                    "canary.interval",
                    "the shortest step (interval) must be a positive number of minutes");
            InputError.require(
                    alpha > 0 && alpha < 0.5, "canary.alpha", "the false-rollback rate α must lie in (0, 0.5)");
            InputError.require(power > 0.5 && power < 1, "canary.power", "the power must lie in (0.5, 1)");
            rate("canary.errorRate", "error rate", errorRate, errorRateIncrease);
            rate("canary.refusalRate", "refusal rate", refusalRate, refusalRateIncrease);
            if (latencyP99Ms != null) {
                InputError.require(
                        latencyP99Ms > 0,
                        "canary.latencyP99",
                        "the baseline P99 latency must be a positive number of milliseconds");
                InputError.require(
                        latencyIncrease != null && latencyIncrease > 0,
                        "canary.latencyIncrease",
                        "the P99 latency threshold needs a positive relative increase (e.g. 0.1 for +10 %)");
                InputError.require(
                        latencyTail >= 1, "canary.latencyTail", "the requests beyond the P99 must be at least 1");
            }
            if (qualityMean != null) {
                InputError.require(
                        qualitySd != null && qualitySd > 0,
                        "canary.qualitySd",
                        "the quality threshold needs a positive standard deviation");
                InputError.require(
                        qualityDrop != null && qualityDrop > 0,
                        "canary.qualityDrop",
                        "the quality threshold needs a positive drop");
            }
            InputError.require(
                    errorRate != null || refusalRate != null || latencyP99Ms != null || qualityMean != null,
                    "canary.thresholds",
                    "give at least one rollback threshold: an error rate, a refusal rate, a P99 latency or a quality mean");
        }

        private static void rate(String field, String what, Double p, Double increase) {
            if (p == null) {
                return;
            }
            InputError.require(p >= 0 && p < 1, field, "the baseline " + what + " must lie in [0, 1)");
            InputError.require(
                    increase != null && increase > 0 && p + increase < 1,
                    field + "Increase",
                    "the " + what
                            + " threshold needs a positive increase that keeps it below 1 (an unreachable threshold otherwise)");
        }
    }

    /** Flagger's steps: stepWeight, 2 × stepWeight, … up to maxWeight. */
    public static List<Double> flaggerSteps(double stepWeight, double maxWeight) {
        InputError.require(
                stepWeight > 0 && maxWeight >= stepWeight && maxWeight <= 100,
                "canary.stepWeight",
                "the step weight must be positive and at most the maximum weight (≤ 100)");
        List<Double> out = new ArrayList<>();
        for (double w = stepWeight; w <= maxWeight + 1e-9; w += stepWeight) {
            out.add(Math.min(w, maxWeight));
        }
        return out;
    }

    public static CanaryPlan of(Spec s) {
        double za = Normal.quantile(1 - s.alpha());
        double zb = Normal.quantile(s.power());
        List<Threshold> thresholds = new ArrayList<>();
        List<String> rules = new ArrayList<>();
        if (s.errorRate() != null) {
            add(thresholds, rules, "error rate", s.errorRate(), s.errorRateIncrease(), za, zb, s.alpha());
        }
        if (s.refusalRate() != null) {
            add(thresholds, rules, "refusal rate", s.refusalRate(), s.refusalRateIncrease(), za, zb, s.alpha());
        }
        if (s.latencyP99Ms() != null) {
            long n = (long) Math.ceil(s.latencyTail() / 0.01);
            double at = s.latencyP99Ms() * (1 + s.latencyIncrease());
            String rule = String.format(
                    Locale.ROOT,
                    "roll back when the canary's P99 latency exceeds %.0f ms (+%.0f %% on the baseline's %.0f ms), "
                            + "judged on at least %,d requests (%d beyond the P99)",
                    at,
                    100 * s.latencyIncrease(),
                    s.latencyP99Ms(),
                    n,
                    s.latencyTail());
            thresholds.add(new Threshold("latency P99 ms", s.latencyP99Ms(), at, n, rule));
            rules.add(rule);
        }
        if (s.qualityMean() != null) {
            double d = s.qualityDrop();
            long n = (long) Math.ceil(2 * Math.pow(za + zb, 2) * s.qualitySd() * s.qualitySd() / (d * d));
            double at = s.qualityMean() - d;
            String rule = String.format(
                    Locale.ROOT,
                    "roll back when the canary's mean quality score falls significantly below %.4g (baseline %.4g, "
                            + "one-sided test at α = %.2g)",
                    at,
                    s.qualityMean(),
                    s.alpha());
            thresholds.add(new Threshold("quality", s.qualityMean(), at, n, rule));
            rules.add(rule);
        }
        Threshold hardest = thresholds.stream()
                .max(Comparator.comparingLong(Threshold::samplesPerSide))
                .orElseThrow();
        List<Step> steps = new ArrayList<>();
        double total = 0;
        for (int i = 0; i < s.percents().size(); i++) {
            double pct = s.percents().get(i);
            double perMinute = s.ratePerSecond() * pct / 100 * 60;
            double needed = hardest.samplesPerSide() / perMinute;
            double minutes = Math.max(s.intervalMinutes(), Math.ceil(needed));
            steps.add(new Step(
                    i + 1,
                    pct,
                    minutes,
                    perMinute * minutes,
                    hardest.samplesPerSide(),
                    needed > s.intervalMinutes() ? hardest.metric() : "interval"));
            total += minutes;
        }
        double last = s.percents().get(s.percents().size() - 1);
        double first = s.percents().get(0);
        double flagger = s.intervalMinutes() * last / first;
        rules.add("roll back at once when any rule fails at any step; promote after the last step passes");
        return new CanaryPlan(steps, total, flagger, thresholds, rules, s);
    }

    private static void add(
            List<Threshold> out,
            List<String> rules,
            String metric,
            double p0,
            double delta,
            double za,
            double zb,
            double alpha) {
        double p1 = p0 + delta;
        double pbar = (p0 + p1) / 2;
        double n = Math.pow(za * Math.sqrt(2 * pbar * (1 - pbar)) + zb * Math.sqrt(p0 * (1 - p0) + p1 * (1 - p1)), 2)
                / (delta * delta);
        long samples = (long) Math.ceil(n);
        String rule = String.format(
                Locale.ROOT,
                "roll back when the canary's %s is significantly above %s %% (baseline %s %%, one-sided "
                        + "two-proportion test at α = %s)",
                metric,
                compact(100 * p1),
                compact(100 * p0),
                compact(alpha));
        out.add(new Threshold(metric, p0, p1, samples, rule));
        rules.add(rule);
    }

    /** A number to three significant digits without trailing zeros: 1, 0.5, 0.05. */
    static String compact(double v) {
        return new BigDecimal(v).round(new MathContext(3)).stripTrailingZeros().toPlainString();
    }
}
