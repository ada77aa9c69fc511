package dev.sextant.model.statistics;

import dev.sextant.model.InputError;

/**
 * Sample size and minimum detectable effect for a paired comparison (Miller, arXiv 2411.00640, section 5):
 * n = (z_{α/2} + z_β)² (ω² + σ_A²/K_A + σ_B²/K_B) / δ², with ω² = Var(x_A − x_B) the variance of the per-item
 * difference of expected scores, σ² the within-item variance and K the samples per item (the same for both models here).
 */
public final class Power {

    private Power() {}

    /** (z_{α/2} + z_β)², the factor both directions share (7.849 for α = 0.05, power 0.8). */
    static double factor(double alpha, double power) {
        InputError.require(power > 0 && power < 1, "statistics.power", "power must lie in (0, 1), got " + power);
        double z = Normal.twoSided(alpha) + Normal.quantile(power);
        return z * z;
    }

    /** ω² + 2σ²/K: the variance of one item's observed difference. */
    static double itemVariance(double sdDiff, double sdWithin, int k) {
        InputError.require(sdDiff >= 0, "statistics.sdDiff", "the SD of the per-item difference must not be negative");
        InputError.require(sdWithin >= 0, "statistics.sdWithin", "the within-item SD must not be negative");
        InputError.require(k >= 1, "statistics.k", "samples per item must be at least 1");
        return sdDiff * sdDiff + 2 * sdWithin * sdWithin / k;
    }

    /** The smallest true difference δ detected with the given power on n items: δ = sqrt(factor · v / n). */
    public static double minDetectableEffect(
            long n, double sdDiff, double sdWithin, int k, double alpha, double power) {
        if (n < 1) {
            throw new InputError("statistics.n", "items must be at least 1");
        }
        return Math.sqrt(factor(alpha, power) * itemVariance(sdDiff, sdWithin, k) / n);
    }

    /** Items needed to detect a true difference δ: ceil(factor · v / δ²). */
    public static long requiredN(double effect, double sdDiff, double sdWithin, int k, double alpha, double power) {
        if (!(effect > 0)) {
            throw new InputError("statistics.effect", "the effect must be positive");
        }
        return (long) Math.ceil(factor(alpha, power) * itemVariance(sdDiff, sdWithin, k) / (effect * effect) - 1e-9);
    }
}
