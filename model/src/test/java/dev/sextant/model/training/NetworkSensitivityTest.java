package dev.sextant.model.training;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.sextant.model.architecture.ModelCatalog;
import dev.sextant.model.hardware.GpuCatalog;
import org.junit.jupiter.api.Test;

class NetworkSensitivityTest {

    private static TrainingRequest request(int gpus, Double gbps) {
        return TrainingRequest.builder(ModelCatalog.get("llama-3-70b"), GpuCatalog.get("h100-sxm"))
                .cluster(gpus, 8)
                .links(gbps, null)
                .batch(8192, 512)
                .build();
    }

    /**
     * A 70B model over 64 nodes: the step grows as the network narrows (data-parallel gradients and pipeline sends
     * cross it), and each point is the planner's own step for the same layout at that bandwidth.
     */
    @Test
    void theStepGrowsAsTheNetworkNarrows() {
        TrainingRequest r = request(512, null);
        TrainingPlan best = r.search(ComputeEfficiency.DEFAULTS).plans().get(0);
        NetworkSensitivity n =
                NetworkSensitivity.of(r, best, ComputeEfficiency.DEFAULTS).orElseThrow();
        assertThat(n.fromCatalog()).isTrue();
        assertThat(n.gbpsPerGpu()).isEqualTo(GpuCatalog.get("h100-sxm").networkGbps());
        assertThat(n.points()).extracting(NetworkSensitivity.Point::gbpsPerGpu).doesNotContain(n.gbpsPerGpu());
        for (int i = 1; i < n.points().size(); i++) {
            assertThat(n.points().get(i).stepSeconds())
                    .isLessThanOrEqualTo(n.points().get(i - 1).stepSeconds());
        }
        NetworkSensitivity.Point slowest = n.points().get(0);
        assertThat(slowest.gbpsPerGpu()).isEqualTo(50);
        assertThat(slowest.change()).isPositive();
        double direct = request(512, 50.0)
                .planner(ComputeEfficiency.DEFAULTS)
                .plan(best.layout(), 0)
                .stepTimeSeconds();
        assertThat(slowest.stepSeconds()).isCloseTo(direct, within(1e-12));
        assertThat(slowest.change()).isCloseTo(direct / best.stepTimeSeconds() - 1, within(1e-12));
        assertThat(n.sentence("give --inter-node-gbps"))
                .startsWith(
                        "Network: 400 Gb/s per GPU across nodes, the NVIDIA H100 SXM's catalog figure; this layout's step at 200 Gb/s +")
                .endsWith(": give --inter-node-gbps.");
    }

    @Test
    void aGivenNetworkIsSaidAsGivenAndOneNodeHasNone() {
        TrainingRequest given = request(64, 100.0);
        TrainingPlan best = given.search(ComputeEfficiency.DEFAULTS).plans().get(0);
        NetworkSensitivity n =
                NetworkSensitivity.of(given, best, ComputeEfficiency.DEFAULTS).orElseThrow();
        assertThat(n.fromCatalog()).isFalse();
        assertThat(n.sentence("unused"))
                .contains("as given; this layout's step at 50 Gb/s +")
                .doesNotContain("unused");
        TrainingRequest oneNode = TrainingRequest.builder(ModelCatalog.get("llama-3-8b"), GpuCatalog.get("h100-sxm"))
                .cluster(8, 8)
                .batch(8192, 64)
                .build();
        TrainingPlan single = oneNode.search(ComputeEfficiency.DEFAULTS).plans().get(0);
        assertThat(NetworkSensitivity.of(oneNode, single, ComputeEfficiency.DEFAULTS))
                .isEmpty();
    }
}
