package dev.sextant.app.cli.plan;

import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.hardware.GpuSpec;
import dev.sextant.model.serving.EngineProfile;
import dev.sextant.model.serving.ServingSpecBuilder;
import picocli.CommandLine.Option;

/**
 * {@code --engine} and the batch limits it sets the defaults of, shared by the simulating serving commands: the engine's
 * scheduler defaults, host costs, CUDA graphs and attention kernels ({@link EngineProfile}).
 */
public final class EngineOption {

    @Option(
            names = "--engine",
            defaultValue = "vllm",
            paramLabel = "vllm|vllm-v0|sglang|trtllm|lmdeploy[@VERSION]",
            description =
                    "Serving engine: its batch limits, chunked prefill, CUDA graphs and host costs (default: ${DEFAULT-VALUE}, the V1 engine); "
                            + "NAME@VERSION (vllm@0.6.3) takes the profile of the generation that release runs.")
    String engine;

    @Option(
            names = "--max-num-seqs",
            paramLabel = "S",
            description = "Most sequences in a batch (default: the engine's for the GPU).")
    Integer maxNumSeqs;

    @Option(
            names = "--max-num-batched-tokens",
            paramLabel = "T",
            description = "Token budget per step (default: the engine's for the GPU).")
    Integer maxNumBatchedTokens;

    public EngineProfile profile() {
        return EngineProfile.of(engine);
    }

    /** The replica's settings for this engine, with the batch limits given here (the rest as the builder's defaults). */
    public ServingSpecBuilder builder(ModelArchitecture model, GpuSpec gpu) {
        return ServingSpecBuilder.of(model, gpu).engine(profile()).batchLimits(maxNumSeqs, maxNumBatchedTokens);
    }

    public int maxNumSeqs(GpuSpec gpu) {
        return maxNumSeqs != null ? maxNumSeqs : profile().defaultMaxNumSeqs(gpu);
    }

    /** The token budget; the engine's default for requests of at most {@code maxModelLen} tokens. */
    public int maxNumBatchedTokens(GpuSpec gpu, int maxModelLen) {
        return maxNumBatchedTokens != null
                ? maxNumBatchedTokens
                : profile().defaultMaxNumBatchedTokens(gpu, maxModelLen);
    }
}
