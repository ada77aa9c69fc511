package dev.sextant.app.ui.training;

import dev.sextant.app.Failures;
import dev.sextant.app.study.TrainingStudy;
import dev.sextant.app.ui.gpu.ProfileChoices;
import dev.sextant.app.ui.planning.ModelGpuChoices;
import dev.sextant.app.ui.shell.Inputs;
import dev.sextant.app.ui.shell.ShellModel;
import dev.sextant.app.ui.shell.Staleness;
import dev.sextant.model.InputError;
import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.hardware.GpuSpec;
import dev.sextant.model.io.MeasuredRunFile;
import dev.sextant.model.training.FaultTolerance;
import dev.sextant.model.training.LayoutVerdict;
import dev.sextant.model.training.MoeDispatcher;
import dev.sextant.model.training.Sensitivity;
import dev.sextant.model.training.SoftwareStack;
import dev.sextant.model.training.TrainingPlan;
import dev.sextant.model.training.TrainingRequest;
import dev.sextant.model.training.validation.PredictionIntervals;
import dev.sextant.workspaces.SavedTrainingPlan;
import dev.sextant.workspaces.Workspace;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.stream.Stream;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.beans.value.ObservableValue;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The Training area: a model on a cluster, the layout search and its ranked plans, the chosen plan's memory,
 * communication, pipeline and sensitivity, its fault tolerance, and the plans kept in the project. Searches run as jobs.
 */
public final class TrainingViewModel {

    public static final String ANY = TrainingForm.ANY;
    /** The area of the input keys this view model marks its controls by ({@code training.tp} is the control "tp"). */
    private static final String AREA = "training.";

    private final ShellModel shell;
    private final ModelGpuChoices choices;
    private final ObjectProperty<ModelArchitecture> model;
    private final ObjectProperty<GpuSpec> gpu;
    private final TrainingForm form;

    private final StringProperty failuresPerGpuDay =
            new SimpleStringProperty(Inputs.compact(FaultTolerance.Spec.LLAMA3_FAILURES_PER_GPU_DAY));
    private final StringProperty storageGBs = new SimpleStringProperty("100");
    private final StringProperty restartSeconds = new SimpleStringProperty("600");
    private final BooleanProperty asyncCheckpoints = new SimpleBooleanProperty(false);

    private final ObservableList<TrainingPlan> plans = FXCollections.observableArrayList();
    private final ObjectProperty<TrainingPlan> selected = new SimpleObjectProperty<>(this, "selected");
    private final ObjectProperty<TrainingRequest> request = new SimpleObjectProperty<>(this, "request");
    private final ObjectProperty<Sensitivity> sensitivity = new SimpleObjectProperty<>(this, "sensitivity");
    private final ObjectProperty<FaultTolerance> faults = new SimpleObjectProperty<>(this, "faults");
    private final StringProperty summary = new SimpleStringProperty("");
    /** Above the layouts: how many of the best the model cannot rank within its prediction interval ("" when one). */
    private final StringProperty indistinguishable = new SimpleStringProperty("");

    private final StringProperty problem = new SimpleStringProperty("");
    private final StringProperty problemField = new SimpleStringProperty("");
    private final ObservableList<SavedTrainingPlan> saved = FXCollections.observableArrayList();
    private final ProfileChoices profiles;
    /** The layouts shown against the inputs they were searched for (the checkpoint figures follow their inputs live). */
    private final Staleness staleness = new Staleness(() -> request.get() != null);

    public TrainingViewModel(ShellModel shell) {
        this.shell = shell;
        this.choices = new ModelGpuChoices(shell, "llama-3-70b", "h100-sxm");
        this.model = choices.modelProperty();
        this.gpu = choices.gpuProperty();
        this.profiles = new ProfileChoices(shell);
        this.form = new TrainingForm(choices);
        // a new problem marks its input through show(), if it names one
        problem.addListener((o, a, b) -> problemField.set(""));
        shell.trainingHandoffProperty().addListener((o, a, h) -> take(h));
        take(shell.trainingHandoffProperty().get());
        shell.currentProjectProperty().addListener((o, a, p) -> {
            forgetResults();
            reloadSaved(null);
        });
        List<ObservableValue<?>> searched = new ArrayList<>(form.inputs());
        searched.add(profiles.chosenProperty());
        staleness.watch(searched);
        selected.addListener((o, a, p) -> updateFaults());
        for (StringProperty s : new StringProperty[] {failuresPerGpuDay, storageGBs, restartSeconds}) {
            s.addListener((o, a, b) -> updateFaults());
        }
        asyncCheckpoints.addListener((o, a, b) -> updateFaults());
        reloadSaved(null);
    }

    /** Reads the inputs into a request; null (and {@link #problemProperty()} set) when one is wrong. */
    TrainingRequest readRequest() {
        try {
            TrainingRequest req = form.request();
            problem.set("");
            return req;
        } catch (IllegalArgumentException e) {
            show(e);
            return null;
        }
    }

    /** Searches every layout (keeping what is fixed), then how the best step time moves with TP and the micro-batch. */
    public void search() {
        TrainingRequest req = readRequest();
        if (req == null) {
            return;
        }
        var profile = profiles.calibration();
        try {
            // a profile of another GPU is refused before the search, at its input
            TrainingStudy.efficiency(req, profile);
        } catch (IllegalArgumentException e) {
            show(e);
            return;
        }
        shell.jobs()
                .submit(
                        "Search training layouts",
                        (progress, cancel) -> new TrainingStudy().search(req, profile, progress, cancel),
                        done -> {
                            request.set(req);
                            staleness.fresh();
                            plans.setAll(done.plans());
                            rankingBand = Math.exp(done.interval().ranking()) - 1;
                            sensitivity.set(done.sensitivity());
                            selected.set(plans.isEmpty() ? null : plans.get(0));
                            if (plans.isEmpty()) {
                                show(done.problem());
                                summary.set("");
                                indistinguishable.set("");
                            } else {
                                String why = LayoutVerdict.sentence(plans, TrainingViewModel::layout);
                                summary.set(String.format(
                                        "%,d layouts searched in %.2f s, %,d valid; %d best that fit shown. Best: %s. %s%s",
                                        done.searched(),
                                        done.seconds(),
                                        done.valid(),
                                        plans.size(),
                                        describe(plans.get(0)),
                                        range(done.interval(), plans.get(0)),
                                        why == null ? "" : " " + why));
                                indistinguishable.set(notes(done, plans.size()));
                            }
                        });
    }

    /**
     * Searches the layouts with the planner calibrated by runs measured on a small cluster ({@code file}: a CSV or a
     * Megatron-LM log), and says the correction, the calibrated interval, what changes from the measured layout and
     * what the runs settle.
     */
    public void calibrateFrom(Path file) {
        TrainingRequest req = readRequest();
        if (req == null) {
            return;
        }
        var profile = profiles.calibration();
        shell.jobs()
                .submit(
                        "Calibrate from " + file.getFileName(),
                        (progress, cancel) -> {
                            var runs = MeasuredRunFile.read(file);
                            progress.progress(-1, "planning the measured layouts and this cluster");
                            return new TrainingStudy().calibrated(req, profile, runs, cancel);
                        },
                        c -> {
                            request.set(req);
                            staleness.fresh();
                            TrainingStudy.Plans done = c.plans();
                            plans.setAll(done.plans());
                            rankingBand = Math.exp(done.interval().ranking()) - 1;
                            sensitivity.set(null);
                            selected.set(plans.isEmpty() ? null : plans.get(0));
                            TrainingPlan best = plans.get(0);
                            double perGpu = best.tokensPerSecond() / req.gpus();
                            StringBuilder b = new StringBuilder(String.format(
                                    Locale.ROOT,
                                    "Calibrated from %s: kernels × %.2f of the planner's. Best: %s, %,.0f "
                                            + "tokens/s per GPU (%,.0f–%,.0f, 80 %%) against %,.0f uncalibrated.",
                                    file.getFileName(),
                                    c.factor(),
                                    describe(best),
                                    perGpu,
                                    perGpu * Math.exp(-c.halfWidth()),
                                    perGpu * Math.exp(c.halfWidth()),
                                    c.uncalibratedBest().tokensPerSecond() / req.gpus()));
                            for (var m : c.measured()) {
                                b.append(String.format(
                                        Locale.ROOT,
                                        " Measured %s on %d GPUs: %,.0f tokens/s per GPU against the planner's %,.0f.",
                                        m.run().layout(),
                                        m.run().gpus(),
                                        m.run().tokensPerGpuPerSecond(),
                                        m.plannedTokens()));
                                m.notes().forEach(n -> b.append(' ')
                                        .append(Character.toUpperCase(n.charAt(0)))
                                        .append(n.substring(1))
                                        .append('.'));
                            }
                            summary.set(b.toString());
                            List<String> more = new ArrayList<>(c.changes());
                            more.addAll(c.settled());
                            indistinguishable.set(String.join(
                                            "; ",
                                            more.stream()
                                                    .map(x -> Character.toUpperCase(x.charAt(0)) + x.substring(1))
                                                    .toList())
                                    + ".");
                        },
                        this::show);
    }

    /** The degrees of a layout in one cell, e.g. "TP4 PP2 DP8 v2" ({@link dev.sextant.model.training.TrainingLayout#degrees}). */
    public static String layout(TrainingPlan p) {
        return p.layout().degrees();
    }

    public static String describe(TrainingPlan p) {
        var l = p.layout();
        String recompute = "none".equals(l.recompute().slug())
                ? "no recompute"
                : l.recompute().slug() + " recompute";
        return String.format(
                "%s, micro-batch %d, %s: %.2f s per step, MFU %.1f%%, limited by %s",
                layout(p), l.microBatch(), recompute, p.stepTimeSeconds(), 100 * p.mfu(), p.bottleneck());
    }

    /**
     * A plan's prediction interval in words, e.g. "80 % interval: 1.10–1.60 s per step, 30–41 days (dense · Hopper, 49
     * runs from 5 sources; 71 % of them held out fell inside)".
     */
    public static String range(PredictionIntervals.Interval i, TrainingPlan p) {
        PredictionIntervals.PlanRange r = i.range(p);
        double[] step = r.stepSeconds();
        double[] days = r.days();
        return String.format(
                Locale.ROOT,
                "%.0f %% interval: %.3g–%.3g s per step%s%s (from %s; %.0f %% of those runs held out fell inside theirs)",
                100 * i.level(),
                step[0],
                step[1],
                days == null ? "" : String.format(Locale.ROOT, ", %,.0f–%,.0f days", days[0], days[1]),
                r.cappedAtPeak() ? ", the fast end held at the GPU's peak" : "",
                i.basisText(),
                100 * i.coverage());
    }

    /** The notes above the layouts: which of the best cannot be told apart, and the best against a published measurement. */
    static String notes(TrainingStudy.Plans done, int shown) {
        String a = indistinguishable(done.interval(), done.indistinguishable(), shown);
        String b = done.published() == null
                ? ""
                : done.published().sentence(done.interval().level());
        String c = done.network() == null ? "" : done.network().sentence("type your cluster's figure in Network Gb/s");
        return String.join("\n", Stream.of(a, b, c).filter(x -> !x.isEmpty()).toList());
    }

    /** The note above the {@code shown} layouts when the best {@code k} are within the interval of the best; "" when {@code k} ≤ 1. */
    static String indistinguishable(PredictionIntervals.Interval i, int k, int shown) {
        return k <= 1
                ? ""
                : String.format(
                        Locale.ROOT,
                        "The best %d layouts%s are within ±%.0f %% of the best step time: on pairs of published "
                                + "runs of one setup, the planner's errors differ by that much in %.0f %% of cases, so it cannot rank them among themselves, "
                                + "and their differences are unmeasured.",
                        k,
                        k == shown ? " (every one shown)" : "",
                        100 * (Math.exp(i.ranking()) - 1),
                        100 * i.level());
    }

    public void importGpu(Path json) {
        choices.importGpu(json);
    }

    public ObservableList<GpuSpec> gpuChoices() {
        return choices.gpus();
    }

    public void importModel(Path configJson) {
        choices.importModel(configJson);
    }

    private void updateFaults() {
        TrainingPlan p = selected.get();
        TrainingRequest r = request.get();
        if (p == null || r == null) {
            faults.set(null);
            return;
        }
        try {
            FaultTolerance.Spec spec = new FaultTolerance.Spec(
                    Inputs.positive("training.failures", "Failures per GPU-day", failuresPerGpuDay.get()),
                    Inputs.positive("training.storage", "Storage GB/s", storageGBs.get()),
                    Inputs.number("training.restartSeconds", "Restart after a failure", restartSeconds.get()),
                    asyncCheckpoints.get());
            faults.set(FaultTolerance.of(r.model(), r.gpus(), p.trainingDays(), spec));
            problem.set("");
        } catch (IllegalArgumentException e) {
            show(e);
            faults.set(null);
        }
    }

    public void reloadSaved(UUID select) {
        if (!shell.inProject(
                "Load training plans",
                (ws, p, progress, cancel) -> new TrainingStudy(ws, p.id()).kept(),
                saved::setAll,
                null)) {
            saved.clear();
        }
    }

    /** Keeps the selected plan in the project under {@code name}. */
    public void save(String name) {
        TrainingPlan plan = selected.get();
        TrainingRequest r = request.get();
        FaultTolerance f = faults.get();
        if (plan == null || r == null) {
            return;
        }
        FaultTolerance.Spec spec = f == null ? FaultTolerance.Spec.defaults() : f.spec();
        shell.inProject(
                "Save training plan",
                (ws, p, progress, cancel) -> new TrainingStudy(ws, p.id()).keep(name, r, plan, spec),
                id -> {
                    shell.statusProperty().set("Saved training plan “" + name + "”");
                    reloadSaved(id);
                },
                null);
    }

    public void delete(SavedTrainingPlan s) {
        Workspace ws = shell.workspaceProperty().get();
        if (ws == null) {
            return;
        }
        shell.jobs()
                .submit(
                        "Delete training plan",
                        (progress, cancel) -> {
                            new TrainingStudy(ws, s.projectId()).delete(s.id());
                            return null;
                        },
                        x -> reloadSaved(null));
    }

    /** Shows a kept plan: its request's inputs back in the form, its plan as the only row. */
    public void open(SavedTrainingPlan s) {
        TrainingRequest r = s.request();
        form.fill(r);
        FaultTolerance.Spec f = s.faults();
        failuresPerGpuDay.set(Inputs.compact(f.failuresPerGpuDay()));
        storageGBs.set(Inputs.compact(f.storageGBs()));
        restartSeconds.set(Inputs.compact(f.restartSeconds()));
        asyncCheckpoints.set(f.async());
        request.set(r);
        sensitivity.set(null);
        plans.setAll(s.plan());
        selected.set(s.plan());
        String kept = "Kept plan “" + s.name() + "”: " + describe(s.plan()) + ".";
        summary.set(kept);
        // the interval once the intervals are worked out (at start-up, in the background): the screen never waits
        TrainingStudy.intervalsReady().thenRun(() -> shell.jobs().deliver(() -> {
            if (request.get() == r && summary.get().equals(kept)) {
                summary.set(kept + " " + range(TrainingStudy.interval(r), s.plan()));
            }
        }));
        indistinguishable.set("");
        staleness.fresh();
    }

    /**
     * On a project switch the layouts shown go (they may be the last project's kept plan or rest on its calibration
     * profile); the inputs stay, so Search works them out again here.
     */
    private void forgetResults() {
        request.set(null);
        plans.clear();
        selected.set(null);
        sensitivity.set(null);
        summary.set("");
        indistinguishable.set("");
        problem.set("");
        staleness.fresh();
    }

    /** True while the layouts shown no longer match the inputs (the view offers Re-run). */
    public BooleanProperty staleProperty() {
        return staleness.staleProperty();
    }

    /** The form: the cluster, the batch and what the user fixed of the layout. */
    public TrainingForm form() {
        return form;
    }

    public ShellModel shell() {
        return shell;
    }

    /** What the search's rates come from: catalog defaults or a calibration profile of the project. */
    public ProfileChoices profiles() {
        return profiles;
    }

    public ObservableList<ModelArchitecture> models() {
        return choices.models();
    }

    /** The model and GPU choices, with their combo boxes and imports. */
    public ModelGpuChoices choices() {
        return choices;
    }

    public ObjectProperty<ModelArchitecture> modelProperty() {
        return model;
    }

    public ObjectProperty<GpuSpec> gpuProperty() {
        return gpu;
    }

    /** A token budget (and batch) sent from another area, taken into the form. */
    private void take(ShellModel.TrainingHandoff h) {
        if (h == null) {
            return;
        }
        shell.trainingHandoffProperty().set(null);
        form.tokensProperty().set(Inputs.compact(Double.parseDouble(String.format(Locale.ROOT, "%.3g", h.tokens()))));
        String batch = "";
        if (h.batchTokens() != null) {
            int seq = 0;
            try {
                seq = Integer.parseInt(form.seqLenProperty().get().strip());
            } catch (NumberFormatException e) {
                // a sequence length not yet valid: the batch stays as it was
            }
            if (seq > 0) {
                long sequences = Math.max(1, Math.round(h.batchTokens() / seq));
                form.globalBatchProperty().set(Long.toString(sequences));
                batch = String.format(
                        Locale.ROOT,
                        " and a global batch of %,d sequences (%.3g tokens at %,d a sequence)",
                        sequences,
                        h.batchTokens(),
                        seq);
            }
        }
        shell.statusProperty()
                .set("Token budget " + form.tokensProperty().get() + batch + " taken from " + h.from()
                        + "; choose the model and cluster, then Plan.");
    }

    /** The MoE dispatcher ids the form offers. */
    public static List<String> dispatchers() {
        return Arrays.stream(MoeDispatcher.values()).map(MoeDispatcher::id).toList();
    }

    /** The stack ids the form offers. */
    public static List<String> stacks() {
        return Arrays.stream(SoftwareStack.values()).map(SoftwareStack::id).toList();
    }

    public StringProperty failuresPerGpuDayProperty() {
        return failuresPerGpuDay;
    }

    public StringProperty storageGBsProperty() {
        return storageGBs;
    }

    public StringProperty restartSecondsProperty() {
        return restartSeconds;
    }

    public BooleanProperty asyncCheckpointsProperty() {
        return asyncCheckpoints;
    }

    public ObservableList<TrainingPlan> plans() {
        return plans;
    }

    public ObjectProperty<TrainingPlan> selectedProperty() {
        return selected;
    }

    public ObjectProperty<TrainingRequest> requestProperty() {
        return request;
    }

    public ObjectProperty<Sensitivity> sensitivityProperty() {
        return sensitivity;
    }

    /** Within this share above the best step time the planner cannot rank layouts (its paired error, at the interval's level). */
    private volatile double rankingBand;

    public double rankingBand() {
        return rankingBand;
    }

    public ObjectProperty<FaultTolerance> faultsProperty() {
        return faults;
    }

    public StringProperty summaryProperty() {
        return summary;
    }

    public StringProperty indistinguishableProperty() {
        return indistinguishable;
    }

    public StringProperty problemProperty() {
        return problem;
    }

    /**
     * The input the current problem is about, or empty: the {@link InputError} key without its {@code training.}
     * area ("gpus", "tp", "globalBatch", …), as the view's controls are keyed.
     */
    public StringProperty problemFieldProperty() {
        return problemField;
    }

    /** Says what is wrong and marks the input it is about, when it is one of this area's. */
    private void show(Throwable e) {
        problem.set(Failures.message(e));
        String key = InputError.fieldOf(e);
        problemField.set(key.startsWith(AREA) ? key.substring(AREA.length()) : "");
    }

    public ObservableList<SavedTrainingPlan> saved() {
        return saved;
    }
}
