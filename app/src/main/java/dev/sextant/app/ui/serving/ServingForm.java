package dev.sextant.app.ui.serving;

import dev.sextant.app.ui.gpu.ProfileChoices;
import dev.sextant.app.ui.planning.ModelGpuChoices;
import dev.sextant.app.ui.shell.Inputs;
import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.hardware.GpuSpec;
import dev.sextant.model.io.ServingFiles;
import dev.sextant.model.serving.BatchingSimulator;
import dev.sextant.model.serving.Capacity;
import dev.sextant.model.serving.DemoServingData;
import dev.sextant.model.serving.Disaggregation;
import dev.sextant.model.serving.EngineProfile;
import dev.sextant.model.serving.ServingMemory;
import dev.sextant.model.serving.ServingPlanRequest;
import dev.sextant.model.serving.ServingSpec;
import dev.sextant.model.serving.ServingSpecBuilder;
import dev.sextant.model.serving.WeightFormat;
import dev.sextant.model.serving.WeightStorage;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.beans.value.ObservableValue;

/**
 * The Serving area's form: every input as the user edits it, and its one translation into the typed requests the
 * use case answers ({@link ServingSpec} through {@link ServingSpecBuilder}, {@link ServingPlanRequest}, the
 * disaggregation's choices) and back from a kept plan. Engine settings the user has not edited follow the engine
 * profile's defaults, the longest request the model's, as the CLI's do. Holds no results.
 */
final class ServingForm {

    /** A weekday's chat traffic to start from: the demo's curve. */
    static final String DEFAULT_TRAFFIC =
            ServingFiles.trafficCsv(DemoServingData.request().traffic());

    private final ModelGpuChoices choices;
    private final ObjectProperty<ModelArchitecture> model;
    private final ObjectProperty<GpuSpec> gpu;
    private final ProfileChoices profiles;
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
    private final StringProperty blockSize = new SimpleStringProperty(String.valueOf(ServingSpecBuilder.BLOCK_SIZE));
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
    private final StringProperty prefillTp = new SimpleStringProperty("");
    private final StringProperty decodeTp = new SimpleStringProperty("");
    private final StringProperty prefillEp = new SimpleStringProperty("");
    private final StringProperty decodeEp = new SimpleStringProperty("");
    private final StringProperty kvLinkGbs = new SimpleStringProperty("");
    private final StringProperty prefillBudget = new SimpleStringProperty("");
    private final StringProperty decodeSeqs = new SimpleStringProperty("");

    ServingForm(ModelGpuChoices choices, ProfileChoices profiles) {
        this.choices = choices;
        this.model = choices.modelProperty();
        this.gpu = choices.gpuProperty();
        this.profiles = profiles;
        // a checkpoint that states its own quantization plans in it unless the user picks another format
        model.addListener((o, a, m) -> choices.checkpointWeights(m).ifPresent(w -> weights.set(w.format())));
        // the longest request follows the model, the engine's defaults the engine, the GPU and that length, as the
        // CLI's do, in the fields the user has not edited
        model.addListener((o, a, m) -> followModelDefaults());
        followModelDefaults();
        List.<ObservableValue<?>>of(engine, gpu, maxModelLen)
                .forEach(v -> v.addListener((o, a, b) -> followEngineDefaults()));
        followEngineDefaults();
    }

    /** The replica's inputs: what the memory plan follows live. */
    List<ObservableValue<?>> replicaInputs() {
        return List.of(
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
                overheadGib);
    }

    /** What the memory plan and its prefix saving follow. */
    List<ObservableValue<?>> memoryInputs() {
        return concat(replicaInputs(), List.of(prefixTokens, prefixShare, promptTokens));
    }

    /** The workload and targets every comparison is judged on, and the rates' source. */
    private List<ObservableValue<?>> judgedOn() {
        return List.of(promptTokens, outputTokens, sloTtft, sloTpot, seed, price, profiles.chosenProperty());
    }

    /** What a worked-out study rests on. */
    List<ObservableValue<?>> planInputs() {
        return concat(
                concat(replicaInputs(), judgedOn()),
                List.of(
                        rate,
                        traffic,
                        headroom,
                        scaleUpMinutes,
                        specAcceptance,
                        specTokens,
                        specCost,
                        smallModel,
                        smallShare,
                        prefixTokens,
                        prefixShare));
    }

    /** What the disaggregation comparison rests on. */
    List<ObservableValue<?>> disaggregationInputs() {
        return concat(
                concat(replicaInputs(), judgedOn()),
                List.of(prefillTp, decodeTp, prefillEp, decodeEp, kvLinkGbs, prefillBudget, decodeSeqs));
    }

    /** What the engine comparison rests on: each engine runs at its own batch limits and memory rule. */
    List<ObservableValue<?>> engineComparisonInputs() {
        return concat(List.of(model, gpu, weights, kvDtype, tp, ep, maxModelLen, gpuMemoryGib), judgedOn());
    }

    private static List<ObservableValue<?>> concat(List<ObservableValue<?>> a, List<ObservableValue<?>> b) {
        List<ObservableValue<?>> out = new ArrayList<>(a);
        out.addAll(b);
        return List.copyOf(out);
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

    /**
     * Reads every input into a request.
     *
     * @throws IllegalArgumentException (an {@code InputError} naming its input) when one is wrong
     */
    ServingPlanRequest request() {
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
        return new ServingPlanRequest(
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
    }

    /** The disaggregation's choices for a request's replica: blank TPs and EPs are searched, a blank link the default. */
    Disaggregation.Choices disaggregationChoices(ServingSpec spec) {
        return new Disaggregation.Choices(
                spec.tp(),
                Inputs.optionalInteger("serving.prefillTp", "Prefill TP", prefillTp.get()),
                Inputs.optionalInteger("serving.decodeTp", "Decode TP", decodeTp.get()),
                spec.ep(),
                kvLinkGbs.get().isBlank()
                        ? null
                        : Inputs.positive("serving.kvLinkGbs", "KV link GB/s", kvLinkGbs.get()),
                Inputs.optionalInteger(
                        "serving.prefillMaxNumBatchedTokens", "Prefill token budget", prefillBudget.get()),
                Inputs.optionalInteger("serving.decodeMaxNumSeqs", "Decode max sequences", decodeSeqs.get()),
                Inputs.optionalInteger("serving.prefillEp", "Prefill EP", prefillEp.get()),
                Inputs.optionalInteger("serving.decodeEp", "Decode EP", decodeEp.get()));
    }

    /** The shared prefix: its tokens and the share of requests that carry it (0 and 0 without one). */
    int prefixTokens() {
        return integerOrZero("serving.prefixTokens", "Shared prefix tokens", prefixTokens.get());
    }

    double prefixShare() {
        return Inputs.number("serving.prefixShare", "Prefix share", prefixShare.get());
    }

    /** The prompt lengths as typed: a distribution, or {@code file:PATH}. */
    String promptTokens() {
        return promptTokens.get().strip();
    }

    /** Puts a kept plan's inputs back in the form. */
    void fill(ServingPlanRequest r) {
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
    }

    private static Double gib(String key, String label, String text) {
        return text == null || text.isBlank() ? null : Inputs.positive(key, label, text) * ServingMemory.GIB;
    }

    private static String gibText(Double bytes) {
        return bytes == null ? "" : Inputs.compact(bytes / ServingMemory.GIB);
    }

    ObjectProperty<ModelArchitecture> model() {
        return model;
    }

    ObjectProperty<GpuSpec> gpu() {
        return gpu;
    }

    ObjectProperty<WeightFormat> weights() {
        return weights;
    }

    ObjectProperty<String> engine() {
        return engine;
    }

    ObjectProperty<String> kvDtype() {
        return kvDtype;
    }

    /** The day's traffic as CSV text. */
    StringProperty traffic() {
        return traffic;
    }

    ObjectProperty<ModelArchitecture> smallModel() {
        return smallModel;
    }

    /** The text inputs by key, as the view model's problem field names them. */
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
}
