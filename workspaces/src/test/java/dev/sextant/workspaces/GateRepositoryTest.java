package dev.sextant.workspaces;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sextant.model.gate.CanaryJudge;
import dev.sextant.model.gate.CanaryPlan;
import dev.sextant.model.gate.DemoGateData;
import dev.sextant.model.gate.GatePolicy;
import dev.sextant.model.gate.JudgeSettings;
import dev.sextant.model.gate.Observations;
import dev.sextant.model.project.Project;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GateRepositoryTest {

    @TempDir
    Path tmp;

    @Test
    void importsAreAllOrNothingPerProjectAndRemovableBySource() {
        try (Workspace ws = Workspace.openOrCreate(tmp.resolve("default"))) {
            Project demo = ws.projects().list().get(0);
            assertThat(ws.gate().policy(demo.id()).orElseThrow().candidate()).isEqualTo(DemoGateData.CANDIDATE);
            // the same file twice is refused, nothing half-written; another project sees nothing
            List<Observations> again = DemoGateData.observations().subList(0, 2);
            assertThatThrownBy(() -> ws.gate().importObservations(demo.id(), again, false))
                    .hasMessageContaining("already imported");
            assertThat(ws.gate().observations(demo.id()))
                    .hasSize(DemoGateData.observations().size());
            Project other = ws.projects().create("Other", "");
            assertThat(ws.gate().policy(other.id())).isEmpty();
            assertThat(ws.gate().observations(other.id())).isEmpty();
            assertThat(ws.gate().deleteSource(demo.id(), "replay-2026-11-20.jsonl"))
                    .isEqualTo(8);
        }
    }

    @Test
    void theCanaryInputsAreKeptOncePerProjectWithTheirIncumbent() {
        try (Workspace ws = Workspace.openOrCreate(tmp.resolve("default"))) {
            Project p = ws.projects().create("Gate", "");
            CanaryPlan.Spec first = new CanaryPlan.Spec(
                    24,
                    List.of(1.0, 5.0, 25.0, 50.0),
                    10,
                    0.05,
                    0.8,
                    0.02,
                    0.01,
                    null,
                    null,
                    850.0,
                    0.1,
                    50,
                    null,
                    null,
                    null);
            CanaryPlan.Spec second = new CanaryPlan.Spec(
                    12, List.of(2.0, 10.0), 5, 0.05, 0.8, null, null, 0.03, 0.01, null, null, 50, null, null, null);
            assertThat(ws.gate().canary(p.id())).isEmpty();
            ws.gate().setCanary(p.id(), "base-v1", first, false);
            ws.gate().setCanary(p.id(), "base-v2", second, false);
            SavedCanary kept = ws.gate().canary(p.id()).orElseThrow();
            assertThat(kept.incumbent()).isEqualTo("base-v2");
            assertThat(kept.spec()).isEqualTo(second);
            ws.projects().delete(p.id());
            assertThat(ws.gate().canary(p.id())).isEmpty();
        }
    }

    @Test
    void theJudgeSettingsAreKeptOncePerProject() {
        try (Workspace ws = Workspace.openOrCreate(tmp.resolve("default"))) {
            assertThat(ws.schemaVersion()).isGreaterThanOrEqualTo(11);
            Project p = ws.projects().create("Gate", "");
            Project other = ws.projects().create("Other", "");
            assertThat(ws.gate().judge(p.id())).isEmpty();
            JudgeSettings first = JudgeSettings.guessed(List.of("error_rate", "latency_ms"));
            JudgeSettings second = new JudgeSettings(
                    0.9,
                    0.1,
                    90,
                    60,
                    Map.of(
                            "error_rate",
                            new CanaryJudge.MetricSpec(CanaryJudge.Direction.DECREASE, false),
                            "quality",
                            new CanaryJudge.MetricSpec(CanaryJudge.Direction.EITHER, true)));
            ws.gate().setJudge(p.id(), first, false);
            ws.gate().setJudge(p.id(), second, false);
            assertThat(ws.gate().judge(p.id())).contains(second);
            assertThat(ws.gate().judge(other.id())).isEmpty();
            ws.projects().delete(p.id());
            assertThat(ws.gate().judge(p.id())).isEmpty();
        }
    }

    @Test
    void anItemTwiceInOneImportIsRefusedSoThatItCannotCountTwice() {
        try (Workspace ws = Workspace.openOrCreate(tmp.resolve("default"))) {
            Project p = ws.projects().create("Gate", "");
            Observations twice = new Observations(
                    GatePolicy.Layer.PRIVATE,
                    "accuracy",
                    "m",
                    List.of("q1", "q2", "q1"),
                    new double[] {1, 0, 1},
                    "suite.csv",
                    null);
            assertThatThrownBy(() -> ws.gate().importObservations(p.id(), List.of(twice), false))
                    .isInstanceOf(WorkspaceException.class)
                    .hasMessage("suite.csv: 'q1' appears twice for m, private accuracy");
            assertThat(ws.gate().observations(p.id())).isEmpty();
        }
    }
}
