package dev.sextant.model.ablation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.sextant.model.io.AblationRunsFile;
import dev.sextant.model.runhealth.MetricSeries;
import dev.sextant.model.runhealth.TrainingLog;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ScheduleComparisonTest {

    static AblationRunsFile.Run run(String name, double n, double d, double loss, String schedule) {
        return new AblationRunsFile.Run(name, n, d, loss, null, null, null, null, schedule, null, 1);
    }

    @Test
    void eachScheduleIsSetAgainstCosineAtEqualParametersAndTokens() {
        List<AblationRunsFile.Run> runs = List.of(
                run("a", 1e8, 2e9, 3.00, "cosine"),
                run("b", 1e8, 2e9, 2.97, "WSD"),
                run("c", 1e8, 2e9, 3.06, "constant"),
                run("d", 4e8, 8e9, 2.50, "cosine"),
                run("e", 4.01e8, 8e9, 2.49, "warmup_stable_decay"),
                run("f", 9e8, 1e10, 2.2, "wsd")); // no cosine at this shape: not compared
        ScheduleComparison.Result r = ScheduleComparison.compare(runs);
        assertThat(r.reference()).isEqualTo("cosine");
        assertThat(r.shapes()).hasSize(2);
        assertThat(r.shapes().get(0).entries())
                .extracting(ScheduleComparison.Entry::schedule)
                .containsExactly("wsd", "cosine", "constant");
        // hand calculation: wsd 2.97/3.00 − 1 = −1.0 %, 2.49/2.50 − 1 = −0.4 %: mean −0.7 %; constant +2.0 % once
        ScheduleComparison.Summary wsd = r.summary().stream()
                .filter(s -> s.schedule().equals("wsd"))
                .findFirst()
                .orElseThrow();
        assertThat(wsd.shapes()).isEqualTo(2);
        assertThat(wsd.mean()).isCloseTo(-0.007, within(1e-12));
        assertThat(wsd.best()).isCloseTo(-0.01, within(1e-12));
        assertThat(r.summary().stream()
                        .filter(s -> s.schedule().equals("constant"))
                        .findFirst()
                        .orElseThrow()
                        .mean())
                .isCloseTo(0.02, within(1e-12));
        assertThatThrownBy(() -> ScheduleComparison.compare(
                        List.of(run("a", 1e8, 2e9, 3, "cosine"), run("b", 2e8, 2e9, 3, "wsd"))))
                .hasMessageContaining("no model size and token count was trained under cosine and another schedule");
        assertThatThrownBy(() -> ScheduleComparison.compare(List.of(run("a", 1e8, 2e9, 3, null))))
                .hasMessageContaining("schedule' column");
    }

    @Test
    void aWarmupStableDecayLogIsReadAtTheEndOfEachCooldown() {
        // stable at 1e-3, cool-downs to 0 over steps 400–500 (branch 1) and, after re-warming, 900–1000 (branch 2)
        int n = 1000;
        long[] steps = new long[n];
        double[] lr = new double[n];
        double[] loss = new double[n];
        for (int i = 0; i < n; i++) {
            long s = i + 1;
            steps[i] = s;
            lr[i] = s <= 400
                    ? 1e-3
                    : s <= 500 ? 1e-3 * (500 - s) / 100.0 + 1e-6 : s <= 900 ? 1e-3 : 1e-3 * (1000 - s) / 100.0 + 1e-6;
            loss[i] = 3.0 - 0.0005 * s;
        }
        Map<String, MetricSeries> m = new LinkedHashMap<>();
        m.put("loss", new MetricSeries("loss", steps, loss));
        m.put("lr", new MetricSeries("lr", steps, lr));
        LossCurve.Read r =
                LossCurve.readAtCooldowns(new TrainingLog("jsonl", m, List.of("wsd.jsonl"), 0), "loss", 1000.0, 1);
        assertThat(r.points()).extracting(LossCurve.Point::step).containsExactly(500L, 1000L);
        assertThat(r.points().get(0).tokens()).isEqualTo(500_000);
        assertThat(r.points().get(0).loss()).isCloseTo(2.75, within(1e-12));
        assertThat(r.tokensFrom()).contains("cool-down");
    }
}
