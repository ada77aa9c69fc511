package dev.sextant.workspaces;

import dev.sextant.model.data.DedupSummary;
import java.time.Instant;
import java.util.UUID;

/** A deduplication run kept in a project. */
public record SavedDedupRun(UUID id, UUID projectId, String name, DedupSummary summary, boolean demo, Instant createdAt) {
}
