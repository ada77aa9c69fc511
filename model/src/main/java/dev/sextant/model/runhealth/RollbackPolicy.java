package dev.sextant.model.runhealth;

import dev.sextant.model.InputError;

/**
 * An automatic-rollback rule a run could have had: roll back when {@code metric} is anomalous (robust z at or above
 * {@code threshold} against its rolling baseline, or not finite) for {@code patience} logged points in a row.
 *
 * @param metric         the metric watched (canonical name: loss, grad_norm…)
 * @param threshold      robust z-score that counts as anomalous
 * @param patience       consecutive anomalous points before it fires
 * @param recoveryPoints points after a firing looked at to tell whether the run would have recovered by itself
 */
public record RollbackPolicy(String metric, double threshold, int patience, int recoveryPoints) {

    /** Loss, z ≥ 6 for 3 points, judged over the next 20. */
    public static final RollbackPolicy DEFAULT = new RollbackPolicy(MetricNames.LOSS, 6, 3, 20);

    public RollbackPolicy {
        InputError.require(metric != null && !metric.isBlank(), "policy.metric", "name the metric the policy watches");
        InputError.require(threshold > 0, "policy.threshold", "the threshold must be positive");
        InputError.require(patience >= 1, "policy.patience", "the patience must be at least one point");
        InputError.require(recoveryPoints >= 1, "policy.recoveryPoints", "look at least one point past a firing");
    }
}
