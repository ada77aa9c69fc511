package dev.sextant.model.statistics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.sextant.model.job.CancellationToken;
import org.junit.jupiter.api.Test;

class ComparisonAndPowerTest {

    @Test
    void pairedComparisonByHand() {
        // d = 1,0,0,1: mean .5, sd sqrt(1/3), SE = sqrt(1/3)/2 = .288675, z = 1.7321, p = 2(1 − Φ(1.7321)) = .08326
        PairedComparison p = PairedComparison.of(new double[] {1, 0, 1, 1}, new double[] {0, 0, 1, 0}, 0.05);
        assertThat(p.meanDiff()).isCloseTo(0.5, within(1e-12));
        assertThat(p.se()).isCloseTo(Math.sqrt(1.0 / 3) / 2, within(1e-12));
        assertThat(p.ciLow()).isCloseTo(0.5 - 1.959964 * 0.288675, within(1e-5));
        assertThat(p.pValue()).isCloseTo(0.08326, within(1e-5));
        // corr of (1,0,1,1) and (0,0,1,0): cov .0833…/… = 1/3
        assertThat(p.correlation()).isCloseTo(1.0 / 3, within(1e-12));
        assertThat(p.seUnpaired()).isCloseTo(Math.sqrt(0.0625 + 0.0625), within(1e-12));
    }

    @Test
    void pairingHelpsWhenScoresCorrelate() {
        double[] a = new double[200];
        double[] b = new double[200];
        for (int i = 0; i < 200; i++) {
            a[i] = (i % 3 == 0) ? 1 : 0;
            b[i] = (i % 3 == 0 && i % 2 == 0) ? 1 : 0;
        }
        PairedComparison p = PairedComparison.of(a, b, 0.05);
        assertThat(p.correlation()).isGreaterThan(0.5);
        assertThat(p.se()).isLessThan(p.seUnpaired());
    }

    @Test
    void powerFormulaByHand() {
        // (1.959964 + 0.841621)² = 7.8489; ω = .5, K = 1, σ = 0: n = 7.8489·.25/δ²
        assertThat(Power.factor(0.05, 0.8)).isCloseTo(7.8489, within(1e-4));
        assertThat(Power.requiredN(0.03, 0.5, 0, 1, 0.05, 0.8)).isEqualTo(2181); // 2180.25 → 2181
        assertThat(Power.minDetectableEffect(1000, 0.5, 0, 1, 0.05, 0.8))
                .isCloseTo(Math.sqrt(7.8489 * 0.25 / 1000), within(1e-5));
        // within-item noise adds 2σ²/K: σ = .5, K = 4 → .25 + .125
        assertThat(Power.requiredN(0.05, 0.5, 0.5, 4, 0.05, 0.8))
                .isEqualTo((long) Math.ceil(7.848879 * 0.375 / 0.0025));
        // the two directions agree
        long n = Power.requiredN(0.02, 0.4, 0.3, 2, 0.05, 0.9);
        assertThat(Power.minDetectableEffect(n, 0.4, 0.3, 2, 0.05, 0.9)).isLessThanOrEqualTo(0.02);
        assertThatThrownBy(() -> Power.requiredN(0, 0.5, 0, 1, 0.05, 0.8)).hasMessageContaining("positive");
    }

    @Test
    void resamplingDecompositionByHand() {
        // items [1,0], [1,1], [0,0]: means .5, 1, 0; Var(means) = .25; within variances .5, 0, 0 → E[σ²] = 1/6;
        // between = .25 − (.5/2)/3 = 1/6; SE = sqrt(.25/3)
        ResamplingDecomposition d = ResamplingDecomposition.of(new double[][] {{1, 0}, {1, 1}, {0, 0}});
        assertThat(d.samplesPerItem()).isEqualTo(2);
        assertThat(d.withinVariance()).isCloseTo(1.0 / 6, within(1e-12));
        assertThat(d.betweenVariance()).isCloseTo(1.0 / 6, within(1e-12));
        assertThat(d.se()).isCloseTo(Math.sqrt(0.25 / 3), within(1e-12));
        assertThat(d.seWithSamples(2)).isCloseTo(d.se(), within(1e-12));
        assertThat(d.seInfiniteSamples()).isLessThan(d.se());
        assertThat(d.seOneSample()).isGreaterThan(d.se());
    }

    @Test
    void bootstrapIsSeededAndAgreesWithTheCltOnLargeSets() {
        double[] s = new double[2000];
        for (int i = 0; i < s.length; i++) {
            s[i] = (i * 7919 % 100) < 62 ? 1 : 0;
        }
        Interval a = Bootstrap.meanPercentile(s, 4000, 0.05, 42, CancellationToken.none());
        Interval b = Bootstrap.meanPercentile(s, 4000, 0.05, 42, CancellationToken.none());
        assertThat(a).isEqualTo(b);
        double mean = Moments.mean(s);
        double halfClt = 1.959964 * StandardErrors.clt(s);
        assertThat(a.contains(mean)).isTrue();
        assertThat(a.width() / 2).isCloseTo(halfClt, within(halfClt * 0.08));
        assertThat(Bootstrap.meanPercentile(s, 4000, 0.05, 43, CancellationToken.none()))
                .isNotEqualTo(a);
    }

    @Test
    void divergencesByHand() {
        assertThat(Divergences.totalVariation(new double[] {1, 0}, new double[] {0, 1}))
                .isEqualTo(1);
        assertThat(Divergences.jensenShannon(new double[] {1, 0}, new double[] {0, 1}))
                .isCloseTo(1, within(1e-12));
        assertThat(Divergences.totalVariation(new double[] {0.5, 0.5}, new double[] {1, 0}))
                .isCloseTo(0.5, within(1e-12));
        // ½[.5 log2(.5/.75) + .5 log2(.5/.25)] + ½[log2(1/.75)] = .311278
        assertThat(Divergences.jensenShannon(new double[] {0.5, 0.5}, new double[] {1, 0}))
                .isCloseTo(0.311278, within(1e-6));
        assertThat(Divergences.jensenShannon(new double[] {0.2, 0.8}, new double[] {0.2, 0.8}))
                .isZero();
    }

    @Test
    void ranksAndKendallTau() {
        assertThat(Ranking.ranks(new double[] {0.5, 0.9, 0.5, 0.1})).containsExactly(2, 1, 2, 4);
        assertThat(Ranking.kendallTauB(new double[] {1, 2, 3, 4}, new double[] {10, 20, 30, 40}))
                .isEqualTo(1);
        assertThat(Ranking.kendallTauB(new double[] {1, 2, 3, 4}, new double[] {4, 3, 2, 1}))
                .isEqualTo(-1);
        // one swapped pair of 6: (5 − 1)/6
        assertThat(Ranking.kendallTauB(new double[] {1, 2, 3, 4}, new double[] {1, 3, 2, 4}))
                .isCloseTo(4.0 / 6, within(1e-12));
        // tau-b with a tie in x: C = 5, D = 0, tied-in-x 1: 5/sqrt(5·6)
        assertThat(Ranking.kendallTauB(new double[] {1, 1, 3, 4}, new double[] {1, 2, 3, 4}))
                .isCloseTo(5 / Math.sqrt(30), within(1e-12));
    }
}
