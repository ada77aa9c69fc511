package dev.sextant.model.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sextant.model.InputError;
import java.util.List;
import org.junit.jupiter.api.Test;

class CanaryPlanTest {

    static CanaryPlan.Spec spec(double rate, List<Double> steps, double interval) {
        return new CanaryPlan.Spec(
                rate, steps, interval, 0.05, 0.8, 0.005, 0.005, null, null, 500.0, 0.1, 50, null, null, null);
    }

    @Test
    void sampleSizeForAnErrorRateByHand() {
        // p0 = 0.5 %, p1 = 1 %, α = 0.05 one-sided (z = 1.6449), power 0.8 (z = 0.8416): p̄ = 0.0075;
        // (1.6449 √(2 · 0.0075 · 0.9925) + 0.8416 √(0.005 · 0.995 + 0.01 · 0.99))² / 0.005²
        // = (1.6449 · 0.122014 + 0.8416 · 0.121963)² / 2.5e-5 = 0.303346² / 2.5e-5 = 3,680.7 → 3,681 per side
        CanaryPlan plan = CanaryPlan.of(spec(50, List.of(1.0, 5.0, 25.0, 50.0), 5));
        assertThat(plan.thresholds().get(0).samplesPerSide()).isEqualTo(3681);
        // P99 latency: 50 requests beyond the P99 → 5,000, the hardest; at 1 % of 50
        // req/s (30 a minute) that takes 167 min
        CanaryPlan.Step first = plan.steps().get(0);
        assertThat(first.requiredRequests()).isEqualTo(5000);
        assertThat(first.minutes()).isEqualTo(167);
        assertThat(first.limitedBy()).isEqualTo("latency P99 ms");
        // at 25 %: 750 a minute, 6.7 min of samples, so the 5-minute interval is not enough either: 7 min
        assertThat(plan.steps().get(2).minutes()).isEqualTo(7);
        // at 50 %: 1,500 a minute: 3.3 min, the interval rules
        assertThat(plan.steps().get(3).minutes()).isEqualTo(5);
        assertThat(plan.steps().get(3).limitedBy()).isEqualTo("interval");
        assertThat(plan.promotionMinutes()).isEqualTo(167 + 34 + 7 + 5);
        assertThat(plan.rollbackRules()).anyMatch(r -> r.contains("error rate is significantly above 1 %"));
    }

    @Test
    void flaggersArithmetic() {
        // stepWeight 2, maxWeight 50, interval 1 min: 25 steps and 25 min to promotion when traffic is plentiful
        List<Double> steps = CanaryPlan.flaggerSteps(2, 50);
        assertThat(steps).hasSize(25).startsWith(2.0, 4.0).endsWith(50.0);
        CanaryPlan plan = CanaryPlan.of(new CanaryPlan.Spec(
                1e6, steps, 1, 0.05, 0.8, 0.01, 0.01, null, null, null, null, 50, null, null, null));
        assertThat(plan.flaggerMinutes()).isEqualTo(25);
        assertThat(plan.promotionMinutes()).isEqualTo(25);
    }

    @Test
    void unreachableOrContradictoryThresholdsAreRefused() {
        assertThatThrownBy(() -> CanaryPlan.of(new CanaryPlan.Spec(
                        10, List.of(5.0), 5, 0.05, 0.8, 0.995, 0.01, null, null, null, null, 50, null, null, null)))
                .hasMessageContaining("unreachable");
        assertThatThrownBy(() -> spec(10, List.of(50.0, 25.0), 5)).hasMessageContaining("must increase");
        assertThatThrownBy(() -> new CanaryPlan.Spec(
                        10, List.of(5.0), 5, 0.05, 0.8, null, null, null, null, null, null, 50, null, null, null))
                .hasMessageContaining("at least one rollback threshold");
        assertThatThrownBy(() -> CanaryPlan.flaggerSteps(10, 5))
                .isInstanceOf(InputError.class)
                .hasMessageContaining("at most the maximum weight")
                .extracting(e -> ((InputError) e).field())
                .isEqualTo("canary.stepWeight");
        assertThatThrownBy(() -> spec(0, List.of(5.0), 5))
                .extracting(e -> ((InputError) e).field())
                .isEqualTo("canary.rate");
    }
}
