package dev.sextant.workspaces;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * Request logs imported into a project, without their requests (load them with {@link MonitorRepository#load}).
 *
 * @param summary each file's reading summary as JSON (records skipped and why, the mapping used)
 */
public record SavedMonitorImport(
        UUID id,
        UUID projectId,
        String name,
        List<String> sources,
        String summary,
        long requests,
        long firstMillis,
        long lastMillis,
        boolean demo,
        Instant createdAt) {}
