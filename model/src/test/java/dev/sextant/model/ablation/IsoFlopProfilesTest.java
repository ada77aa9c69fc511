package dev.sextant.model.ablation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.withinPercentage;

import dev.sextant.model.InputError;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class IsoFlopProfilesTest {

    static final ScalingLawFit LAW =
            new ScalingLawFit(ScalingLawFitTest.HOFFMANN, List.of(), List.of(), 0, ChinchillaFit.Form.CHINCHILLA);

    /** Runs made by Hoffmann et al.'s law at four budgets, nine sizes each spread evenly in log N around its optimum. */
    static List<ChinchillaFit.Point> lawProfiles() {
        List<ChinchillaFit.Point> runs = new ArrayList<>();
        for (double c : new double[] {1e18, 1e19, 1e20, 1e21}) {
            double best = LAW.optimal(c).params().value();
            for (int k = -4; k <= 4; k++) {
                double n = best * Math.pow(2, k * 0.75);
                runs.add(new ChinchillaFit.Point(n, c / (6 * n), ScalingLawFitTest.HOFFMANN.loss(n, c / (6 * n))));
            }
        }
        return runs;
    }

    @Test
    void aParabolaAndALineByHand() {
        // (0, 1), (1, 0), (2, 1) lie on y = 1 − 2x + x²; (0, 1), (1, 3), (2, 5) on y = 1 + 2x
        assertThat(IsoFlopProfiles.parabola(new double[] {0, 1, 2}, new double[] {1, 0, 1}))
                .containsExactly(new double[] {1, -2, 1}, within(1e-12));
        assertThat(IsoFlopProfiles.line(new double[] {0, 1, 2}, new double[] {1, 3, 5}))
                .containsExactly(new double[] {1, 2}, within(1e-12));
    }

    @Test
    void theOptimaOfIsoFlopProfilesFollowTheLawsAllocation() {
        // runs made by Hoffmann et al.'s law at four budgets, nine sizes each spread evenly in
        // log N around its optimum: the profiles' vertices give N_opt ∝ C^a with a = β / (α + β)
        // = 0.28 / 0.62 = 0.452 (Hoffmann et al. Eq. 4)
        ScalingLawFit law = LAW;
        List<ChinchillaFit.Point> runs = lawProfiles();
        IsoFlopProfiles.Result r = IsoFlopProfiles.fit(runs);
        assertThat(r.profiles()).hasSize(4).allMatch(IsoFlopProfiles.Profile::interior);
        assertThat(r.a()).isCloseTo(0.28 / 0.62, within(0.01));
        assertThat(r.b()).isCloseTo(1 - r.a(), within(1e-12));
        for (IsoFlopProfiles.Profile p : r.profiles()) {
            assertThat(p.optimalParams())
                    .isCloseTo(law.optimal(p.flops()).params().value(), withinPercentage(5));
        }
    }

    @Test
    void oneBudgetIsNotAProfileLaw() {
        List<ChinchillaFit.Point> runs = new ArrayList<>();
        for (double n : new double[] {1e8, 2e8, 4e8, 8e8}) {
            runs.add(new ChinchillaFit.Point(n, 1e19 / (6 * n), ScalingLawFitTest.HOFFMANN.loss(n, 1e19 / (6 * n))));
        }
        assertThatThrownBy(() -> IsoFlopProfiles.fit(runs))
                .isInstanceOf(InputError.class)
                .hasMessageContaining("at least two compute budgets");
    }

    @Test
    void aProfileWhoseOptimumLiesBeyondItsSizesDoesNotBendTheLaw() {
        // the four profiles of the law's runs, and a fifth at 1e22 whose sizes all lie below its optimum (its vertex is
        // the parabola extrapolated): the law through the interior four is the same as without the fifth
        ScalingLawFit law = LAW;
        List<ChinchillaFit.Point> runs = lawProfiles();
        double a = IsoFlopProfiles.fit(runs).a();
        double c = 1e22;
        double best = law.optimal(c).params().value();
        for (int k = 1; k <= 4; k++) {
            double n = best / Math.pow(4, k);
            runs.add(new ChinchillaFit.Point(
                    n, c / (6 * n), ScalingLawFitTest.HOFFMANN.loss(n, c / (6 * n)) * (1 + 0.01 * k)));
        }
        IsoFlopProfiles.Result r = IsoFlopProfiles.fit(runs);
        assertThat(r.profiles()).hasSize(5).filteredOn(p -> !p.interior()).hasSize(1);
        assertThat(r.a()).isCloseTo(a, within(1e-12));
    }
}
