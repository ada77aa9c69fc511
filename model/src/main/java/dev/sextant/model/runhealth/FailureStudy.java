package dev.sextant.model.runhealth;

import java.util.Arrays;
import java.util.function.ToDoubleFunction;

/**
 * What a failure Monte Carlo found over its runs.
 *
 * @param scenario            what was simulated
 * @param runs                simulated runs
 * @param completionHours     the run's wall-clock length: mean, median, P90, P99
 * @param failuresMean        failures a run, on average
 * @param goodput             useful training time (steps × step time) over the mean wall-clock time
 * @param gpuHoursLostMean    GPU-hours a run spends beyond the ideal (lost work, restarts, checkpoints, waiting)
 * @param lostWorkHoursMean   hours of training thrown away by failures, on average
 * @param restartHoursMean    hours of detection and restarts
 * @param checkpointHoursMean hours blocked writing checkpoints and snapshots
 * @param waitHoursMean       hours stopped waiting for repaired nodes
 * @param timeline            the first run, event by event (null when not kept)
 * @param completions         every run's wall-clock hours, sorted: the distribution
 */
public record FailureStudy(
        FailureScenario scenario,
        int runs,
        Distribution completionHours,
        double failuresMean,
        double goodput,
        double gpuHoursLostMean,
        double lostWorkHoursMean,
        double restartHoursMean,
        double checkpointHoursMean,
        double waitHoursMean,
        FailureTimeline timeline,
        double[] completions) {

    /** This study without its timeline (which can be simulated again from the seed), as it is kept. */
    public FailureStudy withoutTimeline() {
        return new FailureStudy(
                scenario,
                runs,
                completionHours,
                failuresMean,
                goodput,
                gpuHoursLostMean,
                lostWorkHoursMean,
                restartHoursMean,
                checkpointHoursMean,
                waitHoursMean,
                null,
                completions);
    }

    /** Mean, median, 90th and 99th percentiles. */
    public record Distribution(double mean, double p50, double p90, double p99) {}

    static FailureStudy of(FailureScenario s, FailureSimulation.Outcome[] out) {
        double[] hours = Arrays.stream(out).mapToDouble(o -> o.seconds() / 3600).toArray();
        double[] q = FailureSimulation.summary(hours);
        double meanSeconds = q[0] * 3600;
        double ideal = s.idealSeconds();
        return new FailureStudy(
                s,
                out.length,
                new Distribution(q[0], q[1], q[2], q[3]),
                Arrays.stream(out)
                        .mapToInt(FailureSimulation.Outcome::failures)
                        .average()
                        .orElse(0),
                ideal / meanSeconds,
                s.gpus() * (meanSeconds - ideal) / 3600,
                mean(out, FailureSimulation.Outcome::lostWorkSeconds) / 3600,
                mean(out, FailureSimulation.Outcome::restartSeconds) / 3600,
                mean(out, FailureSimulation.Outcome::checkpointSeconds) / 3600,
                mean(out, FailureSimulation.Outcome::waitSeconds) / 3600,
                out[0].timeline(),
                Arrays.stream(hours).sorted().toArray());
    }

    private static double mean(FailureSimulation.Outcome[] out, ToDoubleFunction<FailureSimulation.Outcome> f) {
        return Arrays.stream(out).mapToDouble(f).average().orElse(0);
    }
}
