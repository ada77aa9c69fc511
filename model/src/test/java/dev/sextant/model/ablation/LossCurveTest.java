package dev.sextant.model.ablation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.sextant.model.runhealth.MetricSeries;
import dev.sextant.model.runhealth.TrainingLog;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LossCurveTest {

    static TrainingLog log(long[] steps, double[] loss, double[] tokens) {
        Map<String, MetricSeries> m = new LinkedHashMap<>();
        m.put("loss", new MetricSeries("loss", steps, loss));
        if (tokens != null) {
            m.put("consumed_tokens", new MetricSeries("consumed_tokens", steps, tokens));
        }
        return new TrainingLog("jsonl", m, List.of("run.jsonl"), 0);
    }

    @Test
    void aLineThroughTheWindowFollowsAFallingCurveWhereAMeanWouldLag() {
        // loss falls by 0.01 a step: the mean of the last 5 (steps 96–100) sits
        // 0.02 above step 100's; the line does not
        long[] steps = new long[100];
        double[] loss = new double[100];
        for (int i = 0; i < 100; i++) {
            steps[i] = i + 1;
            loss[i] = 4.0 - 0.01 * (i + 1);
        }
        LossCurve.Read r = LossCurve.read(log(steps, loss, null), "loss", 1000.0, List.of(100_000.0), 1, 5);
        assertThat(r.points()).singleElement().satisfies(p -> {
            assertThat(p.loss()).isCloseTo(3.0, within(1e-12));
            assertThat(p.tokens()).isEqualTo(100_000);
            assertThat(p.windowFrom()).isEqualTo(96);
            assertThat(p.windowTo()).isEqualTo(100);
        });
        // noise about a level: the line through 4 points (hand calculation) x = 1..4, y = 2, 4,
        // 2, 4 → slope 0.4, at x = 4: 3.0 + 0.6 = 3.6
        assertThat(LossCurve.smoothed(new double[] {1, 2, 3, 4}, new double[] {2, 4, 2, 4}, 0, 3))
                .isCloseTo(3.6, within(1e-12));
    }

    @Test
    void tokensComeFromTheLogsCounterInterpolatedBetweenItsPoints() {
        long[] steps = {10, 20, 30, 40};
        LossCurve.Read r = LossCurve.read(
                log(steps, new double[] {3, 2.8, 2.7, 2.65}, new double[] {1e6, 2e6, 3e6, 4e6}),
                "loss",
                null,
                List.of(),
                4,
                1);
        assertThat(r.tokensFrom()).contains("counter");
        assertThat(r.finalTokens()).isEqualTo(4e6);
        // four points log-spaced from 4e5 to 4e6: the nearest logged ones, each once
        assertThat(r.points()).extracting(LossCurve.Point::step).containsExactly(10L, 20L, 40L);
        assertThatThrownBy(() -> LossCurve.read(
                        log(steps, new double[] {3, 2.8, 2.7, 2.65}, new double[] {0, 0, 0, 0}),
                        "loss",
                        null,
                        List.of(),
                        4,
                        1))
                .hasMessageContaining("never grows")
                .hasMessageContaining("tokens a step");
        assertThatThrownBy(() -> LossCurve.read(
                        log(steps, new double[] {3, 2.8, 2.7, 2.65}, null), "val_loss", 10.0, List.of(), 4, 1))
                .hasMessageContaining("no metric 'val_loss'");
        assertThatThrownBy(() -> LossCurve.read(
                        log(steps, new double[] {3, 2.8, 2.7, 2.65}, null), "loss", 10.0, List.of(1e9), 4, 1))
                .hasMessageContaining("beyond the log");
    }
}
