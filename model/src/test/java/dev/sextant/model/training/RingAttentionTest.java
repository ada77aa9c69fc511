package dev.sextant.model.training;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.architecture.ModelCatalog;
import dev.sextant.model.hardware.Cluster;
import dev.sextant.model.hardware.CollectiveModel;
import dev.sextant.model.hardware.GpuCatalog;
import dev.sextant.model.hardware.GpuSpec;
import dev.sextant.model.hardware.Precision;
import org.junit.jupiter.api.Test;

/** Context parallelism's ring exchange step by step, by hand and through the planner. */
class RingAttentionTest {

    @Test
    void eachStepShowsWhatItsComputeDoesNotHide() {
        // CP 4, 4 ms of attention: 1 ms a step; 100 MB a step at 50 GB/s: 2 ms. Three exchanges (the last step sends
        // nothing), each 1 ms longer than the step it overlaps: 3 ms exposed.
        double exposed = RingAttention.exposedSeconds(4, 4e-3, 100e6, 50e9, 0, true);
        assertThat(exposed).isCloseTo(3e-3, within(1e-12));
        // one global max over the pass would hide a third of it: 3 × 2 ms − 4 ms = 2 ms
        assertThat(exposed).isGreaterThan(3 * 2e-3 - 4e-3);
    }

    @Test
    void aStepLongerThanItsExchangeHidesIt() {
        // CP 2: the one exchange (1 ms + 10 µs) within the first step's 2 ms
        assertThat(RingAttention.exposedSeconds(2, 4e-3, 50e6, 50e9, 10e-6, true))
                .isZero();
        // where one global max would hide it too (1.01 < 4) and the per-step rule does not: CP 2, 1.5 ms of attention,
        // 0.75 ms a step against a 1 ms exchange
        assertThat(RingAttention.exposedSeconds(2, 1.5e-3, 50e6, 50e9, 0, true)).isCloseTo(0.25e-3, within(1e-12));
        assertThat(RingAttention.exposedSeconds(1, 1e-3, 50e6, 50e9, 0, true)).isZero();
    }

    @Test
    void withoutLoadBalancingTheLastRankSetsThePace() {
        // contiguous chunks: the last rank does half a block, then full blocks, (2·CP − 1)/CP of the balanced work
        for (int cp : new int[] {2, 4, 8, 16}) {
            double extra = RingAttention.exposedSeconds(cp, 1.0, 0, 1, 0, false);
            assertThat(1 + extra).isCloseTo((2.0 * cp - 1) / cp, within(1e-12));
        }
        // and its longer steps hide more of the exchange: CP 4, 4 ms, 2 ms exchanges against steps of 1, 2, 2, 2 ms
        double unbalanced = RingAttention.exposedSeconds(4, 4e-3, 100e6, 50e9, 0, false);
        assertThat(unbalanced).isCloseTo((1e-3 + 2 * 2e-3 + 2e-3) - 4e-3 + (2e-3 - 1e-3), within(1e-12));
    }

    static final ModelArchitecture LLAMA_7B = ModelCatalog.get("llama-2-7b");

    static TrainingLayout layout(Recompute recompute) {
        return new TrainingLayout(8, 1, 1, 2, 1, 1, 1, 0, recompute, true, Precision.BF16, true);
    }

    @Test
    void thePlannerRunsTheRingAtTheNicRateOnceItSpansNodesAndSendsDkvBackward() {
        // Llama 2 7B, TP 8 × CP 2 on 16 H100: the two CP ranks sit on different
        // nodes; 2k tokens each, 4 heads of 128 each
        int seq = 4096;
        GpuSpec h100 = GpuCatalog.get("h100-sxm");
        Cluster twoNodes = Cluster.of(h100, 16, 8, 25); // a slow 25 Gb/s NIC per GPU: the exchange cannot hide
        TrainingPlan plan = new TrainingPlanner(LLAMA_7B, twoNodes, seq, 1, ComputeEfficiency.DEFAULTS)
                .plan(layout(Recompute.NONE), 0);
        double tokens = seq / 2.0;
        double kv = 2 * tokens * (4096 + 4096) / 8.0; // bf16 K and V of the rank's tokens, its 4 of 32 heads
        // forward: K, V once round the one-hop ring; backward: K, V and dK, dV
        assertThat(plan.commBytes().cp()).isCloseTo(32 * (kv + 2 * kv), within(1.0));

        double heads = 4;
        double flops = heads * 2 * tokens * seq * 256 / 2;
        double fwd = ComputeEfficiency.DEFAULTS.attentionSeconds(h100, flops, seq / 2.0, 128, true, heads, false);
        double bwd = ComputeEfficiency.DEFAULTS.attentionSeconds(h100, 2.5 * flops, seq / 2.0, 128, true, heads, true);
        double nic = 25e9 / 8 * CollectiveModel.NIC_EFFICIENCY;
        double latency = twoNodes.latency(2, 8);
        double perLayer = Math.max(0, kv / nic + latency - fwd / 2) + Math.max(0, 2 * kv / nic + latency - bwd / 2);
        assertThat(perLayer).isPositive();
        // never negative where the exchange hides (a long sequence on NVLink)
        TrainingPlan hidden = new TrainingPlanner(
                        LLAMA_7B, Cluster.of(h100, 16, 16, 400), 32768, 1, ComputeEfficiency.DEFAULTS)
                .plan(layout(Recompute.NONE), 0);
        assertThat(hidden.commSeconds().cp()).isEqualTo(0.0);
        assertThat(plan.commSeconds().cp()).isCloseTo(32 * perLayer, within(1e-9));

        // on one 16-GPU NVLink domain the same exchange hides behind the attention
        Cluster oneDomain = Cluster.of(h100, 16, 16, 25);
        TrainingPlan nvlink = new TrainingPlanner(LLAMA_7B, oneDomain, seq, 1, ComputeEfficiency.DEFAULTS)
                .plan(layout(Recompute.NONE), 0);
        assertThat(nvlink.commSeconds().cp()).isLessThan(plan.commSeconds().cp());

        // recompute runs the forward ring again
        TrainingPlan recomputed = new TrainingPlanner(LLAMA_7B, twoNodes, seq, 1, ComputeEfficiency.DEFAULTS)
                .plan(layout(Recompute.SELECTIVE), 0);
        assertThat(recomputed.commBytes().cp()).isCloseTo(32 * (2 * kv + 2 * kv), within(1.0));
    }
}
