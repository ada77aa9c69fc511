package dev.sextant.model.evaluation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sextant.model.contamination.ScanResult;
import dev.sextant.model.evaluation.Scorecard.Grade;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CredibilityAssessorTest {

    static Scorecard.Check check(Scorecard card, String benchmark, String dimension, String name) {
        return card.benchmarks().stream()
                .filter(b -> b.benchmark().equals(benchmark))
                .findFirst()
                .orElseThrow()
                .dimensions()
                .stream()
                .filter(d -> d.name().equals(dimension))
                .findFirst()
                .orElseThrow()
                .checks()
                .stream()
                .filter(c -> c.name().equals(name))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void gradesComeWithTheirEvidence() {
        List<BenchmarkWeight> weights = List.of(
                new BenchmarkWeight("mmlu", 2, "knowledge", null, LocalDate.of(2020, 9, 1), null, 0.0, null),
                new BenchmarkWeight(
                        "livebench", 1, "math", null, LocalDate.of(2024, 6, 1), LocalDate.of(2026, 6, 1), 0.3, null),
                new BenchmarkWeight("humaneval", 1, "coding", null, null, null, null, null));
        Map<String, Double> mix = new LinkedHashMap<>();
        mix.put("coding", 0.7);
        mix.put("math", 0.2);
        mix.put("knowledge", 0.1);
        List<ItemScore> items = new ArrayList<>();
        for (int i = 0; i < 150; i++) {
            items.add(new ItemScore("A", "livebench", "q" + i, i % 2, null, null, 0.0, 1.0, 7L));
        }
        List<ReportedResult> reported =
                List.of(new ReportedResult("A", "mmlu", "acc,none", 0.8, null, 14042, "undisclosed"));
        List<ModelScore> scores = List.of(
                new ModelScore("A", "mmlu", 0.8, null),
                new ModelScore("A", "livebench", 0.5, null),
                new ModelScore("A", "humaneval", 0.6, null),
                new ModelScore("B", "mmlu", 0.7, null),
                new ModelScore("B", "livebench", 0.6, null),
                new ModelScore("B", "humaneval", 0.8, null));
        EvaluationEvidence e = new EvaluationEvidence(items, reported, List.of(), weights, scores, mix);
        Scorecard card = CredibilityAssessor.assess(
                e, LocalDate.of(2026, 11, 29), ProgressListener.NONE, CancellationToken.none());

        // index categories .5/.25/.25 vs mix .1/.2/.7: TV .45 → poor
        Scorecard.Dimension index = card.index().get(0);
        assertThat(index.grade()).isEqualTo(Grade.POOR);
        assertThat(index.checks().get(0).evidence()).startsWith("total variation 0.45");
        // mmlu: index 50% vs mix 10% → 5× → poor; humaneval 25% vs 70% → poor; livebench 25% vs 20% → good
        assertThat(check(card, "mmlu", Scorecard.WEIGHTING, "weight versus your mix")
                        .grade())
                .isEqualTo(Grade.POOR);
        assertThat(check(card, "mmlu", Scorecard.WEIGHTING, "weight versus your mix")
                        .evidence())
                .contains("5.0×");
        assertThat(check(card, "livebench", Scorecard.WEIGHTING, "weight versus your mix")
                        .grade())
                .isEqualTo(Grade.GOOD);
        // mmlu released 2020-09 → 74 months → poor; livebench refreshed 2026-06 → 5 months → good
        assertThat(check(card, "mmlu", Scorecard.TIMELINESS, "age").grade()).isEqualTo(Grade.POOR);
        assertThat(check(card, "mmlu", Scorecard.TIMELINESS, "age").evidence()).startsWith("74 months since release");
        assertThat(check(card, "livebench", Scorecard.TIMELINESS, "age").grade())
                .isEqualTo(Grade.GOOD);
        assertThat(check(card, "livebench", Scorecard.TIMELINESS, "held-out items")
                        .grade())
                .isEqualTo(Grade.GOOD);
        assertThat(check(card, "humaneval", Scorecard.TIMELINESS, "age").grade())
                .isEqualTo(Grade.UNKNOWN);
        // reproducibility: mmlu reported without SE and config → poor; livebench 150 items, one sample → fair
        assertThat(check(card, "mmlu", Scorecard.REPRODUCIBILITY, "confidence interval")
                        .grade())
                .isEqualTo(Grade.POOR);
        assertThat(check(card, "mmlu", Scorecard.REPRODUCIBILITY, "items").grade())
                .isEqualTo(Grade.GOOD);
        assertThat(check(card, "livebench", Scorecard.REPRODUCIBILITY, "items").grade())
                .isEqualTo(Grade.FAIR);
        assertThat(check(card, "livebench", Scorecard.REPRODUCIBILITY, "sampling configuration")
                        .evidence())
                .contains("temperature=0, top_p=1, seed=7");
        assertThat(card.benchmarks().get(0).dimensions().get(2).grade())
                .as("worst known check")
                .isEqualTo(Grade.POOR);
    }

    @Test
    void aScanFeedsTheContaminationCheck() {
        List<ScanResult.ItemResult> items = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            var st = i < 2
                    ? ScanResult.Status.DIRTY
                    : i < 4
                            ? ScanResult.Status.PARTIAL
                            : i < 10 ? ScanResult.Status.NOT_CHECKABLE : ScanResult.Status.CLEAN;
            items.add(new ScanResult.ItemResult("arc", "q" + i, 20, 8, 0, 0, 0, st, List.of()));
        }
        var scan = new ScanResult(items, null);
        EvaluationEvidence e = new EvaluationEvidence(
                List.of(),
                List.of(new ReportedResult("A", "arc", "acc", 0.5, 0.01, 100, "random_seed=0")),
                List.of(),
                null,
                null,
                null);
        Scorecard card = CredibilityAssessor.assess(
                e, List.of(scan), LocalDate.of(2026, 1, 1), ProgressListener.NONE, CancellationToken.none());
        Scorecard.Check c = check(card, "arc", Scorecard.TIMELINESS, "contamination scan");
        // 2 dirty of 94 checkable is more than 1%: poor
        assertThat(c.grade()).isEqualTo(Grade.POOR);
        assertThat(c.evidence()).startsWith("2 of 94 checkable items dirty, 2 partial; 6 not checkable");
    }

    @Test
    void withoutTablesEverythingIsUnknownNotGood() {
        EvaluationEvidence e = new EvaluationEvidence(
                List.of(),
                List.of(new ReportedResult("A", "arc", "acc", 0.5, 0.01, null, "random_seed=0")),
                List.of(),
                null,
                null,
                null);
        Scorecard card = CredibilityAssessor.assess(
                e, LocalDate.of(2026, 1, 1), ProgressListener.NONE, CancellationToken.none());
        assertThat(card.index().get(0).grade()).isEqualTo(Grade.UNKNOWN);
        assertThat(card.benchmarks().get(0).dimensions().get(0).grade()).isEqualTo(Grade.UNKNOWN);
        assertThat(check(card, "arc", Scorecard.REPRODUCIBILITY, "items").grade())
                .isEqualTo(Grade.UNKNOWN);
    }
}
