package dev.sextant.workspaces;

import dev.sextant.model.runhealth.AnalysisSettings;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * A training log kept in a project, without its series (load them with {@link TrainingLogRepository#load}).
 *
 * @param metrics the metrics it holds, in order
 * @param points  logged points of its longest metric
 */
public record SavedTrainingLog(
        UUID id,
        UUID projectId,
        String name,
        String format,
        List<String> files,
        int restarts,
        List<String> metrics,
        int points,
        AnalysisSettings settings,
        boolean demo,
        Instant createdAt) {

    /** The same log, analysed with {@code other}. */
    public SavedTrainingLog withSettings(AnalysisSettings other) {
        return new SavedTrainingLog(
                id, projectId, name, format, files, restarts, metrics, points, other, demo, createdAt);
    }
}
