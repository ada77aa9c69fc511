package dev.sextant.app.cli.plan;

import dev.sextant.model.serving.WeightFormat;
import picocli.CommandLine.Option;

/** A serving replica's tensor parallelism and weight format, shared by the serving commands. */
public final class ReplicaOptions {

    @Option(names = "--tp", defaultValue = "1", paramLabel = "T", description = "Tensor-parallel size of a replica (default: ${DEFAULT-VALUE}).")
    public int tp;
    @Option(names = "--weight-dtype", defaultValue = "bf16", paramLabel = "bf16|fp8|int8|int4",
            description = "Linear-layer weights (default: ${DEFAULT-VALUE}; int4 with 128-weight groups).")
    public WeightFormat weightDtype;
}
