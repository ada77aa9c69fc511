package dev.sextant.model.serving;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.sextant.model.architecture.ModelCatalog;
import dev.sextant.model.hardware.GpuCatalog;
import dev.sextant.model.job.CancellationToken;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CapacityTest {

    @Test
    void replicasFollowTheCurveAndAutoscalingCostsLessThanThePeakAllDay() {
        // goodput 10 req/s per replica of 2 GPUs, 20 % headroom: rate 8 → ⌈9.6/10⌉ =
        // 1, 30 → ⌈36/10⌉ = 4, 45 → ⌈54/10⌉ = 6
        List<Capacity.Window> day = new ArrayList<>();
        double[] rates = {8, 8, 30, 45, 30, 8};
        for (int h = 0; h < rates.length; h++) {
            day.add(new Capacity.Window(4 * h, 4, rates[h]));
        }
        Capacity.Plan noDelay = Capacity.plan(day, 10, 2, 0.2, 0, 2.5);
        assertThat(noDelay.windows()).extracting(Capacity.WindowPlan::replicas).containsExactly(1, 1, 4, 6, 4, 1);
        assertThat(noDelay.gpuHours()).isCloseTo((1 + 1 + 4 + 6 + 4 + 1) * 2 * 4.0, within(1e-9));
        assertThat(noDelay.costPerDay()).isCloseTo(noDelay.gpuHours() * 2.5, within(1e-9));
        assertThat(noDelay.fixedGpuHours()).isCloseTo(6 * 2 * 24.0, within(1e-9));
        // with a scale-up delay, each window starts what the next one needs
        Capacity.Plan delayed = Capacity.plan(day, 10, 2, 0.2, 0.25, 2.5);
        assertThat(delayed.windows()).extracting(Capacity.WindowPlan::replicas).containsExactly(1, 4, 6, 6, 4, 1);
        assertThat(delayed.gpuHours()).isGreaterThan(noDelay.gpuHours()).isLessThan(delayed.fixedGpuHours());
        assertThatThrownBy(() -> Capacity.plan(day, 0, 2, 0.2, 0, 1))
                .hasMessageContaining("cannot meet the latency targets");
    }

    @Test
    void goodputGrowsWithLooserTargets() {
        ServingReplica replica = ServingReplica.of(
                ModelCatalog.get("llama-3-8b"),
                GpuCatalog.get("h100-sxm"),
                1,
                WeightFormat.BF16,
                false,
                256,
                2048,
                true);
        LengthDistribution prompt = new LengthDistribution.Constant(500);
        LengthDistribution output = new LengthDistribution.Constant(100);
        double strict = Capacity.goodput(replica, prompt, output, 0.5, 0.03, 1, CancellationToken.none());
        double loose = Capacity.goodput(replica, prompt, output, 2.0, 0.06, 1, CancellationToken.none());
        assertThat(strict).isPositive();
        assertThat(loose).isGreaterThan(strict);
        // at the goodput the targets hold; well above it they do not
        assertThat(Capacity.meets(loose, replica, prompt, output, 2.0, 0.06, 1, CancellationToken.none()))
                .isTrue();
        assertThat(Capacity.meets(loose * 2, replica, prompt, output, 2.0, 0.06, 1, CancellationToken.none()))
                .isFalse();
    }
}
