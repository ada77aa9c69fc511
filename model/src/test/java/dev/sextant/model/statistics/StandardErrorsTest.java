package dev.sextant.model.statistics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** Hand-computed values for the formulas of Miller, arXiv 2411.00640, and Wilson 1927. */
class StandardErrorsTest {

    @Test
    void cltStandardErrorUsesTheSampleVariance() {
        // s = 1,0,1,1: mean .75, Σ(s−s̄)² = .75, SE² = .75/(3·4) = .0625
        assertThat(StandardErrors.clt(new double[] {1, 0, 1, 1})).isCloseTo(0.25, within(1e-12));
        // 0/1 scores: sqrt(p(1−p)/n) up to the n/(n−1) factor
        double[] s = new double[1000];
        for (int i = 0; i < 300; i++) {
            s[i] = 1;
        }
        assertThat(StandardErrors.clt(s))
                .isCloseTo(Math.sqrt(0.3 * 0.7 / 1000) * Math.sqrt(1000.0 / 999), within(1e-12));
        assertThat(StandardErrors.clt(new double[] {0.4})).isZero();
    }

    @Test
    void clusteredStandardErrorAddsTheWithinClusterCrossTerms() {
        // deviations .25,−.75 | .25,.25: cross terms (−.5)²−.625 = −.375 and .5²−.125 = .125; SE_cl² = .0625 − .25/16
        double[] s = {1, 0, 1, 1};
        assertThat(StandardErrors.clustered(s, new String[] {"a", "a", "b", "b"}))
                .isCloseTo(Math.sqrt(0.046875), within(1e-12));
        // singletons (or no clusters) give back the CLT SE
        assertThat(StandardErrors.clustered(s, new String[] {null, null, null, null}))
                .isCloseTo(0.25, within(1e-12));
        assertThat(StandardErrors.clustered(s, new String[] {"a", "b", "c", "d"}))
                .isCloseTo(0.25, within(1e-12));
    }

    @Test
    void positivelyCorrelatedClustersInflateTheError() {
        // two passages, each with 5 identical answers: effectively 2 independent items
        double[] s = {1, 1, 1, 1, 1, 0, 0, 0, 0, 0};
        String[] c = {"p", "p", "p", "p", "p", "q", "q", "q", "q", "q"};
        double naive = StandardErrors.clt(s);
        double clustered = StandardErrors.clustered(s, c);
        // SE² = 2.5/90; cross = 2·(2.5² − 1.25)/100 = .1; SE_cl = sqrt(.0277… + .1)
        assertThat(clustered).isCloseTo(Math.sqrt(2.5 / 90 + 0.1), within(1e-12));
        assertThat(clustered / naive).isGreaterThan(2);
    }

    @Test
    void wilsonIntervalMatchesPublishedValues() {
        // 5 of 10 at 95%: [0.2366, 0.7634] (Newcombe 1998, Table I method 3 gives 0.2366–0.7634)
        Interval i = StandardErrors.wilson(5, 10, 1.959964);
        assertThat(i.low()).isCloseTo(0.2366, within(1e-4));
        assertThat(i.high()).isCloseTo(0.7634, within(1e-4));
        // 0 of 10: [0, 0.2775] (Newcombe 1998: 0.0000–0.2775)
        Interval zero = StandardErrors.wilson(0, 10, 1.959964);
        assertThat(zero.low()).isZero();
        assertThat(zero.high()).isCloseTo(0.2775, within(1e-4));
    }
}
