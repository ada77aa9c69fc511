package dev.sextant.model.serving;

import dev.sextant.model.InputError;
import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.architecture.ParameterCount;
import dev.sextant.model.hardware.GpuSpec;
import dev.sextant.model.hardware.Precision;
import dev.sextant.model.training.ComputeEfficiency;
import dev.sextant.model.training.FusedAttention;
import java.util.Arrays;
import java.util.List;
import java.util.function.LongToDoubleFunction;

/**
 * The time of one engine step on one replica: a forward pass over the prefill tokens admitted in this step and one
 * decode token for each running sequence (continuous batching, Orca-style), on one GPU of the tensor-parallel group.
 * The step is the sum of its kernels, each priced by its class:
 * <ul>
 *   <li><b>linear layers</b> as GEMMs of the step's T tokens by each layer's weights, by shape and GPU
 *       ({@link ComputeEfficiency#gemmSeconds}: tiles and waves against the best measured matmul, and the roofline
 *       against HBM, so that a decode step of few tokens streams the weights while a long prefill is compute-bound).
 *       FP8 weights on a GPU with FP8 tensor cores run FP8 GEMMs; INT4/INT8 weights are read at their width.
 *       Mixture of experts: the router, then each expert some token is routed to (E (1 − (1 − k/E)^T) of them) as its
 *       own GEMM of its share of the tokens (a grouped GEMM of few rows each), its weights split over TP or, with expert
 *       parallelism, the experts spread whole over EP ranks, each touched expert adding the fitted per-expert time in
 *       proportion to its rows up to one tile ({@link ServingFit#expertSeconds}); the output layer for the sequences
 *       sampled;</li>
 *   <li><b>attention</b>: prefill as fused attention by its chunk, head width and kernel generation
 *       ({@link FusedAttention}: FlashAttention-2 or -3, from the engine); decode reads every sequence's KV cache at the
 *       streaming share of the bandwidth, or for latent attention (MLA, absorbed) runs its 2 · heads · (2 · rank + rope)
 *       FLOPs a context token when those take longer;</li>
 *   <li><b>elementwise kernels</b> (norms, residual adds, rotary embedding, the MLP's activation) streaming the
 *       activations they read and write;</li>
 *   <li><b>tensor parallelism</b>: two all-reduces a layer of T × hidden 16-bit values, ring bandwidth over the GPU's
 *       link plus NCCL's small-message latency; with EP, token dispatch and combine as all-to-alls of the routed copies;</li>
 *   <li><b>launches</b>: a step outside a captured CUDA graph (any step with prefill, or a decode batch above the engine's
 *       largest graph) cannot finish before the host has launched its kernels one by one;</li>
 *   <li><b>the host</b> ({@link EngineProfile}): work the GPU waits for is added; work that overlaps it only shows when it
 *       is longer than the GPU's.</li>
 * </ul>
 *
 * @param ep         expert-parallel size (1: experts split over TP like dense layers)
 * @param efficiency kernel rates: the catalog's published ones or a calibration profile measured on the user's GPU
 * @param engine     the serving engine: host costs, CUDA graphs, attention kernels
 */
public record StepLatency(
        ModelArchitecture model,
        GpuSpec gpu,
        int tp,
        int ep,
        WeightFormat weights,
        boolean kvFp8,
        ComputeEfficiency efficiency,
        EngineProfile engine,
        ServingFit fit) {

    /** With the default fitted constants. */
    public StepLatency(
            ModelArchitecture model,
            GpuSpec gpu,
            int tp,
            int ep,
            WeightFormat weights,
            boolean kvFp8,
            ComputeEfficiency efficiency,
            EngineProfile engine) {
        this(model, gpu, tp, ep, weights, kvFp8, efficiency, engine, ServingFit.DEFAULT);
    }

    /**
     * Latency of one all-reduce of a small message inside a node, seconds: NCCL's measured floor on DGX A100 and H100,
     * 16–46 µs for 1–8 tokens at TP 2–8 (microsoft/vidur data/profiling/network/{a100_dgx,h100_dgx}/all_reduce.csv).
     */
    public static final double ALL_REDUCE_LATENCY = 25e-6;
    /**
     * Fixed time of one decode-attention kernel call (one a layer), seconds: 15–18 µs on A100 in Vidur's attention profile
     * (microsoft/vidur data/profiling/compute/a100), 17.5 µs on H100 in the fit of onnxruntime PR #21414's paged-attention
     * table (t = 17.5 µs + KV bytes / 2.6 TB/s).
     */
    static final double DECODE_ATTENTION_SECONDS = 17.5e-6;
    /** GPUs sharing one NVLink domain in an expert-parallel group (HGX/DGX nodes of 8). */
    static final int GPUS_PER_NODE = 8;
    /**
     * Latency of one all-to-all across nodes, seconds: DeepEP's low-latency dispatch of 128 tokens a rank at EP 8–16 over
     * RDMA, 77–118 µs (deepseek-ai/DeepEP README, H800 with CX7 InfiniBand); its combine takes about half as long again.
     */
    static final double INTERNODE_ALL_TO_ALL_LATENCY = 100e-6;

    /**
     * Share of the BF16 peak that absorbed latent-attention decode reaches when compute-bound: FlashMLA's 580 TFLOP/s on
     * H800 (deepseek-ai/FlashMLA README, first release, Feb 2025) of 989.
     */
    static final double MLA_DECODE_SHARE = 580.0 / 989;
    /**
     * Share of the repeated KV reads of an engine without grouped KV decode ({@link EngineProfile#groupedKvDecode}) that
     * reach HBM rather than L2: the query heads of one group read the same KV head in thread blocks that run close
     * together, so part of the repeats hit the cache. Set so that the simulator reproduces the one published pair that
     * isolates the kernel change, Llama-2-70B FP8 on one H200 at batch 192, 128/2048, 1,227 tokens/s with TensorRT-LLM
     * v0.6a and 2,941 with v0.7a (NVIDIA/TensorRT-LLM docs/source/blogs/Falcon180B-H200.md); the H200 launch table of
     * v0.5 (docs/source/blogs/H200launch.md) is held out to check it.
     */
    static final double PRE_GQA_KV_REREAD = 0.9;

    /** Kernels a decoder layer launches outside a CUDA graph (norms, projections, rotary, attention, activation, adds). */
    static final int KERNELS_PER_LAYER = 12;
    /** Extra kernels of a mixture-of-experts layer (router, top-k, permute, grouped GEMMs, un-permute). */
    static final int MOE_KERNELS = 6;

    /** The catalog's kernel rates, served by vLLM, experts over TP. */
    public static StepLatency defaults(
            ModelArchitecture model, GpuSpec gpu, int tp, WeightFormat weights, boolean kvFp8) {
        return new StepLatency(model, gpu, tp, 1, weights, kvFp8, ComputeEfficiency.DEFAULTS, EngineProfile.VLLM);
    }

    public StepLatency {
        InputError.require(
                tp >= 1 && model.heads() % tp == 0,
                "serving.tp",
                "TP (" + tp + ") must divide the " + model.heads() + " attention heads");
        InputError.require(ep >= 1, "serving.ep", "EP must be at least 1");
        InputError.require(
                ep == 1 || model.hasExperts() && model.moe().experts() % ep == 0,
                "serving.ep",
                model.hasExperts()
                        ? "EP (" + ep + ") must divide the " + model.moe().experts() + " experts"
                        : "EP applies to mixture-of-experts models only");
        InputError.require(
                ep <= tp ? tp % ep == 0 : ep % tp == 0,
                "serving.ep",
                "EP (" + ep + ") must divide TP (" + tp + ") or be a multiple of it (data-parallel attention)");
        if (efficiency == null || engine == null || fit == null) {
            throw new IllegalArgumentException("kernel rates, engine and fitted constants are required");
        }
    }

    public StepLatency withEngine(EngineProfile e) {
        return new StepLatency(model, gpu, tp, ep, weights, kvFp8, efficiency, e, fit);
    }

    public StepLatency withEfficiency(ComputeEfficiency e) {
        return new StepLatency(model, gpu, tp, ep, weights, kvFp8, e, engine, fit);
    }

    public StepLatency withFit(ServingFit f) {
        return new StepLatency(model, gpu, tp, ep, weights, kvFp8, efficiency, engine, f);
    }

    /**
     * @param prefillTokens  new prompt tokens processed in this step
     * @param prefillContext Σ over those tokens of the context each attends to (a whole prompt of n: n (n + 1) / 2)
     * @param decodeSeqs     sequences producing one token in this step
     * @param decodeContext  Σ over those sequences of their context lengths
     */
    public double seconds(long prefillTokens, double prefillContext, int decodeSeqs, double decodeContext) {
        return prepared().seconds(prefillTokens, prefillContext, decodeSeqs, decodeContext);
    }

    /**
     * The step's constants worked out once, and the linear layers' time by token count memoised, for a simulator that
     * asks for the time of every step.
     */
    public Prepared prepared() {
        return new Prepared(this);
    }

    /** {@link StepLatency#seconds} with everything that does not depend on the step worked out in advance. */
    public static final class Prepared {
        private final StepLatency s;
        private final GpuSpec gpu;
        private final ComputeEfficiency eff;
        private final double expertSeconds;
        private final Precision precision;
        private final double weightBytes;
        private final int layers;
        private final int moeLayers;
        private final double hidden;
        /** Output width of one layer's attention projections (q, k, v; MLA: the latents and up-projections) on one GPU. */
        private final double attentionN;

        private final double attentionOutK;
        private final double mlpN;
        private final double mlpDownK;
        private final double sharedN;
        private final double sharedDownK;
        private final double expertN;
        private final double expertDownK;
        private final double experts;
        private final double topK;
        private final double localExperts;
        /** Attention replicas feeding the expert layer (EP / TP when EP spans more than one TP group). */
        private final int attentionReplicas;

        private final double vocabN;
        private final double attentionWidth;
        private final double kvPerToken;
        /** Times decode attention reads each KV head from HBM: more than once without grouped KV reads. */
        private final double kvReadsPerHead;

        private final double mlaDecodeFlopsPerContext;
        private final double headDim;
        private final double headsPerGpu;
        private final double elementwisePerToken;
        private final int kernels;
        /** Each layer's reach (Long.MAX_VALUE: the whole context), or null when every layer is full attention. */
        private final long[] reach;

        private final FusedAttention.Generation attention;
        private final ByToken allLinear = new ByToken(this::computeLinear);
        private final ByToken rankLinear = new ByToken(this::computeRankLinear);
        private final ByToken logits = new ByToken(this::computeLogits);

        private Prepared(StepLatency s) {
            this.s = s;
            ModelArchitecture m = s.model;
            ParameterCount p = m.parameters();
            gpu = s.gpu;
            eff = s.fit.sustained(s.efficiency, s.gpu);
            expertSeconds = s.fit.expertSeconds();
            int tp = s.tp;
            precision = s.weights == WeightFormat.FP8 && gpu.hasFp8() ? Precision.FP8 : Precision.BF16;
            weightBytes = s.weights.bytesPerWeight();
            layers = m.layers();
            moeLayers = m.moeLayers();
            hidden = m.hidden();
            double outProjection = (double) m.attentionOutWidth() * m.hidden();
            attentionN = Math.max(1, (p.attentionPerLayer() - outProjection) / hidden / tp);
            attentionOutK = (double) m.attentionOutWidth() / tp;
            double mlpMatrices = m.block().gatedMlp() ? 3 : 2;
            mlpN = (mlpMatrices - 1) * m.ffn() / (double) tp;
            mlpDownK = m.ffn() / (double) tp;
            if (m.hasExperts()) {
                ModelArchitecture.Moe moe = m.moe();
                experts = moe.experts();
                topK = moe.topK();
                double expertTp = s.ep > 1 ? 1 : tp; // with EP each expert is whole on its rank
                expertN = (mlpMatrices - 1) * moe.expertFfn() / expertTp;
                expertDownK = moe.expertFfn() / expertTp;
                localExperts = experts / s.ep;
                attentionReplicas = s.ep > s.tp ? s.ep / s.tp : 1;
                sharedN = (mlpMatrices - 1) * (double) moe.sharedExperts() * moe.expertFfn() / tp;
                sharedDownK = (double) moe.sharedExperts() * moe.expertFfn() / tp;
            } else {
                experts = 0;
                topK = 0;
                expertN = 0;
                expertDownK = 0;
                localExperts = 0;
                attentionReplicas = 1;
                sharedN = 0;
                sharedDownK = 0;
            }
            vocabN = (double) m.vocab() / tp;
            attentionWidth = (double) m.queryWidth() + m.attentionOutWidth();
            kvPerToken = ServingMemory.kvBytesPerToken(m, tp, m.layers(), s.kvFp8);
            kvReadsPerHead = s.engine.groupedKvDecode() || m.mla() != null
                    ? 1
                    : 1 + PRE_GQA_KV_REREAD * (Math.max(1, m.heads() / (double) Math.max(m.kvHeads(), tp)) - 1);
            mlaDecodeFlopsPerContext = m.mla() == null
                    ? 0
                    : 2.0
                            * m.heads()
                            / tp
                            * (2.0 * m.mla().kvLoraRank() + m.mla().qkRopeDim());
            headDim = m.mla() != null ? m.mla().qkNopeDim() + m.mla().qkRopeDim() : m.headDim();
            headsPerGpu = (double) m.heads() / tp;
            // elements read and written per token and layer outside GEMMs and attention: norms (in, out), residual adds
            // (two in, one out, twice), rotary (q and k), the MLP's activation (gate and up in, one out), 16-bit
            double ffnWidth = m.hasExperts() ? topK * m.moe().expertFfn() / (s.ep > 1 ? 1 : tp) : m.ffn() / (double) tp;
            elementwisePerToken = 2.0
                    * (m.block().norms() * 2 * hidden
                            + 6 * hidden
                            + 2.0 * (m.queryWidth() + m.keyWidth()) / tp
                            + 3 * ffnWidth);
            kernels = layers * KERNELS_PER_LAYER + moeLayers * MOE_KERNELS + 4;
            if (m.hasLocalAttention()) {
                reach = new long[layers];
                for (int i = 0; i < layers; i++) {
                    reach[i] = m.attention(i).reach();
                }
            } else {
                reach = null;
            }
            attention = s.engine.attention();
        }

        /** As below, with the prefill tokens from one sequence. */
        public double seconds(long prefillTokens, double prefillContext, int decodeSeqs, double decodeContext) {
            return seconds(prefillTokens > 0 ? 1 : 0, prefillTokens, prefillContext, decodeSeqs, decodeContext);
        }

        /**
         * @param prefillSeqs sequences whose prompt tokens this step processes
         * @see StepLatency#seconds
         */
        public double seconds(
                int prefillSeqs, long prefillTokens, double prefillContext, int decodeSeqs, double decodeContext) {
            return seconds(new Batch(prefillSeqs, prefillTokens, prefillContext, decodeSeqs, decodeContext));
        }

        /** The step of one rank's batch, every attention replica running a batch like it (balanced). */
        public double seconds(Batch b) {
            long tokens = b.tokens();
            if (tokens == 0) {
                return 0;
            }
            double gpuSeconds = launchBound(b, rankSeconds(b) + linear(tokens));
            return Math.max(gpuSeconds, s.engine.hostOverlapped(b.sampled())) + s.engine.hostSerial(b.sampled());
        }

        /**
         * The step of data-parallel attention when the attention replicas run different batches: {@code own} on the
         * simulated rank, {@code peers} on the others. Every layer's expert all-to-all holds the ranks in step, so the
         * step lasts as long as the slowest rank's own work (attention, dense layers, router, dispatch) plus the expert
         * layer over all ranks' tokens together: one rank prefilling a long prompt stalls the others' decodes (the load
         * imbalance that SGLang's and TensorRT-LLM's attention-DP balancing schedulers exist to reduce).
         */
        public double seconds(Batch own, List<Batch> peers) {
            if (own.tokens() == 0) {
                return 0;
            }
            long allTokens = own.tokens();
            double slowest = launchBound(own, rankSeconds(own) + rankLinear.get(own.tokens()));
            for (Batch p : peers) {
                allTokens += p.tokens();
                if (p.tokens() > 0) {
                    slowest = Math.max(slowest, launchBound(p, rankSeconds(p) + rankLinear.get(p.tokens())));
                }
            }
            double gpuSeconds = slowest + moeLayers * expertLayer(allTokens);
            return Math.max(gpuSeconds, s.engine.hostOverlapped(own.sampled())) + s.engine.hostSerial(own.sampled());
        }

        /** A step outside a captured CUDA graph cannot finish before the host has launched its kernels. */
        private double launchBound(Batch b, double gpuSeconds) {
            boolean graph = b.prefillTokens() == 0 && b.decodeSeqs() <= s.engine.cudaGraphMaxBatch();
            return graph ? gpuSeconds : Math.max(gpuSeconds, kernels * s.engine.launchSeconds());
        }

        /** Attention replicas of data-parallel attention feeding one expert layer (1 without). */
        public int attentionReplicas() {
            return attentionReplicas;
        }

        /** The GPU's kernels of the step that depend on more than its token count, seconds: sampling, attention, KV writes. */
        private double rankSeconds(Batch b) {
            double t = logits.get(b.sampled());
            if (b.prefillTokens() > 0) {
                double flops = 2.0 * attentionWidth * layerContext(b.prefillContext(), b.prefillTokens()) / s.tp;
                double chunk = (double) b.prefillTokens() / Math.max(1, b.prefillSeqs());
                t += eff.attentionSeconds(
                        gpu, flops, chunk, headDim, true, Math.max(1, b.prefillSeqs()) * headsPerGpu, false, attention);
            }
            if (b.decodeSeqs() > 0) {
                double contextLayers = layerContext(b.decodeContext(), b.decodeSeqs());
                double read = eff.memorySeconds(gpu, kvPerToken * contextLayers / layers * kvReadsPerHead);
                double mla = mlaDecodeFlopsPerContext
                        * contextLayers
                        / (gpu.peakFlops(Precision.BF16) * MLA_DECODE_SHARE * s.fit.computeShare(gpu));
                t += Math.max(read, mla) + layers * DECODE_ATTENTION_SECONDS;
            }
            // every processed token writes its keys and values
            return t + eff.memorySeconds(gpu, kvPerToken * b.tokens());
        }

        /** The output layer: logits for the sequences sampled (at least one row). */
        private double computeLogits(long sampled) {
            return eff.gemmSeconds(
                    gpu, precision == Precision.FP8 ? Precision.BF16 : precision, Math.max(1, sampled), vocabN, hidden);
        }

        /** GEMMs, elementwise kernels and collectives of {@code tokens} tokens through every layer: depends on T only. */
        double linear(long tokens) {
            return allLinear.get(tokens);
        }

        private double computeLinear(long tokens) {
            return rankLinear.get(tokens) + moeLayers * expertLayer((double) tokens * attentionReplicas);
        }

        /**
         * The expert GEMMs of one MoE layer over {@code routedTokens} tokens (with attention replicas, all of theirs):
         * the experts some token is routed to, each a GEMM of its share of the routed copies; with EP, this rank's.
         */
        private double expertLayer(double routedTokens) {
            if (experts == 0 || routedTokens == 0) {
                return 0;
            }
            double touched = experts * (1 - Math.pow(1 - topK / experts, routedTokens));
            double localTouched = touched * localExperts / experts;
            double rows = routedTokens * topK / touched;
            double bytes = precision == Precision.FP8 ? 1 : weightBytes;
            return eff.groupedGemmSeconds(gpu, precision, localTouched, rows, expertN, hidden, bytes)
                    + eff.groupedGemmSeconds(gpu, precision, localTouched, rows, hidden, expertDownK, bytes)
                    + 2 * expertSeconds * localTouched * Math.min(1, rows / ComputeEfficiency.GROUPED_TILE_ROWS);
        }

        /** Everything of {@link #linear} but the expert GEMMs: what one rank does with its own tokens. */
        private double computeRankLinear(long tokens) {
            double m = tokens;
            double attention = gemm(m, attentionN, hidden) + gemm(m, hidden, attentionOutK);
            double dense = gemm(m, mlpN, hidden) + gemm(m, hidden, mlpDownK);
            double moe = 0;
            if (experts > 0) {
                moe = gemm(m, experts, hidden); // router
                if (sharedN > 0) {
                    moe += gemm(m, sharedN, hidden) + gemm(m, hidden, sharedDownK);
                }
                // permute and un-permute the routed copies
                moe += eff.memorySeconds(gpu, 2 * 2.0 * m * topK * hidden * 2);
                if (attentionReplicas > 1) {
                    // dispatch (FP8 where the weights are) and combine (16-bit) of this rank's routed copies; within
                    // one TP group the experts' partial outputs are summed by the all-reduce already counted
                    moe += allToAll(m * hidden * (precision == Precision.FP8 ? 1 : 2)) + allToAll(m * hidden * 2);
                }
            }
            double elementwise = eff.memorySeconds(gpu, elementwisePerToken * m);
            double comm = s.tp > 1 ? 2 * allReduce(m * hidden * 2) : 0;
            return (layers - moeLayers) * dense + moeLayers * moe + layers * (attention + elementwise + comm);
        }

        private double gemm(double m, double n, double k) {
            return eff.gemmSeconds(gpu, precision, m, n, k, precision == Precision.FP8 ? 1 : weightBytes);
        }

        /** Ring all-reduce of {@code bytes} over the TP group's link, plus the one-shot latency. */
        private double allReduce(double bytes) {
            int tp = s.tp;
            return 2.0 * (tp - 1) / tp * bytes / (gpu.linkGBs() * 1e9) + ALL_REDUCE_LATENCY;
        }

        /**
         * An all-to-all of this GPU's tokens ({@code tokenBytes}: one copy of each) over the EP group. Within the node
         * ({@value #GPUS_PER_NODE} GPUs) every routed copy whose expert sits on another GPU crosses NVLink; across nodes
         * a token crosses the network once per remote node holding any of its experts and is forwarded over NVLink
         * there (DeepSeek-V3 technical report, arXiv 2412.19437 §3.2.2; DeepEP's internode kernels): with N nodes of
         * E / N experts, (N − 1) · (1 − (1 − 1/N)^k) copies of a token with k experts. Plus a latency floor: NCCL's
         * within a node, DeepEP's low-latency kernels' across nodes.
         */
        private double allToAll(double tokenBytes) {
            int ep = s.ep;
            double inNode = Math.min(ep, GPUS_PER_NODE);
            double within = topK * (inNode - 1) / ep * tokenBytes / (gpu.linkGBs() * 1e9);
            double across = 0;
            if (ep > GPUS_PER_NODE) {
                across = remoteNodeCopies((double) ep / GPUS_PER_NODE, topK)
                        * tokenBytes
                        / (gpu.networkGbps() / 8 * 1e9);
            }
            return within + across + (ep > GPUS_PER_NODE ? INTERNODE_ALL_TO_ALL_LATENCY : ALL_REDUCE_LATENCY);
        }

        /** See {@link StepLatency#layerContext}. */
        double layerContext(double context, long queries) {
            if (reach == null) {
                return layers * context;
            }
            double sum = 0;
            for (long r : reach) {
                sum += r == Long.MAX_VALUE ? context : Math.min(context, (double) queries * r);
            }
            return sum;
        }
    }

    /**
     * What one rank runs in a step.
     *
     * @param prefillSeqs    sequences whose prompt tokens the step processes
     * @param prefillTokens  those prompt tokens
     * @param prefillContext Σ over them of the context each attends to
     * @param decodeSeqs     sequences producing one token
     * @param decodeContext  Σ over those of their context lengths
     */
    public record Batch(
            int prefillSeqs, long prefillTokens, double prefillContext, int decodeSeqs, double decodeContext) {
        public static final Batch EMPTY = new Batch(0, 0, 0, 0, 0);

        public long tokens() {
            return prefillTokens + decodeSeqs;
        }

        /** Sequences that sample a token: every decode and every prefilling one. */
        public int sampled() {
            return decodeSeqs + prefillSeqs;
        }
    }

    /** A function of a step's token count, memoised up to 65,536 tokens (a simulator asks for the same counts over and over). */
    private static final class ByToken {
        private final LongToDoubleFunction f;
        private double[] cache = new double[0];

        ByToken(LongToDoubleFunction f) {
            this.f = f;
        }

        double get(long tokens) {
            if (tokens < cache.length && cache[(int) tokens] > 0) {
                return cache[(int) tokens];
            }
            double v = f.applyAsDouble(tokens);
            if (tokens < 1 << 16) {
                if (tokens >= cache.length) {
                    cache = Arrays.copyOf(cache, (int) Math.min(1 << 16, Math.max(2 * cache.length, tokens + 1)));
                }
                cache[(int) tokens] = v;
            }
            return v;
        }
    }

    /**
     * Σ over layers of the context attention reads for {@code queries} queries whose contexts sum to {@code context}:
     * all of it in a full layer; in a sliding-window or chunked layer at most the window per query, so at most
     * queries × window (an upper bound when some contexts are shorter than the window).
     */
    double layerContext(double context, long queries) {
        return prepared().layerContext(context, queries);
    }

    /**
     * Copies of a token that cross the network in an all-to-all over {@code nodes} nodes holding equal shares of the
     * experts, the token routed to {@code topK} of them: once per remote node holding any of them,
     * (N − 1) · (1 − (1 − 1/N)^k) on average (experts drawn independently; DeepSeek-V3 report §3.2.2, DeepEP).
     */
    static double remoteNodeCopies(double nodes, double topK) {
        return nodes <= 1 ? 0 : (nodes - 1) * (1 - Math.pow(1 - 1 / nodes, topK));
    }

    /** KV bytes per token on one GPU of the TP group. */
    double kvBytesPerTokenPerGpu() {
        return ServingMemory.kvBytesPerToken(model, tp, model.layers(), kvFp8);
    }
}
