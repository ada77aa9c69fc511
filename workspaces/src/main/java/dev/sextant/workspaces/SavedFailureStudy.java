package dev.sextant.workspaces;

import dev.sextant.model.runhealth.FailureStudy;
import java.time.Instant;
import java.util.UUID;

/** A failure study kept in a project: what the Monte Carlo found (its timeline is simulated again from the seed). */
public record SavedFailureStudy(
        UUID id, UUID projectId, String name, FailureStudy study, long seed, boolean demo, Instant createdAt) {}
