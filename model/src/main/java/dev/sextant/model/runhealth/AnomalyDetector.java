package dev.sextant.model.runhealth;

import dev.sextant.model.job.CancellationToken;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Finds what went wrong in a training log, point by point and causally (each point judged against the history before
 * it only, as a monitor running with the job would):
 * <ul>
 *   <li><b>spikes</b> of the loss (and validation loss) and of the gradient norm: a robust z-score at or above the
 *       threshold, upward only (so the fast fall of early training never counts). The losses are judged against the
 *       median of their last 10 unflagged points (corrected by their typical forecast error) and the noise of their point-to-point differences over the window
 *       ({@link TrendBaseline}: they trend); the gradient norm, on its logarithm (it is heavy-tailed and
 *       multiplicative), against (x − median) / (1.4826 · MAD) over the last {@link DetectionSettings#window} points. The scale is floored — 0.5 % of the loss, 10 % of the
 *       gradient norm — so that a very flat stretch does not turn noise into spikes;</li>
 *   <li><b>non-finite values</b> in any metric, NaN iterations counted by Megatron-LM, and the loss scale collapsing
 *       (below 1, or 16 times below the highest of its window: more than the one halving an overflow costs);</li>
 *   <li><b>divergence</b>: the loss's rolling median {@link DetectionSettings#divergenceRise} above the lowest it had
 *       reached, and {@link #DIVERGENCE_SIGMAS} of its noise, held for {@link DetectionSettings#divergencePatience} points; dated where the climb began, where the
 *       trailing median was lowest;</li>
 *   <li><b>overfitting</b>: the validation loss {@link #OVERFIT_RISE} above the lowest it had reached at
 *       {@link #OVERFIT_EVALUATIONS} evaluations in a row while the training loss's median over the window before each
 *       stays below its median before that lowest evaluation: the model fits its training data better and generalises
 *       worse (or the validation data has drifted from the training data); dated at the best evaluation;</li>
 *   <li><b>stalls</b>: the step time (logged, or the wall-clock time between logged steps) z ≥ threshold on its
 *       logarithm and at least 1.5 times the recent median; not the first logged step after an evaluation, whose time
 *       includes the evaluation's.</li>
 * </ul>
 * Flagged points within three points of each other (same metric and kind) make one anomaly, dated at its first. A metric
 * that stays up for half a window has moved to a new level: from there its points join the baseline again, so a lasting
 * jump is one anomaly (and, if it is a rise of the loss, a divergence), not a spike to the end of the log.
 */
public final class AnomalyDetector {

    /** Flagged points at most this many points apart belong to the same anomaly. */
    static final int MERGE_GAP = 3;
    /** Floor of the loss's scale, relative to its median. */
    static final double LOSS_SCALE_FLOOR = 0.005;
    /** Floor of the gradient norm's and step time's scale, in natural-log units. */
    static final double LOG_SCALE_FLOOR = 0.10;
    /** A stall is at least this many times the recent median step time. */
    static final double STALL_RATIO = 1.5;
    /** A validation loss this far (relative) above its lowest is rising, for {@link Anomaly.Kind#OVERFITTING}. */
    static final double OVERFIT_RISE = 0.02;
    /** Evaluations in a row above the lowest, with the training loss still falling, that make overfitting. */
    static final int OVERFIT_EVALUATIONS = 2;
    /** A divergence's rise of the median is at least this many of the loss's standard deviations at its lowest. */
    static final double DIVERGENCE_SIGMAS = 2;
    /** A loss-scale drop beyond this factor below its window's highest is a collapse. */
    static final double LOSS_SCALE_COLLAPSE = 16;

    private final DetectionSettings settings;

    public AnomalyDetector(DetectionSettings settings) {
        this.settings = settings;
    }

    public List<Anomaly> detect(TrainingLog log, CancellationToken cancel) {
        List<Anomaly> out = new ArrayList<>();
        for (MetricSeries m : log.metrics().values()) {
            cancel.throwIfCancelled();
            switch (m.name()) {
                case MetricNames.LOSS -> {
                    out.addAll(spikes(m, false, Anomaly.Kind.SPIKE));
                    out.addAll(divergence(m));
                }
                case MetricNames.VALIDATION_LOSS -> {
                    out.addAll(spikes(m, false, Anomaly.Kind.SPIKE));
                    log.metric(MetricNames.LOSS).ifPresent(train -> out.addAll(overfitting(m, train)));
                }
                case MetricNames.GRAD_NORM -> out.addAll(spikes(m, true, Anomaly.Kind.SPIKE));
                case MetricNames.STEP_TIME -> out.addAll(spikes(m, true, Anomaly.Kind.STALL));
                case MetricNames.LOSS_SCALE -> out.addAll(lossScaleCollapse(m));
                case MetricNames.NAN_ITERATIONS -> out.addAll(positiveCounts(m));
                default -> out.addAll(nonFinite(m));
            }
        }
        if (log.metric(MetricNames.STEP_TIME).isEmpty()) {
            stepTimeFromWallClock(log).ifPresent(s -> out.addAll(spikes(s, true, Anomaly.Kind.STALL)));
        }
        out.removeIf(a -> a.kind() == Anomaly.Kind.STALL && afterEvaluation(log, a.step()));
        out.sort(Comparator.comparingLong(Anomaly::step).thenComparing(Anomaly::metric));
        return out;
    }

    /**
     * Whether the logged step is the first after an evaluation: its time includes the evaluation's (Megatron-LM times
     * the iteration after "validation loss at iteration 100" at 3–4 times the others), which is the schedule, not a
     * stall.
     */
    static boolean afterEvaluation(TrainingLog log, long step) {
        Optional<MetricSeries> validation = log.metric(MetricNames.VALIDATION_LOSS);
        Optional<MetricSeries> times = log.metric(MetricNames.STEP_TIME).or(() -> log.metric(MetricNames.WALL_TIME));
        if (validation.isEmpty() || times.isEmpty()) {
            return false;
        }
        MetricSeries t = times.get();
        int i = Arrays.binarySearch(t.steps(), step);
        long previous = i > 0 ? t.step(i - 1) : Long.MIN_VALUE;
        MetricSeries v = validation.get();
        int j = Arrays.binarySearch(v.steps(), previous);
        if (j >= 0) {
            return true; // evaluated at the step logged just before
        }
        int k = -j - 1; // first evaluation after the previous logged step
        return k < v.size() && v.step(k) < step;
    }

    /** Seconds per step between logged points of the {@code wall_time} series, at the later point. */
    static Optional<MetricSeries> stepTimeFromWallClock(TrainingLog log) {
        return log.metric(MetricNames.WALL_TIME).filter(w -> w.size() > 2).map(w -> {
            long[] steps = new long[w.size() - 1];
            double[] v = new double[w.size() - 1];
            for (int i = 1; i < w.size(); i++) {
                steps[i - 1] = w.step(i);
                v[i - 1] = (w.value(i) - w.value(i - 1)) / (w.step(i) - w.step(i - 1));
            }
            return new MetricSeries(MetricNames.STEP_TIME, steps, v);
        });
    }

    private List<Anomaly> spikes(MetricSeries m, boolean logScale, Anomaly.Kind kind) {
        // the losses trend (down through training, in steps at epochs): judged against their
        // recent level and their point-to-point noise; the gradient norm and step time, on a log
        // scale, hover and are judged against the window
        Baseline base = logScale ? new RollingBaseline(settings.window()) : new TrendBaseline(settings.window());
        Cluster c = new Cluster(m.name(), kind);
        List<Anomaly> out = new ArrayList<>();
        Cluster nf = new Cluster(m.name(), Anomaly.Kind.NONFINITE);
        int flaggedRun = 0;
        for (int i = 0; i < m.size(); i++) {
            double x = m.value(i);
            if (!Double.isFinite(x)) {
                nf.flag(
                        i,
                        m.step(i),
                        x,
                        base.size() > 0 ? undo(base.median(), logScale) : Double.NaN,
                        Double.POSITIVE_INFINITY,
                        out);
                continue;
            }
            nf.close(i, out);
            double y = logScale ? Math.log(Math.max(x, 1e-30)) : x;
            if (base.size() >= settings.minHistory()) {
                double median = base.median();
                double floor = logScale ? LOG_SCALE_FLOOR : LOSS_SCALE_FLOOR * Math.abs(median);
                double z = (y - median) / Math.max(base.sigma(), floor);
                boolean flagged = z >= settings.threshold()
                        && (kind != Anomaly.Kind.STALL || x >= STALL_RATIO * undo(median, true));
                if (flagged) {
                    c.flag(i, m.step(i), x, undo(median, logScale), z, out);
                    if (++flaggedRun < settings.window() / 2) {
                        continue; // a flagged point does not join the baseline…
                    }
                    // …unless the metric has stayed there for half a window: a new level, which the baseline takes
                    base.add(y);
                    continue;
                }
            }
            flaggedRun = 0;
            c.close(i, out);
            base.add(y);
        }
        c.finish(out);
        nf.finish(out);
        return out;
    }

    private static double undo(double y, boolean logScale) {
        return logScale ? Math.exp(y) : y;
    }

    private List<Anomaly> divergence(MetricSeries m) {
        List<Anomaly> out = new ArrayList<>();
        RollingBaseline base = new RollingBaseline(settings.window());
        double best = Double.POSITIVE_INFINITY;
        double bestSigma = 0;
        int bestIndex = 0;
        int streak = 0;
        for (int i = 0; i < m.size(); i++) {
            double x = m.value(i);
            if (!Double.isFinite(x)) {
                continue;
            }
            base.add(x);
            if (base.size() < settings.window()) {
                continue;
            }
            double median = base.median();
            if (median < best) {
                best = median;
                bestSigma = base.sigma();
                bestIndex = i;
                streak = 0;
                continue;
            }
            // a rise of the median beyond its noise too: on a noisy fine-tuning loss (one small
            // batch a point) a stretch of harder examples lifts a window's median 5 % and more with
            // nothing wrong (six false alarms on a real LoRA run)
            if (median > best * (1 + settings.divergenceRise()) && median - best >= DIVERGENCE_SIGMAS * bestSigma) {
                if (++streak == settings.divergencePatience()) {
                    // the climb began where the trailing median was lowest: from there each new point pushes it up
                    long onset = m.step(bestIndex);
                    double scale = Math.max(bestSigma, LOSS_SCALE_FLOOR * Math.abs(best));
                    out.add(new Anomaly(
                            onset,
                            m.step(i),
                            m.name(),
                            Anomaly.Kind.DIVERGENCE,
                            median,
                            best,
                            (median - best) / scale));
                    best = median; // a further divergence must rise again from here
                    bestSigma = base.sigma();
                    bestIndex = i;
                    streak = 0;
                }
            } else {
                streak = 0;
            }
        }
        return out;
    }

    /**
     * Overfitting: evaluations keep rising above the best one while the training loss goes on falling. Evaluations are
     * few (one per hundreds of steps), so each is judged as it is, against the lowest before it.
     */
    private List<Anomaly> overfitting(MetricSeries validation, MetricSeries train) {
        List<Anomaly> out = new ArrayList<>();
        double best = Double.POSITIVE_INFINITY;
        int bestIndex = -1;
        int streak = 0;
        double worst = 0;
        for (int i = 0; i < validation.size(); i++) {
            double v = validation.value(i);
            if (!Double.isFinite(v)) {
                continue;
            }
            if (v < best) {
                best = v;
                bestIndex = i;
                streak = 0;
                continue;
            }
            double trainAtBest = trainingMedian(train, validation.step(bestIndex));
            double trainNow = trainingMedian(train, validation.step(i));
            if (v > best * (1 + OVERFIT_RISE) && trainNow < trainAtBest) {
                worst = ++streak == 1 ? v : Math.max(worst, v);
                if (streak == OVERFIT_EVALUATIONS) {
                    out.add(new Anomaly(
                            validation.step(bestIndex),
                            validation.step(i),
                            validation.name(),
                            Anomaly.Kind.OVERFITTING,
                            worst,
                            best,
                            (worst - best) / Math.max(LOSS_SCALE_FLOOR * Math.abs(best), 1e-12)));
                } else if (streak > OVERFIT_EVALUATIONS) {
                    Anomaly last = out.remove(out.size() - 1); // the same episode, going on
                    out.add(new Anomaly(
                            last.step(),
                            validation.step(i),
                            last.metric(),
                            last.kind(),
                            worst,
                            best,
                            (worst - best) / Math.max(LOSS_SCALE_FLOOR * Math.abs(best), 1e-12)));
                }
            } else {
                streak = 0;
            }
        }
        return out;
    }

    /** The training loss's median over the window of finite points at or before {@code step} (NaN when none). */
    private double trainingMedian(MetricSeries train, long step) {
        int end = train.indexAtOrBefore(step);
        List<Double> xs = new ArrayList<>();
        for (int k = end; k >= 0 && xs.size() < settings.window(); k--) {
            if (Double.isFinite(train.value(k))) {
                xs.add(train.value(k));
            }
        }
        if (xs.isEmpty()) {
            return Double.NaN;
        }
        Collections.sort(xs);
        int n = xs.size();
        return n % 2 == 1 ? xs.get(n / 2) : (xs.get(n / 2 - 1) + xs.get(n / 2)) / 2;
    }

    private List<Anomaly> lossScaleCollapse(MetricSeries m) {
        List<Anomaly> out = new ArrayList<>();
        Cluster c = new Cluster(m.name(), Anomaly.Kind.NONFINITE);
        double[] recent = new double[settings.window()];
        int n = 0;
        for (int i = 0; i < m.size(); i++) {
            double x = m.value(i);
            double high = 0;
            for (int k = 0; k < Math.min(n, recent.length); k++) {
                high = Math.max(high, recent[k]);
            }
            boolean judged = n >= settings.minHistory();
            if (!Double.isFinite(x) || judged && (x < 1 || x * LOSS_SCALE_COLLAPSE <= high)) {
                c.flag(
                        i,
                        m.step(i),
                        x,
                        high,
                        Double.isFinite(x) && x > 0 ? Math.log(high / x) / Math.log(2) : Double.POSITIVE_INFINITY,
                        out);
            } else {
                c.close(i, out);
            }
            if (Double.isFinite(x)) {
                recent[n++ % recent.length] = x;
            }
        }
        c.finish(out);
        return out;
    }

    private static List<Anomaly> positiveCounts(MetricSeries m) {
        List<Anomaly> out = new ArrayList<>();
        Cluster c = new Cluster(m.name(), Anomaly.Kind.NONFINITE);
        for (int i = 0; i < m.size(); i++) {
            double x = m.value(i);
            if (!(x <= 0)) {
                c.flag(i, m.step(i), x, 0, Double.POSITIVE_INFINITY, out);
            } else {
                c.close(i, out);
            }
        }
        c.finish(out);
        return out;
    }

    private static List<Anomaly> nonFinite(MetricSeries m) {
        List<Anomaly> out = new ArrayList<>();
        Cluster c = new Cluster(m.name(), Anomaly.Kind.NONFINITE);
        for (int i = 0; i < m.size(); i++) {
            if (!Double.isFinite(m.value(i))) {
                c.flag(i, m.step(i), m.value(i), Double.NaN, Double.POSITIVE_INFINITY, out);
            } else {
                c.close(i, out);
            }
        }
        c.finish(out);
        return out;
    }

    /** Flagged points being gathered into one anomaly. */
    private static final class Cluster {
        final String metric;
        final Anomaly.Kind kind;
        int lastIndex = Integer.MIN_VALUE;
        long onset;
        long end;
        double baseline;
        double peakValue;
        double peakScore = Double.NEGATIVE_INFINITY;
        boolean open;

        Cluster(String metric, Anomaly.Kind kind) {
            this.metric = metric;
            this.kind = kind;
        }

        void flag(int index, long step, double value, double base, double score, List<Anomaly> out) {
            if (open && index - lastIndex > MERGE_GAP) {
                finish(out);
            }
            if (!open) {
                open = true;
                onset = step;
                baseline = base;
                peakScore = Double.NEGATIVE_INFINITY;
            }
            end = step;
            lastIndex = index;
            if (score > peakScore || Double.isNaN(peakValue)) {
                peakScore = score;
                peakValue = value;
            }
        }

        /** An unflagged point at {@code index}: the anomaly ends when it is more than the merge gap past the last flag. */
        void close(int index, List<Anomaly> out) {
            if (open && index - lastIndex > MERGE_GAP) {
                finish(out);
            }
        }

        void finish(List<Anomaly> out) {
            if (open) {
                out.add(new Anomaly(onset, end, metric, kind, peakValue, baseline, peakScore));
                open = false;
            }
        }
    }
}
