package dev.sextant.app.study;

import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.calibration.Calibration;
import dev.sextant.model.hardware.GpuSpec;
import dev.sextant.model.io.CalibrationFiles;
import dev.sextant.model.io.PlannerInputs;
import dev.sextant.model.serving.WeightStorage;
import dev.sextant.workspaces.SavedProfile;
import dev.sextant.workspaces.Workspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * What both planners are given and where it comes from: the model (a catalog id or a Hugging Face config.json), the
 * GPU (a catalog id or a GPU JSON) and the rates of a calibration profile (a profile JSON file, or one kept in the
 * project), else the catalog defaults. The training and serving use cases, {@code plan} and {@code simulate} all
 * resolve them here.
 */
public final class PlanInputs {

    private PlanInputs() {}

    public static ModelArchitecture model(String idOrFile) {
        return PlannerInputs.model(idOrFile);
    }

    /** What reading the model's config.json should tell its user; empty for catalog models. */
    public static List<String> modelNotes(String idOrFile) {
        return PlannerInputs.modelNotes(idOrFile);
    }

    public static GpuSpec gpu(String idOrFile) {
        return PlannerInputs.gpu(idOrFile);
    }

    /** The checkpoint's own weight storage (its config.json's quantization_config); empty for catalog models. */
    public static Optional<WeightStorage> checkpointWeights(String idOrFile) {
        return PlannerInputs.checkpointWeights(idOrFile);
    }

    /** The profile in a profile JSON file, when {@code nameOrFile} names one (read without a workspace); else empty. */
    public static Optional<Calibration> profileFile(String nameOrFile) {
        Path file = Path.of(nameOrFile);
        if (nameOrFile.endsWith(".json") && Files.isRegularFile(file)) {
            return Optional.of(new Calibration(file.getFileName().toString(), CalibrationFiles.read(file)));
        }
        return Optional.empty();
    }

    /** The profile kept in the project under {@code name}, if there is one. */
    public static Optional<Calibration> keptProfile(Workspace ws, UUID projectId, String name) {
        return ws.profiles().find(projectId, name).map(SavedProfile::calibration);
    }
}
