package dev.sextant.model.io;

import dev.sextant.model.BadInputException;
import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.architecture.ModelCatalog;
import dev.sextant.model.hardware.GpuCatalog;
import dev.sextant.model.hardware.GpuSpec;
import dev.sextant.model.serving.WeightStorage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The planners' model and GPU arguments: a catalog id, or a file (a Hugging Face config.json, a GPU JSON). A missing
 * file is bad input naming it; an unknown id is an {@link IllegalArgumentException} listing the ids there are.
 */
public final class PlannerInputs {

    private PlannerInputs() {}

    public static ModelArchitecture model(String idOrFile) {
        return isFile(idOrFile) ? HfModelConfig.read(existing(idOrFile)) : ModelCatalog.get(idOrFile);
    }

    /**
     * How the model's checkpoint stores its weights: a config.json's quantization_config; empty for catalog models
     * and configs without one.
     */
    public static Optional<WeightStorage> checkpointWeights(String idOrFile) {
        return isFile(idOrFile) ? HfModelConfig.weights(existing(idOrFile)) : Optional.empty();
    }

    /** What reading a config.json should tell its user (see {@link HfModelConfig#notes}); empty for catalog models. */
    public static List<String> modelNotes(String idOrFile) {
        return isFile(idOrFile) ? HfModelConfig.notes(existing(idOrFile)) : List.of();
    }

    public static GpuSpec gpu(String idOrFile) {
        return isFile(idOrFile) ? GpuSpecFile.read(existing(idOrFile)) : GpuCatalog.get(idOrFile);
    }

    private static boolean isFile(String s) {
        return s.endsWith(".json") || Files.isRegularFile(Path.of(s));
    }

    private static Path existing(String s) {
        Path p = Path.of(s);
        if (!Files.isRegularFile(p)) {
            throw BadInputException.of(s, "no such file");
        }
        return p;
    }
}
