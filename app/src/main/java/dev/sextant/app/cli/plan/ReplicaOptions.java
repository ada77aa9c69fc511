package dev.sextant.app.cli.plan;

import dev.sextant.model.serving.WeightFormat;
import dev.sextant.model.serving.WeightStorage;
import java.util.Optional;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** A serving replica's tensor and expert parallelism, weight format and KV cache elements, shared by the serving commands. */
public final class ReplicaOptions {

    @Option(
            names = "--tp",
            defaultValue = "1",
            paramLabel = "T",
            description = "Tensor-parallel size of a replica (default: ${DEFAULT-VALUE}).")
    public int tp;

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
