package dev.sextant.model.evaluation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sextant.model.evaluation.Scorecard.Grade;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DatingChecksTest {

    private static final LocalDate AS_OF = LocalDate.of(2026, 12, 6);

    @Test
    void resultsOlderThanTheThresholdAreStaleWithTheirAge() {
        List<ResultDate> dates = List.of(
                new ResultDate("results_old.json", "gsm8k", LocalDate.of(2024, 9, 1), true),
                new ResultDate("results_new.json", "gsm8k", LocalDate.of(2026, 10, 1), true));
        Scorecard.Check c = DatingChecks.resultAge("gsm8k", dates, AS_OF, 12);
        // 2024-09-01 → 2026-12-06: 27 whole months
        assertThat(c.grade()).isEqualTo(Grade.FAIR);
        assertThat(c.evidence())
                .startsWith("1 of 2 result files stale: results_old.json 27 months old (run 2024-09-01)");
        assertThat(DatingChecks.resultAge("gsm8k", dates.subList(0, 1), AS_OF, 12)
                        .grade())
                .isEqualTo(Grade.POOR);
        assertThat(DatingChecks.resultAge("gsm8k", dates, AS_OF, 36).grade()).isEqualTo(Grade.GOOD);
    }

    @Test
    void anImportDateOnlyBoundsTheAgeFromBelow() {
        // imported 2 months ago: the run may be older, so its age is unknown; imported 20 months ago: stale for sure
        List<ResultDate> recent = List.of(new ResultDate("s.csv", "mmlu", LocalDate.of(2026, 10, 1), false));
        assertThat(DatingChecks.resultAge("mmlu", recent, AS_OF, 12).grade()).isEqualTo(Grade.UNKNOWN);
        List<ResultDate> old = List.of(new ResultDate("s.csv", "mmlu", LocalDate.of(2025, 4, 1), false));
        Scorecard.Check c = DatingChecks.resultAge("mmlu", old, AS_OF, 12);
        assertThat(c.grade()).isEqualTo(Grade.POOR);
        assertThat(c.evidence()).contains("s.csv at least 20 months old (imported 2025-04-01)");
        assertThat(DatingChecks.resultAge("other", old, AS_OF, 12).grade()).isEqualTo(Grade.UNKNOWN);
    }

    /**
     * 40 items before the cut-off with 30 solved (0.75) and 40 after with 10 solved (0.25). By hand: sample variances
     * 0.1875·40/39 = 0.192308 on each side, SE of the difference √(2 · 0.192308 / 40) = 0.098058, difference −0.5 ±
     * 1.959964 · 0.098058 = −0.5 ± 0.192190 → [−0.6922, −0.3078]: a drop whose interval excludes zero.
     */
    @Test
    void aSignificantDropAfterTheCutoffIsPoor() {
        List<ItemScore> items = new ArrayList<>();
        List<ItemDate> dates = new ArrayList<>();
        for (int i = 0; i < 80; i++) {
            boolean before = i < 40;
            double score = before ? (i % 4 == 3 ? 0 : 1) : (i % 4 == 3 ? 1 : 0);
            items.add(new ItemScore("A", "lcb", "p" + i, score, null, null, null, null, null));
            dates.add(new ItemDate(
                    i % 2 == 0 ? "lcb" : null,
                    "p" + i,
                    before
                            ? LocalDate.of(2024, 1, 1).plusDays(i)
                            : LocalDate.of(2024, 9, 1).plusDays(i)));
        }
        EvaluationEvidence.Dating dating =
                new EvaluationEvidence.Dating(dates, Map.of("A", LocalDate.of(2024, 6, 30)), List.of());
        Scorecard.Check c = DatingChecks.byDate("lcb", items, dating);
        assertThat(c.grade()).isEqualTo(Grade.POOR);
        assertThat(c.evidence())
                .startsWith("A: 25.0% on 40 items after its cut-off 2024-06-30 against 75.0% on 40 before, "
                        + "difference -50.0 points (95% CI -69.2 to -30.8)");
    }

    @Test
    void withoutCutoffsOrDatesTheCheckSaysWhatIsMissing() {
        List<ItemScore> items = List.of(new ItemScore("A", "lcb", "p1", 1, null, null, null, null, null));
        assertThat(DatingChecks.byDate("lcb", items, EvaluationEvidence.Dating.NONE)
                        .evidence())
                .contains("cut-offs");
        EvaluationEvidence.Dating onlyCutoffs =
                new EvaluationEvidence.Dating(List.of(), Map.of("A", LocalDate.of(2024, 1, 1)), List.of());
        assertThat(DatingChecks.byDate("lcb", items, onlyCutoffs).evidence()).contains("no dates");
        // a cut-off that leaves one side too thin is said, not graded
        EvaluationEvidence.Dating thin = new EvaluationEvidence.Dating(
                List.of(new ItemDate(null, "p1", LocalDate.of(2023, 1, 1))),
                Map.of("A", LocalDate.of(2024, 1, 1)),
                List.of());
        Scorecard.Check c = DatingChecks.byDate("lcb", items, thin);
        assertThat(c.grade()).isEqualTo(Grade.UNKNOWN);
        assertThat(c.evidence()).contains("each side needs at least 2");
    }

    @Test
    void theScorecardCarriesTheDatingChecksAndTheMixCoverage() {
        Map<String, Double> mix = new LinkedHashMap<>();
        mix.put("code", 0.5);
        mix.put("reasoning", 0.3);
        mix.put("customer support", 0.2);
        List<ItemScore> items = List.of(
                new ItemScore("A", "humaneval", "h1", 1, null, null, null, null, null),
                new ItemScore("A", "gsm8k", "g1", 1, null, null, null, null, null));
        EvaluationEvidence.Dating dating = new EvaluationEvidence.Dating(
                List.of(), Map.of(), List.of(new ResultDate("old.json", "gsm8k", LocalDate.of(2023, 1, 1), true)));
        EvaluationEvidence e = new EvaluationEvidence(items, List.of(), List.of(), null, null, mix, dating);
        Scorecard card =
                CredibilityAssessor.assess(e, List.of(), AS_OF, 12, ProgressListener.NONE, CancellationToken.none());
        Scorecard.Check coverage = card.index().get(0).checks().stream()
                .filter(c -> c.name().equals("dimensions your mix needs"))
                .findFirst()
                .orElseThrow();
        assertThat(coverage.grade()).isEqualTo(Grade.FAIR); // 20 % unmeasured
        assertThat(coverage.evidence())
                .startsWith(
                        "20% of your mix unmeasured: customer support (no dimension) 20%; measured: code 50%, reasoning 30%");
        assertThat(CredibilityAssessorTest.check(card, "gsm8k", Scorecard.TIMELINESS, "result age")
                        .grade())
                .isEqualTo(Grade.POOR);
        assertThat(CredibilityAssessorTest.check(card, "humaneval", Scorecard.TIMELINESS, "result age")
                        .grade())
                .isEqualTo(Grade.UNKNOWN);
        assertThat(CredibilityAssessorTest.check(card, "gsm8k", Scorecard.TIMELINESS, "contamination by date")
                        .grade())
                .isEqualTo(Grade.UNKNOWN);
    }
}
