package dev.sextant.model.runhealth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class RunComparisonTest {

    @Test
    void runsAreComparedAtTheLastStepTheyAllReached() {
        // run a: 3.0 − 0.01 × k at steps 10, 20, …, 300; run b: 2 % lower, logged every 5 steps, stopping at step 200
        long[] sa = new long[30];
        double[] va = new double[30];
        for (int k = 0; k < 30; k++) {
            sa[k] = 10L * (k + 1);
            va[k] = 3.0 - 0.01 * k;
        }
        long[] sb = new long[40];
        double[] vb = new double[40];
        for (int k = 0; k < 40; k++) {
            sb[k] = 5L * (k + 1);
            vb[k] = 0.98 * (3.0 - 0.01 * ((sb[k] / 10.0) - 1));
        }
        List<RunComparison.Run> runs = RunComparison.compare(
                List.of("a", "b"), List.of(new MetricSeries("loss", sa, va), new MetricSeries("loss", sb, vb)));
        RunComparison.Run a = runs.get(0);
        RunComparison.Run b = runs.get(1);
        assertThat(a.commonStep()).isEqualTo(200);
        // by hand: a's last ten points up to step 200 are steps 110…200, values 2.90 … 2.81; their median 2.855
        assertThat(a.atCommonStep()).isCloseTo(2.855, within(1e-12));
        // b's last ten up to 200 are steps 155…200, i.e. 0.98 × (3.0 − 0.01 × (14.5
        // … 19)); median at 16.75: 0.98 × 2.8325
        assertThat(b.atCommonStep()).isCloseTo(0.98 * 2.8325, within(1e-12));
        assertThat(b.versusFirst()).isCloseTo(0.98 * 2.8325 / 2.855 - 1, within(1e-12));
        assertThat(a.versusFirst()).isNull();
        assertThat(a.lowest()).isCloseTo(2.71, within(1e-12));
        assertThat(a.lowestStep()).isEqualTo(300);
        assertThat(a.lastValue()).isCloseTo(2.71, within(1e-12));
        assertThat(b.points()).isEqualTo(40);
    }

    @Test
    void nonFiniteValuesAreLeftOutOfTheLevelAndTheLowest() {
        MetricSeries s = new MetricSeries("loss", new long[] {1, 2, 3}, new double[] {2.0, Double.NaN, 1.0});
        RunComparison.Run r = RunComparison.compare(List.of("x"), List.of(s)).get(0);
        assertThat(r.atCommonStep()).isCloseTo(1.5, within(1e-12));
        assertThat(r.lowest()).isEqualTo(1.0);
        assertThat(r.lowestStep()).isEqualTo(3);
    }
}
