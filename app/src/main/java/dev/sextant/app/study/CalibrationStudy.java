package dev.sextant.app.study;

import dev.sextant.gpu.CudaCalibrator;
import dev.sextant.gpu.GpuProbe;
import dev.sextant.model.calibration.CalibrationProfile;
import dev.sextant.model.calibration.GpuStatus;
import dev.sextant.model.calibration.ProfileComparison;
import dev.sextant.model.io.CalibrationFiles;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.CapabilityUnavailableException;
import dev.sextant.model.job.ProgressListener;
import dev.sextant.workspaces.SavedProfile;
import dev.sextant.workspaces.Workspace;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * GPU calibration profiles, for every face: the GPU area, the {@code gpu} commands and the planning areas' choice of
 * rates probe the GPU, run a calibration, keep, list and compare profiles through this one object.
 *
 * <p>Running a calibration needs no project (its profile belongs to none until kept); the instance methods are a
 * project's kept profiles.
 */
public final class CalibrationStudy {

    private final Workspace ws;
    private final UUID projectId;

    public CalibrationStudy(Workspace ws, UUID projectId) {
        this.ws = ws;
        this.projectId = projectId;
    }

    /** A kept profile: its id in the project and what it holds. */
    public record Kept(UUID id, String name, CalibrationProfile profile) {}

    /** Whether calibration can run here: the driver, the devices, cuBLAS; if not, why. */
    public static GpuStatus probe() {
        return GpuProbe.status();
    }

    /**
     * Runs the micro-benchmarks on a local GPU and fits the GEMM model; the profile is not kept.
     *
     * @param quick three trials and three GEMM shapes instead of seven and eighteen
     * @throws CapabilityUnavailableException where no GPU is usable, with the probe's reason
     */
    public static CalibrationProfile calibrate(
            boolean quick, int device, ProgressListener progress, CancellationToken cancel) {
        GpuStatus s = probe();
        if (!s.available()) {
            throw new CapabilityUnavailableException(s.reason());
        }
        return new CudaCalibrator(quick).run(device, progress, cancel);
    }

    /** The profile's rates with their spreads, against the datasheet where the catalog knows its GPU. */
    public static List<ProfileComparison.Rate> rates(CalibrationProfile p) {
        return ProfileComparison.rates(p);
    }

    /** The profile against its GPU's datasheet; empty when the catalog does not know the GPU (no datasheet). */
    public static Optional<List<ProfileComparison.Line>> againstDatasheet(CalibrationProfile p) {
        return p.catalogSpec() == null ? Optional.empty() : Optional.of(ProfileComparison.againstDatasheet(p));
    }

    /** Two profiles side by side. */
    public static List<ProfileComparison.Line> between(CalibrationProfile a, CalibrationProfile b) {
        return ProfileComparison.between(a, b);
    }

    /** Keeps the profile in the project under {@code name}. */
    public UUID keep(String name, CalibrationProfile profile) {
        return ws.profiles().save(projectId, name, profile, false);
    }

    /** A profile from a JSON file: the "profile" of {@code gpu calibrate --json}, measured elsewhere. */
    public static CalibrationProfile read(Path file) {
        return CalibrationFiles.read(file);
    }

    /** Reads a profile from a JSON file and keeps it under {@code name}. */
    public Kept importFile(Path file, String name) {
        CalibrationProfile p = read(file);
        return new Kept(keep(name, p), name, p);
    }

    /** The profiles kept in the project: what the GPU area lists and the planners offer as rates. */
    public List<SavedProfile> profiles() {
        return ws.profiles().list(projectId);
    }

    /** The kept profile of this name or id. */
    public Optional<SavedProfile> find(String nameOrId) {
        return ws.profiles().find(projectId, nameOrId);
    }

    public void delete(UUID profileId) {
        ws.profiles().delete(profileId);
    }
}
