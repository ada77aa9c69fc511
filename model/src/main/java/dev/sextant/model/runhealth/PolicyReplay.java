package dev.sextant.model.runhealth;

import dev.sextant.model.InputError;
import java.util.ArrayList;
import java.util.List;

/**
 * A rollback policy replayed over a run's log, as the canary judge's policies are replayed over past canaries: where it
 * would have fired, which firings were needed and which were false alarms, and what its rollbacks would have cost.
 * A firing was <b>needed</b> when the run did not recover by itself: over the {@link RollbackPolicy#recoveryPoints}
 * points after it, at least half are still anomalous at half the threshold (or not finite); a spike the loss shook off
 * on its own was a false alarm. An anomaly the detector found in the watched metric without any firing during it was
 * <b>missed</b>.
 *
 * @param firings      each firing, in step order
 * @param needed       firings the run needed
 * @param falseAlarms  firings it did not
 * @param missed       detected anomalies of the metric with no firing
 * @param stepsLost    steps the firings' rollbacks would have re-run, each step once (firings back to one checkpoint
 *                     overlap)
 * @param gpuHoursLost their GPU-hours (NaN without a step time or GPU count)
 */
public record PolicyReplay(
        RollbackPolicy policy,
        List<Firing> firings,
        int needed,
        int falseAlarms,
        int missed,
        long stepsLost,
        double gpuHoursLost) {

    /**
     * @param step           where it fired
     * @param onsetStep      where the anomalous stretch began
     * @param checkpointStep what it rolled back to
     * @param stepsLost      step − checkpointStep: what the rollback throws away
     * @param needed         whether the run failed to recover by itself
     */
    public record Firing(long step, long onsetStep, long checkpointStep, long stepsLost, boolean needed) {}

    public static PolicyReplay replay(
            TrainingLog log,
            RollbackPolicy policy,
            Checkpoints checkpoints,
            List<Anomaly> detected,
            int window,
            double stepSeconds,
            int gpus) {
        MetricSeries m = log.metric(policy.metric())
                .orElseThrow(() -> new InputError(
                        "policy.metric",
                        "the log has no metric '" + policy.metric() + "'; it has " + log.metricNames()));
        boolean logScale = !m.name().equals(MetricNames.LOSS) && !m.name().equals(MetricNames.VALIDATION_LOSS);
        double[] z = scores(m, window, logScale);
        List<Firing> firings = new ArrayList<>();
        int streak = 0;
        boolean firedThisStreak = false;
        for (int i = 0; i < m.size(); i++) {
            if (z[i] >= policy.threshold()) {
                streak++;
                if (streak >= policy.patience() && !firedThisStreak) {
                    firedThisStreak = true;
                    long onset = m.step(i - streak + 1);
                    long checkpoint = checkpoints.before(onset);
                    firings.add(
                            new Firing(m.step(i), onset, checkpoint, m.step(i) - checkpoint, persists(z, i, policy)));
                }
            } else {
                streak = 0;
                firedThisStreak = false;
            }
        }
        int needed = (int) firings.stream().filter(Firing::needed).count();
        int missed = 0;
        for (Anomaly a : detected) {
            if (!a.metric().equals(m.name()) || !a.kind().needsRollback()) {
                continue;
            }
            // a divergence is dated by its rolling median, late: a firing up to its own detection span before it counts
            long from = a.kind() == Anomaly.Kind.DIVERGENCE ? a.step() - (a.endStep() - a.step()) : a.step();
            boolean covered = firings.stream().anyMatch(f -> f.step() >= from && f.onsetStep() <= a.endStep());
            if (!covered) {
                missed++;
            }
        }
        long lost = rerunSteps(firings);
        double seconds = Double.isNaN(stepSeconds)
                ? RollbackPlanner.medianStepSeconds(log).orElse(Double.NaN)
                : stepSeconds;
        double gpuHours = gpus > 0 && Double.isFinite(seconds) ? lost * seconds * gpus / 3600 : Double.NaN;
        return new PolicyReplay(policy, firings, needed, firings.size() - needed, missed, lost, gpuHours);
    }

    /**
     * Steps the firings' rollbacks re-run, each step once: two firings back to the same checkpoint re-run the stretch
     * from it once (to the later firing), not twice.
     */
    static long rerunSteps(List<Firing> firings) {
        long total = 0;
        long coveredTo = Long.MIN_VALUE;
        for (Firing f : firings) { // in step order; checkpoints never after their firing
            long from = Math.max(f.checkpointStep(), coveredTo);
            if (f.step() > from) {
                total += f.step() - from;
            }
            coveredTo = Math.max(coveredTo, f.step());
        }
        return total;
    }

    /** Whether the stretch after a firing at {@code i} stays anomalous: at least half its points at half the threshold. */
    private static boolean persists(double[] z, int i, RollbackPolicy p) {
        int n = 0;
        int still = 0;
        for (int k = i + 1; k < z.length && n < p.recoveryPoints(); k++, n++) {
            if (z[k] >= p.threshold() / 2) {
                still++;
            }
        }
        return n == 0 || 2 * still >= n;
    }

    /**
     * Each point's robust z against the rolling baseline of the unflagged points before it (the detector's test; 0 before
     * the history is long enough, +∞ where the value is not finite). Points at or above 3 do not join the baseline.
     */
    static double[] scores(MetricSeries m, int window, boolean logScale) {
        double[] z = new double[m.size()];
        RollingBaseline base = new RollingBaseline(window);
        int minHistory = Math.min(window, DetectionSettings.DEFAULT.minHistory());
        for (int i = 0; i < m.size(); i++) {
            double x = m.value(i);
            if (!Double.isFinite(x)) {
                z[i] = Double.POSITIVE_INFINITY;
                continue;
            }
            double y = logScale ? Math.log(Math.max(x, 1e-30)) : x;
            if (base.size() >= minHistory) {
                double median = base.median();
                double floor = logScale
                        ? AnomalyDetector.LOG_SCALE_FLOOR
                        : AnomalyDetector.LOSS_SCALE_FLOOR * Math.abs(median);
                z[i] = (y - median) / Math.max(base.sigma(), floor);
            }
            if (z[i] < 3) {
                base.add(y);
            }
        }
        return z;
    }
}
