package dev.sextant.model.runhealth;

/**
 * Rolling back from an anomaly: to the last checkpoint before its onset, re-running the steps since, with the data of a
 * window around it skipped (PaLM, Chowdhery et al. 2022 §5.1: restart from a checkpoint about 100 steps before the spike
 * and skip roughly 200–500 data batches; OPT-175B's logbook, Zhang et al. 2022: restarts from an earlier checkpoint
 * with the learning rate lowered).
 *
 * @param anomalyStep    the anomaly's onset
 * @param metric         where it showed
 * @param kind           what it was
 * @param checkpointStep the checkpoint rolled back to (0: from the start)
 * @param stepsLost      anomalyStep − checkpointStep
 * @param gpuHoursLost   the lost steps' GPU time (steps × seconds a step × GPUs / 3600), or NaN without a step time or
 *                       GPU count
 * @param skipFromStep   first step whose data batch to skip on the re-run
 * @param skipToStep     last step whose data batch to skip
 * @param skipFromSample the first sample to skip, where the log counts consumed samples (else NaN)
 * @param skipToSample   the sample after the last one to skip (else NaN)
 */
public record Rollback(
        long anomalyStep,
        String metric,
        Anomaly.Kind kind,
        long checkpointStep,
        long stepsLost,
        double gpuHoursLost,
        long skipFromStep,
        long skipToStep,
        double skipFromSample,
        double skipToSample) {}
