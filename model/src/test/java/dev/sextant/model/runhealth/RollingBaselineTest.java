package dev.sextant.model.runhealth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RollingBaselineTest {

    /** Median and MAD the slow way: sort the window, sort the deviations. */
    static double[] direct(double[] window) {
        double[] s = window.clone();
        Arrays.sort(s);
        double m = RollingBaseline.medianOfSorted(s, s.length);
        double[] d = Arrays.stream(s).map(x -> Math.abs(x - m)).sorted().toArray();
        return new double[] {m, RollingBaseline.medianOfSorted(d, d.length)};
    }

    @Test
    void aHandWorkedWindow() {
        // {1, 2, 3, 4, 100}: median 3, deviations {2, 1, 0, 1, 97} → MAD 1 (Leys et al.'s example of robustness)
        RollingBaseline b = new RollingBaseline(5);
        for (double x : new double[] {1, 2, 3, 4, 100}) {
            b.add(x);
        }
        assertThat(b.median()).isEqualTo(3);
        assertThat(b.sigma()).isCloseTo(1.4826, within(1e-12));
        b.add(5); // the 1 leaves: {2, 3, 4, 5, 100}, median 4, deviations {2, 1, 0, 1, 96}
        assertThat(b.median()).isEqualTo(4);
        assertThat(b.sigma()).isCloseTo(1.4826, within(1e-12));
    }

    @Test
    void theSlidingWindowAgreesWithSortingItEveryTime() {
        SplittableRandom r = new SplittableRandom(3);
        for (int window : new int[] {5, 6, 50, 100}) {
            RollingBaseline b = new RollingBaseline(window);
            double[] all = new double[3000];
            for (int i = 0; i < all.length; i++) {
                all[i] = r.nextInt(10) == 0 ? Math.rint(r.nextGaussian() * 3) : r.nextGaussian(); // ties too
                b.add(all[i]);
                double[] w = Arrays.copyOfRange(all, Math.max(0, i + 1 - window), i + 1);
                double[] expected = direct(w);
                assertThat(b.median()).isEqualTo(expected[0]);
                assertThat(b.sigma()).isCloseTo(RollingBaseline.MAD_TO_SIGMA * expected[1], within(1e-12));
            }
        }
    }
}
