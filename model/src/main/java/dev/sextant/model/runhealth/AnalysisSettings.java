package dev.sextant.model.runhealth;

import dev.sextant.model.InputError;
import dev.sextant.model.job.CancellationToken;
import java.util.List;

/**
 * How a run's log is analysed, as it is kept with the log.
 *
 * @param checkpointEvery checkpoints every this many steps (null: see {@code checkpoints})
 * @param checkpoints     the checkpoint steps (null or empty: see {@code checkpointEvery}; neither: no rollbacks)
 * @param gpus            GPUs of the run (0: not known)
 * @param stepSeconds     seconds a step (null: the log's median step time)
 * @param detection       the detector's sensitivity
 * @param policy          the rollback policy to replay
 */
public record AnalysisSettings(
        Long checkpointEvery,
        List<Long> checkpoints,
        int gpus,
        Double stepSeconds,
        DetectionSettings detection,
        RollbackPolicy policy) {

    public static final AnalysisSettings DEFAULT =
            new AnalysisSettings(null, null, 0, null, DetectionSettings.DEFAULT, RollbackPolicy.DEFAULT);

    public AnalysisSettings {
        InputError.require(
                !(checkpointEvery != null && checkpoints != null && !checkpoints.isEmpty()),
                "trainlog.checkpoints",
                "give checkpoints every N steps or a list, not both");
        InputError.require(gpus >= 0, "trainlog.gpus", "GPUs must not be negative");
        InputError.require(
                stepSeconds == null || stepSeconds > 0, "trainlog.stepSeconds", "the step time must be positive");
        checkpoints = checkpoints == null ? null : List.copyOf(checkpoints);
        if (detection == null) {
            detection = DetectionSettings.DEFAULT;
        }
        if (policy == null) {
            policy = RollbackPolicy.DEFAULT;
        }
    }

    /** The checkpoint schedule, or null when none is known. */
    public Checkpoints schedule() {
        if (checkpointEvery != null) {
            return Checkpoints.every(checkpointEvery);
        }
        return checkpoints == null || checkpoints.isEmpty() ? null : Checkpoints.at(checkpoints);
    }

    /** The log analysed with these settings; the policy replayed only when the log has its metric. */
    public LogAnalysis analyze(TrainingLog log, CancellationToken cancel) {
        RollbackPolicy p = log.metric(policy.metric()).isPresent() ? policy : null;
        return LogAnalysis.of(
                log, detection, schedule(), stepSeconds == null ? Double.NaN : stepSeconds, gpus, p, cancel);
    }

    public AnalysisSettings withCheckpointEvery(Long every) {
        return new AnalysisSettings(every, every == null ? checkpoints : null, gpus, stepSeconds, detection, policy);
    }

    public AnalysisSettings withGpus(int g) {
        return new AnalysisSettings(checkpointEvery, checkpoints, g, stepSeconds, detection, policy);
    }

    public AnalysisSettings withStepSeconds(Double s) {
        return new AnalysisSettings(checkpointEvery, checkpoints, gpus, s, detection, policy);
    }

    public AnalysisSettings withDetection(DetectionSettings d) {
        return new AnalysisSettings(checkpointEvery, checkpoints, gpus, stepSeconds, d, policy);
    }

    public AnalysisSettings withPolicy(RollbackPolicy p) {
        return new AnalysisSettings(checkpointEvery, checkpoints, gpus, stepSeconds, detection, p);
    }
}
