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
import dev.sextant.model.serving.BatchingSimulator;
import dev.sextant.model.serving.Capacity;
import dev.sextant.model.serving.DemoServingData;
import dev.sextant.model.serving.Disaggregation;
import dev.sextant.model.serving.EngineProfile;
import dev.sextant.model.serving.PrefixCaching;
import dev.sextant.model.serving.ServingAnalysis;
import dev.sextant.model.serving.ServingIntervals;
import dev.sextant.model.serving.ServingLevers;
import dev.sextant.model.serving.ServingMemory;
import dev.sextant.model.serving.ServingPlanRequest;
import dev.sextant.model.serving.ServingSpec;
import dev.sextant.model.serving.ServingSpecBuilder;
import dev.sextant.model.serving.WeightFormat;
import dev.sextant.model.serving.WeightStorage;
import dev.sextant.workspaces.SavedServingPlan;
import dev.sextant.workspaces.Settings;
import dev.sextant.workspaces.Workspace;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.beans.value.ObservableValue;
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
    static final String DEFAULT_TRAFFIC =
            ServingFiles.trafficCsv(DemoServingData.request().traffic());

    private final ShellModel shell;
    private final ModelGpuChoices choices;
    private final ObjectProperty<ModelArchitecture> model;
    private final ObjectProperty<GpuSpec> gpu;
    private final ObjectProperty<WeightFormat> weights = new SimpleObjectProperty<>(this, "weights", WeightFormat.BF16);
    private final ObjectProperty<String> kvDtype = new SimpleObjectProperty<>(this, "kvDtype", "auto");
    private final ObjectProperty<String> engine = new SimpleObjectProperty<>(this, "engine", "vllm");
    private final StringProperty tp = new SimpleStringProperty("1");
    private final StringProperty pp = new SimpleStringProperty("1");
    private final StringProperty ep = new SimpleStringProperty("1");
    private final StringProperty maxModelLen = new SimpleStringProperty("8192");
    private final StringProperty maxNumSeqs = new SimpleStringProperty("1024");
    private final StringProperty maxNumBatchedTokens = new SimpleStringProperty("8192");
    private final StringProperty gpuMemoryUtilization = new SimpleStringProperty("0.9");
    private final StringProperty blockSize = new SimpleStringProperty("16");
    private final StringProperty gpuMemoryGib = new SimpleStringProperty("");
    private final StringProperty activationPeakGib = new SimpleStringProperty("");
    private final StringProperty overheadGib = new SimpleStringProperty("");
    private final StringProperty promptTokens = new SimpleStringProperty("lognormal:1000:500");
    private final StringProperty outputTokens = new SimpleStringProperty("lognormal:200:100");
    private final StringProperty sloTtft = new SimpleStringProperty("1");
    private final StringProperty sloTpot = new SimpleStringProperty("0.05");
    private final StringProperty rate = new SimpleStringProperty("4");
    private final StringProperty seed = new SimpleStringProperty("1");
    private final StringProperty traffic = new SimpleStringProperty(DEFAULT_TRAFFIC);
    private final StringProperty headroom = new SimpleStringProperty("0.2");
    private final StringProperty scaleUpMinutes = new SimpleStringProperty("10");
    private final StringProperty price = new SimpleStringProperty("2.5");
    private final StringProperty specAcceptance = new SimpleStringProperty("0.7");
    private final StringProperty specTokens = new SimpleStringProperty("4");
    private final StringProperty specCost = new SimpleStringProperty("0.05");
    private final ObjectProperty<ModelArchitecture> smallModel = new SimpleObjectProperty<>(this, "smallModel");
    private final StringProperty smallShare = new SimpleStringProperty("0.3");
    private final StringProperty prefixTokens = new SimpleStringProperty("0");
    private final StringProperty prefixShare = new SimpleStringProperty("0");
    private final ObjectProperty<PrefixCaching> prefix = new SimpleObjectProperty<>(this, "prefix");
    private final StringProperty prefillTp = new SimpleStringProperty("");
    private final StringProperty decodeTp = new SimpleStringProperty("");
    private final StringProperty prefillEp = new SimpleStringProperty("");
    private final StringProperty decodeEp = new SimpleStringProperty("");
    private final StringProperty kvLinkGbs = new SimpleStringProperty("");
    private final StringProperty prefillBudget = new SimpleStringProperty("");
    private final StringProperty decodeSeqs = new SimpleStringProperty("");
    private final ObjectProperty<Disaggregation.Plan> disaggregation =
            new SimpleObjectProperty<>(this, "disaggregation");
    private final ObjectProperty<List<ServingLevers.Row>> engines = new SimpleObjectProperty<>(this, "engines");

    private final ObjectProperty<ServingMemory> memory = new SimpleObjectProperty<>(this, "memory");
    private final ObjectProperty<ServingPlanRequest> request = new SimpleObjectProperty<>(this, "request");
    private final ObjectProperty<ServingAnalysis> study = new SimpleObjectProperty<>(this, "study");
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
        this.model = choices.modelProperty();
        this.gpu = choices.gpuProperty();
        this.profiles = new ProfileChoices(shell);
        // a new problem marks its input through show(), if it names one
        problem.addListener((o, a, b) -> problemField.set(""));
        // a checkpoint that states its own quantization plans in it unless the user picks another format
        model.addListener((o, a, m) -> choices.checkpointWeights(m).ifPresent(w -> weights.set(w.format())));
        shell.currentProjectProperty().addListener((o, a, p) -> {
            forgetResults();
            reloadSaved();
        });
        staleness.watch(List.of(
                model,
                gpu,
                weights,
                kvDtype,
                engine,
                tp,
                pp,
                ep,
                maxModelLen,
                maxNumSeqs,
                maxNumBatchedTokens,
                gpuMemoryUtilization,
                blockSize,
                gpuMemoryGib,
                activationPeakGib,
                overheadGib,
                promptTokens,
                outputTokens,
                sloTtft,
                sloTpot,
                rate,
                seed,
                traffic,
                headroom,
                scaleUpMinutes,
                price,
                specAcceptance,
                specTokens,
                specCost,
                smallModel,
                smallShare,
                prefixTokens,
                prefixShare,
                profiles.chosenProperty()));
        disaggregationStaleness.watch(List.of(
                model,
                gpu,
                weights,
                kvDtype,
                engine,
                tp,
                pp,
                ep,
                maxModelLen,
                maxNumSeqs,
                maxNumBatchedTokens,
                gpuMemoryUtilization,
                blockSize,
                gpuMemoryGib,
                activationPeakGib,
                overheadGib,
                promptTokens,
                outputTokens,
                sloTtft,
                sloTpot,
                seed,
                price,
                profiles.chosenProperty(),
                prefillTp,
                decodeTp,
                prefillEp,
                decodeEp,
                kvLinkGbs,
                prefillBudget,
                decodeSeqs));
        // each engine runs at its own batch limits and memory rule: those fields do not make the comparison stale
        enginesStaleness.watch(List.of(
                model,
                gpu,
                weights,
                kvDtype,
                tp,
                ep,
                maxModelLen,
                gpuMemoryGib,
                promptTokens,
                outputTokens,
                sloTtft,
                sloTpot,
                seed,
                price,
                profiles.chosenProperty()));
        // the longest request follows the model, the engine's defaults the engine, the GPU and that length, as the
        // CLI's do, in the fields the user has not edited
        model.addListener((o, a, m) -> followModelDefaults());
        followModelDefaults();
        List.<ObservableValue<?>>of(engine, gpu, maxModelLen)
                .forEach(v -> v.addListener((o, a, b) -> followEngineDefaults()));
        followEngineDefaults();
        List<ObservableValue<?>> memoryInputs = List.of(
                model,
                gpu,
                weights,
                kvDtype,
                engine,
                tp,
                pp,
                ep,
                maxModelLen,
                maxNumSeqs,
                maxNumBatchedTokens,
                gpuMemoryUtilization,
                blockSize,
                gpuMemoryGib,
                activationPeakGib,
                overheadGib,
                prefixTokens,
                prefixShare,
                promptTokens);
        memoryInputs.forEach(v -> v.addListener((o, a, b) -> updateMemory()));
        updateMemory();
        reloadSaved();
    }

    /** The longest request last filled in from the model ({@link ServingSpecBuilder#maxModelLen}). */
    private String modelLenDefault = "8192";

    /** Fills the model's default longest request into the field when it still holds the previous default. */
    void followModelDefaults() {
        if (model.get() == null) {
            return;
        }
        String now = String.valueOf(ServingSpecBuilder.maxModelLen(model.get()));
        if (maxModelLen.get().strip().equals(modelLenDefault)) {
            maxModelLen.set(now);
        }
        modelLenDefault = now;
    }

    /** The batch limits and memory setting last filled in from the engine's defaults: {seqs, tokens, memory share}. */
    private String[] engineDefaults = {"1024", "8192", "0.9"};

    /**
     * Fills the engine's batch limits and memory setting for the chosen engine, GPU and length into the fields that
     * still hold the previous defaults; a value the user typed stays.
     */
    void followEngineDefaults() {
        if (engine.get() == null || gpu.get() == null) {
            return;
        }
        EngineProfile e = EngineProfile.of(engine.get());
        int len;
        try {
            len = Integer.parseInt(maxModelLen.get().strip());
        } catch (NumberFormatException x) {
            len = 8192;
        }
        String[] now = {
            String.valueOf(e.defaultMaxNumSeqs(gpu.get())),
            String.valueOf(e.defaultMaxNumBatchedTokens(gpu.get(), len)),
            Inputs.compact(e.defaultMemoryShare())
        };
        List<StringProperty> fields = List.of(maxNumSeqs, maxNumBatchedTokens, gpuMemoryUtilization);
        for (int i = 0; i < now.length; i++) {
            if (fields.get(i).get().strip().equals(engineDefaults[i])) {
                fields.get(i).set(now[i]);
            }
        }
        engineDefaults = now;
    }

    /** The memory plan follows the inputs at once (microseconds); a wrong input leaves the last plan and says why. */
    void updateMemory() {
        try {
            ServingMemory m = servingStudy.memory(readSpec());
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
        int tokens = integerOrZero("serving.prefixTokens", "Shared prefix tokens", prefixTokens.get());
        double share = Inputs.number("serving.prefixShare", "Prefix share", prefixShare.get());
        if (tokens == 0 || share == 0) {
            return null;
        }
        String spec = promptTokens.get().strip();
        double promptMean = m.spec().maxModelLen() / 2.0;
        if (!spec.startsWith("file:")) {
            promptMean = ServingFiles.distribution("serving.promptTokens", spec).mean();
        }
        return servingStudy.prefixCaching(m, tokens, share, promptMean);
    }

    private static int integerOrZero(String key, String label, String text) {
        return text == null || text.isBlank() || text.strip().equals("0") ? 0 : Inputs.integer(key, label, text);
    }

    /**
     * The replica as the engine runs it: the memory field is the engine's own setting ({@link
     * dev.sextant.model.serving.EngineProfile#memorySettingName}), which TensorRT-LLM and LMDeploy apply to the memory the
     * weights leave free.
     */
    ServingSpec readSpec() {
        return ServingSpecBuilder.of(model.get(), gpu.get())
                .engine(engine.get() == null ? null : EngineProfile.of(engine.get()))
                .parallel(
                        Inputs.integer("serving.tp", "TP", tp.get()),
                        Inputs.integer("serving.pp", "PP", pp.get()),
                        Inputs.integer("serving.ep", "EP", ep.get()))
                .weights(storage())
                .kvFp8("fp8".equals(kvDtype.get()))
                .maxModelLen(Inputs.integer("serving.maxModelLen", "Max model length", maxModelLen.get()))
                .batchLimits(
                        Inputs.integer("serving.maxNumSeqs", "Max sequences", maxNumSeqs.get()),
                        Inputs.integer("serving.maxNumBatchedTokens", "Token budget", maxNumBatchedTokens.get()))
                .memorySetting(Inputs.positive(
                        "serving.gpuMemoryUtilization", "GPU memory utilisation", gpuMemoryUtilization.get()))
                .blockSize(Inputs.integer("serving.blockSize", "Block size", blockSize.get()))
                .measured(
                        gib("serving.gpuMemoryGib", "GPU memory GiB", gpuMemoryGib.get()),
                        gib("serving.activationPeakGib", "Activation peak GiB", activationPeakGib.get()),
                        gib("serving.overheadGib", "Overhead GiB", overheadGib.get()))
                .build();
    }

    /** The checkpoint's own storage when the chosen format is the one it states, else the format as chosen. */
    private WeightStorage storage() {
        return choices.checkpointWeights(model.get())
                .filter(w -> w.format() == weights.get())
                .orElseGet(() -> WeightStorage.of(weights.get(), "chosen"));
    }

    /** Where the weights' bytes come from, for the line under the format: the checkpoint's quantization_config or the choice. */
    public String weightSource() {
        WeightStorage w = storage();
        if (choices.checkpointWeights(model.get()).filter(c -> c == w).isEmpty()) {
            return "";
        }
        return w.bytesText() + ", " + w.source();
    }

    /** Reads every input into a request; null (and {@link #problemProperty()} set) when one is wrong. */
    ServingPlanRequest readRequest() {
        try {
            ServingSpec spec = readSpec();
            List<Capacity.Window> windows = traffic.get().isBlank()
                    ? List.of()
                    : Inputs.reading("serving.traffic", () -> ServingFiles.traffic(traffic.get(), "Traffic"));
            BatchingSimulator.Speculation speculation = specAcceptance.get().isBlank()
                    ? null
                    : new BatchingSimulator.Speculation(
                            Inputs.number("serving.specAcceptance", "Acceptance rate", specAcceptance.get()),
                            Inputs.integer("serving.specTokens", "Drafted tokens", specTokens.get()),
                            Inputs.number("serving.specCost", "Draft cost", specCost.get()));
            boolean chunked = EngineProfile.of(engine.get() == null ? EngineProfile.VLLM.id() : engine.get())
                    .chunkedPrefill();
            ServingPlanRequest r = new ServingPlanRequest(
                    spec,
                    chunked,
                    promptTokens.get().strip(),
                    outputTokens.get().strip(),
                    Inputs.positive("serving.sloTtft", "TTFT target", sloTtft.get()),
                    Inputs.positive("serving.sloTpot", "TPOT target", sloTpot.get()),
                    (long) Inputs.number("serving.seed", "Seed", seed.get()),
                    Inputs.positive("serving.rate", "Rate", rate.get()),
                    windows,
                    Inputs.number("serving.headroom", "Headroom", headroom.get()),
                    Inputs.number("serving.scaleUpMinutes", "Scale-up minutes", scaleUpMinutes.get()),
                    price.get().isBlank() ? 0 : Inputs.number("serving.price", "Price per GPU-hour", price.get()),
                    speculation,
                    smallModel.get(),
                    smallModel.get() == null
                            ? 0
                            : Inputs.number("serving.smallShare", "Small model share", smallShare.get()),
                    integerOrZero("serving.prefixTokens", "Shared prefix tokens", prefixTokens.get()),
                    Inputs.number("serving.prefixShare", "Prefix share", prefixShare.get()),
                    profiles.calibration(),
                    engine.get());
            r.replica(); // a profile of another GPU is refused here, with the reason
            servingStudy.fittingMemory(spec);
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
        shell.jobs()
                .submit(
                        "Plan serving",
                        (progress, cancel) -> {
                            long start = System.nanoTime();
                            ServingAnalysis s = servingStudy.analyse(req, progress, cancel);
                            return new Worked(s, (System.nanoTime() - start) / 1e9);
                        },
                        done -> {
                            request.set(req);
                            study.set(done.study());
                            summary.set(describe(req, done.study(), shell.home().settings())
                                    + String.format(" (worked out in %.1f s)", done.seconds()));
                            staleness.fresh();
                        },
                        this::show);
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
            choices = new Disaggregation.Choices(
                    req.spec().tp(),
                    Inputs.optionalInteger("serving.prefillTp", "Prefill TP", prefillTp.get()),
                    Inputs.optionalInteger("serving.decodeTp", "Decode TP", decodeTp.get()),
                    req.spec().ep(),
                    kvLinkGbs.get().isBlank()
                            ? null
                            : Inputs.positive("serving.kvLinkGbs", "KV link GB/s", kvLinkGbs.get()),
                    Inputs.optionalInteger(
                            "serving.prefillMaxNumBatchedTokens", "Prefill token budget", prefillBudget.get()),
                    Inputs.optionalInteger("serving.decodeMaxNumSeqs", "Decode max sequences", decodeSeqs.get()),
                    Inputs.optionalInteger("serving.prefillEp", "Prefill EP", prefillEp.get()),
                    Inputs.optionalInteger("serving.decodeEp", "Decode EP", decodeEp.get()));
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
        ServingSpec spec = r.spec();
        choices.choose(spec.model(), spec.gpu());
        weights.set(spec.weights());
        kvDtype.set(spec.kvFp8() ? "fp8" : "auto");
        engine.set(r.engine());
        tp.set(String.valueOf(spec.tp()));
        pp.set(String.valueOf(spec.pp()));
        ep.set(String.valueOf(spec.ep()));
        maxModelLen.set(String.valueOf(spec.maxModelLen()));
        maxNumSeqs.set(String.valueOf(spec.maxNumSeqs()));
        maxNumBatchedTokens.set(String.valueOf(spec.maxNumBatchedTokens()));
        var e = EngineProfile.of(r.engine());
        double card = spec.gpuMemoryBytes() != null
                ? spec.gpuMemoryBytes()
                : spec.gpu().usableMemoryBytes();
        gpuMemoryUtilization.set(Inputs.compact(Math.round(e.share(
                                spec.gpuMemoryUtilization(),
                                card,
                                ServingMemory.weightsPerGpu(
                                        spec.model(), spec.storage(), spec.tp(), spec.pp(), spec.ep()))
                        * 1e4)
                / 1e4));
        blockSize.set(String.valueOf(spec.blockSize()));
        gpuMemoryGib.set(gibText(spec.gpuMemoryBytes()));
        activationPeakGib.set(gibText(spec.activationPeakBytes()));
        overheadGib.set(gibText(spec.overheadBytes()));
        promptTokens.set(r.promptTokens());
        outputTokens.set(r.outputTokens());
        sloTtft.set(Inputs.compact(r.sloTtft()));
        sloTpot.set(Inputs.compact(r.sloTpot()));
        rate.set(Inputs.compact(r.rate()));
        seed.set(String.valueOf(r.seed()));
        traffic.set(r.traffic().isEmpty() ? "" : ServingFiles.trafficCsv(r.traffic()));
        headroom.set(Inputs.compact(r.headroom()));
        scaleUpMinutes.set(Inputs.compact(r.scaleUpMinutes()));
        price.set(r.pricePerGpuHour() > 0 ? Inputs.compact(r.pricePerGpuHour()) : "");
        BatchingSimulator.Speculation sp = r.speculation();
        specAcceptance.set(sp == null ? "" : Inputs.compact(sp.acceptance()));
        specTokens.set(sp == null ? "4" : String.valueOf(sp.draftTokens()));
        specCost.set(sp == null ? "0.05" : Inputs.compact(sp.draftCost()));
        choices.ensure(r.smallModel());
        smallModel.set(r.smallModel());
        smallShare.set(Inputs.compact(r.smallModel() == null ? 0.3 : r.smallShare()));
        prefixTokens.set(String.valueOf(r.prefixTokens()));
        prefixShare.set(Inputs.compact(r.prefixShare()));
        profiles.choose(r.calibration() == null ? null : r.calibration().label());
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
                        traffic::set,
                        e -> problem.set(Failures.message(e)));
    }

    public void importModel(Path configJson) {
        choices.importModel(configJson);
    }

    public void importGpu(Path json) {
        choices.importGpu(json);
    }

    private static Double gib(String key, String label, String text) {
        return text == null || text.isBlank() ? null : Inputs.positive(key, label, text) * ServingMemory.GIB;
    }

    private static String gibText(Double bytes) {
        return bytes == null ? "" : Inputs.compact(bytes / ServingMemory.GIB);
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
        return model;
    }

    public ObjectProperty<GpuSpec> gpuProperty() {
        return gpu;
    }

    public ObjectProperty<WeightFormat> weightsProperty() {
        return weights;
    }

    /** The serving engine's id (vllm, vllm-v0, sglang, trtllm, lmdeploy): its host costs, CUDA graphs and attention kernels. */
    public ObjectProperty<String> engineProperty() {
        return engine;
    }

    public ObjectProperty<String> kvDtypeProperty() {
        return kvDtype;
    }

    public ObjectProperty<ModelArchitecture> smallModelProperty() {
        return smallModel;
    }

    /** The text inputs by key, as {@link #problemFieldProperty()} names them. */
    public Map<String, StringProperty> textInputs() {
        Map<String, StringProperty> m = new LinkedHashMap<>();
        m.put("tp", tp);
        m.put("pp", pp);
        m.put("ep", ep);
        m.put("maxModelLen", maxModelLen);
        m.put("maxNumSeqs", maxNumSeqs);
        m.put("maxNumBatchedTokens", maxNumBatchedTokens);
        m.put("gpuMemoryUtilization", gpuMemoryUtilization);
        m.put("blockSize", blockSize);
        m.put("gpuMemoryGib", gpuMemoryGib);
        m.put("activationPeakGib", activationPeakGib);
        m.put("overheadGib", overheadGib);
        m.put("promptTokens", promptTokens);
        m.put("outputTokens", outputTokens);
        m.put("sloTtft", sloTtft);
        m.put("sloTpot", sloTpot);
        m.put("rate", rate);
        m.put("seed", seed);
        m.put("traffic", traffic);
        m.put("headroom", headroom);
        m.put("scaleUpMinutes", scaleUpMinutes);
        m.put("price", price);
        m.put("specAcceptance", specAcceptance);
        m.put("specTokens", specTokens);
        m.put("specCost", specCost);
        m.put("smallShare", smallShare);
        m.put("prefixTokens", prefixTokens);
        m.put("prefixShare", prefixShare);
        m.put("prefillTp", prefillTp);
        m.put("decodeTp", decodeTp);
        m.put("prefillEp", prefillEp);
        m.put("decodeEp", decodeEp);
        m.put("kvLinkGbs", kvLinkGbs);
        m.put("prefillMaxNumBatchedTokens", prefillBudget);
        m.put("decodeMaxNumSeqs", decodeSeqs);
        return m;
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
