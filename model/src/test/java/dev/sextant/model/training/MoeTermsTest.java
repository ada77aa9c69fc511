package dev.sextant.model.training;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.sextant.model.InputError;
import dev.sextant.model.architecture.ModelCatalog;
import dev.sextant.model.hardware.Cluster;
import dev.sextant.model.hardware.CollectiveModel;
import dev.sextant.model.hardware.GpuCatalog;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

/** The mixture-of-experts terms of the planner, each against a hand calculation. */
class MoeTermsTest {

    private final Cluster cluster = Cluster.of(GpuCatalog.get("h100-sxm"), 256, 8, 400);
    private final TrainingPlanner planner =
            new TrainingPlanner(ModelCatalog.get("qwen3-235b-a22b"), cluster, 4096, 2048, ComputeEfficiency.DEFAULTS);

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
        assertThat(planner.expertAllToAll(1e8, 64))
                .isCloseTo(CollectiveModel.alpha(8) + 56.0 / 64 * 1e8 / 47e9, within(1e-9));
    }

    @Test
    void allToAllInsideANodeIsTheNvlinkCollective() {
        assertThat(planner.expertAllToAll(1e8, 8)).isEqualTo(cluster.allToAll(1e8, 8, 1));
        assertThat(planner.expertAllToAll(1e8, 1)).isZero();
    }

    @Test
    void deepEpSendsOneCopyPerRemoteNodeATokenReaches() {
        // 128 experts on 4 nodes (32 each), top-8: another node is missed with C(96,8)/C(128,8) = 0.092747, so a token
        // reaches 3 × (1 − 0.092747) = 2.72176 remote nodes (instead of 8 × 24/32 = 6 copies)
        assertThat(MoeDispatcher.remoteNodesReached(128, 8, 4)).isCloseTo(2.7217582, within(1e-6));
        assertThat(MoeDispatcher.remoteNodesReached(128, 8, 1)).isZero();
        assertThat(MoeDispatcher.remoteNodesReached(8, 8, 2))
                .as("every node holds some of all 8 experts")
                .isCloseTo(1.0, within(1e-12));
        // 100 MB of routed copies = 12.5 MB of tokens; 2.72176 × 12.5 MB over a 47 GB/s NIC = 0.7239 ms, which gates
        // the 31/32 × 100 MB over 370 GB/s NVLink (0.262 ms)
        TrainingPlanner deepEp = new TrainingPlanner(
                ModelCatalog.get("qwen3-235b-a22b"),
                cluster,
                4096,
                2048,
                ComputeEfficiency.DEFAULTS,
                SoftwareStack.MEGATRON_CORE,
                MoeDispatcher.DEEPEP);
        assertThat(deepEp.expertAllToAll(1e8, 32))
                .isCloseTo(CollectiveModel.alpha(4) + 1e8 / 8 * 2.7217582 / 47e9, within(1e-9));
        assertThat(deepEp.expertAllToAll(1e8, 8))
                .as("inside a node DeepEP is the NVLink exchange")
                .isEqualTo(planner.expertAllToAll(1e8, 8));
    }

    @Test
    void dispatcherIdsParseAndUnknownOnesAreInputErrors() {
        assertThat(MoeDispatcher.of("DeepEP")).isEqualTo(MoeDispatcher.DEEPEP);
        assertThat(MoeDispatcher.of("")).isEqualTo(MoeDispatcher.ALL_TO_ALL);
        Assertions.assertThatThrownBy(() -> MoeDispatcher.of("nvshmem"))
                .isInstanceOf(InputError.class)
                .hasMessageContaining("deepep");
    }

    @Test
    void permutationReadsAndWritesEveryRoutedCopyInEachPass() {
        // 2048 tokens, top-8, hidden 4096, BF16 rows of 8192 bytes: four passes (permute, sort by
        // local expert, and their inverses) each read and write 2048 × 8 rows = 4 × 2 × 16384 ×
        // 8192 = 1,073,741,824 bytes at 80 % of 3.35 TB/s
        double bytes = 4.0 * 2 * 2048 * 8 * 8192;
        assertThat(bytes).isEqualTo(1_073_741_824.0);
        assertThat(planner.permutationSeconds(2048, 8, 4)).isCloseTo(bytes / (3350e9 * 0.8), within(1e-12));
        // one local expert: no sort by local expert after the dispatch, two passes
        assertThat(planner.permutationSeconds(2048, 8, 1)).isCloseTo(bytes / 2 / (3350e9 * 0.8), within(1e-12));
    }
}
