package dev.sextant.app.report;

import dev.sextant.app.study.GateCase;
import dev.sextant.app.study.GateStudy;
import dev.sextant.model.gate.CanaryPlan;
import dev.sextant.model.gate.GateDecision;
import dev.sextant.model.gate.GateEvidence;
import dev.sextant.model.gate.GatePolicy;
import dev.sextant.model.project.Project;
import dev.sextant.workspaces.SavedServingPlan;
import dev.sextant.workspaces.Workspace;
import java.math.BigDecimal;
import java.math.MathContext;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The rollout report a team lead presents: the decision and its reasons, the evidence by check with each interval
 * against its threshold, the blind battles, the canary plan with its ramp and rollback rules (thresholds taken from the
 * incumbent's traffic replay), and the capacity and cost of the project's latest serving plan when there is one.
 */
public final class RolloutReport {

    private RolloutReport() {}

    /** The report of the project's rollout case, with the project's (kept or default) canary inputs. */
    public static Report build(Workspace ws, Project project, String candidate, String incumbent) {
        return of(project.name(), new GateStudy(ws, project.id()).rollout(candidate, incumbent), Instant.now());
    }

    /** The report with the canary inputs the screen shows (null: it shows no canary plan). */
    public static Report build(
            Workspace ws, Project project, String candidate, String incumbent, GateStudy.CanaryInputs shown) {
        return of(project.name(), new GateStudy(ws, project.id()).rollout(candidate, incumbent, shown), Instant.now());
    }

    static Report of(String projectName, GateStudy.Rollout rollout, Instant generated) {
        GateCase g = rollout.gate();
        CanaryPlan canary = rollout.canary();
        SavedServingPlan serving = rollout.serving();
        GateDecision d = g.decision();
        List<Report.Section> sections = new ArrayList<>();
        sections.add(new Report.Section("Decision", List.of(verdict(g))));
        // the first reason is the verdict's summary; the others, each a check's sentence, on a slide of their own
        if (d.reasons().size() > 1) {
            sections.add(new Report.Section(
                    "Why",
                    "What each check says about " + g.candidate(),
                    List.of(
                            new Report.Bullets(
                                    d.reasons().subList(1, d.reasons().size())),
                            new Report.Note(g.candidate() + " against the incumbent " + g.incumbent()
                                    + ", under the policy “" + g.policy().name() + "” ("
                                    + Math.round(100 * g.policy().confidence()) + " % intervals)."))));
        }

        List<List<String>> rows = new ArrayList<>();
        for (GateDecision.CheckResult c : d.checks()) {
            rows.add(List.of(
                    c.name(),
                    c.layer(),
                    c.role(),
                    c.status() + (c.downWeighted() != null ? " (down-weighted)" : ""),
                    c.estimate() == null ? "—" : fmt(c.estimate()),
                    c.ciLow() == null ? "—" : "[" + fmt(c.ciLow()) + ", " + fmt(c.ciHigh()) + "]",
                    fmt(c.threshold()),
                    String.valueOf(c.n()),
                    c.source() == null ? "—" : c.source()));
        }
        List<Report.Block> evidence = new ArrayList<>();
        evidence.add(new Report.Table(
                List.of("Check", "Layer", "Role", "Status", "Improvement", "Interval", "Threshold", "n", "Evidence"),
                rows));
        evidence.add(new Report.Note(
                "Improvement is the candidate's gain over the incumbent in each metric's better direction; the threshold "
                        + "is the minimum gain for required gains and the negative margin otherwise."));
        sections.add(new Report.Section("Evidence by check", evidenceMessage(g), evidence));

        List<Report.Block> charts = new ArrayList<>();
        for (GateDecision.CheckResult c : d.checks()) {
            if (c.estimate() != null) {
                charts.add(new Report.Chart(ReportCharts.check(c), 720, 92));
            }
        }
        long clear = d.checks().stream()
                .filter(c -> c.estimate() != null && c.ciLow() != null && c.ciLow() >= c.threshold())
                .count();
        sections.add(new Report.Section(
                "Intervals against thresholds",
                charts.isEmpty()
                        ? "No check has evidence yet"
                        : clear + " of " + charts.size() + (charts.size() == 1 ? " interval lies" : " intervals lie")
                                + " wholly above the threshold",
                charts.isEmpty() ? List.of() : charts));

        GateEvidence battles = g.evidence().stream()
                .filter(e -> e.layer() == GatePolicy.Layer.PAIRWISE)
                .findFirst()
                .orElse(null);
        int wins = battles == null ? 0 : battles.wins();
        int losses = battles == null ? 0 : battles.losses();
        int ties = battles == null ? 0 : battles.ties();
        if (wins + losses + ties > 0) {
            sections.add(new Report.Section(
                    "Blind pairwise comparison",
                    String.format(
                            Locale.ROOT,
                            "%s wins %.0f %% of %d blind battles (ties counted half)",
                            g.candidate(),
                            100.0 * (wins + ties / 2.0) / (wins + losses + ties),
                            wins + losses + ties),
                    List.of(
                            new Report.Paragraph(
                                    String.format(
                                            Locale.ROOT,
                                            "%d battles: the candidate won %d, lost %d, tied %d — a win rate of %.1f %% with ties "
                                                    + "counted half.",
                                            wins + losses + ties,
                                            wins,
                                            losses,
                                            ties,
                                            100.0 * (wins + ties / 2.0) / (wins + losses + ties)),
                                    false),
                            new Report.Chart(
                                    ReportCharts.battles(
                                            List.of("won", "lost", "tied"),
                                            List.of((double) wins, (double) losses, (double) ties)),
                                    560,
                                    260))));
        }

        if (canary != null) {
            List<List<String>> steps = new ArrayList<>();
            canary.steps()
                    .forEach(s -> steps.add(List.of(
                            String.valueOf(s.index()),
                            fmt(s.percent()) + " %",
                            String.format("%.0f", s.minutes()),
                            String.format("%,.0f", s.canaryRequests()),
                            String.format("%,d", s.requiredRequests()),
                            s.limitedBy())));
            double minutes = canary.steps().stream()
                    .mapToDouble(CanaryPlan.Step::minutes)
                    .sum();
            sections.add(new Report.Section(
                    "Canary plan",
                    String.format(
                            Locale.ROOT,
                            "Full traffic after %d %s and %s",
                            canary.steps().size(),
                            canary.steps().size() == 1 ? "step" : "steps",
                            minutes >= 120
                                    ? fmt(Math.round(minutes / 6) / 10.0) + " hours"
                                    : Math.round(minutes) + " minutes"),
                    List.of(
                            new Report.Table(
                                    List.of("Step", "Traffic", "Minutes", "Canary requests", "Needed", "Set by"),
                                    steps),
                            new Report.Chart(ReportCharts.ramp(canary), 720, 280),
                            new Report.Note(
                                    "Each step runs at least the interval and until the canary has the samples that detect the hardest "
                                            + "rollback threshold with the given power. Inputs: "
                                            + String.join("; ", canaryInputs(rollout.canaryInputs())) + "."))));
            sections.add(new Report.Section(
                    "Rollback rules",
                    canary.rollbackRules().size() == 1
                            ? "Roll back when this rule fires"
                            : "Roll back when any of these "
                                    + canary.rollbackRules().size() + " rules fires",
                    List.of(new Report.Bullets(canary.rollbackRules()))));
        }

        if (serving != null) {
            var s = serving.study();
            var spec = serving.request().spec();
            List<String> lines = new ArrayList<>();
            lines.add(String.format(
                    Locale.ROOT,
                    "Serving plan “%s”: %s on %d × %s (%s weights), one replica serves %.2f requests/s within P99 TTFT "
                            + "≤ %s s and TPOT ≤ %s s.",
                    serving.name(),
                    spec.model().name(),
                    spec.tp() * spec.pp(),
                    spec.gpu().name(),
                    spec.weights().slug(),
                    s.goodputPerReplica(),
                    fmt(serving.request().sloTtft()),
                    fmt(serving.request().sloTpot())));
            if (s.day() != null) {
                lines.add(String.format(
                        Locale.ROOT,
                        "Over the day: peak %d replicas, %,.0f GPU-hours autoscaled (%,.0f fixed at the peak)%s.",
                        s.day().peakReplicas(),
                        s.day().gpuHours(),
                        s.day().fixedGpuHours(),
                        serving.request().pricePerGpuHour() > 0
                                ? String.format(
                                        Locale.ROOT,
                                        ", %,.0f a day at %s per GPU-hour",
                                        s.day().costPerDay(),
                                        fmt(serving.request().pricePerGpuHour()))
                                : ""));
            }
            lines.add("Step latency from " + s.latencySource() + ".");
            sections.add(new Report.Section(
                    "Capacity and cost",
                    String.format(
                            Locale.ROOT,
                            "One replica of %d × %s serves %.2f requests/s within " + "the latency targets%s",
                            spec.tp() * spec.pp(),
                            spec.gpu().name(),
                            s.goodputPerReplica(),
                            s.day() == null
                                    ? ""
                                    : String.format(
                                            Locale.ROOT,
                                            "; %d at the day's peak",
                                            s.day().peakReplicas())),
                    List.of(new Report.Bullets(lines))));
        }
        String date = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'").format(generated.atOffset(ZoneOffset.UTC));
        String subtitle = "Project “" + projectName + "” · generated " + date;
        List<Report.Fact> facts = List.of(
                new Report.Fact("Project", projectName),
                new Report.Fact("Candidate", g.candidate()),
                new Report.Fact("Incumbent", g.incumbent()),
                new Report.Fact("Policy", g.policy().name()),
                new Report.Fact("Date", date));
        return new Report("Rollout report: " + g.candidate(), subtitle, facts, sections);
    }

    /** What the evidence table says: the checks that block, else those that gain, else that nothing decides yet. */
    static String evidenceMessage(GateCase g) {
        List<String> blocking = new ArrayList<>();
        List<String> gains = new ArrayList<>();
        int regressions = 0;
        for (GateDecision.CheckResult c : g.decision().checks()) {
            if (c.status().equals("regression")) {
                regressions++;
                if (!c.role().equals("informative") && c.downWeighted() == null) {
                    blocking.add(c.name());
                }
            } else if (c.status().equals("gain")) {
                gains.add(c.name());
            }
        }
        if (!blocking.isEmpty()) {
            return "Blocking: " + names(blocking);
        }
        if (!gains.isEmpty()) {
            return "Gains on " + names(gains)
                    + (regressions == 0
                            ? "; no check regresses"
                            : "; " + regressions + " informative "
                                    + (regressions == 1 ? "check regresses" : "checks regress"));
        }
        return g.decision().checks().isEmpty()
                ? "No checks in the policy"
                : "No check shows a gain or a regression yet";
    }

    private static String names(List<String> names) {
        return names.size() <= 3
                ? String.join(", ", names)
                : String.join(", ", names.subList(0, 3)) + " and " + (names.size() - 3) + " more";
    }

    /** The decision with its counts (see {@link GateCase#counts()}) and the first reason as its summary. */
    static Report.Verdict verdict(GateCase g) {
        GateCase.Counts n = g.counts();
        GateDecision d = g.decision();
        return new Report.Verdict(
                d.decision(),
                n.blocking(),
                n.gains(),
                n.inconclusive(),
                d.reasons().isEmpty() ? "" : d.reasons().get(0));
    }

    /** The canary plan's inputs in words, as the report prints them beside the plan. */
    static List<String> canaryInputs(GateStudy.CanaryInputs inputs) {
        CanaryPlan.Spec s = inputs.spec();
        List<String> out = new ArrayList<>();
        out.add(fmt(s.ratePerSecond()) + " requests/s (" + inputs.rateSource() + ")");
        out.add("steps "
                + String.join(
                        ", ", s.percents().stream().map(RolloutReport::fmt).toList()) + " %");
        out.add("interval " + fmt(s.intervalMinutes()) + " min");
        out.add("α = " + fmt(s.alpha()) + ", power " + fmt(s.power()));
        if (s.errorRate() != null) {
            out.add("error rate " + fmt(100 * s.errorRate()) + " % + " + fmt(100 * s.errorRateIncrease()) + " points");
        }
        if (s.refusalRate() != null) {
            out.add("refusal rate " + fmt(100 * s.refusalRate()) + " % + " + fmt(100 * s.refusalRateIncrease())
                    + " points");
        }
        if (s.latencyP99Ms() != null) {
            out.add("P99 latency " + fmt(s.latencyP99Ms()) + " ms + " + fmt(100 * s.latencyIncrease()) + " %");
        }
        if (s.qualityMean() != null) {
            out.add("quality " + fmt(s.qualityMean()) + " (SD " + fmt(s.qualitySd()) + ") − " + fmt(s.qualityDrop()));
        }
        return out;
    }

    static String fmt(double v) {
        if (v == 0) {
            return "0";
        }
        return new BigDecimal(v).round(new MathContext(4)).stripTrailingZeros().toPlainString();
    }
}
