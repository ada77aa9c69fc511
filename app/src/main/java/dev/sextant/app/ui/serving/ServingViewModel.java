package dev.sextant.app.ui.serving;

import dev.sextant.app.Failures;
import dev.sextant.app.study.ServingStudy;
import dev.sextant.app.ui.gpu.ProfileChoices;
import dev.sextant.app.ui.planning.ModelGpuChoices;
import dev.sextant.app.ui.shell.Inputs;
import dev.sextant.app.ui.shell.ShellModel;
import dev.sextant.app.ui.shell.Staleness;
import dev.sextant.model.BadInputException;
import dev.sextant.model.InputError;
import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.hardware.GpuSpec;
import dev.sextant.model.io.ServingFiles;
import dev.sextant.model.serving.Disaggregation;
import dev.sextant.model.serving.EngineProfile;
import dev.sextant.model.serving.PrefixCaching;
import dev.sextant.model.serving.ServingAnalysis;
import dev.sextant.model.serving.ServingIntervals;
import dev.sextant.model.serving.ServingLevers;
import dev.sextant.model.serving.ServingMemory;
import dev.sextant.model.serving.ServingPlanRequest;
import dev.sextant.model.serving.ServingSpec;
import dev.sextant.model.serving.WeightFormat;
import dev.sextant.workspaces.SavedServingPlan;
import dev.sextant.workspaces.Settings;
import dev.sextant.workspaces.Workspace;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The Serving area: a replica (model, GPU, TP/PP, precisions, engine settings) whose memory plan follows every edit;
 * a workload with P99 targets, a rate, the day's traffic and the levers to weigh; the study worked out as a job
 * (goodput, latency against rate, KV over time, replicas over the day, levers); plans kept in the project.
 */
public final class ServingViewModel {

    public static final String NO_SMALL_MODEL = "none";
    /** The area of the input keys this view model marks its controls by ({@code serving.tp} is the control "tp"). */
    private static final String AREA = "serving.";
    /** A weekday's chat traffic to start from: the demo's curve. */
    static final String DEFAULT_TRAFFIC = ServingForm.DEFAULT_TRAFFIC;

    private final ShellModel shell;
    private final ModelGpuChoices choices;
    private final ServingForm form;
    private final ObjectProperty<PrefixCaching> prefix = new SimpleObjectProperty<>(this, "prefix");
    private final ObjectProperty<Disaggregation.Plan> disaggregation =
            new SimpleObjectProperty<>(this, "disaggregation");
    private final ObjectProperty<List<ServingLevers.Row>> engines = new SimpleObjectProperty<>(this, "engines");

    private final ObjectProperty<ServingMemory> memory = new SimpleObjectProperty<>(this, "memory");
    private final ObjectProperty<ServingPlanRequest> request = new SimpleObjectProperty<>(this, "request");
    private final ObjectProperty<ServingAnalysis> study = new SimpleObjectProperty<>(this, "study");
    /** Whether {@link #study} is whole: false while its levers are still being judged (shown without them). */
    private final BooleanProperty studyComplete = new SimpleBooleanProperty(this, "studyComplete", true);
    /** The use case every answer of this area comes from; the plans kept in the project go through one made per project. */
    private final ServingStudy servingStudy = new ServingStudy();

    private final StringProperty summary = new SimpleStringProperty("");
    private final StringProperty problem = new SimpleStringProperty("");
    private final StringProperty problemField = new SimpleStringProperty("");
    private final ObservableList<SavedServingPlan> saved = FXCollections.observableArrayList();
    private final ProfileChoices profiles;
    /** The study shown (headline, Latency, Day, Levers) against the inputs; Memory follows the inputs live. */
    private final Staleness staleness = new Staleness(() -> study.get() != null);

    private final Staleness disaggregationStaleness = new Staleness(() -> disaggregation.get() != null);
    private final Staleness enginesStaleness = new Staleness(() -> engines.get() != null);

    public ServingViewModel(ShellModel shell) {
        this.shell = shell;
        this.choices = new ModelGpuChoices(shell, "llama-3-8b", "h100-sxm");
        this.profiles = new ProfileChoices(shell);
        this.form = new ServingForm(choices, profiles);
        // a new problem marks its input through show(), if it names one
        problem.addListener((o, a, p) -> problemField.set(""));
        shell.currentProjectProperty().addListener((o, a, p) -> {
            forgetResults();
            reloadSaved();
        });
        staleness.watch(form.planInputs());
        disaggregationStaleness.watch(form.disaggregationInputs());
        // each engine runs at its own batch limits and memory rule: those fields do not make the comparison stale
        enginesStaleness.watch(form.engineComparisonInputs());
        form.memoryInputs().forEach(v -> v.addListener((o, a, b) -> updateMemory()));
        updateMemory();
        reloadSaved();
    }

    /** The memory plan follows the inputs at once (microseconds); a wrong input leaves the last plan and says why. */
    void updateMemory() {
        try {
            ServingMemory m = servingStudy.memory(form.readSpec());
            memory.set(m);
            if (m.fits()) {
                problem.set("");
            } else {
                show(m.doesNotFitError());
            }
            prefix.set(m.fits() ? prefixCaching(m) : null);
        } catch (IllegalArgumentException e) {
            show(e);
        }
    }

    /**
     * What the shared prefix saves at this memory plan, or null without one. The prefill saving is against the prompt
     * distribution's mean (half of max_model_len for a file of lengths, which is not read on every edit).
     */
    PrefixCaching prefixCaching(ServingMemory m) {
        int tokens = form.prefixTokens();
        double share = form.prefixShare();
        if (tokens == 0 || share == 0) {
            return null;
        }
        String spec = form.promptTokens();
        double promptMean = m.spec().maxModelLen() / 2.0;
        if (!spec.startsWith("file:")) {
            promptMean = ServingFiles.distribution("serving.promptTokens", spec).mean();
        }
        return servingStudy.prefixCaching(m, tokens, share, promptMean);
    }

    /** The form read into a spec (engine defaults for what the user left). */
    ServingSpec readSpec() {
        return form.readSpec();
    }

    /** Where the weights' bytes come from, for the line under the format: the checkpoint's quantization_config or the choice. */
    public String weightSource() {
        return form.weightSource();
    }

    void followModelDefaults() {
        form.followModelDefaults();
    }

    void followEngineDefaults() {
        form.followEngineDefaults();
    }

    /** Reads every input into a request; null (and {@link #problemProperty()} set) when one is wrong. */
    ServingPlanRequest readRequest() {
        try {
            ServingPlanRequest r = form.request();
            r.replica(); // a profile of another GPU is refused here, with the reason
            servingStudy.fittingMemory(r.spec());
            problem.set("");
            return r;
        } catch (IllegalArgumentException | BadInputException e) {
            show(e);
            return null;
        }
    }

    /** Works the plan out: goodput, latency against rate, the run at the rate, the day, the levers. Cancellable. */
    public void plan() {
        ServingPlanRequest req = readRequest();
        if (req == null) {
            return;
        }
        // the plan without its levers is shown as soon as it is worked out; a cancelled or failed run puts back what
        // was shown before, so a plan is never left half-judged
        ServingPlanRequest shownRequest = request.get();
        ServingAnalysis shownStudy = study.get();
        String shownSummary = summary.get();
        shell.jobs()
                .submit(
                        "Plan serving",
                        (progress, cancel) -> {
                            long start = System.nanoTime();
                            ServingAnalysis s = servingStudy.analyse(req, progress, cancel, firstPart -> shell.jobs()
                                    .deliver(() -> {
                                        request.set(req);
                                        studyComplete.set(false);
                                        study.set(firstPart);
                                        summary.set(describe(
                                                        req,
                                                        firstPart,
                                                        shell.home().settings()) + " (judging the levers…)");
                                        staleness.fresh();
                                    }));
                            return new Worked(s, (System.nanoTime() - start) / 1e9);
                        },
                        done -> {
                            request.set(req);
                            studyComplete.set(true);
                            study.set(done.study());
                            summary.set(describe(req, done.study(), shell.home().settings())
                                    + String.format(" (worked out in %.1f s)", done.seconds()));
                            staleness.fresh();
                        },
                        e -> {
                            if (!studyComplete.get()) {
                                studyComplete.set(true);
                                request.set(shownRequest);
                                study.set(shownStudy);
                                summary.set(shownSummary);
                            }
                            show(e);
                        });
    }

    private record Worked(ServingAnalysis study, double seconds) {}

    /**
     * Compares the replica on the form (aggregated) with disaggregated prefill and decode pools of it on the same workload
     * and targets; blank prefill/decode TPs are searched over 1, 2, 4, 8, a blank KV link is the default. Cancellable.
     */
    public void compareDisaggregated() {
        ServingPlanRequest req = readRequest();
        if (req == null) {
            return;
        }
        Disaggregation.Choices choices;
        try {
            choices = form.disaggregationChoices(req.spec());
        } catch (IllegalArgumentException e) {
            show(e);
            return;
        }
        shell.jobs()
                .submit(
                        "Compare disaggregated serving",
                        (progress, cancel) -> servingStudy.disaggregation(req, choices, progress, cancel),
                        done -> {
                            disaggregation.set(done);
                            problem.set("");
                            disaggregationStaleness.fresh();
                        },
                        this::show);
    }

    /**
     * The replica on the form under every serving engine at its own defaults (batch limits, memory rule, chunked
     * prefill), on the same workload and targets ({@link dev.sextant.model.serving.EngineComparison}). Cancellable.
     */
    public void compareEngines() {
        ServingPlanRequest req = readRequest();
        if (req == null) {
            return;
        }
        shell.jobs()
                .submit(
                        "Compare serving engines",
                        (progress, cancel) -> servingStudy.engines(req, progress, cancel),
                        done -> {
                            engines.set(List.copyOf(done));
                            problem.set("");
                            enginesStaleness.fresh();
                        },
                        this::show);
    }

    /** The last comparison of the engines, one row per engine (vLLM first), or null. */
    public ObjectProperty<List<ServingLevers.Row>> enginesProperty() {
        return engines;
    }

    /** Whether the inputs changed since the engines were compared. */
    public BooleanProperty enginesStaleProperty() {
        return enginesStaleness.staleProperty();
    }

    /** Whether the inputs changed since the comparison shown was worked out. */
    public BooleanProperty disaggregationStaleProperty() {
        return disaggregationStaleness.staleProperty();
    }

    /** The last comparison of aggregated and disaggregated serving, or null. */
    public ObjectProperty<Disaggregation.Plan> disaggregationProperty() {
        return disaggregation;
    }

    /** A study in one line: what one replica serves within the targets, and what the day takes. */
    static String describe(ServingPlanRequest r, ServingAnalysis s, Settings money) {
        ServingSpec spec = r.spec();
        double[] range = ServingIntervals.DEFAULT.throughput().around(s.goodputPerReplica());
        String head = String.format(
                "One replica (%d × %s, %s, %s) serves %.2f requests/s (80 %% interval %.2f–%.2f from held-out published runs) "
                        + "within P99 TTFT ≤ %s s and TPOT ≤ %s s",
                spec.tp() * spec.pp(),
                spec.gpu().name(),
                spec.weights().slug(),
                EngineProfile.of(r.engine()).name(),
                s.goodputPerReplica(),
                range[0],
                range[1],
                Inputs.compact(r.sloTtft()),
                Inputs.compact(r.sloTpot()));
        if (s.day() == null) {
            return head + ". Step latency: " + s.latencySource() + ".";
        }
        String cost = r.pricePerGpuHour() > 0
                ? String.format(
                        ", %s a day (fixed at the peak: %s)",
                        money.money("%,.0f", s.day().costPerDay()),
                        money.money("%,.0f", s.day().fixedCostPerDay()))
                : "";
        return head
                + String.format(
                        "; the day peaks at %d replicas and takes %,.0f GPU-hours autoscaled%s. Step latency: %s.",
                        s.day().peakReplicas(), s.day().gpuHours(), cost, s.latencySource());
    }

    public void reloadSaved() {
        if (!shell.inProject(
                "Load serving plans",
                (ws, p, progress, cancel) -> new ServingStudy(ws, p.id()).kept(),
                saved::setAll,
                null)) {
            saved.clear();
        }
    }

    /** Keeps the worked-out plan in the project under {@code name}. */
    public void save(String name) {
        ServingPlanRequest r = request.get();
        ServingAnalysis s = study.get();
        if (r == null || s == null) {
            return;
        }
        shell.inProject(
                "Save serving plan",
                (ws, p, progress, cancel) -> new ServingStudy(ws, p.id()).keep(name, r, s),
                id -> {
                    shell.statusProperty().set("Saved serving plan “" + name + "”");
                    reloadSaved();
                },
                null);
    }

    public void delete(SavedServingPlan s) {
        Workspace ws = shell.workspaceProperty().get();
        if (ws == null) {
            return;
        }
        shell.jobs()
                .submit(
                        "Delete serving plan",
                        (progress, cancel) -> {
                            new ServingStudy(ws, s.projectId()).delete(s.id());
                            return null;
                        },
                        x -> reloadSaved());
    }

    /** Shows a kept plan: its inputs back in the form, its study in the charts. */
    public void open(SavedServingPlan s) {
        ServingPlanRequest r = s.request();
        form.fill(r);
        request.set(r);
        study.set(s.study());
        summary.set("Kept plan “" + s.name() + "”: "
                + describe(r, s.study(), shell.home().settings()));
        staleness.fresh();
    }

    /**
     * On a project switch the worked-out study goes (it may rest on the last project's calibration profile or be one of
     * its kept plans); the inputs stay, so Plan serving works it out again here.
     */
    private void forgetResults() {
        disaggregation.set(null);
        engines.set(null);
        request.set(null);
        study.set(null);
        summary.set("");
        problem.set("");
        staleness.fresh();
    }

    /** True while the shown study no longer matches the inputs (the view offers Re-run). */
    public BooleanProperty staleProperty() {
        return staleness.staleProperty();
    }

    /** Reads a traffic CSV file into the traffic text; its problems are reported with file and line. */
    public void loadTraffic(Path csv) {
        shell.jobs()
                .submit(
                        "Load " + csv.getFileName(),
                        (progress, cancel) -> ServingFiles.trafficCsv(ServingFiles.traffic(csv)),
                        form.traffic()::set,
                        e -> problem.set(Failures.message(e)));
    }

    public void importModel(Path configJson) {
        choices.importModel(configJson);
    }

    public void importGpu(Path json) {
        choices.importGpu(json);
    }

    public ShellModel shell() {
        return shell;
    }

    /** What the step latency's rates come from: catalog defaults or a calibration profile of the project. */
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

    public ObservableList<GpuSpec> gpuChoices() {
        return choices.gpus();
    }

    public ObjectProperty<ModelArchitecture> modelProperty() {
        return form.model();
    }

    public ObjectProperty<GpuSpec> gpuProperty() {
        return form.gpu();
    }

    public ObjectProperty<WeightFormat> weightsProperty() {
        return form.weights();
    }

    /** The serving engine's id (vllm, vllm-v0, sglang, trtllm, lmdeploy): its host costs, CUDA graphs and attention kernels. */
    public ObjectProperty<String> engineProperty() {
        return form.engine();
    }

    public ObjectProperty<String> kvDtypeProperty() {
        return form.kvDtype();
    }

    public ObjectProperty<ModelArchitecture> smallModelProperty() {
        return form.smallModel();
    }

    /** The text inputs by key, as {@link #problemFieldProperty()} names them. */
    public Map<String, StringProperty> textInputs() {
        return form.textInputs();
    }

    /** What prefix caching saves at the current memory plan, or null. */
    public ObjectProperty<PrefixCaching> prefixProperty() {
        return prefix;
    }

    public ObjectProperty<ServingMemory> memoryProperty() {
        return memory;
    }

    public ObjectProperty<ServingPlanRequest> requestProperty() {
        return request;
    }

    public ObjectProperty<ServingAnalysis> studyProperty() {
        return study;
    }

    /** False while the study shown is still having its levers judged. */
    public ReadOnlyBooleanProperty studyCompleteProperty() {
        return studyComplete;
    }

    public StringProperty summaryProperty() {
        return summary;
    }

    public StringProperty problemProperty() {
        return problem;
    }

    /**
     * The input the current problem is about, or empty: the {@link InputError} key without its {@code serving.} area
     * ("tp", "prefixShare", …), as {@link #textInputs()} names the inputs.
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

    public ObservableList<SavedServingPlan> saved() {
        return saved;
    }
}
