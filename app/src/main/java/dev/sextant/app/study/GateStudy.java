package dev.sextant.app.study;

import dev.sextant.model.InputError;
import dev.sextant.model.contamination.ScanResult;
import dev.sextant.model.evaluation.EvaluationEvidence;
import dev.sextant.model.gate.CanaryDefaults;
import dev.sextant.model.gate.CanaryPlan;
import dev.sextant.model.gate.EvidenceAssembler;
import dev.sextant.model.gate.GateDecision;
import dev.sextant.model.gate.GateEvidence;
import dev.sextant.model.gate.GatePolicy;
import dev.sextant.model.gate.JudgeSettings;
import dev.sextant.model.gate.Observations;
import dev.sextant.model.io.GateFiles;
import dev.sextant.model.monitoring.EvidenceFreshness;
import dev.sextant.model.monitoring.Request;
import dev.sextant.workspaces.MonitorRepository;
import dev.sextant.workspaces.RunState;
import dev.sextant.workspaces.SavedCanary;
import dev.sextant.workspaces.SavedGatePolicy;
import dev.sextant.workspaces.SavedScan;
import dev.sextant.workspaces.SavedServingPlan;
import dev.sextant.workspaces.Workspace;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeSet;
import java.util.UUID;

/**
 * The rollout gate of one project, for every face: the policy, the evidence gathered from the project, the decision,
 * and the canary plan with the inputs that produce it. The Rollout area, {@code gate decide}, {@code gate canary-plan
 * --project}, {@code report rollout}, the PDF and the presentation all take their numbers from here, so that they
 * cannot disagree.
 *
 * <p>The canary plan's inputs are the project's kept ones (the user planned a canary in the Rollout area or with
 * {@code gate canary-plan --project --keep}) when they were kept for the same incumbent; otherwise defaults: thresholds
 * from the incumbent's traffic replay ({@link CanaryDefaults}) and the request rate at the busiest hour of the
 * project's latest serving plan with a day of traffic, else {@value #DEFAULT_RATE} requests/s.
 */
public final class GateStudy {

    /** Requests per second a canary plan assumes without a serving plan or kept inputs. */
    public static final double DEFAULT_RATE = 10;

    private final Workspace ws;
    private final UUID projectId;

    public GateStudy(Workspace ws, UUID projectId) {
        this.ws = ws;
        this.projectId = projectId;
    }

    /** The canary plan's inputs and where its request rate comes from, in words. */
    public record CanaryInputs(CanaryPlan.Spec spec, String rateSource, boolean kept) {}

    /** The whole rollout case: decision, the canary plan (null without thresholds) and the serving plan behind capacity. */
    public record Rollout(GateCase gate, CanaryInputs canaryInputs, CanaryPlan canary, SavedServingPlan serving) {}

    /**
     * What the Rollout area shows on opening a project: nothing but the models (and the judge's settings, if kept) when
     * it has no gate policy yet.
     *
     * @param judge the canary judge's settings kept for the project, or null
     */
    public record Overview(
            SavedGatePolicy policy,
            List<String> models,
            CanaryInputs canaryInputs,
            GateCase gate,
            String problem,
            JudgeSettings judge,
            EvidenceFreshness.Result freshness) {}

    /**
     * Canary inputs given beside the project's (the command line's flags): each one not null replaces the project's;
     * the error, refusal, latency and quality thresholds each come whole from one side — give any part of one and its
     * missing parts come from the project, give none and the project's stays.
     */
    public record CanaryOverrides(
            Double rate,
            List<Double> percents,
            Double intervalMinutes,
            Double alpha,
            Double power,
            Double errorRate,
            Double errorRateIncrease,
            Double refusalRate,
            Double refusalRateIncrease,
            Double latencyP99Ms,
            Double latencyIncrease,
            Integer latencyTail,
            Double qualityMean,
            Double qualitySd,
            Double qualityDrop) {

        /** The inputs: these over {@code base} (null: no project inputs, so these are all there is, with the plan's defaults). */
        public CanaryPlan.Spec over(CanaryPlan.Spec base) {
            if (base == null && rate == null) {
                throw new InputError(
                        "canary.rate",
                        "the project has no canary inputs yet (no kept plan and no traffic replay for the incumbent): "
                                + "give the request rate and at least one rollback threshold");
            }
            boolean err = errorRate != null || errorRateIncrease != null;
            boolean ref = refusalRate != null || refusalRateIncrease != null;
            boolean lat = latencyP99Ms != null || latencyIncrease != null;
            boolean qual = qualityMean != null || qualitySd != null || qualityDrop != null;
            return new CanaryPlan.Spec(
                    or(rate, base == null ? null : base.ratePerSecond(), 0.0),
                    percents != null ? percents : base != null ? base.percents() : null,
                    or(intervalMinutes, base == null ? null : base.intervalMinutes(), 10.0),
                    or(alpha, base == null ? null : base.alpha(), 0.05),
                    or(power, base == null ? null : base.power(), 0.8),
                    pick(err, errorRate, base == null ? null : base.errorRate()),
                    pick(err, errorRateIncrease, base == null ? null : base.errorRateIncrease()),
                    pick(ref, refusalRate, base == null ? null : base.refusalRate()),
                    pick(ref, refusalRateIncrease, base == null ? null : base.refusalRateIncrease()),
                    pick(lat, latencyP99Ms, base == null ? null : base.latencyP99Ms()),
                    pick(lat, latencyIncrease, base == null ? null : base.latencyIncrease()),
                    latencyTail != null ? latencyTail : base != null ? base.latencyTail() : 50,
                    pick(qual, qualityMean, base == null ? null : base.qualityMean()),
                    pick(qual, qualitySd, base == null ? null : base.qualitySd()),
                    pick(qual, qualityDrop, base == null ? null : base.qualityDrop()));
        }

        private static Double pick(boolean given, Double value, Double base) {
            return given ? or(value, base, null) : base;
        }

        private static Double or(Double given, Double base, Double fallback) {
            return given != null ? given : base != null ? base : fallback;
        }
    }

    /**
     * The project's canary plan with any inputs given over it.
     *
     * @param incumbent  the incumbent whose inputs these are (null when the project names none)
     * @param inputsFrom where the inputs come from, in words
     * @param kept       whether these inputs are the project's kept ones (now or before)
     */
    public record CanaryMerge(
            String incumbent, CanaryPlan.Spec spec, CanaryPlan plan, String inputsFrom, boolean kept) {}

    public Optional<SavedGatePolicy> policy() {
        return ws.gate().policy(projectId);
    }

    /** The models the project's evidence names (item scores, battles, imported observations), sorted. */
    public List<String> models() {
        TreeSet<String> names = new TreeSet<>();
        EvaluationEvidence eval = ws.evaluation().load(projectId);
        eval.items().forEach(i -> names.add(i.model()));
        eval.battles().forEach(b -> {
            names.add(b.modelA());
            names.add(b.modelB());
        });
        ws.gate().observations(projectId).forEach(o -> names.add(o.model()));
        return new ArrayList<>(names);
    }

    /** Everything the Rollout area shows for the project; a gate that cannot be decided yet says why in {@code problem}. */
    public Overview overview() {
        SavedGatePolicy saved = policy().orElse(null);
        List<String> models = models();
        if (saved == null) {
            return new Overview(null, models, null, null, null, judge().orElse(null), freshness());
        }
        CanaryInputs canary = saved.incumbent() == null ? null : canaryInputs(saved.incumbent());
        if (saved.candidate() == null || saved.incumbent() == null) {
            return new Overview(
                    saved,
                    models,
                    canary,
                    null,
                    "choose the candidate and the incumbent, then Save and decide",
                    judge().orElse(null),
                    freshness());
        }
        try {
            return new Overview(
                    saved,
                    models,
                    canary,
                    decide(saved.candidate(), saved.incumbent()),
                    null,
                    judge().orElse(null),
                    freshness());
        } catch (InputError e) {
            return new Overview(saved, models, canary, null, e.getMessage(), judge().orElse(null), freshness());
        }
    }

    /** Keeps the policy with the models it compares, replacing the project's. */
    public void savePolicy(GatePolicy policy, String candidate, String incumbent) {
        ws.gate().setPolicy(projectId, policy, blankToNull(candidate), blankToNull(incumbent), false);
    }

    /** Reads a private suite (with its rotation date), a regression suite or a traffic replay and keeps it; returns the series count. */
    public int importEvidence(Path file, GatePolicy.Layer layer, String metric, LocalDate rotation) {
        List<Observations> obs = layer == GatePolicy.Layer.REPLAY
                ? GateFiles.replay(file)
                : GateFiles.itemScores(file, layer, metric, rotation);
        ws.gate().importObservations(projectId, obs, false);
        return obs.size();
    }

    /**
     * The decision for the candidate against the incumbent under the project's policy.
     *
     * @param candidate the candidate, or null for the one the policy names
     * @param incumbent the incumbent, or null likewise
     */
    public GateCase decide(String candidate, String incumbent) {
        SavedGatePolicy saved =
                policy().orElseThrow(() -> new InputError("gate.policy", "the project has no gate policy yet"));
        String c = candidate != null ? candidate : saved.candidate();
        String i = incumbent != null ? incumbent : saved.incumbent();
        InputError.require(c != null, "gate.candidate", "name the candidate model");
        InputError.require(i != null, "gate.incumbent", "name the incumbent model");
        InputError.require(
                !c.equals(i), "gate.incumbent", "the candidate and the incumbent are the same model (" + c + ")");
        EvaluationEvidence eval = ws.evaluation().load(projectId);
        List<EvidenceAssembler.Contamination> scans = new ArrayList<>();
        for (SavedScan s : ws.scans().list(projectId)) {
            if (s.state() == RunState.COMPLETE) {
                for (ScanResult.BenchmarkSummary b : ws.scans().result(s.id()).perBenchmark()) {
                    scans.add(new EvidenceAssembler.Contamination(b.benchmark(), b.items(), b.dirty(), s.name()));
                }
            }
        }
        List<GateEvidence> evidence = EvidenceAssembler.assemble(
                saved.policy(),
                c,
                i,
                eval.items(),
                eval.battles(),
                scans,
                ws.gate().observations(projectId),
                eval.weights());
        return new GateCase(saved.policy(), c, i, evidence, GateDecision.decide(saved.policy(), evidence));
    }

    /**
     * How current the project's evidence is for a rollout decision: each layer's date and age, whether the production
     * traffic kept in the project has moved since (stale when it has), and a feedback rotation newer than the private
     * suite's scores.
     */
    public EvidenceFreshness.Result freshness() {
        Map<String, LocalDate> dates = new LinkedHashMap<>();
        ws.gate().evidenceDates(projectId).forEach((layer, date) -> dates.put(layer.slug(), date));
        List<Request> traffic = ws.monitoring().lengths(projectId);
        var rotations = ws.monitoring().rotations(projectId);
        LocalDate rotation =
                rotations.stream().map(r -> r.date()).max(LocalDate::compareTo).orElse(null);
        // the evaluation's own sample: the sampled (not alert-flagged) items of the
        // rotation the private suite was scored on
        LocalDate scoredOn = dates.get("private");
        List<Request> sample = List.of();
        Map<Map<String, String>, Long> mix = Map.of();
        var scored = scoredOn == null
                ? Optional.<MonitorRepository.SavedRotation>empty()
                : rotations.stream().filter(r -> r.date().equals(scoredOn)).findFirst();
        if (scored.isPresent()) {
            sample = MonitoringStudy.sampledItems(scored.get());
            LocalDate since = dates.values().stream().max(LocalDate::compareTo).orElseThrow();
            long cut =
                    since.plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli();
            mix = new HashMap<>();
            for (var t : ws.monitoring().trafficBySegments(projectId, cut)) {
                mix.merge(t.segments(), t.requests(), Long::sum);
            }
        }
        return EvidenceFreshness.assess(dates, LocalDate.now(ZoneOffset.UTC), traffic, rotation, sample, mix);
    }

    /**
     * The canary inputs for the incumbent: the kept ones when they were kept for it, else the defaults from its replay
     * and the serving plan; null when there are neither kept inputs nor replay metrics to take thresholds from.
     */
    public CanaryInputs canaryInputs(String incumbent) {
        Optional<SavedCanary> kept = ws.gate().canary(projectId);
        if (kept.isPresent() && Objects.equals(kept.get().incumbent(), incumbent)) {
            return new CanaryInputs(kept.get().spec(), "as kept for this project", true);
        }
        GatePolicy policy = policy().map(SavedGatePolicy::policy).orElse(new GatePolicy("none", 0.95, List.of()));
        SavedServingPlan serving = latestServingPlanWithDay();
        double rate = serving == null ? DEFAULT_RATE : peakRate(serving);
        String source = serving == null
                ? "default (no serving plan with a day of traffic in this project)"
                : "busiest hour of the serving plan “" + serving.name() + "”";
        CanaryPlan.Spec spec = incumbent == null
                ? null
                : CanaryDefaults.fromEvidence(policy, ws.gate().observations(projectId), incumbent, rate);
        return spec == null ? null : new CanaryInputs(spec, source, false);
    }

    /** Plans the canary from {@code spec} and keeps the inputs for the incumbent, so that every face shows this plan. */
    public CanaryPlan planCanary(String incumbent, CanaryPlan.Spec spec) {
        CanaryPlan plan = CanaryPlan.of(spec);
        ws.gate().setCanary(projectId, blankToNull(incumbent), spec, false);
        return plan;
    }

    /**
     * The canary plan of {@code gate canary-plan --project}: the project's inputs for the incumbent with the given ones
     * over them, planned; with {@code keep}, kept as the project's.
     *
     * @param incumbent the incumbent, or null for the one the gate policy names
     */
    public CanaryMerge canaryPlan(String incumbent, CanaryOverrides overrides, boolean keep) {
        String inc = incumbent != null
                ? incumbent
                : policy().map(SavedGatePolicy::incumbent).orElse(null);
        CanaryInputs base = canaryInputs(inc);
        CanaryPlan.Spec spec = overrides.over(base == null ? null : base.spec());
        boolean changed = base == null || !spec.equals(base.spec());
        CanaryPlan plan = keep ? planCanary(inc, spec) : CanaryPlan.of(spec);
        String from = changed
                ? (keep ? "as given, now kept for this project" : "as given (not kept; add --keep)")
                : base.kept()
                        ? "kept for this project"
                        : "defaults: thresholds from the incumbent's traffic replay, rate from the "
                                + base.rateSource();
        return new CanaryMerge(inc, spec, plan, from, keep || (!changed && base.kept()));
    }

    /** The canary judge's settings kept for the project, if it replayed the judge. */
    public Optional<JudgeSettings> judge() {
        return ws.gate().judge(projectId);
    }

    /** Keeps the judge's settings for the project, so that it judges the same way when reopened. */
    public void keepJudge(JudgeSettings settings) {
        ws.gate().setJudge(projectId, settings, false);
    }

    /** The rollout case the report presents, with the project's canary inputs (kept, else defaults). */
    public Rollout rollout(String candidate, String incumbent) {
        GateCase g = decide(candidate, incumbent);
        return rollout(g, canaryInputs(g.incumbent()));
    }

    /**
     * The rollout case with the canary inputs a screen shows, so that the report exports what the screen shows.
     *
     * @param shown the canary inputs on the screen, or null when it shows no canary plan
     */
    public Rollout rollout(String candidate, String incumbent, CanaryInputs shown) {
        return rollout(decide(candidate, incumbent), shown);
    }

    private Rollout rollout(GateCase g, CanaryInputs inputs) {
        CanaryPlan canary = inputs == null ? null : CanaryPlan.of(inputs.spec());
        List<SavedServingPlan> serving = ws.servingPlans().list(projectId);
        return new Rollout(g, inputs, canary, serving.isEmpty() ? null : serving.get(0));
    }

    private SavedServingPlan latestServingPlanWithDay() {
        return ws.servingPlans().list(projectId).stream()
                .filter(p ->
                        p.study().day() != null && !p.study().day().windows().isEmpty())
                .findFirst()
                .orElse(null);
    }

    private static double peakRate(SavedServingPlan p) {
        return p.study().day().windows().stream()
                .mapToDouble(w -> w.rate())
                .max()
                .orElse(DEFAULT_RATE);
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }
}
