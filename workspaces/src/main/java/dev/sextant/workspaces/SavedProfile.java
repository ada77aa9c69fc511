package dev.sextant.workspaces;

import dev.sextant.model.calibration.Calibration;
import dev.sextant.model.calibration.CalibrationProfile;
import java.time.Instant;
import java.util.UUID;

/** A calibration profile kept in a project under a name. */
public record SavedProfile(
        UUID id, UUID projectId, String name, CalibrationProfile profile, boolean demo, Instant createdAt) {

    /** The profile as the planners use it. */
    public Calibration calibration() {
        return new Calibration(name, profile);
    }
}
