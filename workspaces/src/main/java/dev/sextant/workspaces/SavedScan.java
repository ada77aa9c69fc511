package dev.sextant.workspaces;

import dev.sextant.model.contamination.CorpusFingerprint;
import dev.sextant.model.contamination.ScanResult;
import dev.sextant.model.contamination.ScanSpec;
import java.time.Instant;
import java.util.UUID;

/**
 * A contamination scan kept in a project.
 *
 * @param state   RUNNING while it runs (or after a crash), CANCELLED, or COMPLETE
 * @param summary the totals once complete, else null
 */
public record SavedScan(UUID id, UUID projectId, String name, String state, ScanSpec spec, CorpusFingerprint fingerprint,
                        ScanResult.Summary summary, boolean demo, Instant createdAt, Instant updatedAt, int filesDone) {

    public static final String RUNNING = "RUNNING";
    public static final String CANCELLED = "CANCELLED";
    public static final String COMPLETE = "COMPLETE";
}
