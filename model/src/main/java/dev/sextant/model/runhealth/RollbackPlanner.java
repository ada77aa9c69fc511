package dev.sextant.model.runhealth;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * What rolling back from each anomaly costs: the checkpoint before its onset, the steps and GPU-hours to re-run, and the
 * data window to skip; one rollback for each incident, however many metrics show it: an anomaly whose onset falls inside
 * the data window an earlier rollback already skips (the loss a step after the gradient norm, or a recurrence within
 * {@link #SKIP_MARGIN} steps) joins that rollback instead of being costed again. Stalls cost time but not the model's
 * state: they get no rollback.
 */
public final class RollbackPlanner {

    /**
     * Steps of data skipped on each side of an anomaly: PaLM restarted about 100 steps before a spike and skipped
     * 200–500 batches (Chowdhery et al. 2022 §5.1), i.e. about 100 before it to 100 after its end.
     */
    public static final long SKIP_MARGIN = 100;

    private RollbackPlanner() {}

    /**
     * @param stepSeconds seconds a step, or NaN to take the log's median step time (NaN when it has none)
     * @param gpus        GPUs of the run, or 0 when not known
     */
    public static List<Rollback> plan(
            TrainingLog log, List<Anomaly> anomalies, Checkpoints checkpoints, double stepSeconds, int gpus) {
        double seconds = Double.isNaN(stepSeconds) ? medianStepSeconds(log).orElse(Double.NaN) : stepSeconds;
        Optional<MetricSeries> samples = log.metric(MetricNames.CONSUMED_SAMPLES);
        List<Rollback> out = new ArrayList<>();
        for (Anomaly a : incidents(anomalies)) {
            Rollback prev = out.isEmpty() ? null : out.get(out.size() - 1);
            if (prev != null && a.step() <= prev.skipToStep()) {
                // the same incident seen in another metric (grad-norm at 1830, loss at 1831), or a recurrence inside
                // the window the first rollback skips: one rollback, which re-runs and skips what both need
                long to = Math.max(prev.skipToStep(), a.endStep() + SKIP_MARGIN);
                String metric = Arrays.asList(prev.metric().split(" \\+ ")).contains(a.metric())
                        ? prev.metric()
                        : prev.metric() + " + " + a.metric();
                out.set(
                        out.size() - 1,
                        new Rollback(
                                prev.anomalyStep(),
                                metric,
                                prev.kind(),
                                prev.checkpointStep(),
                                prev.stepsLost(),
                                prev.gpuHoursLost(),
                                prev.skipFromStep(),
                                to,
                                prev.skipFromSample(),
                                samples.map(x -> samplesAfter(x, to)).orElse(Double.NaN)));
                continue;
            }
            long checkpoint = checkpoints.before(a.step());
            long lost = a.step() - checkpoint;
            double gpuHours = gpus > 0 && Double.isFinite(seconds) ? lost * seconds * gpus / 3600 : Double.NaN;
            long from = Math.max(checkpoint + 1, a.step() - SKIP_MARGIN);
            long to = a.endStep() + SKIP_MARGIN;
            double fromSample = samples.map(x -> samplesAfter(x, from - 1)).orElse(Double.NaN);
            double toSample = samples.map(x -> samplesAfter(x, to)).orElse(Double.NaN);
            out.add(new Rollback(
                    a.step(), a.metric(), a.kind(), checkpoint, lost, gpuHours, from, to, fromSample, toSample));
        }
        return out;
    }

    /**
     * The anomalies that need a rollback, one for each onset step: where several metrics show the same incident (a NaN loss
     * and Megatron's NaN-iteration count), the loss's, else the first.
     */
    static List<Anomaly> incidents(List<Anomaly> anomalies) {
        List<Anomaly> out = new ArrayList<>(
                anomalies.stream().filter(a -> a.kind().needsRollback()).toList());
        out.sort(Comparator.comparingLong(Anomaly::step)
                .thenComparing(a -> !a.metric().equals(MetricNames.LOSS)));
        return out;
    }

    /** The median of the log's step time, seconds (logged, or from the wall clock between logged steps). */
    public static Optional<Double> medianStepSeconds(TrainingLog log) {
        Optional<MetricSeries> s =
                log.metric(MetricNames.STEP_TIME).or(() -> AnomalyDetector.stepTimeFromWallClock(log));
        return s.map(m -> {
                    double[] v = Arrays.stream(m.values())
                            .filter(x -> Double.isFinite(x) && x > 0)
                            .sorted()
                            .toArray();
                    return v.length == 0 ? Double.NaN : RollingBaseline.medianOfSorted(v, v.length);
                })
                .filter(Double::isFinite);
    }

    /** Samples consumed after {@code step}, linear between logged points, extrapolated at the ends by the nearest rate. */
    static double samplesAfter(MetricSeries s, long step) {
        if (s.size() == 0) {
            return Double.NaN;
        }
        if (s.size() == 1) {
            return s.value(0);
        }
        int i = s.indexAtOrBefore(step);
        int a = Math.max(0, Math.min(i, s.size() - 2));
        int b = a + 1;
        double rate = (s.value(b) - s.value(a)) / (s.step(b) - s.step(a));
        return Math.max(0, s.value(a) + rate * (step - s.step(a)));
    }
}
