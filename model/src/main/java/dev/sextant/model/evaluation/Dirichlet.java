package dev.sextant.model.evaluation;

import java.util.SplittableRandom;

/** Dirichlet draws around a weight vector: Dirichlet(c·w) has mean w and variance shrinking as c grows. */
final class Dirichlet {

    private Dirichlet() {}

    static double[] sample(double[] mean, double concentration, SplittableRandom random) {
        double[] g = new double[mean.length];
        double sum = 0;
        for (int i = 0; i < mean.length; i++) {
            g[i] = mean[i] == 0 ? 0 : gamma(concentration * mean[i], random);
            sum += g[i];
        }
        for (int i = 0; i < g.length; i++) {
            g[i] /= sum;
        }
        return g;
    }

    /**
     * Gamma(shape, 1) by Marsaglia and Tsang, "A simple method for generating gamma variables" (ACM TOMS 26, 2000);
     * shapes below 1 through Gamma(shape + 1) · U^(1/shape).
     */
    static double gamma(double shape, SplittableRandom random) {
        if (shape < 1) {
            return gamma(shape + 1, random) * Math.pow(random.nextDouble(), 1 / shape);
        }
        double d = shape - 1.0 / 3;
        double c = 1 / Math.sqrt(9 * d);
        while (true) {
            double x = random.nextGaussian();
            double v = 1 + c * x;
            if (v <= 0) {
                continue;
            }
            v = v * v * v;
            double u = random.nextDouble();
            if (u < 1 - 0.0331 * x * x * x * x || Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) {
                return d * v;
            }
        }
    }
}
