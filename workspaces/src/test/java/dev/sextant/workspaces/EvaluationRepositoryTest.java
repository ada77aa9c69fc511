package dev.sextant.workspaces;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sextant.model.evaluation.Battle;
import dev.sextant.model.evaluation.BenchmarkWeight;
import dev.sextant.model.evaluation.EvaluationEvidence;
import dev.sextant.model.evaluation.EvidenceFile;
import dev.sextant.model.evaluation.EvidenceFile.Kind;
import dev.sextant.model.evaluation.ItemDate;
import dev.sextant.model.evaluation.ItemScore;
import dev.sextant.model.evaluation.ModelCutoff;
import dev.sextant.model.evaluation.ModelScore;
import dev.sextant.model.evaluation.ReportedResult;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.CancelledException;
import dev.sextant.model.job.ProgressListener;
import dev.sextant.model.project.Project;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EvaluationRepositoryTest {

    @TempDir
    Path tmp;

    static List<EvidenceFile> files() {
        List<ItemScore> items = new ArrayList<>();
        for (int i = 0; i < 2500; i++) {
            items.add(new ItemScore(
                    "A",
                    "gsm8k",
                    "q" + i,
                    i % 2,
                    i % 10 == 0 ? "p" + i : null,
                    i % 3 == 0 ? 1 : null,
                    i % 4 == 0 ? 0.7 : null,
                    null,
                    i % 5 == 0 ? 42L : null));
        }
        return List.of(
                EvidenceFile.of(Kind.ITEM_SCORES, "items.csv", "/data/items.csv", items, null),
                EvidenceFile.of(
                                Kind.REPORTED,
                                "results.json",
                                "/data/results.json",
                                List.of(new ReportedResult("A", "arc", "acc,none", 0.8, null, 2376, "random_seed=0")),
                                null)
                        .withRunDate(LocalDate.of(2024, 5, 29)),
                EvidenceFile.of(
                        Kind.BATTLES,
                        "battles.jsonl",
                        "/data/battles.jsonl",
                        List.of(new Battle("A", "B", Battle.Winner.TIE_BOTHBAD, "q1", "coding")),
                        null),
                EvidenceFile.of(
                        Kind.WEIGHTS,
                        "w.csv",
                        "/data/w.csv",
                        List.of(new BenchmarkWeight(
                                "gsm8k", 1, "math", "grade school", LocalDate.of(2021, 10, 1), null, 0.25, "openai")),
                        null),
                EvidenceFile.of(
                        Kind.MODEL_SCORES,
                        "s.csv",
                        "/data/s.csv",
                        List.of(new ModelScore("A", "gsm8k", 0.5, null, 812.5)),
                        null),
                EvidenceFile.of(Kind.MIX, "mix.csv", "/data/mix.csv", List.of(), Map.of("math", 1.0)),
                EvidenceFile.of(
                        Kind.ITEM_DATES,
                        "dates.csv",
                        "/data/dates.csv",
                        List.of(
                                new ItemDate("gsm8k", "q1", LocalDate.of(2021, 3, 1)),
                                new ItemDate(null, "q2", LocalDate.of(2023, 3, 1))),
                        null),
                EvidenceFile.of(
                        Kind.CUTOFFS,
                        "cutoffs.csv",
                        "/data/cutoffs.csv",
                        List.of(new ModelCutoff("A", LocalDate.of(2023, 12, 31))),
                        null));
    }

    @Test
    void importLoadRoundTripAndCascadeOnDelete() {
        try (Workspace ws = Workspace.create(tmp.resolve("ws"))) {
            Project p = ws.projects().create("Eval", "");
            List<Double> progress = new ArrayList<>();
            List<EvidenceSource> sources = ws.evaluation()
                    .importFiles(p.id(), files(), false, (f, m) -> progress.add(f), CancellationToken.none());
            assertThat(sources).hasSize(8);
            assertThat(sources.get(0).rows()).isEqualTo(2500);
            assertThat(sources.get(1).runDate()).isEqualTo(LocalDate.of(2024, 5, 29));
            assertThat(progress).isNotEmpty().last().isEqualTo(1.0);
            EvaluationEvidence e = ws.evaluation().load(p.id());
            EvaluationEvidence expected = EvaluationEvidence.of(files());
            assertThat(e)
                    .usingRecursiveComparison()
                    .ignoringFields("dating.results")
                    .isEqualTo(expected);
            // every result file is dated: by its run where known, else by its import (a lower bound on its age)
            LocalDate today = LocalDate.now(ZoneOffset.UTC);
            assertThat(e.dating().results())
                    .extracting(d -> d.source() + "/" + d.benchmark() + "/" + d.run())
                    .containsExactly(
                            "items.csv/gsm8k/false",
                            "results.json/arc/true",
                            "battles.jsonl/arena/false",
                            "s.csv/gsm8k/false");
            assertThat(e.dating().results().get(1).date()).isEqualTo(LocalDate.of(2024, 5, 29));
            assertThat(e.dating().results().get(0).date()).isBetween(today.minusDays(1), today);
            assertThat(e.dating().itemsOf("gsm8k"))
                    .containsEntry("q1", LocalDate.of(2021, 3, 1))
                    .containsEntry("q2", LocalDate.of(2023, 3, 1));
            assertThat(e.scores().get(0).tokens()).isEqualTo(812.5);
            assertThat(ws.evaluation().sources(p.id()))
                    .extracting(EvidenceSource::kind)
                    .containsExactlyInAnyOrder(Kind.values());

            ws.evaluation().deleteSource(sources.get(0).id());
            assertThat(ws.evaluation().load(p.id()).items()).isEmpty();
            ws.projects().delete(p.id());
            long rows = ws.read(c -> {
                try (var rs = c.createStatement()
                        .executeQuery(
                                "SELECT (SELECT COUNT(*) FROM EVAL_SOURCE) + (SELECT COUNT(*) FROM EVAL_REPORTED)")) {
                    rs.next();
                    return rs.getLong(1);
                }
            });
            assertThat(rows).isZero();
        }
    }

    @Test
    void theSameItemsCannotBeImportedTwice() {
        try (Workspace ws = Workspace.create(tmp.resolve("ws"))) {
            Project p = ws.projects().create("Eval", "");
            List<EvidenceFile> once = List.of(files().get(0));
            ws.evaluation().importFiles(p.id(), once, false, ProgressListener.NONE, CancellationToken.none());
            assertThatThrownBy(() -> ws.evaluation()
                            .importFiles(p.id(), once, false, ProgressListener.NONE, CancellationToken.none()))
                    .isInstanceOf(WorkspaceException.class)
                    .hasMessage(
                            "items.csv: item 'q0' sample 1 of model 'A' on 'gsm8k' is already in this project (from items.csv); "
                                    + "remove that source first to replace it");
            assertThat(ws.evaluation().sources(p.id())).hasSize(1);
        }
    }

    @Test
    void reportedResultsAndBattlesCannotBeImportedTwiceEither() {
        try (Workspace ws = Workspace.create(tmp.resolve("ws"))) {
            Project p = ws.projects().create("Eval", "");
            List<EvidenceFile> once = List.of(files().get(1), files().get(2));
            ws.evaluation().importFiles(p.id(), once, false, ProgressListener.NONE, CancellationToken.none());
            assertThatThrownBy(() -> ws.evaluation()
                            .importFiles(
                                    p.id(),
                                    List.of(EvidenceFile.of(
                                            Kind.REPORTED,
                                            "rerun.json",
                                            "/data/rerun.json",
                                            List.of(new ReportedResult(
                                                    "A", "arc", "acc,none", 0.9, null, 2376, "random_seed=1")),
                                            null)),
                                    false,
                                    ProgressListener.NONE,
                                    CancellationToken.none()))
                    .isInstanceOf(WorkspaceException.class)
                    .hasMessage(
                            "rerun.json: the result of model 'A' on 'arc' (acc,none) is already in this project (from results.json); "
                                    + "remove that source first to replace it");
            assertThatThrownBy(() -> ws.evaluation()
                            .importFiles(
                                    p.id(),
                                    List.of(files().get(2)),
                                    false,
                                    ProgressListener.NONE,
                                    CancellationToken.none()))
                    .isInstanceOf(WorkspaceException.class)
                    .hasMessage("battles.jsonl: these battles are already in this project (imported as battles.jsonl); "
                            + "remove that source first to replace it");
            assertThat(ws.evaluation().load(p.id()).battles()).hasSize(1);
        }
    }

    @Test
    void theLatestTableOfAKindWins() {
        try (Workspace ws = Workspace.create(tmp.resolve("ws"))) {
            Project p = ws.projects().create("Eval", "");
            ws.evaluation()
                    .importFiles(
                            p.id(),
                            List.of(EvidenceFile.of(Kind.MIX, "old.csv", "o", List.of(), Map.of("math", 1.0))),
                            false,
                            ProgressListener.NONE,
                            CancellationToken.none());
            ws.evaluation()
                    .importFiles(
                            p.id(),
                            List.of(EvidenceFile.of(Kind.MIX, "new.csv", "n", List.of(), Map.of("coding", 1.0))),
                            false,
                            ProgressListener.NONE,
                            CancellationToken.none());
            assertThat(ws.evaluation().load(p.id()).mix()).containsOnlyKeys("coding");
        }
    }

    @Test
    void aCancelledImportLeavesNothing() {
        try (Workspace ws = Workspace.create(tmp.resolve("ws"))) {
            Project p = ws.projects().create("Eval", "");
            CancellationToken cancel = new CancellationToken();
            assertThatThrownBy(() ->
                            ws.evaluation().importFiles(p.id(), files(), false, (f, m) -> cancel.cancel(), cancel))
                    .isInstanceOf(CancelledException.class);
            assertThat(ws.evaluation().sources(p.id())).isEmpty();
            assertThat(ws.evaluation().load(p.id()).isEmpty()).isTrue();
        }
    }
}
