package dev.sextant.app.ui.ablations;

import dev.sextant.app.Failures;
import dev.sextant.app.study.AblationStudy;
import dev.sextant.app.study.ClusterOptimum;
import dev.sextant.app.ui.shell.Inputs;
import dev.sextant.app.ui.shell.ShellModel;
import dev.sextant.model.InputError;
import dev.sextant.model.TokenCount;
import dev.sextant.model.ablation.HyperparameterLaws;
import dev.sextant.model.ablation.LossCurve;
import dev.sextant.model.ablation.ScalingLawFit;
import dev.sextant.model.ablation.ScheduleComparison;
import dev.sextant.model.io.AblationRunsFile;
import dev.sextant.workspaces.SavedAblationSet;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The Ablations area: a project's kept sets of small runs, the runs of the chosen set (or all), the scaling law fitted to
 * them as a cancellable job with the batch-size and learning-rate laws beside it, and the big run: its predicted loss
 * with the band and the extrapolation warning, the compute-optimal model at a budget, and its batch and rate — sent to
 * Training plans as the token budget.
 */
public final class AblationsViewModel {

    /** All kept sets together, in the set chooser. */
    static final String ALL = "All kept runs";

    private final ShellModel shell;
    private final ObservableList<SavedAblationSet> sets = FXCollections.observableArrayList();
    private final ObservableList<AblationRunsFile.Run> runs = FXCollections.observableArrayList();
    private final ObjectProperty<SavedAblationSet> chosen = new SimpleObjectProperty<>(this, "chosen");
    private final ObjectProperty<AblationStudy.Fitted> fitted = new SimpleObjectProperty<>(this, "fitted");
    private final ObjectProperty<HyperparameterLaws.Result> hyper = new SimpleObjectProperty<>(this, "hyper");
    private final StringProperty hyperProblem = new SimpleStringProperty("");
    private final ObjectProperty<ScalingLawFit.Prediction> prediction = new SimpleObjectProperty<>(this, "prediction");
    private final ObjectProperty<ScalingLawFit.Allocation> optimal = new SimpleObjectProperty<>(this, "optimal");
    private final StringProperty problem = new SimpleStringProperty("");
    private final StringProperty problemField = new SimpleStringProperty("");
    private final ObjectProperty<String> form = new SimpleObjectProperty<>(AblationStudy.AUTO);
    private final StringProperty excludeHighest = new SimpleStringProperty("0");
    private final StringProperty bootstrap = new SimpleStringProperty("1000");
    private final StringProperty seed = new SimpleStringProperty("1");
    private final StringProperty params = new SimpleStringProperty("7e9");
    private final StringProperty tokens = new SimpleStringProperty("1.4e11");
    private final StringProperty budget = new SimpleStringProperty("");
    private final StringProperty margin = new SimpleStringProperty("0.25");
    private final StringProperty gpuHours = new SimpleStringProperty("");
    private final ObjectProperty<String> gpu = new SimpleObjectProperty<>("h100-sxm");
    private final StringProperty gpus = new SimpleStringProperty("256");
    private final ObjectProperty<ClusterOptimum.HardwareOptimal> hardware =
            new SimpleObjectProperty<>(this, "hardware");
    private String runsNote = "";
    private final ObjectProperty<ScheduleComparison.Result> schedules = new SimpleObjectProperty<>(this, "schedules");
    private final StringProperty schedulesProblem = new SimpleStringProperty("");

    public AblationsViewModel(ShellModel shell) {
        this.shell = shell;
        problem.addListener((o, a, b) -> problemField.set(""));
        shell.currentProjectProperty().addListener((o, a, p) -> {
            chosen.set(null);
            clearResults();
            reload();
        });
        reload();
    }

    private void clearResults() {
        fitted.set(null);
        hyper.set(null);
        hyperProblem.set("");
        prediction.set(null);
        optimal.set(null);
        hardware.set(null);
        problem.set("");
    }

    public void reload() {
        if (!shell.inProject(
                "Load ablations",
                (ws, p, progress, cancel) -> AblationStudy.kept(ws, p.id()),
                kept -> {
                    sets.setAll(kept);
                    loadRuns();
                },
                null)) {
            sets.clear();
            runs.clear();
        }
    }

    /** The runs of the chosen set, or of all sets; results of other runs are cleared. */
    public void choose(SavedAblationSet set) {
        chosen.set(set);
        clearResults();
        loadRuns();
    }

    private void loadRuns() {
        SavedAblationSet set = chosen.get();
        if (sets.isEmpty()) {
            runs.clear();
            schedules.set(null);
            schedulesProblem.set("");
            return;
        }
        shell.inProject(
                "Load runs",
                (ws, p, progress, cancel) -> AblationStudy.kept(
                        ws, p.id(), set == null ? null : set.id().toString()),
                r -> {
                    runs.setAll(r.runs());
                    runsNote = String.join(" ", r.notes());
                    try {
                        schedules.set(AblationStudy.schedules(r.runs()));
                        schedulesProblem.set("");
                    } catch (InputError e) {
                        schedules.set(null);
                        schedulesProblem.set(e.getMessage());
                    }
                },
                this::fail);
    }

    /** Reads tables of runs and keeps them as one set. */
    public void importTables(List<Path> files, String name) {
        importRuns(files, name, AblationStudy.LogReading.NONE);
    }

    /**
     * Reads one run's training log at several token counts and keeps it.
     *
     * @param paramsText        the run's parameters
     * @param tokensPerStepText tokens a step, blank where the log counts its tokens
     */
    public void importLog(Path log, String name, String paramsText, String tokensPerStepText, String pointsText) {
        importLog(log, name, paramsText, tokensPerStepText, pointsText, false);
    }

    /** As above; {@code cooldowns}: read a warmup-stable-decay log at the end of each cool-down instead. */
    public void importLog(
            Path log, String name, String paramsText, String tokensPerStepText, String pointsText, boolean cooldowns) {
        AblationStudy.LogReading reading;
        try {
            double n = TokenCount.parse("ablate.logParams", "Parameters", paramsText);
            Double perStep = tokensPerStepText == null || tokensPerStepText.isBlank()
                    ? null
                    : (double) TokenCount.parse("ablate.tokensPerStep", "Tokens a step", tokensPerStepText);
            int points = cooldowns ? 1 : Inputs.integer("ablate.points", "Points", pointsText);
            reading = new AblationStudy.LogReading(
                    Map.of("", n),
                    perStep == null ? Map.of() : Map.of("", perStep),
                    "loss",
                    List.of(),
                    points,
                    LossCurve.DEFAULT_WINDOW,
                    null,
                    cooldowns);
        } catch (InputError e) {
            fail(e);
            return;
        }
        importRuns(List.of(log), name, reading);
    }

    private void importRuns(List<Path> files, String name, AblationStudy.LogReading reading) {
        shell.inProject(
                "Import runs " + name,
                (ws, p, progress, cancel) -> {
                    AblationRunsFile.Read read = AblationStudy.read(files, Map.of(), reading, progress, cancel);
                    AblationStudy.keep(
                            ws,
                            p.id(),
                            name,
                            read,
                            files.stream()
                                    .map(f -> f.toAbsolutePath().normalize().toString())
                                    .toList());
                    return read;
                },
                read -> {
                    problem.set("");
                    shell.statusProperty()
                            .set("Kept " + read.runs().size() + " runs as “" + name + "”"
                                    + (read.notes().isEmpty() ? "." : ". " + String.join(" ", read.notes())));
                    chosen.set(null);
                    clearResults();
                    reload();
                },
                this::fail);
    }

    public void delete(SavedAblationSet set) {
        shell.inProject(
                "Delete runs",
                (ws, p, progress, cancel) -> {
                    ws.ablationSets().delete(set.id());
                    return null;
                },
                x -> {
                    if (chosen.get() != null && chosen.get().id().equals(set.id())) {
                        chosen.set(null);
                    }
                    clearResults();
                    reload();
                },
                this::fail);
    }

    /** The law fitted to the shown runs with its bootstrap, and the batch-size and learning-rate laws, as one cancellable job. */
    public void fit() {
        List<AblationRunsFile.Run> data = List.copyOf(runs);
        String f;
        int exclude;
        int rounds;
        long s;
        double m;
        try {
            f = form.get();
            double x = excludeHighest.get().isBlank()
                    ? 0
                    : Inputs.number("ablate.excludeHighest", "Leave out the highest", excludeHighest.get());
            InputError.require(
                    x >= 0 && x == Math.rint(x),
                    "ablate.excludeHighest",
                    "Leave out the highest: a whole number of runs, 0 or more");
            exclude = (int) x;
            rounds = Inputs.integer("ablate.bootstrap", "Bootstrap resamples", bootstrap.get());
            s = (long) Inputs.number("ablate.seed", "Seed", seed.get());
            m = Inputs.number("ablate.margin", "Near-optimal margin (%)", margin.get()) / 100;
        } catch (InputError e) {
            fail(e);
            return;
        }
        if (data.isEmpty()) {
            problem.set("No runs to fit: import a table of small runs or a training log first.");
            return;
        }
        shell.inProject(
                "Fit the scaling law to " + data.size() + " runs",
                (ws, p, progress, cancel) -> {
                    AblationStudy.Fitted fit = AblationStudy.fit(data, f, exclude, rounds, s, progress, cancel);
                    HyperparameterLaws.Result h = null;
                    String why = "";
                    try {
                        h = AblationStudy.hyper(data, m);
                    } catch (InputError e) {
                        why = e.getMessage();
                    }
                    return new Fits(fit, h, why);
                },
                r -> {
                    problem.set("");
                    fitted.set(r.fit());
                    hyperProblem.set(r.hyperProblem());
                    hyper.set(r.hyper());
                    predict();
                },
                this::fail);
    }

    private record Fits(AblationStudy.Fitted fit, HyperparameterLaws.Result hyper, String hyperProblem) {}

    /** The planned run's loss (and its batch and rate) from the fitted laws. */
    public void predict() {
        AblationStudy.Fitted f = fitted.get();
        if (f == null) {
            return;
        }
        try {
            double n = TokenCount.parse("ablate.params", "Parameters", params.get());
            double d = TokenCount.parse("ablate.tokens", "Tokens", tokens.get());
            ScalingLawFit.Prediction p = f.fit().predict(n, d);
            prediction.set(p);
            problem.set("");
        } catch (InputError e) {
            fail(e);
        }
    }

    /** The compute-optimal model at the budget (FLOPs); its parameters and tokens become the planned run. */
    public void optimal() {
        AblationStudy.Fitted f = fitted.get();
        if (f == null) {
            return;
        }
        try {
            double c = Inputs.positive("ablate.flops", "Budget (FLOPs)", budget.get());
            ScalingLawFit.Allocation a = f.fit().optimal(c);
            optimal.set(a);
            params.set(compact(a.params().value()));
            tokens.set(compact(a.tokens().value()));
            predict();
        } catch (InputError e) {
            fail(e);
        }
    }

    /**
     * The best model for a budget in GPU-hours on the chosen cluster (each size planned by the training planner), as a
     * cancellable job; it becomes the planned run.
     */
    public void optimalOnCluster() {
        AblationStudy.Fitted f = fitted.get();
        if (f == null) {
            return;
        }
        ClusterOptimum.HardwareBudget budget;
        try {
            double hours = Inputs.positive("ablate.gpuHours", "GPU-hours", gpuHours.get());
            int n = Inputs.integer("ablate.gpus", "GPUs", gpus.get());
            budget = new ClusterOptimum.HardwareBudget(gpu.get(), n, Math.min(8, n), hours, 4096, 1024);
        } catch (InputError e) {
            fail(e);
            return;
        }
        shell.inProject(
                "Best model for " + gpuHours.get() + " GPU-hours",
                (ws, p, progress, cancel) -> ClusterOptimum.find(f.fit(), budget, progress, cancel),
                h -> {
                    hardware.set(h);
                    params.set(compact(h.best().params()));
                    tokens.set(compact(h.best().tokens()));
                    predict();
                },
                this::fail);
    }

    /** Sends the planned run's tokens (and the recommended batch) to Training plans and shows that area. */
    public void useInTraining() {
        ScalingLawFit.Prediction p = prediction.get();
        if (p == null) {
            return;
        }
        HyperparameterLaws.Result h = hyper.get();
        Double batch = h == null
                ? null
                : h.batchSize().recommend(6 * p.params() * p.tokens()).value();
        shell.trainingHandoffProperty()
                .set(new ShellModel.TrainingHandoff(
                        "Ablations (" + compact(p.params()) + " parameters)", p.tokens(), batch));
        shell.areaRequestProperty().set("training");
    }

    static String compact(double v) {
        return String.format(Locale.ROOT, "%.3g", v).replace("e+", "e");
    }

    private void fail(Throwable t) {
        problem.set(Failures.message(t));
        problemField.set(InputError.fieldOf(t)); // after: a new problem clears the field it marked
    }

    public ShellModel shell() {
        return shell;
    }

    public ObservableList<SavedAblationSet> sets() {
        return sets;
    }

    public ObservableList<AblationRunsFile.Run> runs() {
        return runs;
    }

    public ObjectProperty<ScheduleComparison.Result> schedulesProperty() {
        return schedules;
    }

    public StringProperty schedulesProblemProperty() {
        return schedulesProblem;
    }

    public String runsNote() {
        return runsNote;
    }

    public ObjectProperty<SavedAblationSet> chosenProperty() {
        return chosen;
    }

    public ObjectProperty<AblationStudy.Fitted> fittedProperty() {
        return fitted;
    }

    public ObjectProperty<HyperparameterLaws.Result> hyperProperty() {
        return hyper;
    }

    public StringProperty hyperProblemProperty() {
        return hyperProblem;
    }

    public ObjectProperty<ScalingLawFit.Prediction> predictionProperty() {
        return prediction;
    }

    public ObjectProperty<ScalingLawFit.Allocation> optimalProperty() {
        return optimal;
    }

    public StringProperty problemProperty() {
        return problem;
    }

    public StringProperty problemFieldProperty() {
        return problemField;
    }

    public ObjectProperty<String> formProperty() {
        return form;
    }

    public StringProperty excludeHighestProperty() {
        return excludeHighest;
    }

    public StringProperty bootstrapProperty() {
        return bootstrap;
    }

    public StringProperty seedProperty() {
        return seed;
    }

    public StringProperty paramsProperty() {
        return params;
    }

    public StringProperty tokensProperty() {
        return tokens;
    }

    public StringProperty budgetProperty() {
        return budget;
    }

    public StringProperty gpuHoursProperty() {
        return gpuHours;
    }

    public ObjectProperty<String> gpuProperty() {
        return gpu;
    }

    public StringProperty gpusProperty() {
        return gpus;
    }

    public ObjectProperty<ClusterOptimum.HardwareOptimal> hardwareProperty() {
        return hardware;
    }

    public StringProperty marginProperty() {
        return margin;
    }
}
