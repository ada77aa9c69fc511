package dev.sextant.model.training;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.List;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

class PipelineScheduleTest {

    static double[] same(int p, double t) {
        double[] a = new double[p];
        Arrays.fill(a, t);
        return a;
    }

    @Test
    void equalStagesTakeMPlusPMinusOneSlots() {
        // Narayanan et al. 2021 §2.2: (m + p − 1)(t_f + t_b), bubble (p − 1)/m
        for (int p : new int[] {1, 2, 4, 8}) {
            for (int m : new int[] {1, 3, 8, 32}) {
                List<PipelineSchedule.Pass> passes = PipelineSchedule.oneFOneB(m, same(p, 1), same(p, 2));
                assertThat(passes).hasSize(2 * p * m);
                assertThat(PipelineSchedule.makespan(passes))
                        .as("p=%d m=%d", p, m)
                        .isCloseTo((m + p - 1) * 3.0, within(1e-9));
            }
        }
    }

    @Test
    void passesRespectTheirDependenciesAndNeverOverlapOnAStage() {
        double[] f = {1.0, 1.5, 1.0, 0.5};
        double[] b = {2.0, 3.0, 2.0, 1.0};
        List<PipelineSchedule.Pass> passes = PipelineSchedule.oneFOneB(6, f, b);
        for (PipelineSchedule.Pass x : passes) {
            for (PipelineSchedule.Pass y : passes) {
                if (x != y && x.stage() == y.stage()) {
                    assertThat(x.end() <= y.start() + 1e-12 || y.end() <= x.start() + 1e-12)
                            .isTrue();
                }
                if (x.forward() && y.forward() && y.stage() == x.stage() + 1 && y.microBatch() == x.microBatch()) {
                    assertThat(y.start()).isGreaterThanOrEqualTo(x.end());
                }
                if (!x.forward() && !y.forward() && y.stage() == x.stage() - 1 && y.microBatch() == x.microBatch()) {
                    assertThat(y.start()).isGreaterThanOrEqualTo(x.end());
                }
            }
        }
        // the slowest stage sets the pace: at least m (t_f + t_b) of it
        assertThat(PipelineSchedule.makespan(passes)).isGreaterThanOrEqualTo(6 * 4.5);
    }

    /**
     * Interleaved 1F1B (Narayanan et al. 2021 §2.2.2): with v chunks per device the bubble is (p − 1)/v of a micro-batch's
     * stage time, so equal stages take (m + (p − 1)/v)(t_f + t_b): p = 4, v = 2, m = 8, t_f + t_b = 3 → 28.5.
     */
    @Test
    void interleavingDividesTheBubbleByTheChunks() {
        List<PipelineSchedule.Pass> passes = PipelineSchedule.interleaved(8, 2, same(4, 1), same(4, 2));
        assertThat(passes).hasSize(2 * 4 * 8 * 2);
        assertThat(PipelineSchedule.makespan(passes)).isCloseTo((8 + 3 / 2.0) * 3, within(1e-9));
        for (int p : new int[] {2, 4, 8}) {
            for (int v : new int[] {2, 3, 4}) {
                for (int m : new int[] {p, 2 * p, 4 * p}) {
                    double span = PipelineSchedule.makespan(PipelineSchedule.interleaved(m, v, same(p, 1), same(p, 2)));
                    assertThat(span)
                            .as("p=%d v=%d m=%d", p, v, m)
                            .isCloseTo((m + (p - 1) / (double) v) * 3, within(1e-9));
                }
            }
        }
        // a forward chunk waits for the chunk before it: on the last device, or the first device's previous chunk
        for (PipelineSchedule.Pass x : passes) {
            for (PipelineSchedule.Pass y : passes) {
                if (x.forward()
                        && y.forward()
                        && x.microBatch() == y.microBatch()
                        && ((y.stage() == x.stage() + 1 && y.chunk() == x.chunk())
                                || (x.stage() == 3 && y.stage() == 0 && y.chunk() == x.chunk() + 1))) {
                    assertThat(y.start()).isGreaterThanOrEqualTo(x.end() - 1e-12);
                }
            }
        }
        assertThatThrownByInterleavingNeedsMultiple();
    }

    private static void assertThatThrownByInterleavingNeedsMultiple() {
        Assertions.assertThatThrownBy(() -> PipelineSchedule.interleaved(6, 2, same(4, 1), same(4, 2)))
                .hasMessageContaining("multiple of the stages");
    }
}
