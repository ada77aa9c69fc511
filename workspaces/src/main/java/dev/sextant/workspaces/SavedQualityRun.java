package dev.sextant.workspaces;

import dev.sextant.model.contamination.CorpusFingerprint;
import dev.sextant.model.data.quality.FilterRecipe;
import dev.sextant.model.data.quality.QualityResult;
import java.time.Instant;
import java.util.UUID;

/**
 * A quality-filtering run kept in a project: complete (with what it counted), or running, cancelled, failed or
 * interrupted (with what it needs to go on).
 *
 * @param recipe     its filter as plain values
 * @param corpus     its corpus files as they were when it started
 * @param out        the output folder it writes, or null for a dry run
 * @param engine     where it ran, in words ("this machine", "Spark (local[2])")
 * @param result     what it counted; null until it completes
 * @param failedFile the corpus file a FAILED run stopped on, or null
 * @param failure    why it failed, or null
 */
public record SavedQualityRun(
        UUID id,
        UUID projectId,
        String name,
        RunState state,
        FilterRecipe recipe,
        CorpusFingerprint corpus,
        String out,
        String engine,
        QualityResult result,
        String failedFile,
        String failure,
        Instant createdAt) {

    public boolean complete() {
        return state == RunState.COMPLETE && result != null;
    }

    /** Whether a resume can go on with it: it stopped before it completed. */
    public boolean resumable() {
        return state.resumable();
    }
}
