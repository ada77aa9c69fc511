package dev.sextant.app.ui.runhealth;

import dev.sextant.app.Failures;
import dev.sextant.app.study.RunHealthStudy;
import dev.sextant.app.ui.shell.Inputs;
import dev.sextant.app.ui.shell.ShellModel;
import dev.sextant.model.InputError;
import dev.sextant.model.io.trainlog.TrainingLogFormat;
import dev.sextant.model.job.CancelledException;
import dev.sextant.model.runhealth.AnalysisSettings;
import dev.sextant.model.runhealth.DetectionSettings;
import dev.sextant.model.runhealth.FailureScenario;
import dev.sextant.model.runhealth.FailureStudy;
import dev.sextant.model.runhealth.RollbackPolicy;
import dev.sextant.workspaces.SavedFailureStudy;
import dev.sextant.workspaces.SavedTrainingLog;
import dev.sextant.workspaces.SavedTrainingPlan;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The Run health area: a project's kept training logs, the one opened with its anomalies, rollbacks and policy replay
 * (settings changed and kept with it), and failure studies: a scenario typed in or taken from a kept training plan,
 * simulated with the alternatives beside it as a cancellable job, kept and reopened.
 */
public final class RunHealthViewModel {

    private final ShellModel shell;
    private final ObservableList<SavedTrainingLog> logs = FXCollections.observableArrayList();
    private final ObjectProperty<RunHealthStudy.Opened> opened = new SimpleObjectProperty<>(this, "opened");
    private final ObjectProperty<List<RunHealthStudy.Run>> overlay = new SimpleObjectProperty<>(this, "overlay");
    private final StringProperty problem = new SimpleStringProperty("");
    private final StringProperty problemField = new SimpleStringProperty("");
    private final BooleanProperty logSteps = new SimpleBooleanProperty(false);
    private final StringProperty checkpointEvery = new SimpleStringProperty("");
    private final StringProperty gpus = new SimpleStringProperty("");
    private final StringProperty stepSeconds = new SimpleStringProperty("");
    private final ObjectProperty<String> sensitivity = new SimpleObjectProperty<>("normal");
    private final StringProperty policyThreshold = new SimpleStringProperty("6");
    private final StringProperty policyMetric = new SimpleStringProperty(RollbackPolicy.DEFAULT.metric());
    private final StringProperty policyPatience = new SimpleStringProperty("3");
    private final Map<String, StringProperty> failureInputs = new LinkedHashMap<>();
    private final BooleanProperty async = new SimpleBooleanProperty(false);
    private final BooleanProperty elastic = new SimpleBooleanProperty(false);
    private final ObservableList<SavedTrainingPlan> plans = FXCollections.observableArrayList();
    private final ObjectProperty<List<RunHealthStudy.PolicyOutcome>> outcomes =
            new SimpleObjectProperty<>(this, "outcomes");
    private final ObservableList<SavedFailureStudy> studies = FXCollections.observableArrayList();
    private final StringProperty outcomeTitle = new SimpleStringProperty("");
    private long lastSeed = 1;

    public RunHealthViewModel(ShellModel shell) {
        this.shell = shell;
        for (String key : DEFAULTS.keySet()) {
            failureInputs.put(key, new SimpleStringProperty());
        }
        resetInputs();
        shell.currentProjectProperty().addListener((o, a, p) -> {
            opened.set(null);
            outcomes.set(null);
            problem.set("");
            resetInputs(); // inputs shown with another project's log or study are not this one's
            reload();
        });
        reload();
    }

    /** The failure form's defaults (blank: Llama 3's rate, Daly's interval, unlimited spares, a node per replica). */
    private static final Map<String, String> DEFAULTS = new LinkedHashMap<>();

    static {
        String[][] d = {
            {"gpus", "2048"},
            {"gpusPerNode", "8"},
            {"stepSeconds", "3.4"},
            {"steps", "760000"},
            {"failuresPerGpuDay", ""},
            {"checkpointMinutes", ""},
            {"checkpointSeconds", "240"},
            {"restartMinutes", "10"},
            {"spareNodes", ""},
            {"repairHours", "24"},
            {"gpusPerReplica", ""},
            {"memorySnapshotMinutes", "0"},
            {"runs", String.valueOf(FailureScenario.DEFAULT_RUNS)},
            {"seed", "1"}
        };
        for (String[] e : d) {
            DEFAULTS.put(e[0], e[1]);
        }
    }

    /** Every input back to its default: the analysis settings and the failure form. */
    private void resetInputs() {
        AnalysisSettings d = AnalysisSettings.DEFAULT;
        checkpointEvery.set("");
        gpus.set("");
        stepSeconds.set("");
        sensitivity.set("normal");
        policyThreshold.set(Inputs.compact(d.policy().threshold()));
        policyPatience.set(Integer.toString(d.policy().patience()));
        policyMetric.set(d.policy().metric());
        DEFAULTS.forEach((k, v) -> failureInputs.get(k).set(v));
        async.set(false);
        elastic.set(false);
        fromPlan = null;
    }

    public void reload() {
        if (!shell.inProject(
                "Load run health",
                (ws, p, progress, cancel) -> new RunHealthStudy(ws, p.id()).contents(),
                c -> {
                    logs.setAll(c.logs());
                    studies.setAll(c.studies());
                    plans.setAll(c.plans());
                    if (opened.get() == null && !c.logs().isEmpty()) {
                        open(c.logs().get(0));
                    }
                    if (outcomes.get() == null && !c.studies().isEmpty()) {
                        openStudy(c.studies().get(0));
                    }
                },
                null)) {
            logs.clear();
            studies.clear();
            plans.clear();
        }
    }

    private final ObjectProperty<TrainingLogFormat> importFormat =
            new SimpleObjectProperty<>(this, "importFormat", TrainingLogFormat.AUTO);

    /** The format the next import reads its files as: recognised by content, or the one the user chose. */
    public ObjectProperty<TrainingLogFormat> importFormatProperty() {
        return importFormat;
    }

    /** Reads a run's log files (or folders), keeps them under {@code name} and opens them. */
    public void importLogs(List<Path> inputs, String name) {
        TrainingLogFormat format = importFormat.get() == null ? TrainingLogFormat.AUTO : importFormat.get();
        // with a log open the form shows that run's settings, which a new run must not inherit: it starts from the
        // defaults (its own median step time, no GPUs or checkpoints); with none open, the form was filled for this one
        AnalysisSettings settings;
        try {
            settings = opened.get() == null ? settingsFromInputs(AnalysisSettings.DEFAULT) : AnalysisSettings.DEFAULT;
        } catch (InputError e) {
            fail(e);
            return;
        }
        shell.inProject(
                "Import training log " + name,
                (ws, p, progress, cancel) ->
                        new RunHealthStudy(ws, p.id()).importLogs(inputs, format, name, settings, progress, cancel),
                o -> {
                    clearProblem();
                    show(o);
                    reload();
                    int n = o.analysis().anomalies().size();
                    shell.statusProperty()
                            .set("Kept training log “" + name + "”: " + n + (n == 1 ? " anomaly" : " anomalies")
                                    + ". Give its GPUs and checkpoint interval under Analysis for rollback costs.");
                },
                this::fail);
    }

    public void open(SavedTrainingLog kept) {
        shell.inProject(
                "Open training log " + kept.name(),
                (ws, p, progress, cancel) -> new RunHealthStudy(ws, p.id()).open(kept, cancel),
                o -> {
                    clearProblem();
                    show(o);
                },
                this::fail);
    }

    /** Loads the chosen kept logs for one chart of them all ({@link #overlayProperty}); fewer than two is a problem. */
    public void overlay(List<SavedTrainingLog> kept) {
        if (kept.size() < 2) {
            problem.set("Choose two or more kept logs to lay their curves over one another.");
            return;
        }
        List<SavedTrainingLog> chosen = List.copyOf(kept);
        shell.inProject(
                "Overlay " + chosen.size() + " runs",
                (ws, p, progress, cancel) -> new RunHealthStudy(ws, p.id()).runs(chosen, cancel),
                runs -> {
                    clearProblem();
                    if (RunHealthStudy.sharedMetrics(runs).isEmpty()) {
                        problem.set("The chosen runs share no metric: "
                                + runs.stream()
                                        .map(r -> r.name() + " logs "
                                                + String.join(", ", r.log().metricNames()))
                                        .collect(Collectors.joining("; "))
                                + ".");
                        return;
                    }
                    overlay.set(runs);
                },
                this::fail);
    }

    /** The runs last chosen to overlay (the view shows them and clears this), or null. */
    public ObjectProperty<List<RunHealthStudy.Run>> overlayProperty() {
        return overlay;
    }

    private void show(RunHealthStudy.Opened o) {
        AnalysisSettings s = o.kept().settings();
        checkpointEvery.set(s.checkpointEvery() == null ? "" : Long.toString(s.checkpointEvery()));
        gpus.set(s.gpus() == 0 ? "" : Integer.toString(s.gpus()));
        stepSeconds.set(s.stepSeconds() == null ? "" : Inputs.compact(s.stepSeconds()));
        double z = s.detection().threshold();
        sensitivity.set(z >= 8 ? "low" : z <= 4.5 ? "high" : "normal");
        policyThreshold.set(Inputs.compact(s.policy().threshold()));
        policyPatience.set(Integer.toString(s.policy().patience()));
        policyMetric.set(s.policy().metric());
        opened.set(o);
    }

    /** The opened log analysed again with the settings on the form, which are kept with it. */
    public void apply() {
        RunHealthStudy.Opened o = opened.get();
        if (o == null) {
            return;
        }
        AnalysisSettings settings;
        try {
            settings = settingsFromInputs(o.kept().settings());
        } catch (InputError e) {
            fail(e);
            return;
        }
        shell.inProject(
                "Analyse " + o.kept().name(),
                (ws, p, progress, cancel) -> new RunHealthStudy(ws, p.id()).reanalyse(o, settings, cancel),
                n -> {
                    clearProblem();
                    opened.set(n);
                    logs.replaceAll(l -> l.id().equals(n.kept().id()) ? n.kept() : l);
                },
                this::fail);
    }

    AnalysisSettings settingsFromInputs(AnalysisSettings base) {
        Long every = checkpointEvery.get().isBlank()
                ? null
                : (long) Inputs.integer("trainlog.checkpointEvery", "Checkpoint every", checkpointEvery.get());
        Integer g = Inputs.optionalInteger("trainlog.gpus", "GPUs", gpus.get());
        Double step = Inputs.optionalNumber("trainlog.stepSeconds", "Seconds a step", stepSeconds.get());
        DetectionSettings d = DetectionSettings.sensitivity(sensitivity.get())
                .withWindow(base.detection().window());
        double z = Inputs.positive("policy.threshold", "Policy z", policyThreshold.get());
        int patience = Inputs.integer("policy.patience", "Policy patience", policyPatience.get());
        String metric = policyMetric.get() == null || policyMetric.get().isBlank()
                ? base.policy().metric()
                : policyMetric.get();
        RollbackPolicy policy =
                new RollbackPolicy(metric, z, patience, base.policy().recoveryPoints());
        return new AnalysisSettings(
                every, every == null ? base.checkpoints() : null, g == null ? 0 : g, step, d, policy);
    }

    public void deleteLog(SavedTrainingLog kept) {
        shell.inProject(
                "Delete training log",
                (ws, p, progress, cancel) -> {
                    new RunHealthStudy(ws, p.id()).deleteLog(kept.id());
                    return null;
                },
                x -> {
                    if (opened.get() != null && opened.get().kept().id().equals(kept.id())) {
                        opened.set(null);
                    }
                    reload();
                },
                this::fail);
    }

    /** The scenario on the form: blank rate is Llama 3's, blank interval Daly's, blank spares unlimited. */
    FailureScenario scenario() {
        int g = Inputs.integer("failures.gpus", "GPUs", text("gpus"));
        int perNode = Inputs.integer("failures.gpusPerNode", "GPUs per node", text("gpusPerNode"));
        double step = Inputs.positive("failures.stepSeconds", "Seconds a step", text("stepSeconds"));
        long steps = (long) Inputs.positive("failures.steps", "Steps", text("steps"));
        Double rateIn = Inputs.optionalNumber("failures.rate", "Failures per GPU-day", text("failuresPerGpuDay"));
        double rate = rateIn == null ? FailureScenario.LLAMA3_FAILURES_PER_GPU_DAY : rateIn;
        double ckpt = Inputs.number("failures.checkpointSeconds", "Checkpoint seconds", text("checkpointSeconds"));
        Double minutes = Inputs.optionalNumber(
                "failures.checkpointInterval", "Checkpoint every (minutes)", text("checkpointMinutes"));
        double interval =
                minutes != null ? minutes * 60 : FailureScenario.dalyInterval(g, rate, ckpt, async.get(), step * steps);
        Integer spares = text("spareNodes").isBlank()
                ? null
                : (int) Inputs.number("failures.spareNodes", "Spare nodes", text("spareNodes"));
        Integer replica = Inputs.optionalInteger("failures.gpusPerReplica", "GPUs per replica", text("gpusPerReplica"));
        return new FailureScenario(
                g,
                perNode,
                step,
                steps,
                rate,
                interval,
                ckpt,
                async.get(),
                Inputs.number("failures.restartSeconds", "Restart minutes", text("restartMinutes")) * 60,
                spares == null ? -1 : spares,
                Inputs.positive("failures.repairHours", "Repair hours", text("repairHours")),
                elastic.get(),
                replica == null ? perNode : replica,
                Inputs.number("failures.memorySnapshot", "Snapshot every (minutes)", text("memorySnapshotMinutes"))
                        * 60,
                5,
                0,
                1,
                fromPlan == null ? null : fromPlan.elasticStepSeconds());
    }

    private FailureScenario fromPlan;

    private String text(String key) {
        return failureInputs.get(key).get();
    }

    /** The form filled from a kept training plan (its GPUs, step time, steps, fault-tolerance inputs, elastic step times). */
    public void useplan(SavedTrainingPlan plan) {
        if (plan == null) {
            fromPlan = null;
            return;
        }
        shell.jobs()
                .submit(
                        "Price " + plan.name() + " on fewer replicas",
                        (progress, cancel) -> RunHealthStudy.fromPlan(plan),
                        s -> {
                            fromPlan = s;
                            failureInputs.get("gpus").set(Integer.toString(s.gpus()));
                            failureInputs.get("gpusPerNode").set(Integer.toString(s.gpusPerNode()));
                            failureInputs.get("stepSeconds").set(Inputs.compact(s.stepSeconds()));
                            failureInputs.get("steps").set(Long.toString(s.steps()));
                            failureInputs.get("failuresPerGpuDay").set(Inputs.compact(s.failuresPerGpuDay()));
                            failureInputs.get("checkpointMinutes").set("");
                            failureInputs
                                    .get("checkpointSeconds")
                                    .set(Inputs.compact(Math.round(s.checkpointSeconds() * 10) / 10.0));
                            failureInputs.get("restartMinutes").set(Inputs.compact(s.restartSeconds() / 60));
                            failureInputs.get("gpusPerReplica").set(Integer.toString(s.gpusPerReplica()));
                            async.set(s.async());
                            clearProblem();
                        },
                        this::fail);
    }

    /** The scenario and its alternatives simulated, as one cancellable job. */
    public void simulate() {
        FailureScenario s;
        int runs;
        long seed;
        try {
            s = scenario();
            runs = Inputs.integer("failures.runs", "Runs", text("runs"));
            seed = (long) Inputs.number("failures.seed", "Seed", text("seed"));
        } catch (InputError e) {
            fail(e);
            return;
        }
        lastSeed = seed;
        shell.jobs()
                .submit(
                        "Simulate " + runs + " runs under failures",
                        (progress, cancel) -> RunHealthStudy.simulate(s, runs, seed, progress, cancel),
                        r -> {
                            clearProblem();
                            outcomeTitle.set("This scenario (not kept yet)");
                            outcomes.set(r);
                        },
                        this::fail);
    }

    public void keepStudy(String name) {
        List<RunHealthStudy.PolicyOutcome> r = outcomes.get();
        if (r == null) {
            return;
        }
        FailureStudy study = r.get(0).study();
        long seed = lastSeed;
        shell.inProject(
                "Keep failure study",
                (ws, p, progress, cancel) -> new RunHealthStudy(ws, p.id()).keepStudy(name, study, seed),
                id -> {
                    outcomeTitle.set(name);
                    shell.statusProperty().set("Kept failure study “" + name + "”");
                    reload();
                },
                this::fail);
    }

    /** A kept study: its scenario on the form, simulated again with the alternatives (the same seed gives the same numbers). */
    public void openStudy(SavedFailureStudy kept) {
        FailureScenario s = kept.study().scenario();
        failureInputs.get("gpus").set(Integer.toString(s.gpus()));
        failureInputs.get("gpusPerNode").set(Integer.toString(s.gpusPerNode()));
        failureInputs.get("stepSeconds").set(Inputs.compact(s.stepSeconds()));
        failureInputs.get("steps").set(Long.toString(s.steps()));
        failureInputs.get("failuresPerGpuDay").set(Inputs.compact(s.failuresPerGpuDay()));
        failureInputs
                .get("checkpointMinutes")
                .set(Inputs.compact(Math.round(s.checkpointIntervalSeconds() / 6) / 10.0));
        failureInputs.get("checkpointSeconds").set(Inputs.compact(s.checkpointSeconds()));
        failureInputs.get("restartMinutes").set(Inputs.compact(s.restartSeconds() / 60));
        failureInputs.get("spareNodes").set(s.spareNodes() < 0 ? "" : Integer.toString(s.spareNodes()));
        failureInputs.get("repairHours").set(Inputs.compact(s.repairHours()));
        failureInputs.get("gpusPerReplica").set(Integer.toString(s.gpusPerReplica()));
        failureInputs.get("memorySnapshotMinutes").set(Inputs.compact(s.memorySnapshotSeconds() / 60));
        failureInputs.get("runs").set(Integer.toString(kept.study().runs()));
        failureInputs.get("seed").set(Long.toString(kept.seed()));
        async.set(s.async());
        elastic.set(s.elastic());
        fromPlan = s.elasticStepSeconds() == null ? null : s;
        lastSeed = kept.seed();
        shell.jobs()
                .submit(
                        "Simulate " + kept.name(),
                        (progress, cancel) ->
                                RunHealthStudy.simulate(s, kept.study().runs(), kept.seed(), progress, cancel),
                        r -> {
                            clearProblem();
                            outcomeTitle.set(kept.name());
                            outcomes.set(r);
                        },
                        this::fail);
    }

    public void deleteStudy(SavedFailureStudy kept) {
        shell.inProject(
                "Delete failure study",
                (ws, p, progress, cancel) -> {
                    new RunHealthStudy(ws, p.id()).deleteStudy(kept.id());
                    return null;
                },
                x -> reload(),
                this::fail);
    }

    private void fail(Throwable e) {
        if (e instanceof CancelledException) {
            return; // cancelled by the user: nothing to report
        }
        problem.set(Failures.message(e));
        problemField.set(e instanceof InputError ie ? ie.field() : "");
    }

    private void clearProblem() {
        problem.set("");
        problemField.set("");
    }

    public ShellModel shell() {
        return shell;
    }

    public ObservableList<SavedTrainingLog> logs() {
        return logs;
    }

    public ObjectProperty<RunHealthStudy.Opened> openedProperty() {
        return opened;
    }

    public StringProperty problemProperty() {
        return problem;
    }

    public StringProperty problemFieldProperty() {
        return problemField;
    }

    public BooleanProperty logStepsProperty() {
        return logSteps;
    }

    public StringProperty checkpointEveryProperty() {
        return checkpointEvery;
    }

    public StringProperty gpusProperty() {
        return gpus;
    }

    public StringProperty stepSecondsProperty() {
        return stepSeconds;
    }

    public ObjectProperty<String> sensitivityProperty() {
        return sensitivity;
    }

    /** The metric the replayed rollback policy watches (one of the opened log's). */
    public StringProperty policyMetricProperty() {
        return policyMetric;
    }

    public StringProperty policyThresholdProperty() {
        return policyThreshold;
    }

    public StringProperty policyPatienceProperty() {
        return policyPatience;
    }

    public Map<String, StringProperty> failureInputs() {
        return failureInputs;
    }

    public BooleanProperty asyncProperty() {
        return async;
    }

    public BooleanProperty elasticProperty() {
        return elastic;
    }

    public ObservableList<SavedTrainingPlan> plans() {
        return plans;
    }

    public ObjectProperty<List<RunHealthStudy.PolicyOutcome>> outcomesProperty() {
        return outcomes;
    }

    public ObservableList<SavedFailureStudy> studies() {
        return studies;
    }

    public StringProperty outcomeTitleProperty() {
        return outcomeTitle;
    }
}
