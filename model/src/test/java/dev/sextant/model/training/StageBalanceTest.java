package dev.sextant.model.training;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.architecture.ModelCatalog;
import dev.sextant.model.hardware.Cluster;
import dev.sextant.model.hardware.GpuCatalog;
import dev.sextant.model.hardware.Precision;
import org.junit.jupiter.api.Test;

/** Uneven pipeline stages: the last stage also carries the output layer, so it gets fewer transformer layers. */
class StageBalanceTest {

    @Test
    void theOutputLayerTakesLayersOffTheLastStage() {
        // 80 layers on 6 stages, output layer worth 2.4 layers: by hand, [14, 14, 13, 13, 13, 13] becomes
        // [14, 14, 14, 14, 13, 11] (the last stage costs 13.4, the others at most 14)
        assertThat(TrainingPlanner.stageLayersFor(80, 6, 1.0, 2.4)).containsExactly(14, 14, 14, 14, 13, 11);
        // a cheap output layer leaves the even split alone
        assertThat(TrainingPlanner.stageLayersFor(32, 4, 1.0, 0.1)).containsExactly(8, 8, 8, 8);
        assertThat(TrainingPlanner.stageLayersFor(7, 1, 1.0, 5)).containsExactly(7);
        assertThat(TrainingPlanner.stageLayersFor(5, 5, 1.0, 5))
                .as("never an empty stage")
                .containsExactly(1, 1, 1, 1, 1);
    }

    @Test
    void planSaysWhichLayersEachStageHolds() {
        ModelArchitecture m = ModelCatalog.get("llama-3-70b");
        TrainingPlanner planner = new TrainingPlanner(
                m, Cluster.of(GpuCatalog.get("h100-sxm"), 48, 8, 400), 4096, 48, ComputeEfficiency.DEFAULTS);
        TrainingPlan p = planner.plan(
                new TrainingLayout(8, 6, 1, 1, 1, 1, 1, 1, Recompute.SELECTIVE, true, Precision.BF16, true), 0);
        assertThat(p.stageLayers()).hasSize(6);
        assertThat(p.stageLayers().stream().mapToInt(Integer::intValue).sum()).isEqualTo(80);
        assertThat(p.stageLayers().get(5))
                .as("128K-vocabulary output layer on the last stage")
                .isLessThan(p.stageLayers().get(0));
    }
}
