package dev.sextant.model.runhealth;

import dev.sextant.model.InputError;
import java.util.Locale;

/**
 * How sensitive the anomaly detector is.
 *
 * @param window            logged points of recent history the baseline (rolling median and MAD) is taken over
 * @param threshold         robust z-score above which a point is anomalous: (x − median) / (1.4826 · MAD), with the
 *                          scale floored so that a very flat stretch does not make noise look like a spike
 * @param minHistory        points a metric must have before its first can be judged
 * @param divergenceRise    relative rise of the loss's rolling median above the lowest it reached that counts as
 *                          divergence, when it lasts {@code divergencePatience} points
 * @param divergencePatience consecutive points the rise must last
 */
public record DetectionSettings(
        int window, double threshold, int minHistory, double divergenceRise, int divergencePatience) {

    /**
     * The default: a 100-point window and z ≥ 6 (a six-sigma excursion of a normal series; Hampel-style outlier tests use
     * 3–5 on single points, and training metrics are autocorrelated and heavy-tailed, so more is needed to stay quiet on
     * healthy runs; a 50-point window raised two alarms in 130,000 points of synthetic healthy logs with 3 % noise, 100 none),
     * divergence as a 5 % rise held for 50 points.
     */
    public static final DetectionSettings DEFAULT = new DetectionSettings(100, 6, 10, 0.05, 50);

    public DetectionSettings {
        InputError.require(window >= 5, "trainlog.window", "the window must be at least 5 points");
        InputError.require(threshold > 0, "trainlog.threshold", "the threshold must be positive");
        InputError.require(
                minHistory >= 3 && minHistory <= window,
                "trainlog.minHistory",
                "the history needed must be 3 to the window");
        InputError.require(divergenceRise > 0, "trainlog.divergenceRise", "the divergence rise must be positive");
        InputError.require(
                divergencePatience >= 1, "trainlog.divergencePatience", "the divergence patience must be at least 1");
    }

    /** Low (z ≥ 8), normal (the default) or high (z ≥ 4.5) sensitivity. */
    public static DetectionSettings sensitivity(String level) {
        return switch (level == null ? "" : level.strip().toLowerCase(Locale.ROOT)) {
            case "low" -> DEFAULT.withThreshold(8);
            case "normal", "" -> DEFAULT;
            case "high" -> DEFAULT.withThreshold(4.5);
            default -> throw new InputError(
                    "trainlog.sensitivity", "unknown sensitivity '" + level + "'; expected low, normal or high");
        };
    }

    public DetectionSettings withThreshold(double z) {
        return new DetectionSettings(window, z, minHistory, divergenceRise, divergencePatience);
    }

    public DetectionSettings withWindow(int w) {
        return new DetectionSettings(w, threshold, Math.min(minHistory, w), divergenceRise, Math.max(1, w));
    }
}
