package dev.sextant.app.ui.rollout;

import dev.sextant.app.Failures;
import dev.sextant.app.report.Report;
import dev.sextant.app.report.ReportWriter;
import dev.sextant.app.report.RolloutReport;
import dev.sextant.app.study.GateCase;
import dev.sextant.app.study.GateStudy;
import dev.sextant.app.ui.shell.Inputs;
import dev.sextant.app.ui.shell.ShellModel;
import dev.sextant.model.InputError;
import dev.sextant.model.gate.CanaryJudge;
import dev.sextant.model.gate.CanaryPlan;
import dev.sextant.model.gate.CanaryReplay;
import dev.sextant.model.gate.GateDecision;
import dev.sextant.model.gate.GatePolicy;
import dev.sextant.model.gate.JudgeSettings;
import dev.sextant.model.io.GateFiles;
import dev.sextant.model.monitoring.EvidenceFreshness;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The Rollout area: the project's gate policy (edited and saved), the candidate and incumbent, the decision with its
 * reasons and the evidence by check, the canary plan (its inputs the project's, kept when planned), the judge replayed
 * over monitoring data, and the report exported or presented. Everything it shows comes from the project's
 * {@link GateStudy}, the same one the command line and the report use; switching project clears it all first. All
 * workspace work runs as jobs.
 */
public final class RolloutViewModel {

    private final ShellModel shell;
    private final ObservableList<String> models = FXCollections.observableArrayList();
    private final ObjectProperty<String> candidate = new SimpleObjectProperty<>(this, "candidate");
    private final ObjectProperty<String> incumbent = new SimpleObjectProperty<>(this, "incumbent");
    private final StringProperty policyName = new SimpleStringProperty("Release gate");
    private final StringProperty confidence = new SimpleStringProperty("0.95");
    private final ObservableList<CheckRow> checks = FXCollections.observableArrayList();
    private final ObjectProperty<GateDecision> decision = new SimpleObjectProperty<>(this, "decision");
    private final ObjectProperty<EvidenceFreshness.Result> freshness = new SimpleObjectProperty<>(this, "freshness");
    private final StringProperty rate = new SimpleStringProperty("");
    private final StringProperty steps = new SimpleStringProperty("");
    private final StringProperty interval = new SimpleStringProperty("");
    private final StringProperty alpha = new SimpleStringProperty("");
    private final StringProperty power = new SimpleStringProperty("");
    private final StringProperty errorRate = new SimpleStringProperty("");
    private final StringProperty errorIncrease = new SimpleStringProperty("");
    private final StringProperty refusalRate = new SimpleStringProperty("");
    private final StringProperty refusalIncrease = new SimpleStringProperty("");
    private final StringProperty latencyP99 = new SimpleStringProperty("");
    private final StringProperty latencyIncrease = new SimpleStringProperty("");
    private final StringProperty qualityMean = new SimpleStringProperty("");
    private final StringProperty qualitySd = new SimpleStringProperty("");
    private final StringProperty qualityDrop = new SimpleStringProperty("");
    private final StringProperty canaryInputsFrom = new SimpleStringProperty("");
    private final BooleanProperty canaryStale = new SimpleBooleanProperty(false);
    private final ObjectProperty<CanaryPlan> canary = new SimpleObjectProperty<>(this, "canary");
    private final ObjectProperty<CanaryReplay.Result> replay = new SimpleObjectProperty<>(this, "replay");
    private final StringProperty problem = new SimpleStringProperty("");
    private final StringProperty problemField = new SimpleStringProperty("");
    private final StringProperty status = new SimpleStringProperty("");
    private final BooleanProperty loading = new SimpleBooleanProperty(false);
    private final ObservableList<JudgeRow> judgeRows = FXCollections.observableArrayList();
    private final StringProperty judgeConfidence = new SimpleStringProperty("0.98");
    private final StringProperty judgeTolerance = new SimpleStringProperty("0.25");
    private final StringProperty judgePass = new SimpleStringProperty("95");
    private final StringProperty judgeMarginal = new SimpleStringProperty("75");
    private final StringProperty monitoringName = new SimpleStringProperty("");
    private final BooleanProperty replayStale = new SimpleBooleanProperty(false);
    private SortedMap<String, CanaryReplay.Step> monitoring;
    /** The per-metric judge settings kept for the project: a monitoring file's metric named here starts with its kept setting. */
    private Map<String, CanaryJudge.MetricSpec> keptJudgeMetrics = Map.of();

    private GateStudy.CanaryInputs shownInputs;
    private boolean filling;

    public RolloutViewModel(ShellModel shell) {
        this.shell = shell;
        shell.currentProjectProperty().addListener((o, a, p) -> load());
        for (StringProperty f : List.of(judgeConfidence, judgeTolerance, judgePass, judgeMarginal)) {
            f.addListener((o, a, b) -> markReplayStale());
        }
        for (StringProperty f : canaryFields()) {
            f.addListener((o, a, b) -> {
                if (!filling && canary.get() != null) {
                    canaryStale.set(true);
                }
            });
        }
        load();
    }

    private List<StringProperty> canaryFields() {
        return List.of(
                rate,
                steps,
                interval,
                alpha,
                power,
                errorRate,
                errorIncrease,
                refusalRate,
                refusalIncrease,
                latencyP99,
                latencyIncrease,
                qualityMean,
                qualitySd,
                qualityDrop);
    }

    /** Forgets everything shown: what a project shows comes only from that project. */
    void reset() {
        filling = true;
        models.clear();
        candidate.set(null);
        incumbent.set(null);
        policyName.set("Release gate");
        confidence.set("0.95");
        checks.clear();
        decision.set(null);
        canaryFields().forEach(f -> f.set(""));
        canaryInputsFrom.set("");
        canaryStale.set(false);
        canary.set(null);
        shownInputs = null;
        replay.set(null);
        replayStale.set(false);
        judgeRows.clear();
        showJudge(JudgeSettings.defaults(Map.of()));
        monitoring = null;
        monitoringName.set("");
        problem.set("");
        problemField.set("");
        status.set("");
        filling = false;
    }

    /** Clears the area, then reads the project's gate: policy, the models its evidence names, the decision and the canary plan. */
    public void load() {
        reset();
        loading.set(true);
        boolean submitted = shell.inProject(
                "Load the rollout gate",
                (ws, p, progress, cancel) -> new GateStudy(ws, p.id()).overview(),
                o -> {
                    loading.set(false);
                    models.setAll(o.models());
                    if (o.judge() != null) {
                        showJudge(o.judge());
                    }
                    if (o.policy() == null) {
                        status.set(
                                "This project has no gate policy yet: choose the candidate and the incumbent, Add check for each metric that must "
                                        + "hold, then Save and decide.");
                        return;
                    }
                    policyName.set(o.policy().policy().name());
                    confidence.set(Inputs.compact(o.policy().policy().confidence()));
                    checks.setAll(o.policy().policy().checks().stream()
                            .map(CheckRow::of)
                            .toList());
                    candidate.set(o.policy().candidate());
                    incumbent.set(o.policy().incumbent());
                    showCanaryInputs(o.canaryInputs());
                    freshness.set(o.freshness());
                    if (o.gate() != null) {
                        showDecision(o.gate());
                    } else if (o.problem() != null) {
                        status.set("No decision yet: " + o.problem() + ".");
                        decision.set(null);
                    }
                },
                e -> {
                    loading.set(false);
                    problem.set(Failures.message(e));
                });
        if (!submitted) {
            loading.set(false);
        }
    }

    /** Shows the judge's settings (the project's kept ones, or the defaults); they apply to the monitoring data read next. */
    private void showJudge(JudgeSettings j) {
        boolean wasFilling = filling;
        filling = true;
        try {
            judgeConfidence.set(Inputs.compact(j.confidence()));
            judgeTolerance.set(Inputs.compact(j.tolerance()));
            judgePass.set(Inputs.compact(j.passThreshold()));
            judgeMarginal.set(Inputs.compact(j.marginalThreshold()));
            keptJudgeMetrics = j.metrics();
        } finally {
            filling = wasFilling;
        }
    }

    private void showDecision(GateCase g) {
        problem.set("");
        problemField.set("");
        status.set(g.candidate() + " against " + g.incumbent() + ": "
                + g.decision().decision());
        decision.set(g.decision());
    }

    /** Fills the canary inputs and plans from them; no inputs (no replay, nothing kept) leaves the plan empty. */
    private void showCanaryInputs(GateStudy.CanaryInputs in) {
        filling = true;
        try {
            shownInputs = in;
            if (in == null) {
                canaryFields().forEach(f -> f.set(""));
                canaryInputsFrom.set(
                        "No thresholds yet: import a traffic replay for the incumbent, or type them, then Plan canary.");
                canary.set(null);
                return;
            }
            CanaryPlan.Spec s = in.spec();
            rate.set(Inputs.compact(s.ratePerSecond()));
            steps.set(
                    String.join(", ", s.percents().stream().map(Inputs::compact).toList()));
            interval.set(Inputs.compact(s.intervalMinutes()));
            alpha.set(Inputs.compact(s.alpha()));
            power.set(Inputs.compact(s.power()));
            errorRate.set(text(s.errorRate()));
            errorIncrease.set(text(s.errorRateIncrease()));
            refusalRate.set(text(s.refusalRate()));
            refusalIncrease.set(text(s.refusalRateIncrease()));
            latencyP99.set(text(s.latencyP99Ms()));
            latencyIncrease.set(text(s.latencyIncrease()));
            qualityMean.set(text(s.qualityMean()));
            qualitySd.set(text(s.qualitySd()));
            qualityDrop.set(text(s.qualityDrop()));
            canaryInputsFrom.set(
                    in.kept()
                            ? "Inputs kept for this project."
                            : "Defaults: thresholds from the incumbent's traffic replay; rate from the "
                                    + in.rateSource() + ". Plan canary keeps your changes.");
            canary.set(CanaryPlan.of(s));
            canaryStale.set(false);
        } finally {
            filling = false;
        }
    }

    private static String text(Double v) {
        return v == null ? "" : Inputs.compact(v);
    }

    /** The policy in the editor, validated; null (and the problem said) when a row is wrong. */
    GatePolicy readPolicy() {
        try {
            List<GatePolicy.Check> list = new ArrayList<>();
            for (int i = 0; i < checks.size(); i++) {
                list.add(checks.get(i).toCheck(i + 1));
            }
            GatePolicy p = new GatePolicy(
                            policyName.get().isBlank()
                                    ? "Release gate"
                                    : policyName.get().strip(),
                            Inputs.number("gate.confidence", "Confidence", confidence.get()),
                            list)
                    .validate();
            problem.set("");
            return p;
        } catch (IllegalArgumentException e) {
            problem.set(Failures.message(e));
            problemField.set(InputError.fieldOf(e));
            return null;
        }
    }

    /** Saves the policy with the chosen models, then shows the project's gate again (decision and canary for the incumbent). */
    public void savePolicy() {
        GatePolicy p = readPolicy();
        if (p == null) {
            return;
        }
        String c = candidate.get();
        String i = incumbent.get();
        shell.inProject(
                "Save the gate policy",
                (ws, project, progress, cancel) -> {
                    new GateStudy(ws, project.id()).savePolicy(p, c, i);
                    return null;
                },
                x -> {
                    shell.statusProperty().set("Saved the gate policy “" + p.name() + "”");
                    load();
                },
                e -> problem.set(Failures.message(e)));
    }

    /** Decides with the saved policy for the chosen candidate and incumbent. */
    public void decide() {
        String c = candidate.get();
        String i = incumbent.get();
        shell.inProject(
                "Decide the rollout",
                (ws, p, progress, cancel) -> {
                    GateStudy gate = new GateStudy(ws, p.id());
                    return Map.entry(gate.decide(c, i), gate.freshness());
                },
                both -> {
                    freshness.set(both.getValue());
                    showDecision(both.getKey());
                },
                e -> {
                    decision.set(null);
                    problem.set(Failures.message(e));
                    problemField.set(InputError.fieldOf(e));
                });
    }

    public void addCheck() {
        CheckRow r = new CheckRow();
        r.name.set("check " + (checks.size() + 1));
        checks.add(r);
    }

    /** Imports a private suite (with its rotation), a regression suite or a replay into the project. */
    public void importEvidence(Path file, GatePolicy.Layer layer, String metric, LocalDate rotation) {
        shell.inProject(
                "Import " + file.getFileName(),
                (ws, p, progress, cancel) -> new GateStudy(ws, p.id()).importEvidence(file, layer, metric, rotation),
                n -> {
                    shell.statusProperty().set("Imported " + n + " series from " + file.getFileName());
                    load();
                },
                e -> problem.set(Failures.message(e)));
    }

    /** The canary inputs in the fields, or an input error naming the field at fault. */
    CanaryPlan.Spec readCanary() {
        List<Double> pct = new ArrayList<>();
        for (String s : steps.get().split("[,;\\s%]+")) {
            if (!s.isBlank()) {
                pct.add(number("canary.steps", "Steps", s));
            }
        }
        Double err = optional("canary.errorRate", "Error rate", errorRate.get());
        Double ref = optional("canary.refusalRate", "Refusal rate", refusalRate.get());
        Double lat = optional("canary.latencyP99", "P99 latency", latencyP99.get());
        Double q = optional("canary.qualityMean", "Quality mean", qualityMean.get());
        return new CanaryPlan.Spec(
                number("canary.rate", "Requests/s", rate.get()),
                pct,
                number("canary.interval", "Interval", interval.get()),
                alpha.get().isBlank() ? 0.05 : number("canary.alpha", "α", alpha.get()),
                power.get().isBlank() ? 0.8 : number("canary.power", "Power", power.get()),
                err,
                err == null ? null : optional("canary.errorRateIncrease", "Error rise", errorIncrease.get()),
                ref,
                ref == null ? null : optional("canary.refusalRateIncrease", "Refusal rise", refusalIncrease.get()),
                lat,
                lat == null ? null : optional("canary.latencyIncrease", "P99 rise", latencyIncrease.get()),
                shownInputs == null ? 50 : shownInputs.spec().latencyTail(),
                q,
                q == null ? null : optional("canary.qualitySd", "Quality SD", qualitySd.get()),
                q == null ? null : optional("canary.qualityDrop", "Quality drop", qualityDrop.get()));
    }

    private static double number(String key, String label, String text) {
        return Inputs.number(key, label, text == null ? "" : text);
    }

    private static Double optional(String key, String label, String text) {
        return Inputs.optionalNumber(key, label, text);
    }

    /** Plans the canary from the fields and keeps the inputs for the project, so that the report and the CLI show this plan. */
    public void planCanary() {
        CanaryPlan.Spec spec;
        try {
            spec = readCanary();
        } catch (IllegalArgumentException e) {
            problem.set(Failures.message(e));
            problemField.set(InputError.fieldOf(e));
            return;
        }
        String inc = incumbent.get();
        shell.inProject(
                "Plan the canary",
                (ws, p, progress, cancel) -> new GateStudy(ws, p.id()).planCanary(inc, spec),
                plan -> {
                    problem.set("");
                    problemField.set("");
                    showCanaryInputs(new GateStudy.CanaryInputs(spec, "as kept for this project", true));
                },
                e -> {
                    problem.set(Failures.message(e));
                    problemField.set(InputError.fieldOf(e));
                });
    }

    /**
     * Reads a monitoring CSV (step,group,metric,value) and replays the judge over it. Its metrics come into the settings
     * table with a guess from their names (errors, latencies, refusals and timeouts fail only when they rise; errors
     * are critical), which the user can change and replay again.
     */
    public void replay(Path file) {
        shell.jobs()
                .submit(
                        "Read " + file.getFileName(),
                        (progress, cancel) -> GateFiles.monitoring(file),
                        steps -> {
                            monitoring = steps;
                            monitoringName.set(file.getFileName().toString());
                            TreeSet<String> metrics = new TreeSet<>();
                            steps.values().forEach(st -> {
                                metrics.addAll(st.baseline().keySet());
                                metrics.addAll(st.canary().keySet());
                            });
                            Map<String, JudgeRow> kept = new HashMap<>();
                            judgeRows.forEach(r -> kept.put(r.metric(), r));
                            judgeRows.setAll(JudgeSettings.guessed(metrics).metrics().entrySet().stream()
                                    .sorted(Map.Entry.comparingByKey())
                                    .map(e -> kept.getOrDefault(
                                            e.getKey(),
                                            new JudgeRow(
                                                    e.getKey(),
                                                    keptJudgeMetrics.getOrDefault(e.getKey(), e.getValue()))))
                                    .toList());
                            judgeRows.forEach(r -> {
                                r.direction.addListener((o, a, b) -> markReplayStale());
                                r.critical.addListener((o, a, b) -> markReplayStale());
                            });
                            rejudge();
                        },
                        e -> problem.set(Failures.message(e)));
    }

    private void markReplayStale() {
        if (replay.get() != null) {
            replayStale.set(true);
        }
    }

    /** The judge's settings on screen, or an input error naming the field at fault. */
    JudgeSettings readJudge() {
        Map<String, CanaryJudge.MetricSpec> metrics = new LinkedHashMap<>();
        judgeRows.forEach(r -> metrics.put(r.metric(), r.spec()));
        return new JudgeSettings(
                Inputs.number("judge.confidence", "Confidence", judgeConfidence.get()),
                Inputs.number("judge.tolerance", "Tolerance", judgeTolerance.get()),
                Inputs.number("judge.thresholds", "Pass score", judgePass.get()),
                Inputs.number("judge.thresholds", "Marginal score", judgeMarginal.get()),
                metrics);
    }

    /** Replays the judge over the monitoring data read last, with the settings on screen. */
    public void rejudge() {
        var steps = monitoring;
        if (steps == null) {
            return;
        }
        JudgeSettings settings;
        try {
            settings = readJudge();
        } catch (IllegalArgumentException e) {
            problem.set(Failures.message(e));
            problemField.set(InputError.fieldOf(e));
            return;
        }
        Set<String> metrics = new TreeSet<>();
        judgeRows.forEach(r -> metrics.add(r.metric()));
        shell.jobs()
                .submit(
                        "Replay the canary judge",
                        (progress, cancel) -> CanaryReplay.replay(steps, settings.judge(), settings.specsFor(metrics)),
                        r -> {
                            problem.set("");
                            problemField.set("");
                            replay.set(r);
                            replayStale.set(false);
                            keepJudge(settings);
                        },
                        e -> problem.set(Failures.message(e)));
    }

    /**
     * Keeps the settings just judged with for the project (with the kept settings of metrics this file lacks), so that
     * reopening the project shows them and judges the next monitoring file the same way.
     */
    private void keepJudge(JudgeSettings settings) {
        Map<String, CanaryJudge.MetricSpec> metrics = new TreeMap<>(keptJudgeMetrics);
        metrics.putAll(settings.metrics());
        JudgeSettings keep = new JudgeSettings(
                settings.confidence(),
                settings.tolerance(),
                settings.passThreshold(),
                settings.marginalThreshold(),
                metrics);
        keptJudgeMetrics = keep.metrics();
        shell.inProject(
                "Keep the judge's settings",
                (ws, p, progress, cancel) -> {
                    new GateStudy(ws, p.id()).keepJudge(keep);
                    return null;
                },
                x -> {},
                e -> problem.set(Failures.message(e)));
    }

    /** Builds the report of what the area shows (decision and canary plan) as a job and hands it on (to export or present). */
    public void report(Consumer<Report> then) {
        String c = candidate.get();
        String i = incumbent.get();
        GateStudy.CanaryInputs shown = canary.get() == null ? null : shownInputs;
        shell.inProject(
                "Build the rollout report",
                (ws, p, progress, cancel) -> RolloutReport.build(ws, p, c, i, shown),
                then,
                e -> problem.set(Failures.message(e)));
    }

    public void export(Path out) {
        report(r -> shell.jobs()
                .submit(
                        "Write " + out.getFileName(),
                        (progress, cancel) -> {
                            ReportWriter.write(r, out);
                            return out;
                        },
                        f -> shell.statusProperty().set("Wrote " + f),
                        e -> problem.set(Failures.message(e))));
    }

    public ShellModel shell() {
        return shell;
    }

    public ObservableList<String> models() {
        return models;
    }

    public ObjectProperty<String> candidateProperty() {
        return candidate;
    }

    public ObjectProperty<String> incumbentProperty() {
        return incumbent;
    }

    public StringProperty policyNameProperty() {
        return policyName;
    }

    public StringProperty confidenceProperty() {
        return confidence;
    }

    public ObservableList<CheckRow> checks() {
        return checks;
    }

    /** How current the decision's evidence is (null before the gate is loaded). */
    public ObjectProperty<EvidenceFreshness.Result> freshnessProperty() {
        return freshness;
    }

    public ObjectProperty<GateDecision> decisionProperty() {
        return decision;
    }

    public StringProperty rateProperty() {
        return rate;
    }

    public StringProperty stepsProperty() {
        return steps;
    }

    public StringProperty intervalProperty() {
        return interval;
    }

    public StringProperty errorRateProperty() {
        return errorRate;
    }

    public StringProperty errorIncreaseProperty() {
        return errorIncrease;
    }

    public StringProperty latencyP99Property() {
        return latencyP99;
    }

    public StringProperty latencyIncreaseProperty() {
        return latencyIncrease;
    }

    public StringProperty alphaProperty() {
        return alpha;
    }

    public StringProperty powerProperty() {
        return power;
    }

    public StringProperty refusalRateProperty() {
        return refusalRate;
    }

    public StringProperty refusalIncreaseProperty() {
        return refusalIncrease;
    }

    public StringProperty qualityMeanProperty() {
        return qualityMean;
    }

    public StringProperty qualitySdProperty() {
        return qualitySd;
    }

    public StringProperty qualityDropProperty() {
        return qualityDrop;
    }

    /** Where the canary inputs come from, in words. */
    public StringProperty canaryInputsFromProperty() {
        return canaryInputsFrom;
    }

    /** True when a canary input changed after the plan shown was made: the plan no longer matches the fields. */
    public BooleanProperty canaryStaleProperty() {
        return canaryStale;
    }

    /** The input the current problem is about (a field key such as {@code canary.rate}), or empty. */
    public StringProperty problemFieldProperty() {
        return problemField;
    }

    /** True while the project's gate is being read: the view shows no empty-state text meanwhile. */
    public BooleanProperty loadingProperty() {
        return loading;
    }

    public ObjectProperty<CanaryPlan> canaryProperty() {
        return canary;
    }

    /** The metrics of the monitoring data read last, with the judge's setting for each. */
    public ObservableList<JudgeRow> judgeRows() {
        return judgeRows;
    }

    public StringProperty judgeConfidenceProperty() {
        return judgeConfidence;
    }

    public StringProperty judgeToleranceProperty() {
        return judgeTolerance;
    }

    public StringProperty judgePassProperty() {
        return judgePass;
    }

    public StringProperty judgeMarginalProperty() {
        return judgeMarginal;
    }

    /** The monitoring file read last, or empty. */
    public StringProperty monitoringNameProperty() {
        return monitoringName;
    }

    /** True when a judge setting changed since the replay shown. */
    public BooleanProperty replayStaleProperty() {
        return replayStale;
    }

    public ObjectProperty<CanaryReplay.Result> replayProperty() {
        return replay;
    }

    public StringProperty problemProperty() {
        return problem;
    }

    public StringProperty statusProperty() {
        return status;
    }
}
