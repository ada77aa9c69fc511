package dev.sextant.workspaces;

import dev.sextant.model.contamination.CorpusFingerprint;
import dev.sextant.model.data.DedupSpec;
import dev.sextant.model.data.DedupSummary;
import java.time.Instant;
import java.util.UUID;

/**
 * A deduplication run kept in a project: complete (with what it found), or running, cancelled, failed or interrupted
 * (with what it needs to go on).
 *
 * @param summary what it found; null until it completes
 * @param corpus  its corpus files as they were when it started (null for runs kept before resuming existed)
 * @param out     the output folder it writes at the end, or null
 * @param state   where it stands in the kept runs' one lifecycle ({@link RunState})
 * @param failedFile the corpus file a FAILED run stopped on, or null (a failure not tied to a file)
 * @param failure why it failed, or null
 */
public record SavedDedupRun(
        UUID id,
        UUID projectId,
        String name,
        RunState state,
        DedupSpec spec,
        CorpusFingerprint corpus,
        String out,
        DedupSummary summary,
        String failedFile,
        String failure,
        boolean demo,
        Instant createdAt) {

    public boolean complete() {
        return state == RunState.COMPLETE && summary != null;
    }

    /** Whether a resume can go on with it: it stopped before it completed, and was kept with its corpus. */
    public boolean resumable() {
        return state.resumable() && corpus != null && spec != null;
    }
}
