package dev.sextant.model.serving;

import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.hardware.GpuSpec;
import dev.sextant.model.architecture.ModelArchitecture;
import java.util.List;

/**
 * One serving replica as the simulator and the capacity planner run it: its KV cache from the memory plan of its
 * {@link ServingSpec}, its step latency, its scheduler, and speculative decoding if used. Pipeline stages run one after
 * another in a step (no micro-batches in flight), which makes the throughput of PP &gt; 1 a conservative estimate.
 *
 * @param speculation speculative decoding, or null
 * @param calibration the measured rates the step latency uses, or null for the catalog defaults
 */
public record ServingReplica(ServingSpec spec, boolean chunkedPrefill, BatchingSimulator.Speculation speculation,
                             dev.sextant.model.calibration.Calibration calibration, EngineProfile engine) {

    public ServingReplica {
        if (engine == null) {
            engine = EngineProfile.VLLM;
        }
    }

    /** Served by vLLM. */
    public ServingReplica(ServingSpec spec, boolean chunkedPrefill, BatchingSimulator.Speculation speculation,
                          dev.sextant.model.calibration.Calibration calibration) {
        this(spec, chunkedPrefill, speculation, calibration, EngineProfile.VLLM);
    }

    public static final int BLOCK_SIZE = 16;

    /** vLLM's defaults around the given choices: utilisation 0.9, 16-token blocks, the model's context. */
    public static ServingReplica of(ModelArchitecture model, GpuSpec gpu, int tp, WeightFormat weights, boolean kvFp8, int maxNumSeqs,
                                    int maxNumBatchedTokens, boolean chunkedPrefill) {
        return new ServingReplica(new ServingSpec(model, gpu, tp, 1, weights, kvFp8, (int) Math.min(model.maxPositions(), 1L << 20), maxNumSeqs,
                maxNumBatchedTokens, 0.9, BLOCK_SIZE, null, null, null), chunkedPrefill, null, null);
    }

    /** As above, the weights stored as {@code storage} says (a checkpoint's quantization_config, or a chosen format). */
    public static ServingReplica of(ModelArchitecture model, GpuSpec gpu, int tp, WeightStorage storage, boolean kvFp8, int maxNumSeqs,
                                    int maxNumBatchedTokens, boolean chunkedPrefill) {
        return new ServingReplica(new ServingSpec(model, gpu, tp, 1, storage.format(), kvFp8, (int) Math.min(model.maxPositions(), 1L << 20),
                maxNumSeqs, maxNumBatchedTokens, 0.9, BLOCK_SIZE, null, null, null, storage), chunkedPrefill, null, null);
    }

    public ServingReplica withSpec(ServingSpec s) {
        return new ServingReplica(s, chunkedPrefill, speculation, calibration, engine);
    }

    public ServingReplica withSpeculation(BatchingSimulator.Speculation s) {
        return new ServingReplica(spec, chunkedPrefill, s, calibration, engine);
    }

    public ServingReplica withCalibration(dev.sextant.model.calibration.Calibration c) {
        return new ServingReplica(spec, chunkedPrefill, speculation, c, engine);
    }

    public ServingReplica withEngine(EngineProfile e) {
        return new ServingReplica(spec, chunkedPrefill, speculation, calibration, e);
    }

    public int gpus() {
        return spec.tp() * spec.pp();
    }

    public ServingMemory memory() {
        return ServingMemory.plan(spec);
    }

    /**
     * The step latency: the catalog's published kernel rates, or with a calibration the rates measured on the user's GPU;
     * the engine's host costs, CUDA graphs and attention kernels.
     */
    public StepLatency latency() {
        return new StepLatency(spec.model(), spec.gpu(), spec.tp(), 1, spec.weights(), spec.kvFp8(),
                calibration == null ? dev.sextant.model.training.ComputeEfficiency.DEFAULTS : calibration, engine);
    }

    /** What the step latency's rates come from. */
    public String latencySource() {
        return latency().efficiency().name() + "; engine " + engine.name();
    }

    /** The scheduler over the memory plan's KV blocks; a model that does not fit is refused. */
    public BatchingSimulator.Scheduler scheduler() {
        ServingMemory m = memory();
        if (!m.fits()) {
            throw m.doesNotFitError();
        }
        KvCacheLayout layout = m.kvLayout();
        return new BatchingSimulator.Scheduler(spec.maxNumSeqs(), spec.maxNumBatchedTokens(), chunkedPrefill, spec.blockSize(),
                layout.layerBlocks(m.kvBlocks()), layout, engine.reserveOutput());
    }

    /**
     * The requests through the engine's API server (its fitted time per request, {@link ServingFit#requestSeconds}) and
     * scheduler.
     */
    public BatchingSimulator.Outcome simulate(List<BatchingSimulator.Request> requests, long seed, CancellationToken cancel) {
        StepLatency l = latency();
        return BatchingSimulator.run(requests, l, scheduler(), speculation, seed, 0, l.fit().requestSeconds(), cancel);
    }

    /**
     * Seconds per output token of a lone request at {@code context} tokens: one decode step, or with speculative
     * decoding one verification step and γ draft steps per (1 − α^(γ+1)) / (1 − α) tokens (Leviathan et al.).
     */
    public double singleStreamTpot(double context) {
        StepLatency l = latency();
        double step = l.seconds(0, 0, 1, context);
        if (speculation == null) {
            return step;
        }
        int g = speculation.draftTokens();
        double verify = l.seconds(g, g * context + g * (g + 1) / 2.0, 1, context);
        return (verify + g * speculation.draftCost() * step) / SpeculativeDecoding.expectedTokens(speculation.acceptance(), g);
    }
}
