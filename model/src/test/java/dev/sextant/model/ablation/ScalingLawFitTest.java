package dev.sextant.model.ablation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.withinPercentage;

import dev.sextant.model.InputError;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import dev.sextant.model.statistics.GoldenSection;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ScalingLawFitTest {

    /** Hoffmann et al.'s published approach-3 fit: E = 1.69, A = 406.4, B = 410.7, α = 0.34, β = 0.28. */
    static final ChinchillaFit.Parameters HOFFMANN =
            new ChinchillaFit.Parameters(Math.log(1.69), Math.log(406.4), Math.log(410.7), 0.34, 0.28, 0);

    @Test
    void theComputeOptimalModelIsTheLowestLossOnItsIsoFlopCurve() {
        ScalingLawFit f = new ScalingLawFit(HOFFMANN, List.of(), List.of(), 0, ChinchillaFit.Form.CHINCHILLA);
        double c = 5.76e23; // Chinchilla's own budget
        ScalingLawFit.Allocation a = f.optimal(c);
        // by hand: G = (0.34 · 406.4 / (0.28 · 410.7))^(1/0.62) = 1.20157^1.6129 = 1.3447; N = G (C/6)^(0.28/0.62)
        double g = Math.pow(0.34 * 406.4 / (0.28 * 410.7), 1 / 0.62);
        assertThat(g).isCloseTo(1.3447, within(1e-3));
        assertThat(a.params().value()).isCloseTo(g * Math.pow(c / 6, 0.28 / 0.62), withinPercentage(1e-9));
        // independently: the N minimising L(N, C / 6N) along the iso-FLOP curve, by golden-section search in log N
        double logN = GoldenSection.minimise(
                x -> HOFFMANN.loss(Math.exp(x), c / (6 * Math.exp(x))), Math.log(1e8), Math.log(1e13), 1e-10);
        assertThat(a.params().value()).isCloseTo(Math.exp(logN), withinPercentage(1e-4));
        assertThat(a.tokens().value() * a.params().value() * 6).isCloseTo(c, withinPercentage(1e-9));
        assertThat(a.tokensPerParameter().value())
                .isCloseTo(a.tokens().value() / a.params().value(), withinPercentage(1e-9));
        // without resamples, no interval
        assertThat(a.params().low()).isEqualTo(a.params().value());
        assertThat(f.paramsExponent().value()).isCloseTo(0.28 / 0.62, within(1e-12));
        assertThat(f.tokensExponent().value()).isCloseTo(0.34 / 0.62, within(1e-12));
    }

    @Test
    void bootstrapIntervalsOnTheReplicationsDataHoldItsFit() throws Exception {
        List<ChinchillaFit.Point> all = ChinchillaFitTest.figure4();
        double cut = all.stream()
                .map(ChinchillaFit.Point::loss)
                .sorted(Comparator.reverseOrder())
                .toList()
                .get(4);
        List<ChinchillaFit.Point> kept =
                all.stream().filter(p -> p.loss() < cut).toList();
        ScalingLawFit f = ScalingLawFit.run(kept, 200, 7, ProgressListener.NONE, CancellationToken.none());
        assertThat(f.resamples()).hasSize(200);
        // Besiroglu et al.'s point estimates lie inside our 95 % intervals, and the intervals are of their width's
        // order (theirs, 4,000 resamples: α about 0.32–0.37, β 0.33–0.42, E 1.77–1.87)
        ScalingLawFit.Estimate alpha = f.alpha();
        ScalingLawFit.Estimate beta = f.beta();
        ScalingLawFit.Estimate e = f.bigE();
        assertThat(0.3478).isBetween(alpha.low(), alpha.high());
        assertThat(0.3658).isBetween(beta.low(), beta.high());
        assertThat(1.82).isBetween(e.low(), e.high());
        assertThat(alpha.high() - alpha.low()).isBetween(0.01, 0.15);
        assertThat(beta.high() - beta.low()).isBetween(0.01, 0.2);
        assertThat(alpha.value()).isBetween(alpha.low(), alpha.high());
        // the same seed gives the same intervals, whatever the threads did
        ScalingLawFit again = ScalingLawFit.run(kept, 200, 7, ProgressListener.NONE, CancellationToken.none());
        assertThat(again.alpha()).isEqualTo(alpha);
    }

    @Test
    void dataTheFormCannotBeFittedToIsRefusedNamingWhy() {
        List<ChinchillaFit.Point> five = new ArrayList<>();
        for (int i = 1; i <= 5; i++) {
            five.add(new ChinchillaFit.Point(1e8 * i, 2e9 * i, 3.0 - 0.1 * i));
        }
        assertThatThrownBy(() -> ScalingLawFit.run(five, 0, 1, ProgressListener.NONE, CancellationToken.none()))
                .isInstanceOf(InputError.class)
                .hasMessageContaining("at least 6 runs");
        List<ChinchillaFit.Point> oneSize = new ArrayList<>();
        for (int i = 1; i <= 8; i++) {
            oneSize.add(new ChinchillaFit.Point(1e8, 2e9 * i, 3.0 - 0.1 * i));
        }
        assertThatThrownBy(() -> ScalingLawFit.run(oneSize, 0, 1, ProgressListener.NONE, CancellationToken.none()))
                .hasMessageContaining("one model size");
        List<ChinchillaFit.Point> bad = new ArrayList<>(oneSize);
        bad.set(3, new ChinchillaFit.Point(3e8, 2e9, Double.NaN));
        assertThatThrownBy(() -> ScalingLawFit.run(bad, 0, 1, ProgressListener.NONE, CancellationToken.none()))
                .hasMessageContaining("positive, finite");
    }

    @Test
    void aPredictionCarriesTheLawsUncertaintyAndOneRunsScatterAndWarnsFarOut() {
        // runs made by Hoffmann's law with 1 % noise, N 10 M – 1 B; the planned runs: inside the data and 100× beyond
        SplittableRandom r = new SplittableRandom(11);
        List<ChinchillaFit.Point> runs = new ArrayList<>();
        for (int i = 0; i < 120; i++) {
            double n = Math.exp(Math.log(1e7) + r.nextDouble() * Math.log(100));
            double d = n * Math.exp(Math.log(5) + r.nextDouble() * Math.log(40));
            runs.add(new ChinchillaFit.Point(n, d, HOFFMANN.loss(n, d) * (1 + 0.01 * r.nextGaussian())));
        }
        ScalingLawFit f = ScalingLawFit.run(runs, 200, 5, ProgressListener.NONE, CancellationToken.none());
        ScalingLawFit.Prediction inside = f.predict(3e8, 6e9);
        double truth = HOFFMANN.loss(3e8, 6e9);
        assertThat(truth).isBetween(inside.loss().low(), inside.loss().high());
        // one run's scatter (1 %) makes the prediction interval wider than the law's own
        assertThat(inside.loss().high() - inside.loss().low())
                .isGreaterThan(inside.fitLoss().high() - inside.fitLoss().low());
        assertThat((inside.loss().high() - inside.loss().low()) / truth).isBetween(0.02, 0.08);
        assertThat(inside.warning()).isNull();
        ScalingLawFit.Prediction far = f.predict(1e11, 2e12);
        assertThat(far.paramsFactor()).isGreaterThan(50);
        assertThat(far.warning()).startsWith("beyond what the fit supports");
        assertThat(far.loss().value()).isCloseTo(HOFFMANN.loss(1e11, 2e12), withinPercentage(3));
    }

    @Test
    void percentilesInterpolateBetweenOrderStatistics() {
        // NumPy: percentile([1, 2, 3, 4], 2.5) = 1.075; 97.5 → 3.925
        assertThat(ScalingLawFit.percentile(new double[] {1, 2, 3, 4}, 0.025)).isCloseTo(1.075, within(1e-12));
        assertThat(ScalingLawFit.percentile(new double[] {1, 2, 3, 4}, 0.975)).isCloseTo(3.925, within(1e-12));
    }
}
