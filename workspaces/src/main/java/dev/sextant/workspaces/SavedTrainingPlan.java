package dev.sextant.workspaces;

import dev.sextant.model.training.FaultTolerance;
import dev.sextant.model.training.TrainingPlan;
import dev.sextant.model.training.TrainingRequest;
import java.time.Instant;
import java.util.UUID;

/** A training plan kept in a project: the request it answers, the chosen plan, and the fault-tolerance inputs. */
public record SavedTrainingPlan(
        UUID id,
        UUID projectId,
        String name,
        TrainingRequest request,
        TrainingPlan plan,
        FaultTolerance.Spec faults,
        boolean demo,
        Instant createdAt) {}
