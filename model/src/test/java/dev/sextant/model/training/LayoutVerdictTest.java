package dev.sextant.model.training;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class LayoutVerdictTest {

    static TrainingPlan plan(
            double step, double compute, double bubble, double tpComm, double dpComm, double headroomGib) {
        double gib = 1L << 30;
        return new TrainingPlan(
                null,
                8,
                List.of(),
                new TrainingPlan.Memory(0, 0, 0, 0, 0, 70 * gib - headroomGib * gib, 70 * gib),
                true,
                new TrainingPlan.ByDimension(0, 0, 0, 0, 0),
                new TrainingPlan.ByDimension(tpComm, 0, dpComm, 0, 0),
                compute,
                bubble,
                step,
                0,
                0,
                0,
                0,
                "compute",
                "",
                List.of());
    }

    /**
     * Hand calculation: best 3.10 s (compute 2.6, bubble 5 % = 0.155 s, TP 0.20 s), runner-up 3.29 s (compute 2.6,
     * bubble 0, TP 0.55 s): the runner-up spends 0.35 s more on TP and 0.155 s less in the bubble; 5.8 % of its step.
     */
    @Test
    void namesWhereTheRunnerUpLosesItsTime() {
        TrainingPlan best = plan(3.10, 2.6, 0.05, 0.20, 0.1, 4);
        TrainingPlan second = plan(3.29, 2.6, 0.0, 0.55, 0.1, 10);
        String s = LayoutVerdict.sentence(List.of(best, second), p -> p == best ? "TP4 PP2" : "TP8");
        assertThat(s)
                .startsWith("TP4 PP2 beats the runner-up TP8 by 5.8 % of step time (3.10 s against 3.29 s)")
                .contains("0.35 s more on TP communication, 0.16 s less on pipeline bubble")
                .contains("6.0 GiB more memory free")
                .doesNotContain("compute");
        assertThat(LayoutVerdict.sentence(List.of(best), p -> "x")).isNull();
        TrainingPlan twin = plan(3.11, 2.6, 0.05, 0.2, 0.1, 4);
        assertThat(LayoutVerdict.sentence(List.of(best, twin), p -> "x")).contains("less than 1 %");
    }
}
