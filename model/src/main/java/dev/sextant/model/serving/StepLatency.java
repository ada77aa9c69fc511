package dev.sextant.model.serving;

import dev.sextant.model.InputError;
import dev.sextant.model.hardware.GpuSpec;
import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.architecture.ParameterCount;
import dev.sextant.model.hardware.Precision;
import dev.sextant.model.training.ComputeEfficiency;

/**
 * The time of one engine step on one replica: a forward pass over the prefill tokens admitted in this step and one
 * decode token for each running sequence (continuous batching, Orca-style). Per GPU of the tensor-parallel group:
 * <ul>
 *   <li>FLOPs: 2 × weights a token passes through × tokens, plus attention's score and value products against each
 *       token's context (causal for prefill chunks);</li>
 *   <li>bytes: the GPU's weights once per step (MoE: the experts the step's tokens touch, E (1 − (1 − k/E)^T)), the KV
 *       cache the step reads, and the KV it writes;</li>
 *   <li>time: the larger of FLOPs at a share of the dense peak and bytes at a share of the memory bandwidth (a pure
 *       roofline overestimates throughput 1.4–1.9 × against TensorRT-LLM on an A100: LLM-Viewer, github.com/hahnyuan/LLM-Viewer issue 4), plus two all-reduces a layer over
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
        return prepared().seconds(prefillTokens, prefillContext, decodeSeqs, decodeContext);
    }

    /**
     * The step's constants (parameter counts, weight and KV bytes, peak rate, each layer's reach) worked out once, for a
     * simulator that asks for the time of every step: counting them per step was most of a serving study's time.
     */
    public Prepared prepared() {
        return new Prepared(this);
    }

    /** {@link StepLatency#seconds} with everything that does not depend on the step worked out in advance. */
    public static final class Prepared {
        private final StepLatency s;
        private final double matmulActive;
        private final double attentionWidth;
        private final double weightBytes;
        private final double experts;
        private final double topK;
        /** Weights of one expert summed over the MoE layers. */
        private final double expertWeights;
        private final double kvPerToken;
        private final double peak;
        private final int layers;
        /** Each layer's reach (Long.MAX_VALUE: the whole context), or null when every layer is full attention. */
        private final long[] reach;
        private final boolean tensorParallel;
        private final double hidden;

        private Prepared(StepLatency s) {
            this.s = s;
            ModelArchitecture m = s.model;
            ParameterCount p = m.parameters();
            matmulActive = p.matmulActive();
            attentionWidth = (double) m.queryWidth() + m.attentionOutWidth();
            weightBytes = ServingMemory.weightsPerGpu(m, s.weights, s.tp, 1);
            experts = m.moe() == null ? 0 : m.moe().experts();
            topK = m.moe() == null ? 0 : m.moe().topK();
            expertWeights = m.moe() == null ? 0 : m.moeLayers() * p.expertPerLayer();
            kvPerToken = s.kvBytesPerTokenPerGpu();
            // FP8 weights on a GPU with FP8 tensor cores run FP8 GEMMs (W8A8), at a smaller share of that peak
            boolean fp8 = s.weights == WeightFormat.FP8 && s.gpu.hasFp8();
            peak = fp8 ? s.gpu.peakFlops(Precision.FP8) * ComputeEfficiency.FP8_SHARE : s.gpu.peakFlops(Precision.BF16);
            layers = m.layers();
            if (m.hasLocalAttention()) {
                reach = new long[layers];
                for (int i = 0; i < layers; i++) {
                    reach[i] = m.attention(i).reach();
                }
            } else {
                reach = null;
            }
            hidden = m.hidden();
            tensorParallel = s.tp > 1;
        }

        /** See {@link StepLatency#seconds}. */
        public double seconds(long prefillTokens, double prefillContext, int decodeSeqs, double decodeContext) {
            long tokens = prefillTokens + decodeSeqs;
            if (tokens == 0) {
                return 0;
            }
            int tp = s.tp;
            double prefillLayerContext = layerContext(prefillContext, prefillTokens);
            double decodeLayerContext = layerContext(decodeContext, decodeSeqs);
            double flops = (2.0 * matmulActive * tokens + 2.0 * attentionWidth * (prefillLayerContext + decodeLayerContext)) / tp;
            double bytesOfWeights = weightBytes;
            if (experts > 0) {
                // only the experts some token of the step is routed to are read
                double touched = experts * (1 - Math.pow(1 - topK / experts, tokens));
                bytesOfWeights -= expertWeights * (experts - touched) / tp * s.weights.bytesPerWeight();
            }
            // decode reads each sequence's cache (a windowed layer only its window); every processed token writes its own;
            // prefill attends within the chunk, whose keys and values stay on chip in fused attention
            double bytes = bytesOfWeights + kvPerToken * (decodeLayerContext / layers + tokens);
            double compute = flops / (peak * s.computeShare);
            double memory = bytes / (s.gpu.hbmGBs() * 1e9 * s.memoryShare);
            double comm = 0;
            if (tensorParallel) {
                double message = 2.0 * tokens * hidden;
                double allReduce = 2.0 * (tp - 1) / tp * message / (s.gpu.linkGBs() * 1e9) + 2.0 * (tp - 1) * 3e-6;
                comm = 2.0 * layers * allReduce;
            }
            return Math.max(compute, memory) + comm + s.stepOverhead;
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
     * Σ over layers of the context attention reads for {@code queries} queries whose contexts sum to {@code context}:
     * all of it in a full layer; in a sliding-window or chunked layer at most the window per query, so at most
     * queries × window (an upper bound when some contexts are shorter than the window).
     */
    double layerContext(double context, long queries) {
        return prepared().layerContext(context, queries);
    }

    /** KV bytes per token on one GPU of the TP group. */
    double kvBytesPerTokenPerGpu() {
        return ServingMemory.kvBytesPerToken(model, tp, model.layers(), kvFp8);
    }
}
