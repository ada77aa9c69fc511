package dev.sextant.model.serving;

import dev.sextant.model.InputError;
import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.hardware.GpuSpec;

/**
 * A serving configuration, in vLLM's terms.
 *
 * @param activationPeakBytes measured activation peak replacing the model's, or null
 * @param overheadBytes       measured non-torch overhead replacing the model's, or null
 * @param gpuMemoryBytes      memory the runtime reports for the card, or null for the catalog's
 * @param storage             the weights' exact bytes and where they came from (a checkpoint's quantization_config, or
 *                            {@code weights} as chosen)
 * @param ep                  expert-parallel size (mixtures of experts): the routed experts spread whole over this many
 *                            GPUs instead of each split over TP. Up to TP it is vLLM's {@code --enable-expert-parallel}
 *                            inside the TP group; above it the replica runs EP / TP attention replicas of TP GPUs each,
 *                            every one with its own requests and KV cache, around one expert layer over all EP GPUs
 *                            (data-parallel attention, as SGLang's {@code --enable-dp-attention}, TensorRT-LLM's attention
 *                            DP and DeepSeek's wide-EP deployments run). 1: none
 */
public record ServingSpec(
        ModelArchitecture model,
        GpuSpec gpu,
        int tp,
        int pp,
        WeightFormat weights,
        boolean kvFp8,
        int maxModelLen,
        int maxNumSeqs,
        int maxNumBatchedTokens,
        double gpuMemoryUtilization,
        int blockSize,
        Double gpuMemoryBytes,
        Double activationPeakBytes,
        Double overheadBytes,
        WeightStorage storage,
        int ep) {

    /** Without expert parallelism. */
    public ServingSpec(
            ModelArchitecture model,
            GpuSpec gpu,
            int tp,
            int pp,
            WeightFormat weights,
            boolean kvFp8,
            int maxModelLen,
            int maxNumSeqs,
            int maxNumBatchedTokens,
            double gpuMemoryUtilization,
            int blockSize,
            Double gpuMemoryBytes,
            Double activationPeakBytes,
            Double overheadBytes,
            WeightStorage storage) {
        this(
                model,
                gpu,
                tp,
                pp,
                weights,
                kvFp8,
                maxModelLen,
                maxNumSeqs,
                maxNumBatchedTokens,
                gpuMemoryUtilization,
                blockSize,
                gpuMemoryBytes,
                activationPeakBytes,
                overheadBytes,
                storage,
                1);
    }

    /** Every linear layer stored as {@code weights} says. */
    public ServingSpec(
            ModelArchitecture model,
            GpuSpec gpu,
            int tp,
            int pp,
            WeightFormat weights,
            boolean kvFp8,
            int maxModelLen,
            int maxNumSeqs,
            int maxNumBatchedTokens,
            double gpuMemoryUtilization,
            int blockSize,
            Double gpuMemoryBytes,
            Double activationPeakBytes,
            Double overheadBytes) {
        this(
                model,
                gpu,
                tp,
                pp,
                weights,
                kvFp8,
                maxModelLen,
                maxNumSeqs,
                maxNumBatchedTokens,
                gpuMemoryUtilization,
                blockSize,
                gpuMemoryBytes,
                activationPeakBytes,
                overheadBytes,
                WeightStorage.of(weights));
    }

    public ServingSpec {
        if (ep < 1) {
            ep = 1; // saved before expert parallelism was recorded
        }
        if (storage == null) {
            storage = WeightStorage.of(weights); // saved before storage was recorded
        }
        if (storage.format() != weights) {
            throw new IllegalArgumentException("the weight storage ("
                    + storage.format().slug() + ") differs from the weight format (" + weights.slug() + ")");
        }
        InputError.require(tp >= 1, "serving.tp", "TP must be at least 1");
        InputError.require(pp >= 1, "serving.pp", "PP must be at least 1");
        InputError.require(
                model.heads() % tp == 0,
                "serving.tp",
                "TP (" + tp + ") must divide the " + model.heads() + " attention heads");
        InputError.require(
                pp <= model.layers(), "serving.pp", "PP (" + pp + ") exceeds the " + model.layers() + " layers");
        InputError.require(blockSize >= 1, "serving.blockSize", "the block size must be at least 1 token");
        InputError.require(
                gpuMemoryUtilization > 0 && gpuMemoryUtilization <= 1,
                "serving.gpuMemoryUtilization",
                "the GPU memory utilisation must lie in (0, 1], got " + gpuMemoryUtilization);
        InputError.require(maxModelLen >= 1, "serving.maxModelLen", "the longest request must be at least 1 token");
        InputError.require(maxNumSeqs >= 1, "serving.maxNumSeqs", "the most sequences in a batch must be at least 1");
        InputError.require(
                maxNumBatchedTokens >= 1,
                "serving.maxNumBatchedTokens",
                "the tokens in one forward pass must be at least 1");
        InputError.require(
                gpuMemoryBytes == null || gpuMemoryBytes > 0,
                "serving.gpuMemoryGib",
                "the GPU's memory must be positive");
        InputError.require(
                activationPeakBytes == null || activationPeakBytes >= 0,
                "serving.activationPeakGib",
                "the activation peak must not be negative");
        InputError.require(
                overheadBytes == null || overheadBytes >= 0,
                "serving.overheadGib",
                "the overhead must not be negative");
        InputError.require(
                ep == 1 || model.hasExperts(), "serving.ep", "expert parallelism applies to mixtures of experts only");
        InputError.require(
                ep == 1 || model.moe().experts() % ep == 0,
                "serving.ep",
                "EP (" + ep + ") must divide the "
                        + (model.hasExperts() ? model.moe().experts() : 0) + " experts");
        InputError.require(
                ep <= tp ? tp % ep == 0 : ep % tp == 0,
                "serving.ep",
                "EP (" + ep + ") must divide TP (" + tp + ") or be a multiple of it (data-parallel attention)");
    }

    /** Attention replicas of the expert layer: EP / TP when EP spans more GPUs than one TP group, else 1. */
    public int attentionReplicas() {
        return ep > tp ? ep / tp : 1;
    }

    /**
     * This spec at tensor parallelism {@code t} and expert parallelism {@code e}; a measured activation peak and overhead
     * no longer hold once TP changes.
     */
    public ServingSpec withTp(int t, int e) {
        boolean same = t == tp;
        return new ServingSpec(
                model,
                gpu,
                t,
                pp,
                weights,
                kvFp8,
                maxModelLen,
                maxNumSeqs,
                maxNumBatchedTokens,
                gpuMemoryUtilization,
                blockSize,
                gpuMemoryBytes,
                same ? activationPeakBytes : null,
                same ? overheadBytes : null,
                storage,
                e);
    }

    /** This spec with other batch limits; a measured activation peak no longer holds once they change. */
    public ServingSpec withBatchLimits(int seqs, int tokens) {
        boolean same = seqs == maxNumSeqs && tokens == maxNumBatchedTokens;
        return new ServingSpec(
                model,
                gpu,
                tp,
                pp,
                weights,
                kvFp8,
                maxModelLen,
                seqs,
                tokens,
                gpuMemoryUtilization,
                blockSize,
                gpuMemoryBytes,
                same ? activationPeakBytes : null,
                overheadBytes,
                storage,
                ep);
    }

    /** This spec with expert-parallel size {@code e}. */
    public ServingSpec withEp(int e) {
        return new ServingSpec(
                model,
                gpu,
                tp,
                pp,
                weights,
                kvFp8,
                maxModelLen,
                maxNumSeqs,
                maxNumBatchedTokens,
                gpuMemoryUtilization,
                blockSize,
                gpuMemoryBytes,
                activationPeakBytes,
                overheadBytes,
                storage,
                e);
    }
}
