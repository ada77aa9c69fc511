package dev.sextant.app.cli.plan;

import dev.sextant.model.InputError;
import dev.sextant.model.serving.WeightFormat;
import dev.sextant.model.serving.WeightStorage;
import java.util.Optional;
import picocli.CommandLine.Option;

/** The weight format and KV cache elements of a serving replica, shared by the serving commands. */
public final class PrecisionOptions {

    @Option(
            names = "--weight-dtype",
            paramLabel = "bf16|fp8|int8|int4",
            description =
                    "Linear-layer weights (default: bf16, or for plan serve what the config.json's quantization_config says; "
                            + "int4 with 128-weight groups).")
    public WeightFormat weightDtype;

    @Option(
            names = "--kv-dtype",
            defaultValue = "auto",
            paramLabel = "auto|fp8",
            description = "KV cache elements (default: ${DEFAULT-VALUE}, the model's 16 bits).")
    public String kvDtype;

    /** The chosen weight format, BF16 when none was given. */
    public WeightFormat weightFormat() {
        return weightDtype != null ? weightDtype : WeightFormat.BF16;
    }

    /**
     * How the weights are stored: as {@code --weight-dtype} says when given, else as the checkpoint's
     * quantization_config says, else BF16.
     */
    public WeightStorage storage(Optional<WeightStorage> checkpoint) {
        if (weightDtype != null) {
            return WeightStorage.of(weightDtype, "--weight-dtype");
        }
        return checkpoint.orElse(WeightStorage.of(WeightFormat.BF16, "default"));
    }

    /** Whether the KV cache is FP8; anything but auto or fp8 is refused naming the option. */
    public boolean kvFp8() {
        if (!kvDtype.equalsIgnoreCase("auto") && !kvDtype.equalsIgnoreCase("fp8")) {
            throw new InputError("serving.kvDtype", "KV cache elements must be auto or fp8, got " + kvDtype);
        }
        return kvDtype.equalsIgnoreCase("fp8");
    }
}
