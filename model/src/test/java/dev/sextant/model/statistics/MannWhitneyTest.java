package dev.sextant.model.statistics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.apache.commons.math3.stat.inference.MannWhitneyUTest;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

class MannWhitneyTest {

    @Test
    void aHandWorkedCase() {
        // x = 6..10 against y = 1..5: all 25 differences are positive, U = 25; the differences 1..9 occur
        // 1,2,3,4,5,4,3,2,1 times, so their median (the Hodges-Lehmann shift) is 5. Exactly, with m = n = 5 (252
        // arrangements): P(U ≤ 2) = 4/252 = 0.016 ≤ 0.025 < P(U ≤ 3) = 7/252, so k = 3 and the 95 % interval is [D(3),
        // D(23)] = [2, 8] (R: wilcox.test(6:10, 1:5, conf.int = TRUE) gives the same, at an achieved 96.8 %).
        MannWhitney mw = MannWhitney.of(new double[] {6, 7, 8, 9, 10}, new double[] {1, 2, 3, 4, 5}, 0.95);
        assertThat(mw.u()).isEqualTo(25);
        assertThat(mw.estimate()).isEqualTo(5);
        assertThat(mw.ciLow()).isEqualTo(2);
        assertThat(mw.ciHigh()).isEqualTo(8);
        assertThat(mw.exact()).isTrue();
        assertThat(MannWhitney.exactK(5, 5, 0.05)).isEqualTo(3);
        assertThat(MannWhitney.exactK(5, 5, 0.02)).isEqualTo(2); // P(U ≤ 1) = 2/252 ≤ 0.01 < P(U ≤ 2)
    }

    @Test
    void theStatisticAndPValueAgreeWithCommonsMath() {
        SplittableRandom r = new SplittableRandom(3);
        double[] x = new double[40];
        double[] y = new double[55];
        for (int i = 0; i < x.length; i++) {
            x[i] = r.nextDouble() * 10 + 1.5;
        }
        for (int i = 0; i < y.length; i++) {
            y[i] = r.nextDouble() * 10;
        }
        MannWhitney mw = MannWhitney.of(x, y, 0.95);
        MannWhitneyUTest cm = new MannWhitneyUTest();
        assertThat(Math.max(mw.u(), 40.0 * 55 - mw.u())).isCloseTo(cm.mannWhitneyU(x, y), within(1e-9));
        assertThat(mw.pValue()).isCloseTo(cm.mannWhitneyUTest(x, y), within(1e-9));
    }

    @Test
    void theNormalApproximationIntervalCoversTheShiftAsOftenAsItClaims() {
        SplittableRandom r = new SplittableRandom(11);
        int covered = 0;
        int runs = 400;
        for (int run = 0; run < runs; run++) {
            double[] x = new double[80];
            double[] y = new double[80];
            for (int i = 0; i < 80; i++) {
                x[i] = gaussian(r) + 1.0;
                y[i] = gaussian(r);
            }
            MannWhitney mw = MannWhitney.of(x, y, 0.95);
            assertThat(mw.exact()).isFalse();
            if (mw.ciLow() <= 1.0 && 1.0 <= mw.ciHigh()) {
                covered++;
            }
        }
        assertThat(covered / (double) runs).isBetween(0.92, 0.98);
    }

    static double gaussian(SplittableRandom r) {
        return Math.sqrt(-2 * Math.log(1 - r.nextDouble())) * Math.cos(2 * Math.PI * r.nextDouble());
    }

    @Test
    void thePValueAloneIsTheFullTestsWithTiesAndThinning() {
        SplittableRandom r = new SplittableRandom(12);
        for (int[] size : new int[][] {{5, 7}, {40, 30}, {300, 5000}, {3000, 40000}}) {
            double[] x = new double[size[0]];
            double[] y = new double[size[1]];
            for (int i = 0; i < x.length; i++) {
                x[i] = Math.round(10 * r.nextGaussian() + 1) / 2.0; // ties on a half grid
            }
            for (int i = 0; i < y.length; i++) {
                y[i] = Math.round(10 * r.nextGaussian()) / 2.0;
            }
            Assertions.assertThat(MannWhitney.pValue(x, y))
                    .isCloseTo(MannWhitney.of(x, y, 0.95).pValue(), Assertions.within(1e-12));
        }
    }
}
