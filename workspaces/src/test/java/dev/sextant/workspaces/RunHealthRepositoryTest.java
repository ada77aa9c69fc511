package dev.sextant.workspaces;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.project.Project;
import dev.sextant.model.runhealth.AnalysisSettings;
import dev.sextant.model.runhealth.DemoRunHealth;
import dev.sextant.model.runhealth.MetricSeries;
import dev.sextant.model.runhealth.TrainingLog;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunHealthRepositoryTest {

    @TempDir
    Path tmp;

    @Test
    void theDemoRunAndStudyAreSeededAndALogComesBackBitForBit() {
        try (Workspace ws = Workspace.openOrCreate(tmp.resolve("default"))) {
            Project demo = ws.projects().list().get(0);
            SavedTrainingLog seeded = ws.trainingLogs().list(demo.id()).get(0);
            assertThat(seeded.demo()).isTrue();
            assertThat(seeded.name()).isEqualTo(DemoRunHealth.LOG_NAME);
            assertThat(seeded.restarts()).isEqualTo(1);
            assertThat(seeded.points()).isEqualTo(3000);
            assertThat(seeded.metrics()).startsWith("loss", "grad_norm");
            TrainingLog back = ws.trainingLogs().load(seeded.id());
            TrainingLog original = DemoRunHealth.log();
            for (MetricSeries m : original.metrics().values()) {
                MetricSeries b = back.metric(m.name()).orElseThrow();
                assertThat(b.steps()).containsExactly(m.steps());
                assertThat(b.values()).containsExactly(m.values()); // NaN included
            }
            // the analysis of what came back is the analysis of the original
            assertThat(seeded.settings().analyze(back, CancellationToken.none()).anomalies())
                    .isEqualTo(DemoRunHealth.settings()
                            .analyze(original, CancellationToken.none())
                            .anomalies());
            assertThat(ws.failureStudies().list(demo.id())).singleElement().satisfies(s -> {
                assertThat(s.study().scenario()).isEqualTo(DemoRunHealth.scenario());
                assertThat(s.study().goodput()).isBetween(0.5, 1.0);
                assertThat(s.seed()).isEqualTo(DemoRunHealth.STUDY_SEED);
            });

            Project p = ws.projects().create("Runs", "");
            TrainingLog tiny = new TrainingLog(
                    "jsonl",
                    Map.of("loss", new MetricSeries("loss", new long[] {1, 2, 5}, new double[] {3, Double.NaN, 2})),
                    List.of("a.jsonl"),
                    0);
            var id = ws.trainingLogs().save(p.id(), "tiny", tiny, AnalysisSettings.DEFAULT, false);
            ws.trainingLogs()
                    .updateSettings(id, AnalysisSettings.DEFAULT.withGpus(64).withCheckpointEvery(100L));
            SavedTrainingLog kept = ws.trainingLogs().list(p.id()).get(0);
            assertThat(kept.settings().gpus()).isEqualTo(64);
            assertThat(kept.settings().checkpointEvery()).isEqualTo(100L);
            assertThat(ws.trainingLogs().load(id).metric("loss").orElseThrow().steps())
                    .containsExactly(1, 2, 5);
            assertThatThrownBy(() -> ws.trainingLogs().save(p.id(), " ", tiny, AnalysisSettings.DEFAULT, false))
                    .hasMessageContaining("needs a name");
            ws.trainingLogs().delete(id);
            assertThat(ws.trainingLogs().list(p.id())).isEmpty();
        }
    }
}
