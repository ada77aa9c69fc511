package dev.sextant.model.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.sextant.model.InputError;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CanaryJudgeTest {

    final CanaryJudge judge = CanaryJudge.defaults();

    @Test
    void theHandWorkedShiftIsHigh() {
        // shift 5, 98 % interval [2, 8] (exact k = 2); tolerance 0.25 × 5 = 1.25 < 2: High
        CanaryJudge.MetricResult r = judge.metric(
                "latency", new double[] {1, 2, 3, 4, 5}, new double[] {6, 7, 8, 9, 10}, CanaryJudge.MetricSpec.DEFAULT);
        assertThat(r.classification()).isEqualTo("high");
        assertThat(r.hodgesLehmann()).isEqualTo(5);
        assertThat(r.ciLow()).isEqualTo(2);
        assertThat(r.ciHigh()).isEqualTo(8);
        assertThat(r.failed()).isTrue();
        // a metric that only fails when it falls passes a rise
        assertThat(judge.metric(
                                "throughput",
                                new double[] {1, 2, 3, 4, 5},
                                new double[] {6, 7, 8, 9, 10},
                                new CanaryJudge.MetricSpec(CanaryJudge.Direction.DECREASE, false))
                        .failed())
                .isFalse();
        // reversed: Low
        assertThat(judge.metric(
                                "x",
                                new double[] {6, 7, 8, 9, 10},
                                new double[] {1, 2, 3, 4, 5},
                                CanaryJudge.MetricSpec.DEFAULT)
                        .classification())
                .isEqualTo("low");
    }

    @Test
    void scoreVerdictCriticalAndNoData() {
        Map<String, double[]> base = Map.of(
                "errors",
                new double[] {1, 2, 3, 4, 5},
                "latency",
                new double[] {10, 11, 12, 13, 14},
                "cpu",
                new double[] {5, 5.1, 4.9, 5.2, 5.0},
                "refusals",
                new double[] {0.1, 0.2});
        Map<String, double[]> canary = Map.of(
                "errors",
                new double[] {6, 7, 8, 9, 10},
                "latency",
                new double[] {10, 11, 12, 13, 14},
                "cpu",
                new double[] {5.05, 5.0, 4.95, 5.1, 5.15});
        CanaryJudge.Judgement j = judge.judge(base, canary, Map.of());
        assertThat(j.metrics())
                .extracting(CanaryJudge.MetricResult::classification)
                .containsExactly("pass", "high", "pass", "nodata");
        assertThat(j.score()).isCloseTo(200.0 / 3, within(1e-9));
        assertThat(j.verdict()).isEqualTo("fail");
        assertThat(j.reasons())
                .anyMatch(s -> s.startsWith("errors: high"))
                .anyMatch(s -> s.startsWith("refusals: no data on the canary side"));
        // errors only matter when they rise; here they do — critical: the score is 0
        CanaryJudge.Judgement critical = judge.judge(
                base, canary, Map.of("errors", new CanaryJudge.MetricSpec(CanaryJudge.Direction.INCREASE, true)));
        assertThat(critical.score()).isZero();
        // without the errors, the other two pass: 100, pass
        CanaryJudge.Judgement clean =
                judge.judge(Map.of("latency", base.get("latency")), Map.of("latency", canary.get("latency")), Map.of());
        assertThat(clean.score()).isEqualTo(100);
        assertThat(clean.verdict()).isEqualTo("pass");
        assertThat(new CanaryJudge(0.98, 0.25, 95, 60)
                        .judge(base, canary, Map.of())
                        .verdict())
                .isEqualTo("marginal");
        assertThatThrownBy(() -> new CanaryJudge(0.98, 0.25, 70, 80)).hasMessageContaining("marginal ≤ pass");
        assertThatThrownBy(() -> new CanaryJudge(1.5, 0.25, 95, 75))
                .hasMessageContaining("confidence must lie in (0, 1)")
                .extracting(e -> ((InputError) e).field())
                .isEqualTo("judge.confidence");
    }
}
