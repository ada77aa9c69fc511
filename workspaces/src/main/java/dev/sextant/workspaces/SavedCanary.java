package dev.sextant.workspaces;

import dev.sextant.model.gate.CanaryPlan;
import java.time.Instant;

/** A project's kept canary plan inputs and the incumbent whose replay baselines they hold (null when none was named). */
public record SavedCanary(String incumbent, CanaryPlan.Spec spec, Instant updatedAt) {}
