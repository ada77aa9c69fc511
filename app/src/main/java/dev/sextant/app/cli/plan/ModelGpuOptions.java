package dev.sextant.app.cli.plan;

import dev.sextant.app.study.PlanInputs;
import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.hardware.GpuSpec;
import dev.sextant.model.serving.WeightStorage;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/** {@code --model} and {@code --gpu}, shared by the planners: catalog ids or files. */
public final class ModelGpuOptions {

    @Option(
            names = "--model",
            required = true,
            paramLabel = "ID|config.json",
            description = "Catalog id (sextant catalog models) or a Hugging Face config.json.")
    String model;

    @Option(
            names = "--gpu",
            required = true,
            paramLabel = "ID|gpu.json",
            description =
                    "GPU type: a catalog id (sextant catalog gpus) or a JSON file with the same fields for your own.")
    String gpu;

    public ModelArchitecture model(CommandSpec spec) {
        return model(spec, model);
    }

    /** A catalog id or a config.json, as {@code --model} takes it. */
    public static ModelArchitecture model(CommandSpec spec, String model) {
        ModelArchitecture m = PlanInputs.model(model);
        // how the config was read goes to the terminal, beside the result (stdout stays the result's)
        for (String note : PlanInputs.modelNotes(model)) {
            spec.commandLine().getErr().println("note: " + model + ": " + note);
        }
        spec.commandLine().getErr().flush();
        return m;
    }

    /** The checkpoint's own weight storage (its config.json's quantization_config), empty for catalog models. */
    public Optional<WeightStorage> checkpointWeights() {
        return PlanInputs.checkpointWeights(model);
    }

    public GpuSpec gpu(CommandSpec spec) {
        return PlanInputs.gpu(gpu);
    }
}
