package dev.sextant.model.training;

import dev.sextant.model.architecture.ModelCatalog;
import dev.sextant.model.hardware.Cluster;
import dev.sextant.model.hardware.CollectiveModel;
import dev.sextant.model.hardware.GpuCatalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The mixture-of-experts terms of the planner, each against a hand calculation. */
class MoeTermsTest {

    private final Cluster cluster = Cluster.of(GpuCatalog.get("h100-sxm"), 256, 8, 400);
    private final TrainingPlanner planner = new TrainingPlanner(ModelCatalog.get("qwen3-235b-a22b"), cluster, 4096, 2048,
            ComputeEfficiency.DEFAULTS);

    @Test
    void allToAllSendsToPeersOnTheNodeOverNvlinkAndToTheRestOverTheNic() {
        // EP 32 on 8-GPU nodes: of 100 MB, 7/32 to the 7 peers on the node at 370 GB/s (450 × 370/450) and 24/32 to the
        // 24 peers on 3 other nodes at 47 GB/s (400 Gb/s × 0.94), at the same time; the NIC share gates:
        // 75 MB / 47 GB/s = 1.5957 ms, plus the latency of a 4-node collective
        double nic = 0.75e8 / (400e9 / 8 * 0.94);
        double nvlink = 7.0 / 32 * 1e8 / 370e9;
        assertThat(nvlink).isLessThan(nic);
        assertThat(planner.expertAllToAll(1e8, 32)).isCloseTo(CollectiveModel.alpha(4) + nic, within(1e-9));
        // all of 31/32 over the NIC, as before the split, would be 2.06 ms
        assertThat(planner.expertAllToAll(1e8, 32)).isLessThan(31.0 / 32 * 1e8 / 47e9);
        // EP 64 on 8 nodes: 56/64 over the NIC
        assertThat(planner.expertAllToAll(1e8, 64)).isCloseTo(CollectiveModel.alpha(8) + 56.0 / 64 * 1e8 / 47e9, within(1e-9));
    }

    @Test
    void allToAllInsideANodeIsTheNvlinkCollective() {
        assertThat(planner.expertAllToAll(1e8, 8)).isEqualTo(cluster.allToAll(1e8, 8, 1));
        assertThat(planner.expertAllToAll(1e8, 1)).isZero();
    }

    @Test
    void permutationReadsAndWritesEveryRoutedCopyInEachPass() {
        // 2048 tokens, top-8, hidden 4096, BF16 rows of 8192 bytes: four passes (permute, sort by local expert, and their
        // inverses) each read and write 2048 × 8 rows = 4 × 2 × 16384 × 8192 = 1,073,741,824 bytes at 80 % of 3.35 TB/s
        double bytes = 4.0 * 2 * 2048 * 8 * 8192;
        assertThat(bytes).isEqualTo(1_073_741_824.0);
        assertThat(planner.permutationSeconds(2048, 8, 4)).isCloseTo(bytes / (3350e9 * 0.8), within(1e-12));
        // one local expert: no sort by local expert after the dispatch, two passes
        assertThat(planner.permutationSeconds(2048, 8, 1)).isCloseTo(bytes / 2 / (3350e9 * 0.8), within(1e-12));
    }
}
