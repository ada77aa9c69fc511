package dev.sextant.workspaces;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sextant.model.architecture.ModelCatalog;
import dev.sextant.model.hardware.GpuCatalog;
import dev.sextant.model.io.Json;
import dev.sextant.model.project.Project;
import dev.sextant.model.training.ComputeEfficiency;
import dev.sextant.model.training.FaultTolerance;
import dev.sextant.model.training.LayoutSearch;
import dev.sextant.model.training.MoeDispatcher;
import dev.sextant.model.training.SoftwareStack;
import dev.sextant.model.training.TrainingPlan;
import dev.sextant.model.training.TrainingRequest;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TrainingPlanRepositoryTest {

    @TempDir
    Path tmp;

    @Test
    void aSavedPlanComesBackWholeAndGoesWithItsProject() {
        TrainingRequest request = new TrainingRequest(
                ModelCatalog.get("mixtral-8x7b"),
                GpuCatalog.get("h100-sxm"),
                64,
                8,
                400,
                450,
                4096,
                256,
                1e12,
                LayoutSearch.Fixed.none());
        TrainingPlan best = request.search(ComputeEfficiency.DEFAULTS).plans().get(0);
        try (Workspace ws = Workspace.create(tmp.resolve("ws"))) {
            Project p = ws.projects().create("Plans", "");
            ws.trainingPlans().save(p.id(), "Mixtral on 64 H100", request, best, FaultTolerance.Spec.defaults(), false);
            List<SavedTrainingPlan> saved = ws.trainingPlans().list(p.id());
            assertThat(saved).hasSize(1);
            SavedTrainingPlan s = saved.get(0);
            assertThat(s.request()).isEqualTo(request);
            assertThat(s.plan()).isEqualTo(best);
            assertThat(s.faults()).isEqualTo(FaultTolerance.Spec.defaults());
            assertThatThrownBy(() ->
                            ws.trainingPlans().save(p.id(), " ", request, best, FaultTolerance.Spec.defaults(), false))
                    .hasMessageContaining("needs a name");
            ws.projects().delete(p.id());
            assertThat(ws.trainingPlans().list(p.id())).isEmpty();
        }
    }

    @Test
    void aRequestSavedBeforeUserDefinedGpusStillReads() throws Exception {
        String old = "{\"model\":" + Json.write(ModelCatalog.get("llama-3-8b")) + ",\"gpu\":\"h100-sxm\",\"gpus\":8,"
                + "\"gpusPerNode\":8,\"interNodeGbps\":400.0,\"seqLen\":8192,\"globalBatch\":128,\"tokens\":1.0E11,"
                + "\"fixed\":" + Json.write(LayoutSearch.Fixed.none()) + "}";
        TrainingRequest r = TrainingPlanRepository.request(old);
        assertThat(r.gpu().id()).isEqualTo("h100-sxm");
        assertThat(r.intraNodeGBs()).isEqualTo(450);
        assertThat(r.cluster().gpus()).isEqualTo(8);
        // saved before the software stack and the MoE dispatcher were inputs: their defaults
        assertThat(r.stack()).isEqualTo(SoftwareStack.DEFAULT);
        assertThat(r.dispatcher()).isEqualTo(MoeDispatcher.DEFAULT);
    }

    @Test
    void theMoeDispatcherIsKeptWithTheRequest() throws Exception {
        TrainingRequest deepep = TrainingPlanRepository.request(Json.write(new TrainingRequest(
                ModelCatalog.get("deepseek-v3"),
                GpuCatalog.get("h100-sxm"),
                1024,
                8,
                400,
                450,
                4096,
                8192,
                0,
                LayoutSearch.Fixed.none(),
                SoftwareStack.NEMO,
                MoeDispatcher.DEEPEP)));
        assertThat(deepep.dispatcher()).isEqualTo(MoeDispatcher.DEEPEP);
        assertThat(deepep.stack()).isEqualTo(SoftwareStack.NEMO);
    }
}
