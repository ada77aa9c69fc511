package dev.sextant.workspaces;

import dev.sextant.model.serving.ServingAnalysis;
import dev.sextant.model.serving.ServingPlanRequest;
import java.time.Instant;
import java.util.UUID;

/** A serving plan kept in a project: the request and the study worked out from it. */
public record SavedServingPlan(
        UUID id,
        UUID projectId,
        String name,
        ServingPlanRequest request,
        ServingAnalysis study,
        boolean demo,
        Instant createdAt) {}
