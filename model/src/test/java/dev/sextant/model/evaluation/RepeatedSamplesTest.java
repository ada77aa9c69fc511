package dev.sextant.model.evaluation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.sextant.model.InputError;
import dev.sextant.model.job.CancellationToken;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RepeatedSamplesTest {

    static final RepeatedSamples.Sampling T08 = new RepeatedSamples.Sampling(0.8, 0.95, 2048L);

    static RepeatedSamples.Trial trial(String model, String item, int trial, double score, double tokens) {
        return new RepeatedSamples.Trial(
                model,
                "bench",
                item,
                Integer.toString(trial),
                score,
                T08,
                (long) trial,
                Double.NaN,
                tokens,
                Double.NaN);
    }

    @Test
    void passAtKAndPassHatKAreTheCombinatorialEstimators() {
        // by hand: 1 − C(7,5)/C(10,5) = 1 − 21/252; C(7,3)/C(10,3) = 35/120; pass@1 = c/n
        assertThat(RepeatedSamples.passAt(10, 3, 5)).isCloseTo(1 - 21.0 / 252, within(1e-12));
        assertThat(RepeatedSamples.passHat(10, 7, 3)).isCloseTo(35.0 / 120, within(1e-12));
        assertThat(RepeatedSamples.passAt(10, 3, 1)).isCloseTo(0.3, within(1e-12));
        assertThat(RepeatedSamples.passHat(10, 3, 1)).isCloseTo(0.3, within(1e-12));
        // fewer than k failures: some k-draw always holds a success
        assertThat(RepeatedSamples.passAt(10, 6, 5)).isEqualTo(1);
        assertThat(RepeatedSamples.passHat(10, 2, 3)).isZero();
        // Chen et al.'s numerically stable product equals the ratio of binomials where
        // both are exact: n = 200, c = 13, k = 100
        double exact = 1
                - BigInteger.ONE.multiply(binom(187, 100)).doubleValue()
                        / binom(200, 100).doubleValue();
        assertThat(RepeatedSamples.passAt(200, 13, 100)).isCloseTo(exact, within(1e-12));
    }

    static BigInteger binom(int n, int k) {
        BigInteger r = BigInteger.ONE;
        for (int i = 0; i < k; i++) {
            r = r.multiply(BigInteger.valueOf(n - i)).divide(BigInteger.valueOf(i + 1));
        }
        return r;
    }

    @Test
    void aSmallTableByHand() {
        // three items, four trials each: successes 4, 2, 0 → pass@1 = (1 + .5 + 0)/3 = .5; pass@2 = (1 + (1 −
        // C(2,2)/C(4,2)) + 0)/3 = (1 + 5/6)/3; pass^2 = (1 + C(2,2)/C(4,2) + 0)/3 = (1 + 1/6)/3; majority (2 of 4 a
        // tie: half) = 1.5/3; consistency 2/3
        List<RepeatedSamples.Trial> t = new ArrayList<>();
        int[] successes = {4, 2, 0};
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 4; j++) {
                t.add(trial("m", "q" + i, j, j < successes[i] ? 1 : 0, 100 + 10 * i));
            }
        }
        RepeatedSamples.Row r = RepeatedSamples.summarize(
                        t, List.of(1, 2), RepeatedSamples.Prices.NONE, 1, CancellationToken.none())
                .get(0);
        assertThat(r.n()).isEqualTo(3);
        assertThat(r.samplesPerItem()).isEqualTo(4);
        assertThat(r.passAt().get(1).value()).isCloseTo(0.5, within(1e-12));
        assertThat(r.passAt().get(2).value()).isCloseTo((1 + 5.0 / 6) / 3, within(1e-12));
        assertThat(r.passHat().get(2).value()).isCloseTo((1 + 1.0 / 6) / 3, within(1e-12));
        assertThat(r.majority().value()).isCloseTo(0.5, within(1e-12));
        assertThat(r.consistency().value()).isCloseTo(2.0 / 3, within(1e-12));
        assertThat(r.passAt().get(1).low()).isLessThanOrEqualTo(0.5);
        assertThat(r.passAt().get(1).high()).isGreaterThanOrEqualTo(0.5);
        // tokens: 4·(100 + 110 + 120) = 1,320 over 12 trials; 6 solved → 220 a solved trial
        assertThat(r.tokens().perItem()).isCloseTo(110, within(1e-9));
        assertThat(r.tokens().perSolved()).isCloseTo(220, within(1e-9));
        // at $10 a million output tokens: 1,320 × 10 / 1e6 / 6
        RepeatedSamples.Row priced = RepeatedSamples.summarize(
                        t, List.of(1), new RepeatedSamples.Prices(Double.NaN, 10), 1, CancellationToken.none())
                .get(0);
        assertThat(priced.costPerSolved()).isCloseTo(1320 * 10 / 1e6 / 6, within(1e-15));
        assertThat(r.sampling().describe()).isEqualTo("temperature=0.8, top_p=0.95, max_tokens=2048");
        assertThat(r.seeds()).containsExactly(0L, 1L, 2L, 3L);
    }

    @Test
    void aFoldTurnsAnItemsTrialsIntoOneScore() {
        // 3 of 4: pass^2 = C(3,2)/C(4,2) = 1/2; pass@2 = 1 − C(1,2)/C(4,2) = 1; mean 3/4
        double[] trials = {1, 0, 1, 1};
        assertThat(RepeatedSamples.Fold.parse("pass^2").of("q", trials)).isCloseTo(0.5, within(1e-12));
        assertThat(RepeatedSamples.Fold.parse(" PASS@2 ").of("q", trials)).isEqualTo(1.0);
        assertThat(RepeatedSamples.Fold.parse("mean").of("q", trials)).isEqualTo(0.75);
        assertThatThrownBy(() -> RepeatedSamples.Fold.parse("pass^0")).hasMessageContaining("pass^K");
        assertThatThrownBy(() -> RepeatedSamples.Fold.parse("pass^5").of("q7", trials))
                .hasMessageContaining("item q7 has 4 trials");
    }

    @Test
    void majorityVotingCountsFinalAnswersWhereTheTrialsGiveThem() {
        // four trials an item. Item 1: 42, 41, 43, 42 (42 right) → the vote is right, though by outcome
        // it is a tie (½); item 2: 7, 9, 9, 8 (7 right) → wrong either way; item 3: 5, 5, 6, 6 (5
        // right), a tie in votes → the answer given first, 5, right (by outcome ½ again). By answers (1
        // + 0 + 1)/3 = 2/3; by outcome (½ + 0 + ½)/3 = 1/3.
        String[][] answers = {{"42", "41", "43", "42"}, {"7", "9", "9", "8"}, {"5", "5", "6", "6"}};
        String[] rightAnswer = {"42", "7", "5"};
        List<RepeatedSamples.Trial> withAnswers = new ArrayList<>();
        List<RepeatedSamples.Trial> without = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 4; j++) {
                int score = answers[i][j].equals(rightAnswer[i]) ? 1 : 0;
                withAnswers.add(new RepeatedSamples.Trial(
                        "m",
                        "b",
                        "q" + i,
                        Integer.toString(j),
                        score,
                        T08,
                        null,
                        Double.NaN,
                        Double.NaN,
                        Double.NaN,
                        null,
                        answers[i][j]));
                without.add(trial("m", "q" + i, j, score, Double.NaN));
            }
        }
        RepeatedSamples.Row voted = RepeatedSamples.summarize(
                        withAnswers, List.of(1), RepeatedSamples.Prices.NONE, 1, CancellationToken.none())
                .get(0);
        RepeatedSamples.Row byOutcome = RepeatedSamples.summarize(
                        without, List.of(1), RepeatedSamples.Prices.NONE, 1, CancellationToken.none())
                .get(0);
        assertThat(voted.majority().value()).isCloseTo(2.0 / 3, within(1e-12));
        assertThat(byOutcome.majority().value()).isCloseTo(1.0 / 3, within(1e-12));
        assertThat(voted.notes()).anyMatch(n -> n.contains("final answers"));
        assertThat(byOutcome.notes()).anyMatch(n -> n.contains("by outcome"));
    }

    @Test
    void configurationsAreNeverPooledAndBadTablesAreRefused() {
        List<RepeatedSamples.Trial> t = new ArrayList<>();
        for (int j = 0; j < 3; j++) {
            t.add(trial("m", "q1", j, 1, 5));
            t.add(new RepeatedSamples.Trial(
                    "m",
                    "bench",
                    "q1",
                    Integer.toString(j),
                    0,
                    new RepeatedSamples.Sampling(0.0, null, null),
                    null,
                    Double.NaN,
                    Double.NaN,
                    Double.NaN));
        }
        List<RepeatedSamples.Row> rows =
                RepeatedSamples.summarize(t, List.of(1), RepeatedSamples.Prices.NONE, 1, CancellationToken.none());
        assertThat(rows)
                .hasSize(2)
                .extracting(r -> r.sampling().describe())
                .containsExactly("temperature=0.8, top_p=0.95, max_tokens=2048", "temperature=0");
        assertThatThrownBy(() -> RepeatedSamples.summarize(
                        t, List.of(5), RepeatedSamples.Prices.NONE, 1, CancellationToken.none()))
                .isInstanceOf(InputError.class)
                .hasMessageContaining("k = 5 is larger than the 3 trials");
        List<RepeatedSamples.Trial> ragged = new ArrayList<>(
                List.of(trial("m", "q1", 0, 1, 1), trial("m", "q2", 0, 1, 1), trial("m", "q1", 1, 0, 1)));
        assertThatThrownBy(() -> RepeatedSamples.summarize(
                        ragged, List.of(1), RepeatedSamples.Prices.NONE, 1, CancellationToken.none()))
                .hasMessageContaining("trials disagree on the items")
                .hasMessageContaining("trial 1 lacks 1")
                .hasMessageContaining("q2");
    }

    @Test
    void itemsOfOneClusterAreResampledTogether() {
        // 40 contests of 10 problems, every problem of a contest solved or failed alike in all 3
        // trials: 40 independent outcomes, not 400; the interval resampling contests is about √10
        // ≈ 3.2 times as wide as one resampling problems
        SplittableRandom r = new SplittableRandom(9);
        List<RepeatedSamples.Trial> clustered = new ArrayList<>();
        List<RepeatedSamples.Trial> alone = new ArrayList<>();
        for (int g = 0; g < 40; g++) {
            int outcome = r.nextDouble() < 0.5 ? 1 : 0;
            for (int i = 0; i < 10; i++) {
                for (int j = 0; j < 3; j++) {
                    clustered.add(new RepeatedSamples.Trial(
                            "m",
                            "b",
                            "c" + g + "q" + i,
                            Integer.toString(j),
                            outcome,
                            T08,
                            null,
                            Double.NaN,
                            Double.NaN,
                            Double.NaN,
                            "contest " + g));
                    alone.add(trial("m", "c" + g + "q" + i, j, outcome, Double.NaN));
                }
            }
        }
        RepeatedSamples.Row c = RepeatedSamples.summarize(
                        clustered, List.of(1), RepeatedSamples.Prices.NONE, 1, CancellationToken.none())
                .get(0);
        RepeatedSamples.Row a = RepeatedSamples.summarize(
                        alone, List.of(1), RepeatedSamples.Prices.NONE, 1, CancellationToken.none())
                .get(0);
        double wc = c.passAt().get(1).high() - c.passAt().get(1).low();
        double wa = a.passAt().get(1).high() - a.passAt().get(1).low();
        assertThat(c.passAt().get(1).value()).isEqualTo(a.passAt().get(1).value());
        assertThat(wc / wa).isBetween(2.5, 4.0);
        assertThat(c.notes()).anyMatch(n -> n.contains("40 clusters"));
    }

    @Test
    void theIntervalsCoverTheTruthAboutNineteenTimesInTwenty() {
        // items drawn from a population with success rates ~ Beta(2, 2), ten trials each: E[p] = 0.5, pass^3 = E[p³] =
        // B(5, 2)/B(2, 2) = 0.2, pass@3 = 1 − E[(1 − p)³] = 0.8 (by symmetry); 200 studies of 200 items
        SplittableRandom r = new SplittableRandom(42);
        int studies = 200;
        int[] covered = new int[3];
        for (int s = 0; s < studies; s++) {
            List<RepeatedSamples.Trial> t = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                double p = beta22(r);
                for (int j = 0; j < 10; j++) {
                    t.add(trial("m", "q" + i, j, r.nextDouble() < p ? 1 : 0, Double.NaN));
                }
            }
            RepeatedSamples.Row row = RepeatedSamples.summarize(
                            t, List.of(1, 3), RepeatedSamples.Prices.NONE, s, CancellationToken.none())
                    .get(0);
            covered[0] += covers(row.passAt().get(1), 0.5);
            covered[1] += covers(row.passAt().get(3), 0.8);
            covered[2] += covers(row.passHat().get(3), 0.2);
        }
        for (int c : covered) {
            assertThat((double) c / studies).isBetween(0.90, 0.99);
        }
    }

    static int covers(RepeatedSamples.Estimate e, double truth) {
        return e.low() <= truth && truth <= e.high() ? 1 : 0;
    }

    /** Beta(2, 2) as the median of three uniforms. */
    static double beta22(SplittableRandom r) {
        double a = r.nextDouble();
        double b = r.nextDouble();
        double c = r.nextDouble();
        return Math.max(Math.min(a, b), Math.min(Math.max(a, b), c));
    }
}
