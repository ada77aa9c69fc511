package dev.sextant.model.statistics;

import java.util.SplittableRandom;
import org.apache.commons.math3.special.Gamma;

/**
 * Poisson variates: multiplication of uniforms for small means, Hörmann's PTRS transformed rejection for means of
 * 10 or more (W. Hörmann, "The transformed rejection method for generating Poisson random variables", Insurance:
 * Mathematics and Economics 12, 1993). O(1) expected time, exact.
 */
final class PoissonSampler {

    private PoissonSampler() {}

    static long sample(double mean, SplittableRandom random) {
        if (mean <= 0) {
            return 0;
        }
        if (mean < 10) {
            double limit = Math.exp(-mean);
            double product = random.nextDouble();
            long k = 0;
            while (product > limit) {
                k++;
                product *= random.nextDouble();
            }
            return k;
        }
        double slam = Math.sqrt(mean);
        double loglam = Math.log(mean);
        double b = 0.931 + 2.53 * slam;
        double a = -0.059 + 0.02483 * b;
        double invalpha = 1.1239 + 1.1328 / (b - 3.4);
        double vr = 0.9277 - 3.6224 / (b - 2);
        while (true) {
            double u = random.nextDouble() - 0.5;
            double v = random.nextDouble();
            double us = 0.5 - Math.abs(u);
            long k = (long) Math.floor((2 * a / us + b) * u + mean + 0.43);
            if (us >= 0.07 && v <= vr) {
                return k;
            }
            if (k < 0 || (us < 0.013 && v > us)) {
                continue;
            }
            double lhs = Math.log(v) + Math.log(invalpha) - Math.log(a / (us * us) + b);
            double rhs = -mean + k * loglam - logFactorial(k);
            if (lhs <= rhs) {
                return k;
            }
        }
    }

    private static double logFactorial(long k) {
        return Gamma.logGamma(k + 1.0);
    }
}
