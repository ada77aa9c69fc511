package dev.sextant.workspaces;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * A set of small runs kept in a project, without its runs (load them with {@link AblationSetRepository#load}).
 *
 * @param sources what it was read from (files, logs)
 * @param notes   what the reader did that the user should know
 * @param runs    how many runs it holds
 */
public record SavedAblationSet(
        UUID id,
        UUID projectId,
        String name,
        List<String> sources,
        List<String> notes,
        int runs,
        boolean demo,
        Instant createdAt) {}
