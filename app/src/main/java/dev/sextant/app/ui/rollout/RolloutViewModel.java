package dev.sextant.app.ui.rollout;

import dev.sextant.app.Failures;
import dev.sextant.app.report.Report;
import dev.sextant.app.report.ReportWriter;
import dev.sextant.app.report.RolloutReport;
import dev.sextant.app.ui.shell.Inputs;
import dev.sextant.app.ui.shell.ShellModel;
import dev.sextant.model.gate.CanaryDefaults;
import dev.sextant.model.gate.CanaryJudge;
import dev.sextant.model.gate.CanaryPlan;
import dev.sextant.model.gate.CanaryReplay;
import dev.sextant.model.gate.GateDecision;
import dev.sextant.model.gate.GatePolicy;
import dev.sextant.model.gate.Observations;
import dev.sextant.model.io.GateFiles;
import dev.sextant.workspaces.GateCase;
import dev.sextant.workspaces.SavedGatePolicy;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The Rollout area: the project's gate policy (edited and saved), the candidate and incumbent, the decision with its
 * reasons and the evidence by check, a canary plan (thresholds from the replay, editable), the judge replayed over
 * monitoring data, and the report exported or presented. All workspace work runs as jobs.
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
    private final StringProperty rate = new SimpleStringProperty("10");
    private final StringProperty steps = new SimpleStringProperty("1, 5, 25, 50");
    private final StringProperty interval = new SimpleStringProperty("10");
    private final StringProperty errorRate = new SimpleStringProperty("");
    private final StringProperty errorIncrease = new SimpleStringProperty("");
    private final StringProperty latencyP99 = new SimpleStringProperty("");
    private final StringProperty latencyIncrease = new SimpleStringProperty("0.1");
    private final ObjectProperty<CanaryPlan> canary = new SimpleObjectProperty<>(this, "canary");
    private final ObjectProperty<CanaryReplay.Result> replay = new SimpleObjectProperty<>(this, "replay");
    private final StringProperty problem = new SimpleStringProperty("");
    private final StringProperty status = new SimpleStringProperty("");

    public RolloutViewModel(ShellModel shell) {
        this.shell = shell;
        shell.currentProjectProperty().addListener((o, a, p) -> load());
        load();
    }

    /** Reads the project's policy, the models its evidence names, and decides. */
    public void load() {
        shell.inProject("Load the rollout gate", (ws, p, progress, cancel) -> new Loaded(ws.gate().policy(p.id()).orElse(null), GateCase.models(ws, p.id()),
                ws.gate().observations(p.id())), l -> {
            models.setAll(l.models());
            if (l.policy() != null) {
                policyName.set(l.policy().policy().name());
                confidence.set(Inputs.compact(l.policy().policy().confidence()));
                checks.setAll(l.policy().policy().checks().stream().map(CheckRow::of).toList());
                candidate.set(l.policy().candidate());
                incumbent.set(l.policy().incumbent());
                fillCanaryDefaults(l.policy().policy(), l.observations());
                decide();
            } else {
                checks.clear();
                decision.set(null);
                status.set("This project has no gate policy yet: add checks and Save policy.");
            }
        }, null);
    }

    private record Loaded(SavedGatePolicy policy, List<String> models, List<Observations> observations) {
    }


    private void fillCanaryDefaults(GatePolicy policy, List<Observations> observations) {
        if (incumbent.get() == null) {
            return;
        }
        CanaryPlan.Spec s = CanaryDefaults.fromEvidence(policy, observations, incumbent.get(), Inputs.number("Rate", rate.get()));
        if (s != null) {
            errorRate.set(s.errorRate() == null ? "" : Inputs.compact(s.errorRate()));
            errorIncrease.set(s.errorRateIncrease() == null ? "" : Inputs.compact(s.errorRateIncrease()));
            latencyP99.set(s.latencyP99Ms() == null ? "" : Inputs.compact(s.latencyP99Ms()));
        }
        planCanary();
    }

    /** The policy in the editor, validated; null (and the problem said) when a row is wrong. */
    GatePolicy readPolicy() {
        try {
            List<GatePolicy.Check> list = new ArrayList<>();
            for (int i = 0; i < checks.size(); i++) {
                list.add(checks.get(i).toCheck(i + 1));
            }
            GatePolicy p = new GatePolicy(policyName.get().isBlank() ? "Release gate" : policyName.get().strip(), Inputs.number("Confidence", confidence.get()),
                    list).validate();
            problem.set("");
            return p;
        } catch (IllegalArgumentException e) {
            problem.set(Failures.message(e));
            return null;
        }
    }

    /** Saves the policy with the chosen models, then decides. */
    public void savePolicy() {
        GatePolicy p = readPolicy();
        if (p == null) {
            return;
        }
        String c = candidate.get();
        String i = incumbent.get();
        shell.inProject("Save the gate policy", (ws, project, progress, cancel) -> {
            ws.gate().setPolicy(project.id(), p, c, i, false);
            return null;
        }, x -> {
            shell.statusProperty().set("Saved the gate policy “" + p.name() + "”");
            decide();
        }, e -> problem.set(Failures.message(e)));
    }

    /** Decides with the saved policy for the chosen candidate and incumbent. */
    public void decide() {
        String c = candidate.get();
        String i = incumbent.get();
        shell.inProject("Decide the rollout", (ws, p, progress, cancel) -> GateCase.decide(ws, p.id(), c, i), g -> {
            problem.set("");
            decision.set(g.decision());
            status.set(g.candidate() + " against " + g.incumbent() + ": " + g.decision().decision());
        }, e -> {
            decision.set(null);
            problem.set(Failures.message(e));
        });
    }

    public void addCheck() {
        CheckRow r = new CheckRow();
        r.name.set("check " + (checks.size() + 1));
        checks.add(r);
    }

    /** Imports a private suite (with its rotation), a regression suite or a replay into the project. */
    public void importEvidence(Path file, GatePolicy.Layer layer, String metric, LocalDate rotation) {
        shell.inProject("Import " + file.getFileName(), (ws, p, progress, cancel) -> {
            List<Observations> obs = layer == GatePolicy.Layer.REPLAY ? GateFiles.replay(file) : GateFiles.itemScores(file, layer, metric, rotation);
            ws.gate().importObservations(p.id(), obs, false);
            return obs.size();
        }, n -> {
            shell.statusProperty().set("Imported " + n + " series from " + file.getFileName());
            load();
        }, e -> problem.set(Failures.message(e)));
    }

    /** The canary plan for the fields; the problem is said when one is wrong. */
    public void planCanary() {
        try {
            List<Double> pct = new ArrayList<>();
            for (String s : steps.get().split("[,\\s]+")) {
                if (!s.isBlank()) {
                    pct.add(Inputs.number("Steps", s));
                }
            }
            Double err = Inputs.optionalNumber("Error rate", errorRate.get());
            Double lat = Inputs.optionalNumber("P99 latency", latencyP99.get());
            canary.set(CanaryPlan.of(new CanaryPlan.Spec(Inputs.number("Rate", rate.get()), pct, Inputs.number("Interval", interval.get()), 0.05, 0.8, err,
                    err == null ? null : Inputs.optionalNumber("Error rate increase", errorIncrease.get()), null, null, lat,
                    lat == null ? null : Inputs.optionalNumber("Latency increase", latencyIncrease.get()), 50, null, null, null)));
            problem.set("");
        } catch (IllegalArgumentException e) {
            canary.set(null);
            problem.set(Failures.message(e));
        }
    }

    /** Replays the judge over a monitoring CSV (step,group,metric,value); error-like metrics fail only when they rise. */
    public void replay(Path file) {
        shell.jobs().submit("Replay the canary judge", (progress, cancel) -> {
            var steps = GateFiles.monitoring(file);
            TreeSet<String> metrics = new TreeSet<>();
            steps.values().forEach(s -> {
                metrics.addAll(s.baseline().keySet());
                metrics.addAll(s.canary().keySet());
            });
            Map<String, CanaryJudge.MetricSpec> specs = new java.util.LinkedHashMap<>();
            metrics.forEach(m -> specs.put(m, CanaryJudge.MetricSpec.guess(m)));
            return CanaryReplay.replay(steps, CanaryJudge.defaults(), specs);
        }, replay::set, e -> problem.set(Failures.message(e)));
    }

    /** Builds the report as a job and hands it on (to export or present). */
    public void report(java.util.function.Consumer<Report> then) {
        String c = candidate.get();
        String i = incumbent.get();
        shell.inProject("Build the rollout report", (ws, p, progress, cancel) -> RolloutReport.build(ws, p, c, i), then, e -> problem.set(Failures.message(e)));
    }

    public void export(Path out) {
        report(r -> shell.jobs().submit("Write " + out.getFileName(), (progress, cancel) -> {
            ReportWriter.write(r, out);
            return out;
        }, f -> shell.statusProperty().set("Wrote " + f), e -> problem.set(Failures.message(e))));
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

    public ObjectProperty<CanaryPlan> canaryProperty() {
        return canary;
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
