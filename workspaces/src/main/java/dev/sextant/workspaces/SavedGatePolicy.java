package dev.sextant.workspaces;

import dev.sextant.model.gate.GatePolicy;
import java.time.Instant;
import java.util.UUID;

/** A project's gate: its policy and the candidate and incumbent it compares (null until chosen). */
public record SavedGatePolicy(
        UUID id,
        UUID projectId,
        GatePolicy policy,
        String candidate,
        String incumbent,
        boolean demo,
        Instant updatedAt) {}
