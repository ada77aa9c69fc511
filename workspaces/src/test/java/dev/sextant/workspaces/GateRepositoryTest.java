package dev.sextant.workspaces;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sextant.model.gate.DemoGateData;
import dev.sextant.model.gate.GateDecision;
import dev.sextant.model.gate.GatePolicy;
import dev.sextant.model.gate.Observations;
import dev.sextant.model.project.Project;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GateRepositoryTest {

    @TempDir
    Path tmp;

    @Test
    void theDemoGateDecidesFromEveryLayerAndDownWeightsTheContaminatedBenchmark() {
        try (Workspace ws = Workspace.openOrCreate(tmp.resolve("default"))) {
            Project demo = ws.projects().list().get(0);
            assertThat(ws.gate().policy(demo.id()).orElseThrow().candidate()).isEqualTo(DemoGateData.CANDIDATE);
            GateCase g = GateCase.decide(ws, demo.id(), null, null);
            assertThat(g.decision().checks()).extracting(GateDecision.CheckResult::status).doesNotContain("missing");
            GateDecision.CheckResult gpqa = g.decision().checks().get(0);
            assertThat(gpqa.downWeighted()).startsWith("contaminated:");
            assertThat(g.decision().decision()).isEqualTo("canary");
            assertThat(g.decision().reasons()).anyMatch(r -> r.startsWith("GPQA Diamond (public, GPQA Diamond): down-weighted"));
            // the private suite's latest rotation is November's, 20 % carried over: credible
            GateDecision.CheckResult priv = g.decision().checks().get(2);
            assertThat(priv.source()).contains("rotation 2026-11-01, 20 % of items from earlier rotations");
            assertThat(priv.downWeighted()).isNull();

            // the same file twice is refused, nothing half-written; another project sees nothing
            List<Observations> again = DemoGateData.observations().subList(0, 2);
            assertThatThrownBy(() -> ws.gate().importObservations(demo.id(), again, false)).hasMessageContaining("already imported");
            assertThat(ws.gate().observations(demo.id())).hasSize(DemoGateData.observations().size());
            Project other = ws.projects().create("Other", "");
            assertThatThrownBy(() -> GateCase.decide(ws, other.id(), null, null)).hasMessageContaining("no gate policy");
            assertThat(ws.gate().deleteSource(demo.id(), "replay-2026-11-20.jsonl")).isEqualTo(8);
            assertThat(GateCase.decide(ws, demo.id(), null, null).decision().checks().get(4).status()).isEqualTo("missing");
        }
    }

    @Test
    void anItemTwiceInOneImportIsRefusedSoThatItCannotCountTwice() {
        try (Workspace ws = Workspace.openOrCreate(tmp.resolve("default"))) {
            Project p = ws.projects().create("Gate", "");
            Observations twice = new Observations(GatePolicy.Layer.PRIVATE, "accuracy", "m", List.of("q1", "q2", "q1"), new double[] {1, 0, 1},
                    "suite.csv", null);
            assertThatThrownBy(() -> ws.gate().importObservations(p.id(), List.of(twice), false))
                    .isInstanceOf(WorkspaceException.class).hasMessage("suite.csv: 'q1' appears twice for m, private accuracy");
            assertThat(ws.gate().observations(p.id())).isEmpty();
        }
    }
}
