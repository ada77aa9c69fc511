package dev.sextant.model.serving;

import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.hardware.GpuSpec;
import java.util.Objects;

/**
 * The one way a serving replica's settings are put together, by the command line, the Serving area, the report and the
 * tests alike: what the user gave, and for everything else the one default — the engine's ({@link EngineProfile}: its
 * batch limits for the card and its memory rule), else a documented constant ({@link #BLOCK_SIZE}, {@link #maxModelLen}).
 * Two paths that give the same inputs get the same replica.
 */
public final class ServingSpecBuilder {

    /** vLLM's {@code --block-size} default, the tokens one KV block holds; the other engines page alike. */
    public static final int BLOCK_SIZE = 16;
    /**
     * The longest request planned when none is given: the model's own context, as vLLM derives {@code max_model_len} from
     * the config, capped at 2²⁰ tokens so that a model with a context of millions is planned at a length it is served at.
     */
    public static final long MAX_MODEL_LEN_CAP = 1L << 20;

    private final ModelArchitecture model;
    private final GpuSpec gpu;
    private EngineProfile engine = EngineProfile.VLLM;
    private int tp = 1;
    private int pp = 1;
    private int ep = 1;
    private WeightStorage weights;
    private boolean kvFp8;
    private Integer maxModelLen;
    private Integer maxNumSeqs;
    private Integer maxNumBatchedTokens;
    private Double memorySetting;
    private Integer blockSize;
    private Double gpuMemoryBytes;
    private Double activationPeakBytes;
    private Double overheadBytes;

    private ServingSpecBuilder(ModelArchitecture model, GpuSpec gpu) {
        this.model = Objects.requireNonNull(model, "model");
        this.gpu = Objects.requireNonNull(gpu, "gpu");
    }

    public static ServingSpecBuilder of(ModelArchitecture model, GpuSpec gpu) {
        return new ServingSpecBuilder(model, gpu);
    }

    /** The default longest request for {@code model}: its context, capped at {@link #MAX_MODEL_LEN_CAP}. */
    public static int maxModelLen(ModelArchitecture model) {
        return (int) Math.min(model.maxPositions(), MAX_MODEL_LEN_CAP);
    }

    /** The engine whose defaults fill what is not given (null: vLLM's V1 engine). */
    public ServingSpecBuilder engine(EngineProfile e) {
        engine = e == null ? EngineProfile.VLLM : e;
        return this;
    }

    public ServingSpecBuilder parallel(int tp, int pp, int ep) {
        this.tp = tp;
        this.pp = pp;
        this.ep = ep;
        return this;
    }

    /** How the weights are stored (null: BF16, the default format). */
    public ServingSpecBuilder weights(WeightStorage storage) {
        weights = storage;
        return this;
    }

    public ServingSpecBuilder kvFp8(boolean fp8) {
        kvFp8 = fp8;
        return this;
    }

    /** The longest request, null for {@link #maxModelLen(ModelArchitecture)}. */
    public ServingSpecBuilder maxModelLen(Integer tokens) {
        maxModelLen = tokens;
        return this;
    }

    /** The batch limits, each null for the engine's default on this card. */
    public ServingSpecBuilder batchLimits(Integer seqs, Integer tokens) {
        maxNumSeqs = seqs;
        maxNumBatchedTokens = tokens;
        return this;
    }

    /**
     * The engine's own memory setting ({@link EngineProfile#memorySettingName()}: vLLM's gpu_memory_utilization,
     * TensorRT-LLM's share of the memory the weights leave free …), null for the engine's default.
     */
    public ServingSpecBuilder memorySetting(Double setting) {
        memorySetting = setting;
        return this;
    }

    public ServingSpecBuilder blockSize(Integer tokens) {
        blockSize = tokens;
        return this;
    }

    /** Measured or reported figures that replace the modelled ones, each null to model it. */
    public ServingSpecBuilder measured(Double gpuMemoryBytes, Double activationPeakBytes, Double overheadBytes) {
        this.gpuMemoryBytes = gpuMemoryBytes;
        this.activationPeakBytes = activationPeakBytes;
        this.overheadBytes = overheadBytes;
        return this;
    }

    public ServingSpec build() {
        WeightStorage w = weights != null ? weights : WeightStorage.of(WeightFormat.BF16, "default");
        int len = maxModelLen != null ? maxModelLen : maxModelLen(model);
        int seqs = maxNumSeqs != null ? maxNumSeqs : engine.defaultMaxNumSeqs(gpu);
        int tokens = maxNumBatchedTokens != null ? maxNumBatchedTokens : engine.defaultMaxNumBatchedTokens(gpu, len);
        ServingSpec s = new ServingSpec(
                model,
                gpu,
                tp,
                pp,
                w.format(),
                kvFp8,
                len,
                seqs,
                tokens,
                engine.defaultMemoryShare(),
                blockSize != null ? blockSize : BLOCK_SIZE,
                gpuMemoryBytes,
                activationPeakBytes,
                overheadBytes,
                w,
                ep);
        return engine.withMemoryShare(s, memorySetting != null ? memorySetting : engine.defaultMemoryShare());
    }

    /** The engine these settings are for. */
    public EngineProfile engine() {
        return engine;
    }
}
