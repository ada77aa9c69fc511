package dev.sextant.model.serving;

import dev.sextant.model.InputError;
import dev.sextant.model.hardware.GpuSpec;
import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.architecture.ParameterCount;

/**
 * The time of one engine step on one replica: a forward pass over the prefill tokens admitted in this step and one
 * decode token for each running sequence (continuous batching, Orca-style). Per GPU of the tensor-parallel group:
 * <ul>
 *   <li>FLOPs: 2 × weights a token passes through × tokens, plus attention's score and value products against each
 *       token's context (causal for prefill chunks);</li>
 *   <li>bytes: the GPU's weights once per step (MoE: the experts the step's tokens touch, E (1 − (1 − k/E)^T)), the KV
 *       cache the step reads, and the KV it writes;</li>
 *   <li>time: the larger of FLOPs at a share of the dense peak and bytes at a share of the memory bandwidth (a pure
 *       roofline overestimates throughput 1.4–1.9 ×: shared/reference/serving.md), plus two all-reduces a layer over
 *       the TP group and a fixed cost per step for scheduling and kernel launches.</li>
 * </ul>
 * The shares are defaults until a calibration profile (issue 7) replaces them.
 *
 * @param computeShare achieved share of the dense peak for the step's matrix multiplies
 * @param memoryShare  achieved share of the memory bandwidth for streaming weights and KV
 * @param stepOverhead seconds of scheduling and launch overhead per step
 */
public record StepLatency(ModelArchitecture model, GpuSpec gpu, int tp, WeightFormat weights, boolean kvFp8, double computeShare,
                         double memoryShare, double stepOverhead) {

    /** Defaults: 60 % of peak for GEMMs, 70 % of bandwidth, 1 ms a step. */
    public static StepLatency defaults(ModelArchitecture model, GpuSpec gpu, int tp, WeightFormat weights, boolean kvFp8) {
        return new StepLatency(model, gpu, tp, weights, kvFp8, 0.6, 0.7, STEP_OVERHEAD);
    }

    /** Scheduling and launch overhead of one engine step, seconds. */
    public static final double STEP_OVERHEAD = 1e-3;

    public StepLatency {
        InputError.require(tp >= 1 && model.heads() % tp == 0, "serving.tp", "TP (" + tp + ") must divide the " + model.heads()
                + " attention heads");
        if (!(computeShare > 0 && computeShare <= 1) || !(memoryShare > 0 && memoryShare <= 1) || stepOverhead < 0) {
            throw new IllegalArgumentException("efficiency shares must lie in (0, 1] and the step overhead must not be negative");
        }
    }

    /**
     * @param prefillTokens  new prompt tokens processed in this step
     * @param prefillContext Σ over those tokens of the context each attends to (a whole prompt of n: n (n + 1) / 2)
     * @param decodeSeqs     sequences producing one token in this step
     * @param decodeContext  Σ over those sequences of their context lengths
     */
    public double seconds(long prefillTokens, double prefillContext, int decodeSeqs, double decodeContext) {
        ModelArchitecture m = model;
        ParameterCount p = m.parameters();
        long tokens = prefillTokens + decodeSeqs;
        if (tokens == 0) {
            return 0;
        }
        double attentionWidth = (double) m.queryWidth() + m.attentionOutWidth();
        double prefillLayerContext = layerContext(prefillContext, prefillTokens);
        double decodeLayerContext = layerContext(decodeContext, decodeSeqs);
        double flops = (2.0 * p.matmulActive() * tokens + 2.0 * attentionWidth * (prefillLayerContext + decodeLayerContext)) / tp;
        double weightBytes = ServingMemory.weightsPerGpu(m, weights, tp, 1);
        if (m.moe() != null) {
            // only the experts some token of the step is routed to are read
            double e = m.moe().experts();
            double touched = e * (1 - Math.pow(1 - m.moe().topK() / e, tokens));
            double expertBytes = m.moeLayers() * p.expertPerLayer() * (e - touched) / tp * weights.bytesPerWeight();
            weightBytes -= expertBytes;
        }
        double kvPerToken = kvBytesPerTokenPerGpu();
        // decode reads each sequence's cache (a windowed layer only its window); every processed token writes its own;
        // prefill attends within the chunk, whose keys and values stay on chip in fused attention
        double bytes = weightBytes + kvPerToken * (decodeLayerContext / m.layers() + tokens);
        // FP8 weights on a GPU with FP8 tensor cores run FP8 GEMMs (W8A8), at a smaller share of that peak
        boolean fp8 = weights == WeightFormat.FP8 && gpu.hasFp8();
        double peak = fp8 ? gpu.peakFlops(dev.sextant.model.hardware.Precision.FP8) * dev.sextant.model.training.ComputeEfficiency.FP8_SHARE
                : gpu.peakFlops(dev.sextant.model.hardware.Precision.BF16);
        double compute = flops / (peak * computeShare);
        double memory = bytes / (gpu.hbmGBs() * 1e9 * memoryShare);
        double comm = 0;
        if (tp > 1) {
            double message = 2.0 * tokens * m.hidden();
            double allReduce = 2.0 * (tp - 1) / tp * message / (gpu.linkGBs() * 1e9) + 2.0 * (tp - 1) * 3e-6;
            comm = 2.0 * m.layers() * allReduce;
        }
        return Math.max(compute, memory) + comm + stepOverhead;
    }

    /**
     * Σ over layers of the context attention reads for {@code queries} queries whose contexts sum to {@code context}:
     * all of it in a full layer; in a sliding-window or chunked layer at most the window per query, so at most
     * queries × window (an upper bound when some contexts are shorter than the window).
     */
    double layerContext(double context, long queries) {
        if (!model.hasLocalAttention()) {
            return model.layers() * context;
        }
        double sum = 0;
        for (int i = 0; i < model.layers(); i++) {
            long reach = model.attention(i).reach();
            sum += reach == Long.MAX_VALUE ? context : Math.min(context, (double) queries * reach);
        }
        return sum;
    }

    /** KV bytes per token on one GPU of the TP group. */
    double kvBytesPerTokenPerGpu() {
        return ServingMemory.kvBytesPerToken(model, tp, model.layers(), kvFp8);
    }
}
