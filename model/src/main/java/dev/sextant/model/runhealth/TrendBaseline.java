package dev.sextant.model.runhealth;

/**
 * A baseline for a metric that trends while it is noisy (a loss falling through training, stepping down at each
 * epoch). Each point is forecast from the median of the last {@link #LEVEL_POINTS} accepted points, corrected by the
 * median of the past forecasts' errors (a falling loss lies below a trailing median by about as much each time), and
 * the noise is the robust spread of those errors, 1.4826 · MAD, over the window: the spread of exactly the quantity a
 * point is judged on, so it takes in the logging noise, its autocorrelation (smoothed losses) and the trend's curvature
 * alike. A whole window's MAD around its median measures the fall as much as the noise: on real fine-tuning logs (Hugging
 * Face trainer states logged every 10–15 steps) a loss 30 % above its level went unseen by it and is caught by this one,
 * with no alarm more on healthy runs (real and synthetic). The noise is never taken as finer than the log's resolution
 * (the smallest step between two of its values: a converged loss written as 0.0001 and 0.0002 has not doubled).
 */
final class TrendBaseline implements Baseline {

    /** Points the level is the median of. */
    static final int LEVEL_POINTS = 10;
    /** Points of level needed before a forecast error is counted. */
    private static final int LEVEL_BEFORE_ERRORS = 3;

    private final RollingBaseline level;
    private final RollingBaseline errors;
    private final int window;
    private double last = Double.NaN;
    /** The smallest step between two logged values seen: the log's resolution (a loss written with four decimals). */
    private double resolution = Double.POSITIVE_INFINITY;

    private int size;

    TrendBaseline(int window) {
        this.window = window;
        this.level = new RollingBaseline(Math.min(LEVEL_POINTS, window));
        this.errors = new RollingBaseline(window);
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public void add(double x) {
        if (level.size() >= LEVEL_BEFORE_ERRORS) {
            errors.add(x - level.median());
        }
        if (!Double.isNaN(last) && x != last) {
            resolution = Math.min(resolution, Math.abs(x - last));
        }
        last = x;
        level.add(x);
        size = Math.min(window, size + 1);
    }

    /** The forecast of the next point. */
    @Override
    public double median() {
        return level.median() + (errors.size() >= LEVEL_BEFORE_ERRORS ? errors.median() : 0);
    }

    @Override
    public double sigma() {
        double floor = Double.isFinite(resolution) ? resolution : 0;
        return errors.size() < LEVEL_BEFORE_ERRORS ? floor : Math.max(errors.sigma(), floor);
    }
}
