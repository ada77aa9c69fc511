package dev.sextant.model.evaluation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ScoreSummarizerTest {

    static ItemScore item(String model, String item, double score, String cluster, Integer sample, Double temperature) {
        return new ItemScore(model, "bench", item, score, cluster, sample, temperature, null, null);
    }

    @Test
    void summaryOfClusteredBinaryItems() {
        List<ItemScore> s = List.of(
                item("A", "1", 1, "p1", null, null),
                item("A", "2", 0, "p1", null, null),
                item("A", "3", 1, "p2", null, null),
                item("A", "4", 1, "p2", null, null));
        ScoreSummary r = ScoreSummarizer.summarize(
                        s, ScoreSummarySpec.defaults(), ProgressListener.NONE, CancellationToken.none())
                .get(0);
        assertThat(r.n()).isEqualTo(4);
        assertThat(r.mean()).isEqualTo(0.75);
        assertThat(r.se()).isCloseTo(0.25, within(1e-12));
        assertThat(r.seClustered()).isCloseTo(Math.sqrt(0.046875), within(1e-12));
        assertThat(r.method()).isEqualTo("clt-clustered");
        assertThat(r.ciLow()).isCloseTo(0.75 - 1.959964 * Math.sqrt(0.046875), within(1e-6));
        assertThat(r.wilsonLow()).isNotNull();
        assertThat(r.flags())
                .anyMatch(f -> f.startsWith("fewer than 100 items"))
                .anyMatch(f -> f.contains("not disclosed"));
    }

    /**
     * Issue 33, part 4: 0 of 20 and 20 of 20. Wilson's upper bound at p̂ = 0 is z²/(n + z²) = 3.8415/23.8415 = 0.16112
     * (hand calculation; Brown, Cai and DasGupta 2001, eq. 4), the lower bound at p̂ = 1 is n/(n + z²) = 0.83888.
     */
    @Test
    void zeroOfNAndNOfNGetWilsonsIntervalNotThePoint() {
        for (ScoreSummarySpec.CiMethod ci : ScoreSummarySpec.CiMethod.values()) {
            for (double v : new double[] {0, 1}) {
                List<ItemScore> s = new ArrayList<>();
                for (int i = 0; i < 20; i++) {
                    s.add(item("A", "q" + i, v, null, null, null));
                }
                ScoreSummary r = ScoreSummarizer.summarize(
                                s,
                                new ScoreSummarySpec(ci, 200, 3, 0.05),
                                ProgressListener.NONE,
                                CancellationToken.none())
                        .get(0);
                assertThat(r.method()).isEqualTo("wilson");
                if (v == 0) {
                    assertThat(r.ciLow()).isEqualTo(0);
                    assertThat(r.ciHigh()).isCloseTo(0.16112, within(1e-5));
                } else {
                    assertThat(r.ciLow()).isCloseTo(0.83888, within(1e-5));
                    assertThat(r.ciHigh()).isEqualTo(1);
                }
                assertThat(r.flags())
                        .anySatisfy(f ->
                                assertThat(f).contains("interval by Wilson").contains("width 0.1611"));
            }
        }
    }

    @Test
    void repeatedSamplesAreAveragedPerItemAndDecomposed() {
        List<ItemScore> s = List.of(
                item("A", "1", 1, null, 0, 0.7),
                item("A", "1", 0, null, 1, 0.7),
                item("A", "2", 1, null, 0, 0.7),
                item("A", "2", 1, null, 1, 0.7),
                item("A", "3", 0, null, 0, 0.7),
                item("A", "3", 0, null, 1, 0.7));
        ScoreSummary r = ScoreSummarizer.summarize(
                        s, ScoreSummarySpec.defaults(), ProgressListener.NONE, CancellationToken.none())
                .get(0);
        assertThat(r.n()).isEqualTo(3);
        assertThat(r.samplesPerItem()).isEqualTo(2);
        assertThat(r.se()).isCloseTo(Math.sqrt(0.25 / 3), within(1e-12));
        assertThat(r.resampling().withinVariance()).isCloseTo(1.0 / 6, within(1e-12));
        assertThat(r.seClustered()).isNull();
        assertThat(r.wilsonLow()).as("no Wilson interval for averaged samples").isNull();
        assertThat(r.samplingConfigs()).containsExactly("temperature=0.7");
    }

    @Test
    void spreadAcrossSamplingConfigurationsLargerThanTheGapIsFlagged() {
        List<ItemScore> s = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            // A: .80 at temperature 0, .60 at temperature 1; B sits .05 below A's mean
            s.add(item("A", "q" + i, i % 10 < 8 ? 1 : 0, null, 0, 0.0));
            s.add(item("A", "q" + i, i % 10 < 6 ? 1 : 0, null, 1, 1.0));
            s.add(item("B", "q" + i, i % 20 < 13 ? 1 : 0, null, 0, 0.0));
        }
        List<ScoreSummary> rows = ScoreSummarizer.summarize(
                s,
                new ScoreSummarySpec(ScoreSummarySpec.CiMethod.BOOTSTRAP, 500, 3, 0.05),
                ProgressListener.NONE,
                CancellationToken.none());
        ScoreSummary a =
                rows.stream().filter(r -> r.model().equals("A")).findFirst().orElseThrow();
        assertThat(a.method()).isEqualTo("bootstrap");
        assertThat(a.flags())
                .anyMatch(f -> f.startsWith("spread across sampling configurations (0.2000) is larger than the gap"));
    }

    @Test
    void pairedComparisonMatchesItemsById() {
        List<ItemScore> s = List.of(
                item("A", "1", 1, null, null, null),
                item("A", "2", 0, null, null, null),
                item("A", "3", 1, null, null, null),
                item("A", "4", 1, null, null, null),
                item("A", "5", 1, null, null, null),
                item("B", "4", 0, null, null, null),
                item("B", "3", 1, null, null, null),
                item("B", "2", 0, null, null, null),
                item("B", "1", 0, null, null, null));
        ScoreSummarizer.PairedResult r = ScoreSummarizer.compare(s, "A", "B", "bench", 0.05);
        assertThat(r.n()).isEqualTo(4);
        assertThat(r.meanDiff()).isEqualTo(0.5);
        assertThat(r.unmatchedA()).isEqualTo(1);
        assertThat(r.pValue()).isCloseTo(0.08326, within(1e-5));
    }

    @Test
    void reportedResultsWithoutStderrAreFlagged() {
        List<ScoreSummary> rows = ScoreSummarizer.fromReported(
                List.of(
                        new ReportedResult("m", "arc", "acc,none", 0.8, null, 2376, "random_seed=0"),
                        new ReportedResult("m", "gsm8k", "exact_match,strict-match", 0.5, 0.1, 50, "undisclosed")),
                0.05);
        assertThat(rows.get(0).flags()).contains("no CI disclosed by the source");
        assertThat(rows.get(0).ciLow()).isNull();
        assertThat(rows.get(1).ciLow()).isCloseTo(0.5 - 1.959964 * 0.1, within(1e-6));
        assertThat(rows.get(1).flags())
                .anyMatch(f -> f.startsWith("fewer than 100 items (50)"))
                .contains("sampling configuration not disclosed");
    }
}
