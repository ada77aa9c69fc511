package dev.sextant.model.evaluation;

import dev.sextant.model.InputError;

/**
 * How to summarise per-item scores.
 *
 * @param ci              the interval method
 * @param bootstrapRounds resamples for {@link CiMethod#BOOTSTRAP}
 * @param seed            bootstrap seed; the same seed gives the same intervals
 * @param alpha           1 − confidence level (0.05 for 95%)
 */
public record ScoreSummarySpec(CiMethod ci, int bootstrapRounds, long seed, double alpha) {

    public enum CiMethod {
        CLT,
        BOOTSTRAP
    }

    public static final int DEFAULT_BOOTSTRAP = 10_000;

    public ScoreSummarySpec {
        if (bootstrapRounds < 1) {
            throw new InputError("evaluation.bootstrap", "bootstrap rounds must be at least 1");
        }
        if (!(alpha > 0 && alpha < 1)) {
            throw new InputError("evaluation.alpha", "alpha must lie in (0, 1)");
        }
    }

    public static ScoreSummarySpec defaults() {
        return new ScoreSummarySpec(CiMethod.CLT, DEFAULT_BOOTSTRAP, 0, 0.05);
    }
}
