package dev.sextant.model.gate;

import dev.sextant.model.InputError;
import dev.sextant.model.statistics.Interval;
import dev.sextant.model.statistics.Moments;
import dev.sextant.model.statistics.Normal;
import dev.sextant.model.statistics.PairedComparison;
import dev.sextant.model.statistics.StandardErrors;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The gate's decision — full rollout, canary, or reject — with its reasons, each naming the check and the evidence
 * behind it. After the second seed document's ModelGate: "no single metric should have veto-free pass authority;
 * regression checks and incremental gains are equally important."
 *
 * <p>Each check's estimate is the candidate's improvement over the incumbent in the metric's better direction, with an
 * interval at the policy's confidence. Its status: <b>regression</b> when the interval lies below 0 and the estimate
 * beyond the margin; <b>gain</b> when the interval lies above 0 and the estimate reaches the minimum effect;
 * <b>non-inferior</b> when the interval's low end is above −margin; else <b>inconclusive</b>; <b>missing</b> without
 * evidence. The decision:
 * <ul>
 *   <li>reject when a blocking or required-gain check regresses;</li>
 *   <li>full when every blocking check is non-inferior (or a gain), every required gain is a gain, nothing they need
 *       is missing, and the support spans at least two layers;</li>
 *   <li>canary otherwise — inconclusive evidence leads to a canary, not to full rollout.</li>
 * </ul>
 * Evidence of low credibility (e.g. a contaminated benchmark) is down-weighted: its check informs but does not decide,
 * and the reasons say so. Informative checks never decide.
 */
public record GateDecision(String decision, List<String> reasons, List<CheckResult> checks) {

    /** One check's outcome; {@code threshold} is the minimum effect for gains, −margin otherwise. */
    public record CheckResult(
            String name,
            String layer,
            String role,
            String status,
            Double estimate,
            Double ciLow,
            Double ciHigh,
            double threshold,
            int n,
            String source,
            String downWeighted) {}

    public static GateDecision decide(GatePolicy policy, List<GateEvidence> evidence) {
        policy.validate();
        double alpha = 1 - policy.confidence();
        List<CheckResult> results = new ArrayList<>();
        List<String> reasons = new ArrayList<>();
        boolean reject = false;
        boolean full = true;
        Set<GatePolicy.Layer> supporting = new LinkedHashSet<>();
        for (GatePolicy.Check c : policy.checks()) {
            GateEvidence e = evidence.stream()
                    .filter(x -> x.layer() == c.layer() && x.metric().equals(c.metric()))
                    .findFirst()
                    .orElse(null);
            CheckResult r = evaluate(c, e, alpha);
            results.add(r);
            GatePolicy.Role role = c.role();
            String label = c.name() + " (" + c.layer().slug() + ", " + c.metric() + ")";
            if (r.downWeighted() != null && role != GatePolicy.Role.INFORMATIVE) {
                reasons.add(label + ": down-weighted, " + r.downWeighted() + " — it informs but does not decide ("
                        + r.status() + describe(c, r) + ")");
                if (role == GatePolicy.Role.REQUIRED_GAIN || role == GatePolicy.Role.BLOCKING) {
                    full = false;
                    reasons.add(
                            label + ": no credible evidence for a " + role.slug() + " check, so not a full rollout");
                }
                continue;
            }
            switch (role) {
                case INFORMATIVE -> reasons.add(label + ": informative, " + r.status() + describe(c, r));
                case BLOCKING -> {
                    switch (r.status()) {
                        case "regression" -> {
                            reject = true;
                            reasons.add(label + ": blocking regression beyond the margin of " + fmt(c.margin())
                                    + describe(c, r));
                        }
                        case "missing" -> {
                            full = false;
                            reasons.add(label + ": no evidence for this blocking check, so not a full rollout");
                        }
                        case "inconclusive" -> {
                            full = false;
                            reasons.add(label + ": cannot rule out a loss beyond the margin of " + fmt(c.margin())
                                    + describe(c, r));
                        }
                        default -> {
                            supporting.add(c.layer());
                            reasons.add(
                                    label + ": no regression beyond the margin of " + fmt(c.margin()) + describe(c, r));
                        }
                    }
                }
                case REQUIRED_GAIN -> {
                    switch (r.status()) {
                        case "gain" -> {
                            supporting.add(c.layer());
                            reasons.add(label + ": gain of at least " + fmt(c.minimumEffect()) + " supported"
                                    + describe(c, r));
                        }
                        case "regression" -> {
                            reject = true;
                            reasons.add(label + ": a required gain is a significant regression" + describe(c, r));
                        }
                        case "missing" -> {
                            full = false;
                            reasons.add(label + ": no evidence for this required gain, so not a full rollout");
                        }
                        default -> {
                            full = false;
                            reasons.add(label + ": the gain is not statistically supported (" + r.status()
                                    + describe(c, r) + ")");
                        }
                    }
                }
            }
        }
        if (!reject && full && supporting.size() < 2) {
            full = false;
            reasons.add("the support comes from "
                    + (supporting.isEmpty()
                            ? "no layer"
                            : "one layer only (" + supporting.iterator().next().slug() + ")")
                    + ": no single layer may pass a full rollout alone");
        }
        String decision = reject ? "reject" : full ? "full" : "canary";
        reasons.add(
                0,
                switch (decision) {
                    case "reject" -> "Reject: a regression blocks the candidate.";
                    case "full" -> "Full rollout: no blocking regression, every required gain supported, across "
                            + supporting.size() + " layers.";
                    default -> "Canary: no blocking regression, but the evidence does not yet support a full rollout.";
                });
        return new GateDecision(decision, reasons, results);
    }

    static CheckResult evaluate(GatePolicy.Check c, GateEvidence e, double alpha) {
        double threshold = c.role() == GatePolicy.Role.REQUIRED_GAIN ? c.minimumEffect() : -c.margin();
        if (e == null
                || (c.test() == GatePolicy.Test.WIN_RATE
                        ? e.battleCount() == 0
                        : e.candidate().length == 0 || e.incumbent().length == 0)) {
            return new CheckResult(
                    c.name(),
                    c.layer().slug(),
                    c.role().slug(),
                    "missing",
                    null,
                    null,
                    null,
                    threshold,
                    0,
                    e == null ? null : e.source(),
                    null);
        }
        double est;
        double lo;
        double hi;
        int n;
        double z = Normal.twoSided(alpha);
        switch (c.test()) {
            case PAIRED -> {
                if (e.candidate().length != e.incumbent().length) {
                    throw new InputError(
                            "gate.items",
                            "check " + c.name() + ": a paired test needs the same items on both sides ("
                                    + e.candidate().length + " and " + e.incumbent().length + " values in " + e.source()
                                    + ")");
                }
                PairedComparison p = PairedComparison.of(e.candidate(), e.incumbent(), alpha);
                est = p.meanDiff();
                lo = p.ciLow();
                hi = p.ciHigh();
                n = p.n();
            }
            case UNPAIRED -> {
                double se = Math.sqrt(
                        square(StandardErrors.clt(e.candidate())) + square(StandardErrors.clt(e.incumbent())));
                est = Moments.mean(e.candidate()) - Moments.mean(e.incumbent());
                lo = est - z * se;
                hi = est + z * se;
                n = e.candidate().length + e.incumbent().length;
            }
            default -> {
                n = e.battleCount();
                // ties count half: 2·wins + ties successes out of 2n half-battles
                Interval w = StandardErrors.wilson(2L * e.wins() + e.ties(), 2L * n, z);
                est = (e.wins() + e.ties() / 2.0) / n - 0.5;
                lo = w.low() - 0.5;
                hi = w.high() - 0.5;
            }
        }
        if (!c.higherIsBetter() && c.test() != GatePolicy.Test.WIN_RATE) {
            double t = lo;
            lo = -hi;
            hi = -t;
            est = -est;
        }
        String status;
        if (hi < 0 && est < -c.margin()) {
            status = "regression";
        } else if (lo > 0 && est >= c.minimumEffect()) {
            status = "gain";
        } else if (lo > -c.margin()) {
            status = "non-inferior";
        } else {
            status = "inconclusive";
        }
        return new CheckResult(
                c.name(),
                c.layer().slug(),
                c.role().slug(),
                status,
                est,
                lo,
                hi,
                threshold,
                n,
                e.source(),
                e.lowCredibility());
    }

    /**
     * The estimate in words, in the metric's better direction and with its unit (a name ending {@code _ms}: ms;
     * {@code _s}: s), e.g. "latency worse by 122.9 ms", then the interval of the gain (signed, as in the checks table).
     */
    static String describe(GatePolicy.Check c, CheckResult r) {
        if (r.estimate() == null) {
            return "";
        }
        String metric = c.metric();
        String unit = "";
        for (String[] u : new String[][] {{"_ms", "ms"}, {"_seconds", "s"}, {"_s", "s"}, {"_tokens", "tokens"}}) {
            if (metric.length() > u[0].length() && metric.endsWith(u[0])) {
                metric = metric.substring(0, metric.length() - u[0].length());
                unit = " " + u[1];
                break;
            }
        }
        metric = metric.replace('_', ' ');
        String change = r.estimate() == 0
                ? metric + " unchanged"
                : metric
                        + (r.estimate() > 0 ? " better by " : " worse by ")
                        + new BigDecimal(Math.abs(r.estimate()))
                                .round(new MathContext(4))
                                .stripTrailingZeros()
                                .toPlainString()
                        + unit;
        return String.format(
                Locale.ROOT,
                "; %s (interval of the gain [%+.4g, %+.4g]%s), n = %d%s",
                change,
                r.ciLow(),
                r.ciHigh(),
                unit,
                r.n(),
                r.source() == null ? "" : ", from " + r.source());
    }

    private static String fmt(double v) {
        return new BigDecimal(v).round(new MathContext(3)).stripTrailingZeros().toPlainString();
    }

    private static double square(double v) {
        return v * v;
    }
}
