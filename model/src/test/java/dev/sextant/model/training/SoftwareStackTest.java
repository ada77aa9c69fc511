package dev.sextant.model.training;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.sextant.model.InputError;
import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.architecture.ModelCatalog;
import dev.sextant.model.hardware.Cluster;
import dev.sextant.model.hardware.CollectiveModel;
import dev.sextant.model.hardware.GpuCatalog;
import dev.sextant.model.hardware.Precision;
import dev.sextant.model.io.TrainingRunsCsv;
import dev.sextant.model.training.validation.PublishedRun;
import dev.sextant.model.training.validation.TrainingValidation;
import org.junit.jupiter.api.Test;

/** The software stacks' overlap rules for data-parallel communication, by hand and against published numbers. */
class SoftwareStackTest {

    static final ModelArchitecture LLAMA_7B = ModelCatalog.get("llama-2-7b");

    static TrainingLayout layout(int dp, int zero) {
        return new TrainingLayout(1, 1, dp, 1, 1, 1, 1, zero, Recompute.SELECTIVE, false, Precision.BF16, true);
    }

    @Test
    void idsParseAndUnknownOnesNameTheField() {
        assertThat(SoftwareStack.of("NeMo")).isEqualTo(SoftwareStack.NEMO);
        assertThat(SoftwareStack.of("torchtitan-fsdp").dpOverlap()).isEqualTo(SoftwareStack.DpOverlap.PER_LAYER);
        // the names people use: the project alone, the library, underscores
        assertThat(SoftwareStack.of("torchtitan")).isEqualTo(SoftwareStack.TORCHTITAN_FSDP);
        assertThat(SoftwareStack.of("DeepSpeed")).isEqualTo(SoftwareStack.MEGATRON_DEEPSPEED);
        assertThat(SoftwareStack.of("llm-foundry")).isEqualTo(SoftwareStack.MOSAIC_FSDP);
        assertThat(SoftwareStack.of("megatron_core")).isEqualTo(SoftwareStack.MEGATRON_CORE);
        assertThat(SoftwareStack.of("mcore")).isEqualTo(SoftwareStack.MEGATRON_CORE);
        assertThatThrownBy(() -> SoftwareStack.of("jax"))
                .isInstanceOf(InputError.class)
                .hasFieldOrPropertyWithValue("field", "training.stack")
                .hasMessageContaining("megatron-core");
        for (PublishedRun r : TrainingRunsCsv.bundled()) {
            assertThat(SoftwareStack.of(r.stack()).id()).isEqualTo(r.stack());
        }
    }

    @Test
    void withoutOverlapTheWholeFp32AllReduceIsExposed() {
        // 16 H100 on 2 nodes, TP 1: all of Llama 2 7B on every GPU, all-reduced in FP32 over 8 NICs per node (376
        // GB/s), capped by NVLink's measured 370 GB/s
        Cluster c = Cluster.of(GpuCatalog.get("h100-sxm"), 16, 8, 400);
        TrainingPlanner p =
                new TrainingPlanner(LLAMA_7B, c, 4096, 64, ComputeEfficiency.DEFAULTS, SoftwareStack.MEGATRON_LM);
        TrainingPlan plan = p.plan(layout(16, 0), 0);
        double bytes = 4.0 * LLAMA_7B.parameters().total();
        double e = 1 - Math.exp(-Math.pow(bytes / 16 / 3.25e6, 0.65));
        double byHand = 60e-6 + 2 * 15 / 16.0 * bytes / (370e9 * e);
        assertThat(plan.commSeconds().dp()).isCloseTo(byHand, within(1e-9));
    }

    @Test
    void bucketedStacksExposeOneBucketWhenTheBackwardPassCoversTheRest() {
        Cluster c = Cluster.of(GpuCatalog.get("h100-sxm"), 16, 8, 400);
        TrainingPlan core = new TrainingPlanner(
                        LLAMA_7B, c, 4096, 64, ComputeEfficiency.DEFAULTS, SoftwareStack.MEGATRON_CORE)
                .plan(layout(16, 1), 0);
        TrainingPlan none = new TrainingPlanner(
                        LLAMA_7B, c, 4096, 64, ComputeEfficiency.DEFAULTS, SoftwareStack.MEGATRON_LM)
                .plan(layout(16, 1), 0);
        // buckets of max(40 M, 16 M) parameters: one FP32 reduce-scatter and one BF16 all-gather of 40 M parameters
        double bucket = 40e6;
        double rs =
                60e-6 + 15 / 16.0 * 4 * bucket / (370e9 * (1 - Math.exp(-Math.pow(4 * bucket / 16 / 3.25e6, 0.65))));
        double ag =
                60e-6 + 15 / 16.0 * 2 * bucket / (370e9 * (1 - Math.exp(-Math.pow(2 * bucket / 16 / 3.25e6, 0.65))));
        assertThat(core.commSeconds().dp()).isCloseTo(rs + ag, within(1e-9));
        assertThat(none.commSeconds().dp())
                .isGreaterThan(10 * core.commSeconds().dp());
    }

    @Test
    void korthikantisNonOverlappedDpCostIsReproduced() {
        // Korthikanti et al. 2022 §6.3: the 530B model, selective recompute, DP 1 → 8 without overlap: 37.83 → 39.15 s
        PublishedRun k6 = TrainingRunsCsv.bundled().stream()
                .filter(r -> r.id().equals("K6"))
                .findFirst()
                .orElseThrow();
        PublishedRun k9 = TrainingRunsCsv.bundled().stream()
                .filter(r -> r.id().equals("K9"))
                .findFirst()
                .orElseThrow();
        double added = TrainingValidation.plan(k9, ComputeEfficiency.DEFAULTS).stepTimeSeconds()
                - TrainingValidation.plan(k6, ComputeEfficiency.DEFAULTS).stepTimeSeconds();
        assertThat(added).isCloseTo(39.15 - 37.83, within(0.25 * 1.32));
    }

    @Test
    void stragglersAddFourTenthsOfAPercentPerDoublingOfNodes() {
        assertThat(TrainingPlanner.straggler(Cluster.of(GpuCatalog.get("h100-sxm"), 8, 8, 400)))
                .isZero();
        // 2,048 GPUs = 256 nodes = 8 doublings
        assertThat(TrainingPlanner.straggler(Cluster.of(GpuCatalog.get("h100-sxm"), 2048, 8, 400)))
                .isCloseTo(0.032, within(1e-12));
    }

    @Test
    void zeroThreeGathersEveryLayerEveryMicroBatch() {
        // one node, FSDP over 8: per layer a BF16 gather before forward and backward and an FP32 reduce-scatter
        Cluster c = Cluster.of(GpuCatalog.get("h100-sxm"), 8, 8, 400);
        TrainingPlan one = new TrainingPlanner(
                        LLAMA_7B, c, 4096, 8, ComputeEfficiency.DEFAULTS, SoftwareStack.TORCHTITAN_FSDP)
                .plan(layout(8, 3), 0);
        TrainingPlan two = new TrainingPlanner(
                        LLAMA_7B, c, 4096, 16, ComputeEfficiency.DEFAULTS, SoftwareStack.TORCHTITAN_FSDP)
                .plan(layout(8, 3), 0);
        double share = 7 / 8.0 * LLAMA_7B.parameters().total() * (2 + 2 + 4);
        assertThat(one.commBytes().dp()).isCloseTo(share, within(1.0));
        assertThat(two.commBytes().dp()).as("two micro-batches gather twice").isCloseTo(2 * share, within(2.0));
        assertThat(two.commSeconds().dp()).isCloseTo(2 * one.commSeconds().dp(), within(1e-9));
        assertThat(CollectiveModel.NIC_EFFICIENCY).isLessThan(1);
    }
}
