package dev.sextant.model.serving;

import dev.sextant.model.training.GpuSpec;
import dev.sextant.model.training.ModelArchitecture;

/**
 * One serving replica as the simulator and the capacity planner run it: its KV cache from the memory plan (vLLM's
 * defaults: utilisation 0.9, 16-token blocks, 16-bit KV), its step latency, and its scheduler.
 */
public record ServingReplica(ModelArchitecture model, GpuSpec gpu, int tp, WeightFormat weights, int maxNumSeqs, int maxNumBatchedTokens,
                             boolean chunkedPrefill) {

    public static final int BLOCK_SIZE = 16;

    public ServingMemory memory() {
        return ServingMemory.plan(new ServingSpec(model, gpu, tp, 1, weights, false, (int) Math.min(model.maxPositions(), 1L << 20), maxNumSeqs,
                maxNumBatchedTokens, 0.9, BLOCK_SIZE, null, null, null));
    }

    public StepLatency latency() {
        return StepLatency.defaults(model, gpu, tp, weights, false);
    }

    /** The scheduler over the memory plan's KV blocks; a model that does not fit is refused. */
    public BatchingSimulator.Scheduler scheduler() {
        ServingMemory m = memory();
        if (!m.fits()) {
            throw new IllegalArgumentException(model.name() + " does not fit on " + gpu.name() + " with TP " + tp + " (see sextant plan serve)");
        }
        return new BatchingSimulator.Scheduler(maxNumSeqs, maxNumBatchedTokens, chunkedPrefill, BLOCK_SIZE, m.kvBlocks());
    }
}
