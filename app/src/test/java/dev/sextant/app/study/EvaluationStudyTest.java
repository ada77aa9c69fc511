package dev.sextant.app.study;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sextant.model.evaluation.CompositeIndexSpec;
import dev.sextant.model.evaluation.EvaluationEvidence;
import dev.sextant.model.evaluation.ScoreSummary;
import dev.sextant.model.evaluation.ScoreSummarySpec;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import dev.sextant.model.project.Project;
import dev.sextant.workspaces.EvidenceSource;
import dev.sextant.workspaces.Workspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Evaluation evidence read, kept and analysed once for the Evaluation area and the eval commands, over a real workspace. */
class EvaluationStudyTest {

    @TempDir
    Path tmp;

    static final EvaluationStudy.Settings SETTINGS =
            new EvaluationStudy.Settings(ScoreSummarySpec.CiMethod.CLT, 1000, 200, 100, 50, 7);

    /** What the Evaluation area shows is what each eval command computes from the same evidence and settings. */
    @Test
    void theAreasAnalysesAreTheCommandsAnswersForTheSameSettings() {
        try (Workspace ws = Workspace.openOrCreate(tmp.resolve("default"))) {
            Project demo = ws.projects().list().get(0);
            EvaluationStudy study = new EvaluationStudy(ws, demo.id());
            EvaluationEvidence e = study.evidence();
            EvaluationStudy.Analyses shown = EvaluationStudy.analyse(
                    e, study.scans(), SETTINGS, ProgressListener.NONE, CancellationToken.none());
            assertThat(shown.notes()).isEmpty();

            // eval summary --ci clt --seed 7 --alpha 0.05
            List<ScoreSummary> summary = EvaluationStudy.summaries(
                    e,
                    new ScoreSummarySpec(ScoreSummarySpec.CiMethod.CLT, 1000, 7, 0.05),
                    ProgressListener.NONE,
                    CancellationToken.none());
            assertThat(shown.summaries()).hasSize(6).isEqualTo(summary);
            // eval index --samples 200 --concentration 100 --top-k 3 --seed 7 (raw, the project's tables)
            EvaluationStudy.IndexTables tables = EvaluationStudy.indexTables(null, null, null, e);
            assertThat(tables.mix()).isEqualTo(e.mix()).isNotNull();
            assertThat(shown.index())
                    .usingRecursiveComparison()
                    .isEqualTo(EvaluationStudy.index(
                            new CompositeIndexSpec(
                                    tables.weights(),
                                    tables.scores(),
                                    CompositeIndexSpec.Normalization.RAW,
                                    null,
                                    tables.mix(),
                                    200,
                                    100,
                                    3,
                                    7),
                            ProgressListener.NONE,
                            CancellationToken.none()));
            // eval arena --bootstrap 50 --seed 7
            assertThat(shown.arena())
                    .usingRecursiveComparison()
                    .isEqualTo(EvaluationStudy.arena(
                            e.battles(), 50, 7, null, 1000, ProgressListener.NONE, CancellationToken.none()));
            assertThat(shown.arena().models()).hasSize(5);
            // eval scorecard, with the project's complete scans
            assertThat(shown.scorecard())
                    .usingRecursiveComparison()
                    .isEqualTo(EvaluationStudy.scorecard(
                            e, study.scans(), LocalDate.now(), ProgressListener.NONE, CancellationToken.none()));
            // eval compare at the area's confidence
            List<String> models =
                    e.items().stream().map(i -> i.model()).distinct().sorted().toList();
            assertThat(EvaluationStudy.compare(e, models.get(0), models.get(1), "GPQA Diamond", EvaluationStudy.ALPHA)
                            .n())
                    .isEqualTo(198);
        }
    }

    @Test
    void filesAreReadWithTheirNotesThenKeptInTheProjectAndRemoved() throws Exception {
        Path f = Files.writeString(
                tmp.resolve("scores.csv"), "model,benchmark,item_id,score\nA,b,1,1\nA,b,2,0\nB,b,1,1\nB,b,2,1\n");
        try (Workspace ws = Workspace.create(tmp.resolve("ws"))) {
            Project p = ws.projects().create("Mine", "");
            EvaluationStudy study = new EvaluationStudy(ws, p.id());
            assertThat(study.evidence().isEmpty()).isTrue();
            EvaluationStudy.Read read = EvaluationStudy.read(List.of(f), null, null, null);
            assertThat(read.evidence().items()).hasSize(4);
            List<EvidenceSource> sources = study.importFiles(read, ProgressListener.NONE, CancellationToken.none());
            assertThat(sources).singleElement().satisfies(s -> assertThat(s.rows())
                    .isEqualTo(4));
            assertThat(study.sources()).isEqualTo(sources);
            assertThat(study.evidence().items())
                    .containsExactlyInAnyOrderElementsOf(read.evidence().items());
            assertThat(study.scans()).isEmpty();
            study.deleteSource(sources.get(0).id());
            assertThat(study.evidence().isEmpty()).isTrue();
        }
    }

    @Test
    void indexTablesComeFromTheFilesGivenElseTheProject() throws Exception {
        Path w = Files.writeString(tmp.resolve("w.csv"), "benchmark,weight,category\nmmlu,2,knowledge\ngsm8k,1,math\n");
        Path s = Files.writeString(
                tmp.resolve("s.csv"), "model,benchmark,score\nA,mmlu,0.8\nA,gsm8k,0.6\nB,mmlu,0.7\nB,gsm8k,0.9\n");
        EvaluationStudy.IndexTables fromFiles = EvaluationStudy.indexTables(w, s, null, null);
        assertThat(fromFiles.weights()).hasSize(2);
        assertThat(fromFiles.scores()).hasSize(4);
        assertThat(fromFiles.mix()).as("no mix file and no project: no mix").isNull();
        try (Workspace ws = Workspace.openOrCreate(tmp.resolve("default"))) {
            EvaluationEvidence stored =
                    new EvaluationStudy(ws, ws.projects().list().get(0).id()).evidence();
            EvaluationStudy.IndexTables mixed = EvaluationStudy.indexTables(w, null, null, stored);
            assertThat(mixed.weights()).isEqualTo(fromFiles.weights());
            assertThat(mixed.scores()).isEqualTo(stored.scores());
            assertThat(mixed.mix()).isEqualTo(stored.mix());
        }
    }
}
