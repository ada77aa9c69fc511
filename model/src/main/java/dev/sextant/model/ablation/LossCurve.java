package dev.sextant.model.ablation;

import dev.sextant.model.InputError;
import dev.sextant.model.runhealth.MetricNames;
import dev.sextant.model.runhealth.MetricSeries;
import dev.sextant.model.runhealth.TrainingLog;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The loss of one training run at several token counts, read from its log: the points a scaling law is fitted to when
 * a team has logs rather than a table. Tokens come from the log's own consumed-token counter where it has one that
 * grows (Megatron-LM's {@code consumed tokens}, Hugging Face's {@code num_input_tokens_seen}), else from steps × the
 * tokens a step (global batch × sequence length) the user gives: never guessed.
 *
 * <p>The loss at a point is smoothed over a trailing window of logged points by a least-squares line evaluated at the
 * point (a plain mean over a falling curve would sit above it by half the window's fall); the window is reported.
 */
public final class LossCurve {

    /** Logged points a smoothing window spans by default, at most. */
    public static final int DEFAULT_WINDOW = 20;
    /** Token counts read from a log by default: log-spaced from a tenth of its tokens to its last. */
    public static final int DEFAULT_POINTS = 6;

    /**
     * A point read: the loss at {@code tokens}, smoothed over the logged steps {@code windowFrom}–{@code windowTo}
     * ({@code windowPoints} of them).
     */
    public record Point(long step, double tokens, double loss, long windowFrom, long windowTo, int windowPoints) {}

    /** The points of a log and where their tokens came from. */
    public record Read(String metric, List<Point> points, String tokensFrom, double finalTokens) {}

    private LossCurve() {}

    /**
     * Reads the loss at {@code atTokens} (or, when empty, at {@code points} token counts log-spaced from a tenth of the
     * run to its end).
     *
     * @param metric        the loss metric ({@code loss}, {@code val_loss}, or any the log has)
     * @param tokensPerStep tokens a step, or null to use the log's consumed-token counter
     * @param window        logged points each loss is smoothed over (1: none)
     */
    public static Read read(
            TrainingLog log, String metric, Double tokensPerStep, List<Double> atTokens, int points, int window) {
        InputError.require(window >= 1, "ablate.window", "the smoothing window must be at least one logged point");
        InputError.require(points >= 1 || !atTokens.isEmpty(), "ablate.points", "read at least one token count");
        MetricSeries loss = log.metric(metric)
                .orElseThrow(() -> new InputError(
                        "ablate.metric",
                        "the log has no metric '" + metric + "'; it has " + String.join(", ", log.metricNames())));
        MetricSeries counter =
                log.metric(MetricNames.CONSUMED_TOKENS).filter(LossCurve::grows).orElse(null);
        String from;
        if (tokensPerStep != null) {
            InputError.require(
                    tokensPerStep > 0 && Double.isFinite(tokensPerStep),
                    "ablate.tokensPerStep",
                    "tokens a step must be a positive number (global batch × sequence length)");
            from = String.format(Locale.ROOT, "steps × %,.0f tokens a step", tokensPerStep);
            counter = null;
        } else if (counter != null) {
            from = "the log's consumed-token counter";
        } else {
            throw new InputError(
                    "ablate.tokensPerStep",
                    "the log counts no tokens"
                            + (log.metric(MetricNames.CONSUMED_TOKENS).isPresent()
                                    ? " (its token counter never grows)"
                                    : "")
                            + "; give the tokens a step (global batch × sequence length)");
        }
        int n = 0;
        double[] tokens = new double[loss.size()];
        long[] steps = new long[loss.size()];
        double[] values = new double[loss.size()];
        for (int i = 0; i < loss.size(); i++) {
            double v = loss.value(i);
            double t = counter == null ? loss.step(i) * tokensPerStep : at(counter, loss.step(i));
            if (Double.isFinite(v) && v > 0 && t > 0) {
                tokens[n] = t;
                steps[n] = loss.step(i);
                values[n] = v;
                n++;
            }
        }
        InputError.require(
                n >= 2,
                "ablate.metric",
                "the log has fewer than two finite, positive '" + metric + "' values with tokens");
        double last = tokens[n - 1];
        List<Double> targets = new ArrayList<>(atTokens);
        if (targets.isEmpty()) {
            for (int k = 0; k < points; k++) {
                targets.add(points == 1 ? last : last * Math.pow(10, -1 + (double) k / (points - 1)));
            }
        }
        List<Point> out = new ArrayList<>();
        for (double target : targets) {
            InputError.require(
                    target > 0 && target <= last * 1.000001,
                    "ablate.atTokens",
                    String.format(Locale.ROOT, "%.3g tokens is beyond the log, which ends at %.3g", target, last));
            int i = nearest(tokens, n, target);
            if (!out.isEmpty() && out.get(out.size() - 1).step() == steps[i]) {
                continue;
            }
            int from0 = Math.max(0, i - window + 1);
            out.add(new Point(
                    steps[i], tokens[i], smoothed(tokens, values, from0, i), steps[from0], steps[i], i - from0 + 1));
        }
        return new Read(metric, List.copyOf(out), from, last);
    }

    /** A cool-down ends where the learning rate has fallen below this share of its peak and stops falling. */
    static final double COOLED = 0.3;

    /**
     * The loss at the end of each cool-down of a warmup-stable-decay run (MiniCPM 2024; Hägele et al. 2024): where the
     * learning rate, having decayed below {@link #COOLED} of its peak, reaches its lowest before the log ends or the
     * rate rises again (the next branch re-warming from the stable phase). Each is a budget the one run stands for.
     */
    public static Read readAtCooldowns(TrainingLog log, String metric, Double tokensPerStep, int window) {
        MetricSeries lr = log.metric(MetricNames.LEARNING_RATE)
                .orElseThrow(() -> new InputError(
                        "ablate.cooldowns",
                        "the log has no learning rate to find its cool-downs by; it has "
                                + String.join(", ", log.metricNames())));
        List<Long> ends = cooldownEnds(lr);
        InputError.require(
                !ends.isEmpty(),
                "ablate.cooldowns",
                String.format(
                        Locale.ROOT,
                        "the learning rate never decays below %.0f %% of its " + "peak: no cool-down to read",
                        100 * COOLED));
        Read all = read(log, metric, tokensPerStep, List.of(), 1, 1);
        List<Double> at = new ArrayList<>();
        MetricSeries loss = log.metric(metric).orElseThrow();
        for (long step : ends) {
            int i = loss.indexAtOrBefore(step);
            if (i >= 0) {
                at.add(tokensAt(log, loss.step(i), tokensPerStep));
            }
        }
        Read r = read(log, metric, tokensPerStep, at, 0, window);
        return new Read(r.metric(), r.points(), r.tokensFrom() + ", at the end of each cool-down", all.finalTokens());
    }

    /** The steps where a cool-down ends ({@link #readAtCooldowns}). */
    static List<Long> cooldownEnds(MetricSeries lr) {
        double peak = 0;
        for (int i = 0; i < lr.size(); i++) {
            peak = Math.max(peak, lr.value(i));
        }
        List<Long> out = new ArrayList<>();
        for (int i = 1; i < lr.size(); i++) {
            double v = lr.value(i);
            boolean falling = v < lr.value(i - 1);
            boolean last = i == lr.size() - 1;
            boolean turns = !last && lr.value(i + 1) > v * 1.5;
            if (v <= COOLED * peak && (falling || turns) && (last || turns)) {
                out.add(lr.step(i));
            }
        }
        return out;
    }

    private static double tokensAt(TrainingLog log, long step, Double tokensPerStep) {
        if (tokensPerStep != null) {
            return step * tokensPerStep;
        }
        MetricSeries counter = log.metric(MetricNames.CONSUMED_TOKENS)
                .filter(LossCurve::grows)
                .orElseThrow(() -> new InputError(
                        "ablate.tokensPerStep",
                        "the log counts no tokens; give the tokens a step (global batch × sequence length)"));
        return at(counter, step);
    }

    private static boolean grows(MetricSeries s) {
        return s.size() >= 2 && s.value(s.size() - 1) > s.value(0);
    }

    /** The counter at {@code step}, by linear interpolation between its logged points. */
    private static double at(MetricSeries s, long step) {
        int i = s.indexAtOrBefore(step);
        if (i < 0) {
            return s.value(0) * step / Math.max(1, s.step(0));
        }
        if (i == s.size() - 1 || s.step(i) == step) {
            return s.value(i);
        }
        double f = (double) (step - s.step(i)) / (s.step(i + 1) - s.step(i));
        return s.value(i) + f * (s.value(i + 1) - s.value(i));
    }

    private static int nearest(double[] tokens, int n, double target) {
        int best = 0;
        for (int i = 1; i < n; i++) {
            if (Math.abs(Math.log(tokens[i] / target)) < Math.abs(Math.log(tokens[best] / target))) {
                best = i;
            }
        }
        return best;
    }

    /** A least-squares line through the window's (tokens, loss), evaluated at its last point. */
    static double smoothed(double[] x, double[] y, int from, int to) {
        int k = to - from + 1;
        if (k < 3) {
            return y[to];
        }
        double mx = 0;
        double my = 0;
        for (int i = from; i <= to; i++) {
            mx += x[i] / k;
            my += y[i] / k;
        }
        double sxy = 0;
        double sxx = 0;
        for (int i = from; i <= to; i++) {
            sxy += (x[i] - mx) * (y[i] - my);
            sxx += (x[i] - mx) * (x[i] - mx);
        }
        return sxx == 0 ? my : my + sxy / sxx * (x[to] - mx);
    }
}
