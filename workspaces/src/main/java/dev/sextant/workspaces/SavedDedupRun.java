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
 * @param failure why it failed, or null
 */
public record SavedDedupRun(
        UUID id,
        UUID projectId,
        String name,
        String state,
        DedupSpec spec,
        CorpusFingerprint corpus,
        String out,
        DedupSummary summary,
        String failure,
        boolean demo,
        Instant createdAt) {

    public static final String RUNNING = "RUNNING";
    public static final String COMPLETE = "COMPLETE";
    public static final String CANCELLED = "CANCELLED";
    public static final String FAILED = "FAILED";

    public boolean complete() {
        return COMPLETE.equals(state) && summary != null;
    }
}
