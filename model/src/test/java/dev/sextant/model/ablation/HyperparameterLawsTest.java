package dev.sextant.model.ablation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.sextant.model.InputError;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Grids drawn around DeepSeek LLM's published laws (arXiv 2401.02954, §3.1: B_opt = 0.2920 C^0.3271 tokens,
 * η_opt = 0.3118 C^−0.1250, near-optimal within 0.25 % of the best loss) must give those laws back.
 */
class HyperparameterLawsTest {

    static double bOpt(double c) {
        return 0.2920 * Math.pow(c, 0.3271);
    }

    static double lrOpt(double c) {
        return 0.3118 * Math.pow(c, -0.1250);
    }

    /** A bowl in log B and log η around the published optimum. */
    static double loss(double c, double b, double lr) {
        double x = Math.log(b / bOpt(c));
        double y = Math.log(lr / lrOpt(c));
        return 2.0 + 0.02 * x * x + 0.03 * y * y;
    }

    static List<HyperparameterLaws.Run> grid(double[] budgets, double[] batches, double[] rates) {
        List<HyperparameterLaws.Run> runs = new ArrayList<>();
        for (double c : budgets) {
            for (double b : batches) {
                for (double lr : rates) {
                    double bb = batches.length == 0 ? 0 : b;
                    runs.add(new HyperparameterLaws.Run("c" + c + "-b" + bb + "-lr" + lr, c, bb, lr, loss(c, bb, lr)));
                }
            }
        }
        return runs;
    }

    @Test
    void aGridCentredOnThePublishedOptimumGivesThePublishedLawsBack() {
        List<HyperparameterLaws.Run> runs = new ArrayList<>();
        for (double c : new double[] {1e17, 3e17, 1e18, 3e18, 1e19}) {
            for (int i = -2; i <= 2; i++) {
                for (int j = -2; j <= 2; j++) {
                    double b = bOpt(c) * Math.pow(2, i);
                    double lr = lrOpt(c) * Math.pow(2, j);
                    runs.add(new HyperparameterLaws.Run(c + "/" + i + "/" + j, c, b, lr, loss(c, b, lr)));
                }
            }
        }
        HyperparameterLaws.Result r = HyperparameterLaws.fit(runs, HyperparameterLaws.DEFAULT_MARGIN);
        assertThat(r.budgets()).hasSize(5).allMatch(HyperparameterLaws.Budget::usable);
        // the band is within 0.25 % of ~2.0: |ln ratio| ≤ 0.5 in batch, 0.41 in rate — a factor-2 grid keeps
        // only the centre
        assertThat(r.budgets()).allSatisfy(b -> assertThat(b.nearOptimal()).hasSize(1));
        assertThat(r.batchSize().exponent()).isCloseTo(0.3271, within(1e-9));
        assertThat(r.batchSize().coefficient()).isCloseTo(0.2920, within(1e-9));
        assertThat(r.learningRate().exponent()).isCloseTo(-0.1250, within(1e-9));
        assertThat(r.learningRate().coefficient()).isCloseTo(0.3118, within(1e-9));
        // at 1e20 FLOPs: 0.2920 × 10^(20 × 0.3271) = 1.017e6 tokens; 0.3118 × 10^−2.5 = 9.86e-4 (hand calculation)
        HyperparameterLaws.Recommendation b = r.batchSize().recommend(1e20);
        assertThat(b.value()).isCloseTo(1.017e6, within(0.002e6));
        assertThat(r.learningRate().recommend(1e20).value()).isCloseTo(9.86e-4, within(0.01e-4));
        // exact points leave no residual, but each centre is known only to half a grid step (a factor √2): the band is
        // at least that wide, and the exponent's interval holds the truth
        assertThat(b.high() / b.value()).isGreaterThanOrEqualTo(Math.sqrt(2) - 1e-12);
        assertThat(r.batchSize().exponentLow()).isLessThan(0.3271);
        assertThat(r.batchSize().exponentHigh()).isGreaterThan(0.3271);
    }

    @Test
    void aFixedGridOfPowersOfTwoRecoversTheExponentsWithinTheirIntervals() {
        double[] batches = new double[9];
        double[] rates = new double[9];
        for (int i = 0; i < 9; i++) {
            batches[i] = Math.pow(2, 16 + i); // 65k to 16.8M tokens
            rates[i] = 1.2e-4 * Math.pow(Math.sqrt(2), i); // 1.2e-4 to 1.9e-3
        }
        HyperparameterLaws.Result r = HyperparameterLaws.fit(
                grid(new double[] {1e17, 4e17, 1.6e18, 6.4e18, 2.56e19}, batches, rates), 0.0025);
        assertThat(r.batchSize().exponent()).isCloseTo(0.3271, within(0.05));
        assertThat(r.learningRate().exponent()).isCloseTo(-0.125, within(0.05));
        assertThat(r.batchSize().exponentLow()).isLessThan(0.3271);
        assertThat(r.batchSize().exponentHigh()).isGreaterThan(0.3271);
        HyperparameterLaws.Recommendation b = r.batchSize().recommend(1e20);
        assertThat(bOpt(1e20)).isBetween(b.low(), b.high());
        HyperparameterLaws.Recommendation lr = r.learningRate().recommend(1e20);
        assertThat(lrOpt(1e20)).isBetween(lr.low(), lr.high());
    }

    @Test
    void aBestRunAtTheGridsEdgeIsFlagged() {
        double[] batches = {1024, 2048, 4096}; // far below the optimum (≈ 1e5 at 1e17)
        double[] rates = {1e-3, 2e-3, 4e-3};
        HyperparameterLaws.Result r = HyperparameterLaws.fit(grid(new double[] {1e17, 1e18}, batches, rates), 0.0025);
        assertThat(r.notes()).anyMatch(n -> n.contains("batch size (4096) is the largest tried"));
        List<HyperparameterLaws.Run> withSweep = new ArrayList<>(grid(new double[] {1e17, 1e18}, batches, rates));
        withSweep.add(new HyperparameterLaws.Run("sweep", 1e19, 1e6, 1e-3, 2.0));
        assertThat(HyperparameterLaws.fit(withSweep, 0.0025).notes().get(0))
                .isEqualTo(
                        "1 budget left out, not a grid (three runs over two batch sizes and two learning rates are needed): 1.0e+19 FLOPs (1 run (three or more are needed), one batch size tried, one learning rate tried)");
        assertThat(r.notes()).anyMatch(n -> n.contains("no interval on their exponents"));
        assertThat(r.batchSize().exponentLow()).isNull();
    }

    @Test
    void aSparseGridIsRefusedSayingWhatIsMissing() {
        // one budget only
        assertThatThrownBy(() -> HyperparameterLaws.fit(
                        grid(new double[] {1e18}, new double[] {1e5, 2e5}, new double[] {1e-3, 2e-3}), 0.0025))
                .isInstanceOf(InputError.class)
                .hasMessageContaining("too sparse")
                .hasMessageContaining("1 compute budget,");
        // two budgets, but one learning rate at the second
        List<HyperparameterLaws.Run> runs =
                new ArrayList<>(grid(new double[] {1e17}, new double[] {1e5, 2e5}, new double[] {1e-3, 2e-3}));
        runs.addAll(grid(new double[] {1e18}, new double[] {1e5, 2e5, 4e5}, new double[] {1e-3}));
        assertThatThrownBy(() -> HyperparameterLaws.fit(runs, 0.0025))
                .hasMessageContaining("at 1.00e+18 FLOPs one learning rate tried");
        assertThatThrownBy(() -> HyperparameterLaws.fit(runs.subList(0, 2), 0.0025))
                .hasMessageContaining("found 2 runs");
        assertThatThrownBy(() -> HyperparameterLaws.fit(runs, 0.9)).hasMessageContaining("margin");
    }

    @Test
    void runsWithinTenPercentOfComputeShareABudget() {
        List<HyperparameterLaws.Run> runs = List.of(
                new HyperparameterLaws.Run("a", 1e18, 1, 1, 1),
                new HyperparameterLaws.Run("b", 1.05e18, 1, 1, 1),
                new HyperparameterLaws.Run("c", 1.2e18, 1, 1, 1));
        assertThat(HyperparameterLaws.group(runs)).extracting(List::size).containsExactly(2, 1);
    }
}
