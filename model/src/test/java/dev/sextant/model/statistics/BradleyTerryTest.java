package dev.sextant.model.statistics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class BradleyTerryTest {

    private static Map<String, BradleyTerry.Rating> fit(
            List<String> models, long[][] wins, long[][] ties, int rounds, String anchor, double at) {
        return BradleyTerry.ratings(
                        new BradleyTerry.Counts(models, wins, ties),
                        rounds,
                        1,
                        anchor,
                        at,
                        ProgressListener.NONE,
                        CancellationToken.none())
                .stream()
                .collect(Collectors.toMap(BradleyTerry.Rating::model, Function.identity()));
    }

    @Test
    void twoModelsHaveTheClosedFormRatingGap() {
        // 3 wins to 1: the MLE win probability is 3/4, so R_A − R_B = 400·log10(3) = 190.85; mean 1000
        var r = fit(List.of("A", "B"), new long[][] {{0, 3}, {1, 0}}, new long[2][2], 0, null, 0);
        assertThat(r.get("A").rating() - r.get("B").rating()).isCloseTo(400 * Math.log10(3), within(0.05));
        assertThat(r.get("A").rating() + r.get("B").rating()).isCloseTo(2000, within(1e-6));
        assertThat(r.get("A").battles()).isEqualTo(4);
    }

    @Test
    void tiesCountHalfAWinForEachSide() {
        // 1 win and 2 ties: A scores 2 of 3, so R_A − R_B = 400·log10(2) = 120.41
        long[][] ties = new long[2][2];
        ties[0][1] = 2;
        var r = fit(List.of("A", "B"), new long[][] {{0, 1}, {0, 0}}, ties, 0, null, 0);
        assertThat(r.get("A").rating() - r.get("B").rating()).isCloseTo(400 * Math.log10(2), within(0.05));
    }

    @Test
    void recoversKnownRatingsFromSimulatedBattles() {
        double[] truth = {1200, 1100, 1000, 900, 800};
        List<String> models = List.of("m0", "m1", "m2", "m3", "m4");
        long[][] wins = new long[5][5];
        SplittableRandom random = new SplittableRandom(7);
        for (int n = 0; n < 200_000; n++) {
            int i = random.nextInt(5);
            int j = random.nextInt(5);
            if (i == j) {
                continue;
            }
            double p = 1 / (1 + Math.pow(10, (truth[j] - truth[i]) / 400));
            if (random.nextDouble() < p) {
                wins[i][j]++;
            } else {
                wins[j][i]++;
            }
        }
        var r = fit(models, wins, new long[5][5], 200, "m2", 1000);
        for (int i = 0; i < 5; i++) {
            BradleyTerry.Rating x = r.get(models.get(i));
            assertThat(x.rating()).as(models.get(i)).isCloseTo(truth[i], within(6.0));
            if (i == 2) {
                continue; // the anchor is pinned: its interval has no width
            }
            assertThat(x.ciLow()).isLessThan(x.rating());
            assertThat(x.ciHigh()).isGreaterThan(x.rating());
            assertThat(x.ciHigh() - x.ciLow()).isLessThan(30);
            assertThat(x.rankLow()).isEqualTo(i + 1);
            assertThat(x.rankHigh()).isEqualTo(i + 1);
        }
        assertThat(r.get("m2").rating()).isCloseTo(1000, within(1e-9));
    }

    @Test
    void aModelThatNeverWonStillGetsAFiniteRating() {
        var r = fit(
                List.of("A", "B", "C"), new long[][] {{0, 5, 5}, {0, 0, 3}, {0, 2, 0}}, new long[3][3], 50, null, 0);
        assertThat(r.get("A").rating()).isFinite().isGreaterThan(r.get("B").rating());
        assertThat(r.get("C").rating()).isFinite();
    }

    @Test
    void poissonSamplerHasTheRightMeanAndVariance() {
        SplittableRandom random = new SplittableRandom(3);
        for (double mean : new double[] {0.7, 4, 12, 250, 40_000}) {
            double sum = 0;
            double sq = 0;
            int n = 40_000;
            for (int i = 0; i < n; i++) {
                long k = PoissonSampler.sample(mean, random);
                sum += k;
                sq += (double) k * k;
            }
            double m = sum / n;
            double v = sq / n - m * m;
            assertThat(m).as("mean " + mean).isCloseTo(mean, within(4 * Math.sqrt(mean / n)));
            assertThat(v / mean).as("variance/mean at " + mean).isCloseTo(1, within(0.05));
        }
    }
}
