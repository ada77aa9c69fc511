package dev.sextant.model.statistics;

import dev.sextant.model.InputError;
import dev.sextant.model.job.CancellationToken;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Percentile bootstrap of a mean (Efron 1979): resample the items with replacement {@code rounds} times, take the
 * α/2 and 1 − α/2 quantiles of the resampled means. Seeded, so the same seed gives the same interval.
 */
public final class Bootstrap {

    private Bootstrap() {}

    public static Interval meanPercentile(
            double[] scores, int rounds, double alpha, long seed, CancellationToken cancel) {
        double[] means = resampledMeans(scores, rounds, seed, cancel);
        Arrays.sort(means);
        return new Interval(Moments.quantileOfSorted(means, alpha / 2), Moments.quantileOfSorted(means, 1 - alpha / 2));
    }

    /** The means of {@code rounds} resamples; the inner loop is a plain indexed sum for speed. */
    static double[] resampledMeans(double[] scores, int rounds, long seed, CancellationToken cancel) {
        if (rounds < 1) {
            throw new InputError("evaluation.bootstrap", "bootstrap rounds must be at least 1");
        }
        int n = scores.length;
        if (n == 0) {
            throw new InputError("evaluation.items", "no values to resample");
        }
        SplittableRandom random = new SplittableRandom(seed);
        double[] means = new double[rounds];
        for (int r = 0; r < rounds; r++) {
            if ((r & 255) == 0) {
                cancel.throwIfCancelled();
            }
            double sum = 0;
            for (int i = 0; i < n; i++) {
                sum += scores[random.nextInt(n)];
            }
            means[r] = sum / n;
        }
        return means;
    }
}
