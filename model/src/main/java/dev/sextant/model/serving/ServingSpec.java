package dev.sextant.model.serving;

import dev.sextant.model.training.GpuSpec;
import dev.sextant.model.training.ModelArchitecture;

/**
 * A serving configuration, in vLLM's terms.
 *
 * @param activationPeakBytes measured activation peak replacing the model's, or null
 * @param overheadBytes       measured non-torch overhead replacing the model's, or null
 * @param gpuMemoryBytes      memory the runtime reports for the card, or null for the catalog's
 * @param storage             the weights' exact bytes and where they came from (a checkpoint's quantization_config, or
 *                            {@code weights} as chosen)
 */
public record ServingSpec(ModelArchitecture model, GpuSpec gpu, int tp, int pp, WeightFormat weights, boolean kvFp8, int maxModelLen,
                          int maxNumSeqs, int maxNumBatchedTokens, double gpuMemoryUtilization, int blockSize, Double gpuMemoryBytes,
                          Double activationPeakBytes, Double overheadBytes, WeightStorage storage) {

    /** Every linear layer stored as {@code weights} says. */
    public ServingSpec(ModelArchitecture model, GpuSpec gpu, int tp, int pp, WeightFormat weights, boolean kvFp8, int maxModelLen,
                       int maxNumSeqs, int maxNumBatchedTokens, double gpuMemoryUtilization, int blockSize, Double gpuMemoryBytes,
                       Double activationPeakBytes, Double overheadBytes) {
        this(model, gpu, tp, pp, weights, kvFp8, maxModelLen, maxNumSeqs, maxNumBatchedTokens, gpuMemoryUtilization, blockSize, gpuMemoryBytes,
                activationPeakBytes, overheadBytes, WeightStorage.of(weights));
    }

    public ServingSpec {
        if (storage == null) {
            storage = WeightStorage.of(weights); // saved before storage was recorded
        }
        if (storage.format() != weights) {
            throw new IllegalArgumentException("the weight storage (" + storage.format().slug() + ") differs from the weight format ("
                    + weights.slug() + ")");
        }
        if (tp < 1 || pp < 1) {
            throw new IllegalArgumentException("--tp and --pp must be at least 1");
        }
        if (model.heads() % tp != 0) {
            throw new IllegalArgumentException("--tp " + tp + " must divide the " + model.heads() + " attention heads");
        }
        if (pp > model.layers()) {
            throw new IllegalArgumentException("--pp " + pp + " exceeds the " + model.layers() + " layers");
        }
        if (blockSize < 1) {
            throw new IllegalArgumentException("--block-size must be at least 1");
        }
        if (!(gpuMemoryUtilization > 0 && gpuMemoryUtilization <= 1)) {
            throw new IllegalArgumentException("--gpu-memory-utilization must lie in (0, 1], got " + gpuMemoryUtilization);
        }
        if (maxModelLen < 1 || maxNumSeqs < 1 || maxNumBatchedTokens < 1) {
            throw new IllegalArgumentException("--max-model-len, --max-num-seqs and --max-num-batched-tokens must be at least 1");
        }
        if (gpuMemoryBytes != null && !(gpuMemoryBytes > 0)) {
            throw new IllegalArgumentException("--gpu-memory-gib must be positive");
        }
        if (activationPeakBytes != null && activationPeakBytes < 0 || overheadBytes != null && overheadBytes < 0) {
            throw new IllegalArgumentException("--activation-peak-gib and --overhead-gib must not be negative");
        }
    }
}
