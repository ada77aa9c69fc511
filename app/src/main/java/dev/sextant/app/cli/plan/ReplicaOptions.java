package dev.sextant.app.cli.plan;

import dev.sextant.model.serving.ServingSpecBuilder;
import dev.sextant.model.serving.WeightFormat;
import dev.sextant.model.serving.WeightStorage;
import java.util.Optional;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** A serving replica's tensor, pipeline and expert parallelism, weight format and KV cache elements, shared by the serving commands. */
public final class ReplicaOptions {

    @Option(
            names = "--tp",
            defaultValue = "1",
            paramLabel = "T",
            description = "Tensor-parallel size of a replica (default: ${DEFAULT-VALUE}).")
    public int tp;

    @Option(
            names = "--pp",
            defaultValue = "1",
            paramLabel = "P",
            description = "Pipeline-parallel size of a replica (default: ${DEFAULT-VALUE}).")
    public int pp;

    @Option(
            names = "--ep",
            defaultValue = "1",
            paramLabel = "E",
            description =
                    "Expert-parallel size for mixtures of experts: experts spread whole over E GPUs; up to TP inside the TP group, "
                            + "a multiple of TP runs E/TP data-parallel attention replicas around one expert layer (default: ${DEFAULT-VALUE}).")
    public int ep;

    @Mixin
    public PrecisionOptions precision;

    /** The replica's parallelism, weights and KV cache elements on a spec builder: one way for every serving command. */
    public ServingSpecBuilder applyTo(ServingSpecBuilder b, Optional<WeightStorage> checkpoint) {
        return b.parallel(tp, pp, ep).weights(storage(checkpoint)).kvFp8(kvFp8());
    }

    public WeightFormat weightFormat() {
        return precision.weightFormat();
    }

    public WeightStorage storage(Optional<WeightStorage> checkpoint) {
        return precision.storage(checkpoint);
    }

    public boolean kvFp8() {
        return precision.kvFp8();
    }
}
