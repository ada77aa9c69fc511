package dev.sextant.model.runhealth;

import java.util.List;

/**
 * One simulated run, event by event, for drawing.
 *
 * @param segments  what the job was doing, in time order
 * @param failures  when each failure struck and the work it threw away
 * @param truncated whether the run had more segments than are kept ({@link FailureSimulation#TIMELINE_LIMIT})
 */
public record FailureTimeline(List<Segment> segments, List<Failure> failures, boolean truncated) {

    public enum Activity {
        TRAIN,
        CHECKPOINT,
        SNAPSHOT,
        RESTART,
        WAIT
    }

    /**
     * @param replicas data-parallel replicas training during it
     * @param stepFrom progress at its start, steps
     * @param stepTo   progress at its end
     */
    public record Segment(
            Activity activity, double startSeconds, double endSeconds, int replicas, double stepFrom, double stepTo) {}

    /**
     * @param atSeconds  when it struck
     * @param nodes      nodes it took out
     * @param lostSteps  steps of progress thrown away
     * @param restoredTo the progress restored (a persistent checkpoint or an in-memory snapshot)
     */
    public record Failure(double atSeconds, int nodes, double lostSteps, double restoredTo) {}
}
