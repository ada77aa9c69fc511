package dev.sextant.model.serving.validation;

import dev.sextant.model.InputError;
import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.architecture.ModelCatalog;
import dev.sextant.model.hardware.GpuCatalog;
import dev.sextant.model.hardware.GpuSpec;
import dev.sextant.model.serving.EngineProfile;
import dev.sextant.model.serving.WeightFormat;
import dev.sextant.model.serving.WeightStorage;
import java.util.List;

/**
 * A serving measurement whose configuration was published (docs/validation/serving-measurements.md, Part C, has the
 * sources and what each number means).
 *
 * @param id                  short id, unique in the set
 * @param sourceGroup         the measurement campaign; leave-one-source-out holds out a whole group
 * @param organisation        who published it
 * @param source              publication and table
 * @param engine              the serving engine's profile
 * @param engineVersion       as published ("" when not)
 * @param modelId             a {@link ModelCatalog} id, or a model whose config.json ships with the validation set
 * @param architecture        the model it names
 * @param storage             how the weights are stored (MXFP4 experts for gpt-oss, else {@code weights} throughout)
 * @param gpuId               a {@link GpuCatalog} id
 * @param gpus                GPUs in the measurement: gpus / max(tp, ep) replicas
 * @param tp                  tensor-parallel size of a replica
 * @param ep                  expert-parallel size (1: none; a multiple of TP: data-parallel attention replicas)
 * @param weights             weight format
 * @param kvFp8               whether the KV cache is FP8
 * @param load                how requests were sent
 * @param server              whether requests went through the engine's API server (false: fed to the engine offline)
 * @param requests            requests sent (all replicas together)
 * @param promptTokens        prompt tokens of each request
 * @param outputTokens        output tokens of each request
 * @param maxNumSeqs          the published batch limit, or null for the engine's default
 * @param maxNumBatchedTokens the published token budget, or null for the engine's default
 * @param metric              what was measured
 * @param measured            the value as published
 * @param assumed             columns the source does not state
 */
public record PublishedServingRun(
        String id,
        String sourceGroup,
        String organisation,
        String source,
        EngineProfile engine,
        String engineVersion,
        String modelId,
        ModelArchitecture architecture,
        String gpuId,
        int gpus,
        int tp,
        int ep,
        WeightFormat weights,
        WeightStorage storage,
        boolean kvFp8,
        ServingLoad load,
        boolean server,
        int requests,
        int promptTokens,
        int outputTokens,
        Integer maxNumSeqs,
        Integer maxNumBatchedTokens,
        ServingMetric metric,
        double measured,
        List<String> assumed) {

    public PublishedServingRun {
        assumed = List.copyOf(assumed);
        if (!(measured > 0) || Double.isInfinite(measured)) {
            throw new InputError(
                    "validation.measured", "run " + id + ": the measured value must be positive, got " + measured);
        }
        if (ep < 1 || (ep <= tp ? tp % ep != 0 : ep % tp != 0)) {
            throw new InputError(
                    "validation.ep",
                    "run " + id + ": EP " + ep + " must divide TP (" + tp + ") or be a multiple of it");
        }
        if (tp < 1 || gpus % Math.max(tp, ep) != 0) {
            throw new InputError(
                    "validation.gpus",
                    "run " + id + ": " + gpus + " GPUs are not a whole number of replicas of " + Math.max(tp, ep));
        }
        if (requests < 1 || promptTokens < 1 || outputTokens < 1) {
            throw new InputError(
                    "validation.requests", "run " + id + ": requests, prompt and output tokens must be at least 1");
        }
    }

    public ModelArchitecture model() {
        return architecture;
    }

    public GpuSpec gpu() {
        return GpuCatalog.get(gpuId);
    }

    /** Replicas in the measurement: GPUs over a replica's, TP or, with data-parallel attention, EP. */
    public int replicas() {
        return gpus / Math.max(tp, ep);
    }

    /** The class a run's error is summarised in: MoE or dense, and the GPU generation. */
    public String modelClass() {
        return model().hasExperts() ? "MoE" : "dense";
    }
}
