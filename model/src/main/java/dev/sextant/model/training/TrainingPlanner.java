package dev.sextant.model.training;

import dev.sextant.model.InputError;
import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.architecture.ParameterCount;
import dev.sextant.model.hardware.Cluster;
import dev.sextant.model.hardware.CollectiveModel;
import dev.sextant.model.hardware.GpuSpec;
import dev.sextant.model.hardware.Precision;
import dev.sextant.model.training.TrainingPlan.ByDimension;
import dev.sextant.model.training.TrainingPlan.Memory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Costs a training layout: memory per GPU on the most loaded pipeline stage, communication per dimension with the
 * alpha-beta model over the links each group spans, the 1F1B or interleaved schedule and its bubble, step time, MFU.
 * Formulas: Narayanan et al. 2021 (arXiv 2104.04473); Korthikanti et al. 2022 (arXiv 2205.05198); Rajbhandari et al. 2019 (ZeRO, arXiv 1910.02054).
 */
public final class TrainingPlanner {

    /** Communication buffers, workspace and fragmentation the allocator holds beyond the states and activations. */
    static final double BUFFER_BYTES = 2e9;

    /**
     * Step time added per doubling of the nodes at a fixed per-GPU load. NVIDIA's weak-scaling series on H100
     * (dgxc-benchmarking READMEs: GPT-3 175B, Llama 3.1 8B/70B/405B, Nemotron-4 15B/340B, Grok-1, MaxText Llama 2 70B,
     * Paxml GPT-3 175B) slow by 0.13–1.82 % per doubling of GPUs, median 0.48 % (issue-16 research notes §2.1); with
     * the DP collectives priced by size and scale, 0.2–1.3 % per doubling remains on the seven of these series in the
     * validation set, median 0.4 %, and no series in the set flattens. Straggler hosts and synchronisation jitter, which
     * MegaScale (Jiang et al. 2024, arXiv 2402.15627) reports as a cause of slow steps at scale, are what grows with the
     * nodes that is not the collectives themselves; the constant is that median, not a fit to any one run.
     */
    static final double STRAGGLER_PER_DOUBLING = 0.004;

    private final ModelArchitecture model;
    private final Cluster cluster;
    private final int seq;
    private final int globalBatch;
    private final ComputeEfficiency efficiency;
    private final ParameterCount params;
    private final SoftwareStack stack;
    private final MoeDispatcher dispatcher;
    private final PlannerFit fit;

    /** A planner for {@link SoftwareStack#DEFAULT}. */
    public TrainingPlanner(
            ModelArchitecture model, Cluster cluster, int seq, int globalBatch, ComputeEfficiency efficiency) {
        this(model, cluster, seq, globalBatch, efficiency, SoftwareStack.DEFAULT);
    }

    public TrainingPlanner(
            ModelArchitecture model,
            Cluster cluster,
            int seq,
            int globalBatch,
            ComputeEfficiency efficiency,
            SoftwareStack stack) {
        this(model, cluster, seq, globalBatch, efficiency, stack, MoeDispatcher.DEFAULT);
    }

    public TrainingPlanner(
            ModelArchitecture model,
            Cluster cluster,
            int seq,
            int globalBatch,
            ComputeEfficiency efficiency,
            SoftwareStack stack,
            MoeDispatcher dispatcher) {
        this(model, cluster, seq, globalBatch, efficiency, stack, dispatcher, PlannerFit.DEFAULT);
    }

    /** A planner with its fitted constants given: the validation's leave-one-source-out refits them per held-out source. */
    public TrainingPlanner(
            ModelArchitecture model,
            Cluster cluster,
            int seq,
            int globalBatch,
            ComputeEfficiency efficiency,
            SoftwareStack stack,
            MoeDispatcher dispatcher,
            PlannerFit fit) {
        if (seq < 1) {
            throw new InputError("training.seqLen", "the sequence length must be at least 1");
        }
        if (globalBatch < 1) {
            throw new InputError("training.globalBatch", "the global batch must be at least 1");
        }
        this.model = model;
        this.cluster = cluster;
        this.seq = seq;
        this.globalBatch = globalBatch;
        this.efficiency = efficiency;
        this.params = model.parameters();
        this.stack = stack == null ? SoftwareStack.DEFAULT : stack;
        this.dispatcher = dispatcher == null ? MoeDispatcher.DEFAULT : dispatcher;
        this.fit = fit == null ? PlannerFit.DEFAULT : fit;
    }

    public SoftwareStack stack() {
        return stack;
    }

    /**
     * Why a layout cannot exist: the input it is about (an {@link InputError} key such as {@code training.tp}) and the
     * problem in words. A value rather than an exception, as the search asks it of every layout it tries.
     */
    public record Invalid(String field, String problem) {

        /** The input error to throw when the layout was asked for as it is. */
        public InputError error() {
            return new InputError(field, problem);
        }
    }

    /** Why the layout cannot exist, or null when it can. */
    public Invalid invalid(TrainingLayout l) {
        if (l.tp() < 1 || l.pp() < 1 || l.dp() < 1 || l.cp() < 1 || l.ep() < 1 || l.vpp() < 1 || l.microBatch() < 1) {
            String field = l.tp() < 1
                    ? "training.tp"
                    : l.pp() < 1
                            ? "training.pp"
                            : l.dp() < 1
                                    ? "training.dp"
                                    : l.cp() < 1
                                            ? "training.cp"
                                            : l.ep() < 1
                                                    ? "training.ep"
                                                    : l.vpp() < 1 ? "training.virtualStages" : "training.microBatch";
            return new Invalid(field, "every degree and the micro-batch must be at least 1");
        }
        if (l.gpus() != cluster.gpus()) {
            return new Invalid(
                    "training.gpus",
                    "TP × PP × DP × CP = " + l.tp() + " × " + l.pp() + " × " + l.dp() + " × " + l.cp() + " = "
                            + l.gpus() + ", not the " + cluster.gpus() + " GPUs");
        }
        if (model.heads() % l.tp() != 0) {
            return new Invalid(
                    "training.tp", "TP (" + l.tp() + ") must divide the " + model.heads() + " attention heads");
        }
        if (model.kvHeads() % l.tp() != 0 && l.tp() % model.kvHeads() != 0) {
            return new Invalid(
                    "training.tp",
                    "TP (" + l.tp() + ") and the " + model.kvHeads() + " key/value heads must divide one another");
        }
        if (l.pp() * l.vpp() > model.layers()) {
            return new Invalid(
                    "training.pp",
                    "PP × virtual stages (" + l.pp() * l.vpp() + ") exceeds the " + model.layers() + " layers");
        }
        if (seq % l.cp() != 0) {
            return new Invalid("training.cp", "CP (" + l.cp() + ") must divide the sequence length " + seq);
        }
        if (model.moe() == null && l.ep() > 1) {
            return new Invalid("training.ep", "EP needs a mixture-of-experts model");
        }
        if (model.moe() != null && (model.moe().experts() % l.ep() != 0 || (l.tp() * l.dp() * l.cp()) % l.ep() != 0)) {
            return new Invalid(
                    "training.ep",
                    "EP (" + l.ep() + ") must divide the " + model.moe().experts() + " experts and TP × DP × CP ("
                            + l.tp() * l.dp() * l.cp() + ")");
        }
        if (globalBatch % (l.dp() * l.microBatch()) != 0) {
            return new Invalid(
                    "training.globalBatch",
                    "global batch " + globalBatch + " is not divisible into DP (" + l.dp() + ") × micro-batch ("
                            + l.microBatch() + ") pieces");
        }
        int m = globalBatch / (l.dp() * l.microBatch());
        if (l.vpp() > 1 && (l.pp() == 1 || m % l.pp() != 0)) {
            return new Invalid(
                    "training.virtualStages",
                    "interleaving needs PP > 1 and micro-batches (" + m + ") a multiple of PP (" + l.pp() + ")");
        }
        if (l.zeroStage() < 0 || l.zeroStage() > 3) {
            return new Invalid("training.zero", "ZeRO stage must be 0–3");
        }
        if (l.precision() == Precision.FP8 && !cluster.gpu().hasFp8()) {
            return new Invalid("training.precision", cluster.gpu().name() + " has no FP8 tensor cores");
        }
        return null;
    }

    public TrainingPlan plan(TrainingLayout l, double tokenBudget) {
        Invalid why = invalid(l);
        if (why != null) {
            throw why.error();
        }
        int m = globalBatch / (l.dp() * l.microBatch());
        LayerCosts c = layerCosts(l);
        // pipeline stages, balanced with the output layer on the last one
        List<Integer> stages = stageLayers(l.pp(), c.dense() + c.tp() + c.cp(), c.logits());
        double[] stageTime = stageTimes(l, stages, c);
        Pipeline pipe = pipeline(l, m, stageTime, c);
        DataParallelStep dp = dataParallelStep(l, m, stages, pipe.slowest());
        // optimizer step: read weights, gradients and states, write weights and states (sharded under ZeRO ≥ 1)
        double shard = l.zeroStage() >= 1 ? l.dp() * l.cp() : 1;
        double optimizer =
                efficiency.memorySeconds(cluster.gpu(), dp.stageParams() * (2 + 2 + 2 * ModelStateMemory.K) / shard);

        double step = pipe.seconds() * (1 + straggler(cluster)) + dp.exposed() + optimizer;
        double tokens = (double) globalBatch * seq;
        double modelFlops = TrainingFlops.modelPerToken(model, seq) * tokens;
        double tflops = modelFlops / step / cluster.gpus() / 1e12;
        double mfu = tflops * 1e12 / cluster.gpu().peakFlops(l.precision());
        double tokensPerSecond = tokens / step;

        Memory memory = memory(l, m, stages, params);
        ByDimension seconds = secondsByDimension(l, m, c, pipe, dp, maxLayers(stages));
        double computeOnly = (pipe.slowest() - (c.tp() + c.cp()) * maxLayers(stages)) * m;
        String bottleneck = bottleneck(computeOnly, pipe.bubble() * pipe.perMicroBatch() * m, seconds, memory);
        return new TrainingPlan(
                l,
                m,
                stages,
                memory,
                memory.total() <= memory.capacity(),
                bytesByDimension(l, m, c, pipe, dp),
                seconds,
                computeOnly,
                pipe.bubble(),
                step,
                tflops,
                mfu,
                tokensPerSecond,
                tokenBudget > 0 ? tokenBudget / tokensPerSecond / 86400 : Double.NaN,
                bottleneck,
                efficiency.name(),
                Arrays.stream(stageTime).boxed().toList());
    }

    /**
     * Each pipeline stage's time for one micro-batch: its layers (MoE ones with their expert exchange) and their TP and
     * CP collectives; the last stage also the output layer and its all-reduce.
     */
    private double[] stageTimes(TrainingLayout l, List<Integer> stages, LayerCosts c) {
        double[] stageTime = new double[l.pp()];
        int firstLayer = 0;
        for (int s = 0; s < l.pp(); s++) {
            int count = stages.get(s);
            int moeCount = moeLayersIn(firstLayer, firstLayer + count);
            double t = moeCount * (c.moe() + c.ep()) + (count - moeCount) * c.dense() + count * (c.tp() + c.cp());
            if (s == l.pp() - 1) {
                t += c.logits() + cluster.allReduce(c.activationBytes(), l.tp(), 1);
            }
            stageTime[s] = t;
            firstLayer += count;
        }
        return stageTime;
    }

    /**
     * The pipeline's part of a step.
     *
     * @param slowest       the slowest stage's time for one micro-batch
     * @param p2pBytes      activation bytes a micro-batch sends between stages (split over TP under sequence parallelism)
     * @param p2p           seconds of those sends a micro-batch, forward and backward, per virtual stage
     * @param perMicroBatch the slowest stage plus its sends
     * @param bubble        the bubble's share, (p − 1) / (v·m)
     * @param seconds       all m micro-batches through the pipeline, the fill and drain included
     */
    private record Pipeline(
            double slowest, double p2pBytes, double p2p, double perMicroBatch, double bubble, double seconds) {

        /** Micro-batch slots the slowest stage spends a step: m plus the fill and drain, (p − 1) / v. */
        static double slots(TrainingLayout l, int m) {
            return m + (l.pp() - 1.0) / l.vpp();
        }
    }

    private Pipeline pipeline(TrainingLayout l, int m, double[] stageTime, LayerCosts c) {
        double slowest = 0;
        for (double t : stageTime) {
            slowest = Math.max(slowest, t);
        }
        // scatter-gather (Narayanan §4.1)
        double p2pBytes = l.tp() > 1 && l.sequenceParallel() ? c.activationBytes() / l.tp() : c.activationBytes();
        double p2p = l.pp() > 1 ? 2 * l.vpp() * cluster.send(p2pBytes, l.tp() * l.cp() * l.dp()) : 0;
        double perMicroBatch = slowest + p2p;
        double bubble = (l.pp() - 1.0) / ((double) l.vpp() * m);
        return new Pipeline(slowest, p2pBytes, p2p, perMicroBatch, bubble, perMicroBatch * Pipeline.slots(l, m));
    }

    /**
     * Data-parallel gradient reduction (and parameter gathers under ZeRO-3) a step, exposed as the software stack
     * overlaps it.
     *
     * @param stageParams the parameters of the largest stage on one GPU
     * @param bytes       bytes a GPU moves a step
     * @param exposed     seconds not hidden behind compute
     */
    private record DataParallelStep(double stageParams, double bytes, double exposed) {}

    private DataParallelStep dataParallelStep(TrainingLayout l, int m, List<Integer> stages, double slowest) {
        double stageParams = stageParameters(l, stages, params, false);
        double expertParams = stageParameters(l, stages, params, true);
        DataParallel dense = dataParallel(l, stageParams - expertParams, l.dp() * l.cp(), l.tp());
        DataParallel experts = expertParams > 0
                ? dataParallel(l, expertParams, l.tp() * l.dp() * l.cp() / l.ep(), l.ep())
                : DataParallel.NONE;
        double bytes = (dense.bytes() + experts.bytes()) * (l.zeroStage() == 3 ? m : 1);
        return new DataParallelStep(stageParams, bytes, dpExposed(l, m, dense, experts, slowest, maxLayers(stages)));
    }

    /** Bytes a GPU moves a step, by parallel dimension. */
    private ByDimension bytesByDimension(TrainingLayout l, int m, LayerCosts c, Pipeline pipe, DataParallelStep dp) {
        return new ByDimension(
                c.tpBytes() * model.layers() / l.pp() * m,
                l.pp() > 1 ? 2 * l.vpp() * pipe.p2pBytes() * m : 0,
                dp.bytes(),
                c.cpBytes() * model.layers() / l.pp() * m,
                c.epBytes() * model.moeLayers() / l.pp() * m);
    }

    /** Seconds a step spends communicating, by parallel dimension, on the slowest stage. */
    private ByDimension secondsByDimension(
            TrainingLayout l, int m, LayerCosts c, Pipeline pipe, DataParallelStep dp, int stageLayers) {
        double slots = Pipeline.slots(l, m);
        return new ByDimension(
                c.tp() * stageLayers * slots,
                pipe.p2p() * slots,
                dp.exposed(),
                c.cp() * stageLayers * slots,
                c.ep() * Math.min(stageLayers, model.moeLayers()) * slots);
    }

    /**
     * Per-layer costs of one micro-batch on one GPU: they depend on TP, CP, EP, the micro-batch and the kernels, not
     * on PP, DP or ZeRO, so a search computes them once per combination.
     */
    record LayerCosts(
            double dense,
            double moe,
            double logits,
            double activationBytes,
            double tp,
            double tpBytes,
            double ep,
            double epBytes,
            double cp,
            double cpBytes) {}

    private record CostKey(
            int tp,
            int cp,
            int ep,
            int microBatch,
            Recompute recompute,
            boolean sp,
            Precision precision,
            boolean fused) {}

    private final Map<CostKey, LayerCosts> costs = new HashMap<>();

    private LayerCosts layerCosts(TrainingLayout l) {
        return costs.computeIfAbsent(
                new CostKey(
                        l.tp(),
                        l.cp(),
                        l.ep(),
                        l.microBatch(),
                        l.recompute(),
                        l.sequenceParallel(),
                        l.precision(),
                        l.fusedAttention()),
                k -> computeLayerCosts(l));
    }

    private LayerCosts computeLayerCosts(TrainingLayout l) {
        double tokensPerMicroBatch = (double) l.microBatch() * seq / l.cp(); // per GPU
        GpuSpec gpu = cluster.gpu();
        Precision precision = l.precision();

        // compute per layer and micro-batch, forward + backward (+ recompute), each GEMM at its own shape
        double[] layer = layerSeconds(l, tokensPerMicroBatch, false);
        double[] moeLayerTimes = model.moe() == null ? layer : layerSeconds(l, tokensPerMicroBatch, true);
        // selective recompute runs attention's products and its elementwise work over the scores again
        double attentionForward = attentionSeconds(l, tokensPerMicroBatch, false) + scoreTrafficSeconds(l);
        double denseLayer = layer[0]
                + layer[1]
                + (l.recompute() == Recompute.FULL ? layer[0] : 0)
                + (l.recompute() == Recompute.SELECTIVE ? attentionForward : 0);
        double moeLayer = moeLayerTimes[0]
                + moeLayerTimes[1]
                + (l.recompute() == Recompute.FULL ? moeLayerTimes[0] : 0)
                + (l.recompute() == Recompute.SELECTIVE ? attentionForward : 0);
        // the output layer stays in BF16 under FP8 training: Megatron-Core enters Transformer Engine's fp8_autocast in
        // the transformer block only (megatron/core/transformer/transformer_block.py), so the LM head is a BF16 GEMM
        double[] head = new double[2];
        gemm(head, Precision.BF16, tokensPerMicroBatch, (double) model.vocab() / l.tp(), model.hidden());
        // fp32 softmax, cross-entropy
        double logits =
                head[0] + head[1] + 3 * efficiency.memorySeconds(gpu, 4 * tokensPerMicroBatch * model.vocab() / l.tp());
        // the stack's kernels and what it overlaps: PyTorch-native stacks, and SMs shared
        // with overlapped communication (PlannerFit)
        double kernels = fit.computeFactor(stack);
        denseLayer *= kernels;
        moeLayer *= kernels;
        logits *= kernels;

        // communication per layer and micro-batch on the critical path
        double actBytes = 2 * tokensPerMicroBatch * model.hidden(); // one bf16 activation of the micro-batch
        // all-reduce pairs: forward, backward (, recomputed forward)
        int passes = l.recompute() == Recompute.FULL ? 3 : 2;
        double tpPerLayer = 2 * passes * cluster.allReduce(actBytes, l.tp(), 1);
        double tpBytesPerLayer = 2 * passes * 2.0 * (l.tp() - 1) / Math.max(1, l.tp()) * actBytes;
        double epPerMoeLayer = 0;
        double epBytesPerMoeLayer = 0;
        if (model.moe() != null && l.ep() > 1) {
            // each GPU's share of tokens to top-k experts, and back
            double dispatched = actBytes / l.tp() * model.moe().topK();
            epPerMoeLayer = 2 * passes * expertAllToAll(dispatched, l.ep());
            epBytesPerMoeLayer = 2 * passes * (l.ep() - 1.0) / l.ep() * dispatched;
        }
        double cpPerLayer = 0;
        double cpBytesPerLayer = 0;
        if (l.cp() > 1) {
            // ring attention, step by step (RingAttention): each rank passes its K and V block round the ring while it
            // computes the block it holds; the backward pass sends dK and dV with them. The ring runs at its slowest
            // hop, the NIC once the CP group spans nodes. Every stack here splits the sequence in 2·CP chunks for an
            // even causal load (Megatron-Core get_batch_on_this_cp_rank; torchtitan's head-tail load balancer).
            double kv = 2 * tokensPerMicroBatch * ((double) model.keyWidth() + model.valueWidth()) / l.tp();
            double link = cluster.bandwidth(l.cp(), l.tp());
            double latency = cluster.latency(l.cp(), l.tp());
            int forwards = l.recompute() == Recompute.NONE ? 1 : 2; // recompute runs the attention and its ring again
            double forward = attentionSeconds(l, tokensPerMicroBatch, false);
            double backward = attentionSeconds(l, tokensPerMicroBatch, true);
            cpBytesPerLayer = (l.cp() - 1) * (forwards * kv + 2 * kv);
            cpPerLayer = forwards * RingAttention.exposedSeconds(l.cp(), forward, kv, link, latency, true)
                    + RingAttention.exposedSeconds(l.cp(), backward, 2 * kv, link, latency, true);
        }
        // Transformer Engine's TP overlap hides the rest behind the GEMMs (PlannerFit)
        tpPerLayer *= fit.tpShare(stack);
        return new LayerCosts(
                denseLayer,
                moeLayer,
                logits,
                actBytes,
                tpPerLayer,
                tpBytesPerLayer,
                epPerMoeLayer,
                epBytesPerMoeLayer,
                cpPerLayer,
                cpBytesPerLayer);
    }

    /**
     * Data-parallel communication of one group of parameters: the whole of it and its largest unit (bucket, layer), in
     * seconds, and the bytes each GPU sends.
     *
     * @param reduce      gradient reduction (reduce-scatter, or all-reduce without a distributed optimizer), all buckets
     * @param gather      parameter all-gather (distributed optimizer, ZeRO-3), all buckets; per micro-batch for ZeRO-3
     * @param reduceUnit  one bucket's (ZeRO-3: one layer's) reduction
     * @param gatherUnit  one bucket's (ZeRO-3: one layer's) gather
     * @param bytes       bytes each GPU sends per step (ZeRO-3: per micro-batch)
     */
    record DataParallel(double reduce, double gather, double reduceUnit, double gatherUnit, double bytes) {
        static final DataParallel NONE = new DataParallel(0, 0, 0, 0, 0);
    }

    /**
     * DP collectives over {@code params} parameters among {@code k} ranks {@code stride} apart. Gradients reduce in the
     * stack's precision ({@link SoftwareStack#gradientBytes}), parameters gather in BF16. ZeRO 0: all-reduce; ZeRO 1–2
     * (distributed optimizer): reduce-scatter plus all-gather, the same volume (ZeRO paper §7, Rajbhandari et al. 2019);
     * ZeRO 3: per layer, a gather before the forward, another before the backward and a reduce-scatter after it.
     * Bucketed stacks reduce in buckets of {@link SoftwareStack#bucketParameters}; the others in one message over the
     * stage's buffer. Each collective is priced by message size and scale ({@link Cluster}).
     */
    private DataParallel dataParallel(TrainingLayout l, double params, int k, int stride) {
        if (k <= 1 || params <= 0) {
            return DataParallel.NONE;
        }
        double g = stack.gradientBytes();
        double share = (k - 1.0) / k;
        if (l.zeroStage() == 3) {
            double layer = params / Math.max(1, model.layers() / l.pp());
            double gatherOne = cluster.gather(2 * layer, k, stride);
            double reduceOne = cluster.gather(g * layer, k, stride);
            double layers = params / layer;
            return new DataParallel(
                    layers * reduceOne, 2 * layers * gatherOne, reduceOne, gatherOne, share * params * (2 * 2 + g));
        }
        double bucket = stack.dpOverlap() == SoftwareStack.DpOverlap.BUCKETED
                ? Math.min(params, SoftwareStack.bucketParameters(k))
                : params;
        double buckets = Math.ceil(params / bucket - 1e-9);
        if (l.zeroStage() == 0) {
            double one = cluster.allReduce(g * bucket, k, stride);
            return new DataParallel(buckets * one, 0, one, 0, share * 2 * g * params);
        }
        double reduceOne = cluster.gather(g * bucket, k, stride);
        double gatherOne = cluster.gather(2 * bucket, k, stride);
        return new DataParallel(
                buckets * reduceOne, buckets * gatherOne, reduceOne, gatherOne, share * params * (g + 2));
    }

    /**
     * The part of DP communication on the critical path. No overlap: all of it, after the last backward pass.
     * Bucketed (Megatron-Core's distributed optimizer): reduce-scatters run during the last micro-batch's backward pass
     * (two thirds of its time) and gathers during the first forward (one third), so what shows is what exceeds those
     * windows and never less than the last bucket's reduction and the first bucket's gather ("exposes only one DP
     * communication chunk", NeMo docs). ZeRO-3: per micro-batch and layer, the next layer's gather hides behind this
     * layer's forward and its gather plus reduce-scatter behind its backward; the first gather and the last reduction
     * have nothing to hide behind.
     */
    private double dpExposed(
            TrainingLayout l, int m, DataParallel dense, DataParallel experts, double microBatch, int layers) {
        double reduce = dense.reduce() + experts.reduce();
        double gather = dense.gather() + experts.gather();
        if (l.zeroStage() == 3) {
            double forward = microBatch / 3 / Math.max(1, layers);
            double backward = 2 * forward;
            double perLayerGather = (dense.gather() + experts.gather()) / 2 / Math.max(1, layers);
            double perLayerReduce = reduce / Math.max(1, layers);
            double perMicroBatch = layers
                            * (Math.max(0, perLayerGather - forward)
                                    + Math.max(0, perLayerGather + perLayerReduce - backward))
                    + perLayerGather
                    + perLayerReduce;
            return m * perMicroBatch;
        }
        if (stack.dpOverlap() == SoftwareStack.DpOverlap.NONE) {
            return reduce + gather;
        }
        double lastBucket = Math.max(dense.reduceUnit(), experts.reduceUnit());
        double firstBucket = Math.max(dense.gatherUnit(), experts.gatherUnit());
        // micro-batches whose backward (forward) work the buckets can hide behind: the last one's without
        // interleaving; with it, each virtual stage's buckets are ready (needed) as that stage finishes
        // (starts), across the cool-down (warm-up) of the interleaved schedule, about min(m, PP)
        // micro-batches of work (Narayanan et al. 2021, §2.2.2)
        double windows = l.vpp() > 1 ? Math.min(m, l.pp()) : 1;
        return Math.max(lastBucket, reduce - windows * 2.0 / 3 * microBatch)
                + (gather > 0 ? Math.max(firstBucket, gather - windows * microBatch / 3) : 0);
    }

    /**
     * Share of the pipeline time lost to stragglers and synchronisation jitter, growing with log₂ of the nodes every
     * step waits on: {@link #STRAGGLER_PER_DOUBLING} per doubling.
     */
    static double straggler(Cluster cluster) {
        int nodes = Math.max(1, cluster.gpus() / cluster.gpusPerNode());
        return STRAGGLER_PER_DOUBLING * Math.log(nodes) / Math.log(2);
    }

    /**
     * One dispatch or combine all-to-all of {@code bytes} per GPU among the {@code ep} expert-parallel ranks (consecutive
     * ranks, as Megatron-Core orders the expert group with expert tensor parallelism 1). Each rank sends
     * {@code bytes / ep} to every peer: NCCL's all-to-all is a group of point-to-point sends and receives, one per peer
     * (NVIDIA/nccl-tests src/alltoall.cu: ncclSend/ncclRecv inside ncclGroupStart/End), and peers on the same node go over
     * NVLink while the others go over the GPU's NIC, at the same time; DeepEP's normal kernels likewise split the
     * "intranode (NVLink)" from the "internode (RDMA)" traffic (deepseek-ai/DeepEP README). So the time is the slower of
     * {@code (r−1)/ep · bytes} over NVLink and {@code (ep−r)/ep · bytes} over the NIC, {@code r} the group's ranks on one
     * node, plus the latency. DeepEP's per-node deduplication (one RDMA copy per node a token reaches) needs node-limited
     * routing and its kernels; it is assumed only for {@link MoeDispatcher#DEEPEP}, whose NIC carries one copy of a
     * token per remote node its experts fall on ({@link MoeDispatcher#remoteNodesReached}) and whose NVLink carries every
     * copy that leaves the GPU (sent to peers on the node, or forwarded from the RDMA receivers). DeepEP's measured
     * internode rates, 43–58 GB/s of RDMA per H800 with 400 Gb/s ConnectX-7 (deepseek-ai/DeepEP README), bracket the
     * NIC rate used here.
     */
    double expertAllToAll(double bytes, int ep) {
        if (!cluster.spansNodes(ep, 1)) {
            return cluster.allToAll(bytes, ep, 1);
        }
        int r = cluster.ranksPerNode(ep, 1);
        double nvlink = (r - 1.0) / ep * bytes / cluster.bandwidth(r, 1);
        double nic = (ep - (double) r) / ep * bytes / cluster.bandwidth(ep, 1);
        if (dispatcher == MoeDispatcher.DEEPEP && model.moe() != null) {
            int k = model.moe().topK();
            int nodes = cluster.nodesSpanned(ep, 1);
            nvlink = (ep - 1.0) / ep * bytes / cluster.bandwidth(r, 1);
            nic = bytes
                    / k
                    * MoeDispatcher.remoteNodesReached(model.moe().experts(), k, nodes)
                    / cluster.bandwidth(ep, 1);
        }
        return CollectiveModel.alpha(cluster.nodesSpanned(ep, 1)) + Math.max(nvlink, nic);
    }

    /**
     * HBM traffic of routing one forward pass of an MoE layer on one GPU, seconds: Megatron-Core's all-to-all token
     * dispatcher (megatron/core/transformer/moe/token_dispatcher.py, MoEAlltoAllTokenDispatcher) permutes the
     * {@code tokens·k} routed copies by expert before the dispatch ("Permutation 1", an index_select), sorts the received
     * chunks by local expert after it when a GPU holds more than one ("Permutation 2", sort_chunks_by_idxs), and undoes
     * both around the combine (unpermute is a weighted scatter-add). Each pass reads and writes {@code tokens·k} rows of
     * {@code hidden} BF16 values, fused or not (--moe-permute-fusion fuses the index arithmetic, not the copies). The
     * backward pass moves the gradients through the same passes in reverse, so it costs the same.
     */
    double permutationSeconds(double tokens, int topK, int localExperts) {
        int passes = localExperts > 1 ? 4 : 2;
        double rowBytes = 2.0 * model.hidden();
        return efficiency.memorySeconds(cluster.gpu(), passes * 2 * tokens * topK * rowBytes);
    }

    /** MoE layers among layers [from, to). */
    private int moeLayersIn(int from, int to) {
        int moeFrom = model.moe() == null ? Integer.MAX_VALUE : model.moe().denseLayers();
        return Math.max(0, to - Math.max(from, moeFrom));
    }

    private static int maxLayers(List<Integer> stages) {
        return stages.stream().mapToInt(Integer::intValue).max().orElse(0);
    }

    private String bottleneck(double compute, double bubble, ByDimension comm, Memory memory) {
        if (memory.total() > memory.capacity()) {
            return "memory";
        }
        String name = "compute";
        double worst = compute;
        double[] values = {bubble, comm.tp(), comm.pp(), comm.dp(), comm.cp(), comm.ep()};
        String[] names = {
            "pipeline bubble",
            "TP communication",
            "PP communication",
            "DP communication",
            "CP communication",
            "EP communication"
        };
        for (int i = 0; i < values.length; i++) {
            if (values[i] > worst) {
                worst = values[i];
                name = names[i];
            }
        }
        return name;
    }

    /**
     * Forward and backward time of one transformer layer for one micro-batch on one GPU, GEMMs plus elementwise kernels.
     * Each GEMM is costed at its own shape: QKV, attention output, the MLP's fused up/gate and down projections (or each
     * local expert's at the tokens routed to it, the router, shared experts), backward as its two GEMMs of their own shapes.
     * Under FP8 only these linear layers run in FP8 (with their casts); attention, norms, activations and the router do not.
     */
    private double[] layerSeconds(TrainingLayout l, double tokens, boolean moeLayer) {
        GpuSpec gpu = cluster.gpu();
        Precision p = l.precision();
        double h = model.hidden();
        int t = l.tp();
        double[] s = new double[2];
        gemm(s, p, tokens, ((double) model.queryWidth() + 2.0 * kvProjectionWidth()) / t, h);
        gemm(s, p, tokens, h, (double) model.attentionOutWidth() / t);
        s[0] += attentionSeconds(l, tokens, false);
        s[1] += attentionSeconds(l, tokens, true);
        boolean gated = model.block().gatedMlp();
        if (moeLayer && model.moe() != null) {
            ModelArchitecture.Moe e = model.moe();
            // experts are whole on each GPU (expert tensor parallelism 1, as Megatron-LM recommends with EP): a GPU
            // holds experts/ep of them and, balanced, receives its share of tokens (tokens/tp) times top-k among them
            double expertsHere = (double) e.experts() / l.ep();
            double tokensPerExpert = tokens / t * e.topK() * l.ep() / e.experts();
            double f = e.expertFfn();
            // dropless routing: the busiest rank (whose experts got the most tokens) sets the layer's pace
            double imbalance = l.ep() > 1 ? fit.moeImbalance() : 1;
            double[] one = new double[2];
            gemm(one, p, tokensPerExpert * imbalance, (gated ? 2 : 1) * f, h);
            gemm(one, p, tokensPerExpert * imbalance, h, f);
            // each local expert also costs a fixed time per GEMM pass (PlannerFit#expertSeconds)
            s[0] += expertsHere * (one[0] + fit.expertSeconds());
            s[1] += expertsHere * (one[1] + 2 * fit.expertSeconds());
            if (e.sharedExperts() > 0) {
                double fs = f / t; // shared experts split like a dense MLP
                double[] shared = new double[2];
                gemm(shared, p, tokens, (gated ? 2 : 1) * fs, h);
                gemm(shared, p, tokens, h, fs);
                s[0] += e.sharedExperts() * shared[0];
                s[1] += e.sharedExperts() * shared[1];
            }
            // router: BF16 (Megatron-Core keeps it out of FP8; moe_router_dtype)
            gemm(s, Precision.BF16, tokens, e.experts(), h);
            // tokens/tp: sequence-parallel shards
            double route = permutationSeconds(tokens / t, e.topK(), e.experts() / l.ep()) * imbalance;
            s[0] += route;
            s[1] += route;
        } else {
            double f = (double) model.ffn() / t;
            gemm(s, p, tokens, (gated ? 2 : 1) * f, h);
            gemm(s, p, tokens, h, f);
        }
        // elementwise kernels (norms, activations, residuals, softmax, dropout): read and written about once each in
        // the forward pass for what the layer keeps (a third of fwd + bwd traffic)
        double stored = ActivationMemory.perLayer(
                model, seq, l.microBatch(), t, l.cp(), l.sequenceParallel(), Recompute.SELECTIVE, moeLayer, true);
        double elementwise = efficiency.memorySeconds(gpu, 2 * stored) + scoreTrafficSeconds(l);
        s[0] += elementwise;
        s[1] += 2 * elementwise;
        return s;
    }

    /**
     * Adds a linear layer's GEMMs to {@code acc}: forward Y[m×n] = X[m×k]·W[k×n] to acc[0]; backward to acc[1], data
     * gradient dX = dY·Wᵀ (m×k by n) and weight gradient dW = Xᵀ·dY (k×n by m), each at its own shape. FP8 adds Transformer
     * Engine's casts as memory traffic: X to FP8 forward (read 2 bytes, write 1), dY to FP8 backward, and the transposed FP8
     * copies the weight gradient reads (1 byte each); amax reductions are fused into the casts, and FP8 weight copies are
     * cached across micro-batches (Transformer Engine user guide, "Using FP8 with Transformer Engine"; NVIDIA/TransformerEngine
     * cast_transpose kernels).
     */
    private void gemm(double[] acc, Precision p, double m, double n, double k) {
        GpuSpec gpu = cluster.gpu();
        acc[0] += efficiency.gemmSeconds(gpu, p, m, n, k);
        acc[1] += efficiency.gemmSeconds(gpu, p, m, k, n) + efficiency.gemmSeconds(gpu, p, k, n, m);
        if (p == Precision.FP8) {
            acc[0] += efficiency.memorySeconds(gpu, 3 * m * k);
            acc[1] += efficiency.memorySeconds(gpu, 3 * m * n + m * n + m * k);
        }
    }

    /** Elementwise traffic over attention scores (softmax, masking, dropout) in one forward pass, when they are in memory. */
    private double scoreTrafficSeconds(TrainingLayout l) {
        if (l.fusedAttention()) {
            return 0;
        }
        double scores = ActivationMemory.perLayer(
                        model, seq, l.microBatch(), l.tp(), l.cp(), l.sequenceParallel(), Recompute.NONE, false, false)
                - ActivationMemory.perLayer(
                        model,
                        seq,
                        l.microBatch(),
                        l.tp(),
                        l.cp(),
                        l.sequenceParallel(),
                        Recompute.SELECTIVE,
                        false,
                        false);
        return efficiency.memorySeconds(cluster.gpu(), 2 * scores);
    }

    /** Width of the K and V projections' outputs (MLA: the latent down-projection). */
    private double kvProjectionWidth() {
        return model.mla() != null
                ? (model.mla().kvLoraRank() + model.mla().qkRopeDim()) / 2.0
                : (double) model.kvHeads() * model.headDim();
    }

    /**
     * Time of attention's QKᵀ and AV products for one micro-batch on one GPU, forward or backward. Separate kernels: two
     * batched GEMMs per head with the scores written in between, every block computed; backward twice the forward.
     * Fused (flash-attention): the causal mask skips half the blocks and the scores stay on chip, at the kernel's measured
     * rate for the rank's chunk of the sequence ({@link ComputeEfficiency#attentionSeconds}); backward does 2.5 × the
     * forward FLOPs (five products against two, with recomputation: Shah et al. 2024, arXiv 2407.08608, §4.1).
     */
    private double attentionSeconds(TrainingLayout l, double tokens, boolean backward) {
        GpuSpec gpu = cluster.gpu();
        double heads = (double) model.heads() / l.tp();
        double qk = (double) model.queryWidth() / model.heads();
        double v = (double) model.attentionOutWidth() / model.heads();
        if (l.fusedAttention()) {
            double flops = heads * 2 * tokens * seq * (qk + v) / 2; // causal: half the blocks
            double chunk = (double) seq / l.cp(); // the rank's query rows per sequence
            return efficiency.attentionSeconds(
                    gpu, (backward ? 2.5 : 1) * flops, chunk, (qk + v) / 2, true, heads * l.microBatch(), backward);
        }
        // per head: (tokens × qk) by (qk × seq), then (tokens × seq) by (seq × v); batched over heads and sequences
        double forward = heads
                * (efficiency.gemmSeconds(gpu, Precision.BF16, tokens, seq, qk)
                        + efficiency.gemmSeconds(gpu, Precision.BF16, tokens, v, seq));
        return backward ? 2 * forward : forward;
    }

    /**
     * Layers per stage: as even as possible, then moved off the last stage while its output layer makes it the slowest
     * (Narayanan et al. place the embedding and output layers on the first and last stages).
     */
    static List<Integer> stageLayersFor(int layers, int pp, double layerCost, double outputCost) {
        int[] n = new int[pp];
        for (int i = 0; i < pp; i++) {
            n[i] = layers / pp + (i < layers % pp ? 1 : 0);
        }
        // put any extra layers on the middle/first stages, not the last
        if (pp > 1) {
            while (true) {
                int last = pp - 1;
                int lightest = 0;
                for (int i = 1; i < last; i++) {
                    if (n[i] < n[lightest]) {
                        lightest = i;
                    }
                }
                double lastCost = n[last] * layerCost + outputCost;
                double after = Math.max((n[last] - 1) * layerCost + outputCost, (n[lightest] + 1) * layerCost);
                if (n[last] > 1 && after < lastCost - 1e-15) {
                    n[last]--;
                    n[lightest]++;
                } else {
                    break;
                }
            }
        }
        List<Integer> out = new ArrayList<>(pp);
        for (int v : n) {
            out.add(v);
        }
        return out;
    }

    private List<Integer> stageLayers(int pp, double layerCost, double outputCost) {
        return stageLayersFor(model.layers(), pp, layerCost, outputCost);
    }

    /** Parameters the GPU on the most loaded stage holds (its TP and EP shares); only the experts when asked. */
    private double stageParameters(TrainingLayout l, List<Integer> stages, ParameterCount p, boolean expertsOnly) {
        double most = 0;
        int first = 0;
        double expertsPerMoeLayer = model.moe() == null
                ? 0
                : (double) p.expertPerLayer() * model.moe().experts() / l.ep();
        double restOfMoeLayer = model.moe() == null
                ? 0
                : (p.moeMlpPerLayer()
                                - (double) p.expertPerLayer() * model.moe().experts())
                        / l.tp();
        double common = p.attentionPerLayer() / (double) l.tp() + p.normPerLayer();
        for (int s = 0; s < l.pp(); s++) {
            int count = stages.get(s);
            int moe = moeLayersIn(first, first + count);
            double total = moe * expertsPerMoeLayer;
            if (!expertsOnly) {
                total += moe * restOfMoeLayer + (count - moe) * (double) p.denseMlpPerLayer() / l.tp() + count * common;
                if (s == 0) {
                    total += (double) p.embedding() / l.tp();
                }
                if (s == l.pp() - 1) {
                    total += (p.output() == 0 && l.pp() > 1 ? (double) model.vocab() * model.hidden() : p.output())
                                    / l.tp()
                            + p.finalNorm();
                }
            }
            most = Math.max(most, total);
            first += count;
        }
        return most;
    }

    private Memory memory(TrainingLayout l, int m, List<Integer> stages, ParameterCount p) {
        double params = stageParameters(l, stages, p, false);
        double expert = stageParameters(l, stages, p, true);
        ModelStateMemory dense = ModelStateMemory.of(params - expert, l.dp() * l.cp(), l.zeroStage());
        ModelStateMemory experts =
                ModelStateMemory.of(expert, Math.max(1, l.tp() * l.dp() * l.cp() / l.ep()), l.zeroStage());
        // activations on the first stage: p micro-batches in flight under 1F1B, each with its layers' activations
        double inFlight = ActivationMemory.inFlightMicroBatches(l.pp(), m, l.vpp());
        double perLayerDense = ActivationMemory.perLayer(
                model,
                seq,
                l.microBatch(),
                l.tp(),
                l.cp(),
                l.sequenceParallel(),
                l.recompute(),
                false,
                l.fusedAttention());
        double perLayerMoe = ActivationMemory.perLayer(
                model,
                seq,
                l.microBatch(),
                l.tp(),
                l.cp(),
                l.sequenceParallel(),
                l.recompute(),
                true,
                l.fusedAttention());
        int moeFirst = moeLayersIn(0, stages.get(0));
        double firstStage = moeFirst * perLayerMoe + (stages.get(0) - moeFirst) * perLayerDense;
        double activations = firstStage * inFlight;
        if (l.pp() == 1) {
            // the output layer's FP32 logits for the loss (Korthikanti et al. §4.3: 4 s b V / t)
            activations += 4.0 * seq / l.cp() * l.microBatch() * model.vocab() / l.tp();
        }
        double w = dense.weights() + experts.weights();
        double g = dense.gradients() + experts.gradients();
        double o = dense.optimizer() + experts.optimizer();
        double total = w + g + o + activations + BUFFER_BYTES;
        return new Memory(
                w, g, o, activations, BUFFER_BYTES, total, cluster.gpu().usableMemoryBytes());
    }
}
