package dev.sextant.model.statistics;

import dev.sextant.model.InputError;
import org.apache.commons.math3.distribution.NormalDistribution;

/** The standard normal distribution's quantiles and tails, over commons-math3. */
public final class Normal {

    private static final NormalDistribution STANDARD = new NormalDistribution(null, 0, 1);

    private Normal() {}

    /** z such that P(Z ≤ z) = p. */
    public static double quantile(double p) {
        return STANDARD.inverseCumulativeProbability(p);
    }

    /** Φ(z), the standard normal distribution function. */
    public static double cdf(double z) {
        return STANDARD.cumulativeProbability(z);
    }

    /** z_{α/2}: the two-sided critical value for confidence 1 − α (1.959964 for α = 0.05). */
    public static double twoSided(double alpha) {
        if (!(alpha > 0 && alpha < 1)) {
            throw new InputError("statistics.alpha", "alpha must lie in (0, 1), got " + alpha);
        }
        return quantile(1 - alpha / 2);
    }

    /** Two-sided p-value of a z statistic: 2 (1 − Φ(|z|)). */
    public static double twoSidedP(double z) {
        if (Double.isNaN(z)) {
            return Double.NaN;
        }
        return 2 * STANDARD.cumulativeProbability(-Math.abs(z));
    }
}
