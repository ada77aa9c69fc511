package dev.sextant.model.runhealth;

import dev.sextant.model.job.CancellationToken;
import java.util.List;

/**
 * A run's log analysed: its anomalies, what rolling back from each costs and, with a policy, that policy replayed.
 *
 * @param log         the merged log
 * @param settings    the detector's sensitivity
 * @param anomalies   what went wrong, by step
 * @param checkpoints the checkpoint steps (null: not given, so no rollbacks)
 * @param rollbacks   one for each anomaly that needs one (empty without checkpoints)
 * @param stepSeconds the step time the costs use: given, or the log's median (NaN when neither)
 * @param gpus        GPUs of the run (0: not given)
 * @param replay      the rollback policy replayed (null without checkpoints)
 */
public record LogAnalysis(
        TrainingLog log,
        DetectionSettings settings,
        List<Anomaly> anomalies,
        Checkpoints checkpoints,
        List<Rollback> rollbacks,
        double stepSeconds,
        int gpus,
        PolicyReplay replay) {

    public LogAnalysis {
        anomalies = List.copyOf(anomalies);
        rollbacks = List.copyOf(rollbacks);
    }

    /**
     * @param checkpoints null when the run's checkpoints are not known
     * @param stepSeconds NaN to take the log's median step time
     * @param policy      the rollback policy to replay (null: none)
     */
    public static LogAnalysis of(
            TrainingLog log,
            DetectionSettings settings,
            Checkpoints checkpoints,
            double stepSeconds,
            int gpus,
            RollbackPolicy policy,
            CancellationToken cancel) {
        List<Anomaly> anomalies = new AnomalyDetector(settings).detect(log, cancel);
        double seconds = Double.isNaN(stepSeconds)
                ? RollbackPlanner.medianStepSeconds(log).orElse(Double.NaN)
                : stepSeconds;
        if (checkpoints == null) {
            return new LogAnalysis(log, settings, anomalies, null, List.of(), seconds, gpus, null);
        }
        List<Rollback> rollbacks = RollbackPlanner.plan(log, anomalies, checkpoints, seconds, gpus);
        RollbackPolicy p = policy;
        PolicyReplay replay = p == null
                ? null
                : PolicyReplay.replay(log, p, checkpoints, anomalies, settings.window(), seconds, gpus);
        return new LogAnalysis(log, settings, anomalies, checkpoints, rollbacks, seconds, gpus, replay);
    }

    /** Steps all the rollbacks re-run. */
    public long stepsLost() {
        return rollbacks.stream().mapToLong(Rollback::stepsLost).sum();
    }

    /** Their GPU-hours (NaN without a step time or GPU count). */
    public double gpuHoursLost() {
        return rollbacks.stream().mapToDouble(Rollback::gpuHoursLost).sum();
    }
}
