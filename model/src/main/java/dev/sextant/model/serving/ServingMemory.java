package dev.sextant.model.serving;

import dev.sextant.model.InputError;
import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.architecture.ParameterCount;
import dev.sextant.model.hardware.GpuSpec;
import java.util.Locale;

/**
 * The memory a serving engine plans at start-up, as vLLM does it (vllm/worker/worker.py determine_num_available_blocks,
 * vllm/v1/core/kv_cache_utils.py): usable = total × gpu_memory_utilization − (weights + activation peak) − non-torch
 * overhead; KV blocks = floor(usable / block bytes); KV tokens = blocks × block size; maximum concurrency = KV tokens /
 * max_model_len. KV bytes per token after the DeepSeek-V2 paper (Table 1): 2 · n_kv · d_h · l elements for MHA/GQA/MQA,
 * (kv_lora_rank + rope dim) · l for MLA. Per GPU under tensor parallelism: n_kv / t heads (at least one: replicated
 * when t > n_kv; MLA's latent is whole on every rank); under pipeline parallelism: the most loaded stage's layers.
 *
 * @param spec                  the inputs
 * @param weightsBytesPerGpu    weights on the most loaded GPU
 * @param kvBytesPerToken       KV cache of one token, whole model
 * @param kvBytesPerTokenPerGpu KV cache of one token on one GPU
 * @param activationPeakBytes   the forward pass's peak for max_num_batched_tokens (modelled, or as given)
 * @param overheadBytes         CUDA context, communication buffers and other non-torch memory (modelled, or as given)
 * @param totalBytes            memory the runtime reports for the card
 * @param kvCacheBytesPerGpu    what is left for the KV cache (negative: the model does not fit)
 * @param blockBytes            one KV block on one GPU
 * @param kvBlocks              blocks that fit
 * @param kvTokens              tokens the KV cache holds when every layer keeps every token (blocks × block size)
 * @param maxConcurrency        requests of max_model_len tokens that fit at once, sliding-window and chunked layers holding
 *                              only their window (vLLM's hybrid KV cache manager; see {@link KvCacheLayout})
 */
public record ServingMemory(
        ServingSpec spec,
        double weightsBytesPerGpu,
        double kvBytesPerToken,
        double kvBytesPerTokenPerGpu,
        double activationPeakBytes,
        double overheadBytes,
        double totalBytes,
        double kvCacheBytesPerGpu,
        double blockBytes,
        long kvBlocks,
        long kvTokens,
        double maxConcurrency) {

    public static final double GIB = 1024.0 * 1024 * 1024;

    /**
     * Non-torch memory vLLM reports for one GPU: the CUDA context and allocator, 0.13–0.35 GiB in published start-up
     * logs with one GPU; about 2.1 GiB with tensor parallelism (NCCL and custom all-reduce buffers; cases A1–A12 of
     * docs/validation/serving-measurements.md).
     */
    static final double BASE_OVERHEAD = 0.3 * GIB;
    /** NCCL and custom all-reduce buffers with tensor parallelism. */
    static final double PARALLEL_OVERHEAD = 1.8 * GIB;

    public boolean fits() {
        return kvBlocks > 0;
    }

    /** Why the model does not fit, by how much, and what would. */
    public String doesNotFit() {
        ServingSpec s = spec;
        return String.format(
                Locale.ROOT,
                "%s does not fit on %s with TP %d, PP %d and %s weights: %.1f GiB short before any KV cache "
                        + "(weights %.1f GiB per GPU); try a larger TP or PP, or FP8/INT4 weights",
                s.model().name(),
                s.gpu().name(),
                s.tp(),
                s.pp(),
                s.weights().slug(),
                Math.max(0, -kvCacheBytesPerGpu / GIB),
                weightsBytesPerGpu / GIB);
    }

    /** {@link #doesNotFit()} as the input error to throw where a plan that does not fit is no answer: more TP is the first remedy. */
    public InputError doesNotFitError() {
        return new InputError("serving.tp", doesNotFit());
    }

    public static ServingMemory plan(ServingSpec s) {
        ModelArchitecture m = s.model();
        int tp = s.tp();
        int pp = s.pp();
        int layersPerGpu = (m.layers() + pp - 1) / pp;
        double kvPerToken = kvBytesPerToken(m, 1, m.layers(), s.kvFp8());
        double kvPerTokenPerGpu = kvBytesPerToken(m, tp, layersPerGpu, s.kvFp8());
        double blockBytes = kvPerTokenPerGpu * s.blockSize();

        double weights = weightsPerGpu(m, s.storage(), tp, pp, s.ep());
        double activation = s.activationPeakBytes() != null ? s.activationPeakBytes() : activationPeak(m, s);
        double overhead =
                s.overheadBytes() != null ? s.overheadBytes() : BASE_OVERHEAD + (tp > 1 ? PARALLEL_OVERHEAD : 0);
        double total = s.gpuMemoryBytes() != null ? s.gpuMemoryBytes() : defaultMemory(s.gpu());
        double kvCache = total * s.gpuMemoryUtilization() - weights - activation - overhead;
        long blocks = kvCache <= 0 ? 0 : (long) Math.floor(kvCache / blockBytes);
        long tokens = blocks * s.blockSize();
        return new ServingMemory(
                s,
                weights,
                kvPerToken,
                kvPerTokenPerGpu,
                activation,
                overhead,
                total,
                kvCache,
                blockBytes,
                blocks,
                tokens,
                kvLayout(s).concurrency(blocks, s.maxModelLen()));
    }

    /** The most loaded GPU's layers, each with its attention kind (see {@link KvCacheLayout}). */
    static KvCacheLayout kvLayout(ServingSpec s) {
        return KvCacheLayout.of(s.model(), s.pp(), s.blockSize(), s.maxModelLen());
    }

    public KvCacheLayout kvLayout() {
        return kvLayout(spec);
    }

    /**
     * Requests of {@code tokens} tokens that fit at once. Sliding-window and chunked layers keep at most their window
     * (chunk) of each request, full layers all of it, so a model with local layers fits more long requests than
     * {@link #kvTokens} / tokens (which counts every layer as full).
     */
    public double concurrencyAt(long tokens) {
        return kvLayout().concurrency(kvBlocks, tokens);
    }

    /** KV bytes one request of {@code tokens} tokens holds on the most loaded GPU, layer kinds counted apart. */
    public double kvBytesPerRequestPerGpu(long tokens) {
        KvCacheLayout l = kvLayout();
        return kvBytesPerTokenPerGpu / l.layers().size() * l.tokenSlotsFor(tokens);
    }

    /**
     * KV bytes per token on one GPU holding {@code layers} layers in a TP group of {@code tp} (1: the whole model's):
     * 2 · n_kv · d_h per layer (at least one head per GPU), or MLA's kv_lora_rank + rope dim, whole on every rank.
     */
    static double kvBytesPerToken(ModelArchitecture m, int tp, int layers, boolean fp8) {
        double element = fp8 ? 1 : 2;
        double perLayer = m.mla() != null
                ? (m.mla().kvLoraRank() + m.mla().qkRopeDim()) * element
                : 2.0 * Math.max(1, m.kvHeads() / tp) * m.headDim() * element;
        return perLayer * layers;
    }

    /** The memory the runtime reports for a card ({@link GpuSpec#usableMemoryBytes()}). */
    static double defaultMemory(GpuSpec gpu) {
        return gpu.usableMemoryBytes();
    }

    /**
     * Weights on the most loaded GPU: the linear layers of its stage split over TP in the chosen format, plus its share
     * of the 16-bit embedding and output layers (vocabulary-parallel), norms and biases.
     */
    public static double weightsPerGpu(ModelArchitecture m, WeightFormat format, int tp, int pp) {
        return weightsPerGpu(m, WeightStorage.of(format), tp, pp);
    }

    /** As above, routed experts and the other linear layers each in their stored bytes per weight. */
    static double weightsPerGpu(ModelArchitecture m, WeightStorage storage, int tp, int pp) {
        return weightsPerGpu(m, storage, tp, pp, 1);
    }

    /**
     * As above with expert parallelism: the routed experts spread whole over {@code ep} GPUs (E / EP of them on each)
     * instead of each split over TP; everything else split over TP, replicated across attention replicas.
     */
    public static double weightsPerGpu(ModelArchitecture m, WeightStorage storage, int tp, int pp, int ep) {
        ParameterCount p = m.parameters();
        int layersPerGpu = (m.layers() + pp - 1) / pp;
        double linearPerLayer = (p.total() - p.embedding() - p.output() - p.finalNorm()) / (double) m.layers();
        double normsPerLayer = p.normPerLayer();
        double matmulPerLayer = linearPerLayer - normsPerLayer;
        double expertsPerLayer =
                m.moe() == null ? 0 : (double) m.moeLayers() * m.moe().experts() * p.expertPerLayer() / m.layers();
        double perGpu = layersPerGpu
                * ((matmulPerLayer - expertsPerLayer) / tp * storage.linearBytesPerWeight()
                        + expertsPerLayer / (ep > 1 ? ep : tp) * storage.expertBytesPerWeight()
                        + normsPerLayer * 2);
        double embedding = p.embedding() / (double) tp * 2;
        double output = (p.output() == 0 ? (pp > 1 ? p.embedding() : 0) : p.output()) / (double) tp * 2;
        // with one stage the GPU holds both ends; with several, the first holds the embedding and the last the output
        return perGpu + (pp == 1 ? embedding + output : Math.max(embedding, output));
    }

    /**
     * The forward pass's peak for a profiling batch of max_num_batched_tokens: a layer's largest tensors per token (the
     * MLP's gate/up output and its activation, 3 × ffn / t, and four hidden-size buffers: residual stream, attention
     * input and output), 16-bit, times {@link #ALLOCATOR_FACTOR}; plus the sampler's FP32 logits and probabilities
     * (8 bytes per vocabulary entry) for max_num_seqs sequences. Fitted to published vLLM start-up logs: Llama-3.1-8B's
     * peak grows by about 100 KB per batched token (2.07 GiB at 20,000, 2.99 GiB at 29,000; cases A9, A10 of
     * docs/validation/serving-measurements.md), where the tensors above are 118 KB. Pass a measured peak where there is one.
     */
    static double activationPeak(ModelArchitecture m, ServingSpec s) {
        double t = s.maxNumBatchedTokens();
        int ffn = m.moe() != null
                ? m.moe().expertFfn() * (m.moe().topK() + m.moe().sharedExperts())
                : m.ffn();
        double perToken = 2 * (3.0 * ffn / s.tp() + 4.0 * m.hidden());
        double sampler = 8.0 * s.maxNumSeqs() * m.vocab() / s.tp();
        return ALLOCATOR_FACTOR * t * perToken + sampler;
    }

    /** Share of the largest tensors' bytes the profiled peak shows per batched token (fitted, see above). */
    static final double ALLOCATOR_FACTOR = 0.9;
}
