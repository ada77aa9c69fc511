package dev.sextant.model.contamination;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.sextant.model.contamination.ScanResult.ItemResult;
import dev.sextant.model.contamination.ScanResult.Status;
import dev.sextant.model.evaluation.ItemScore;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CleanSubsetRescoreTest {

    static ItemResult item(String id, Status s) {
        return new ItemResult("gsm", id, 20, 8, s == Status.CLEAN ? 0 : 8, s == Status.CLEAN ? 0 : 1, 0, s, List.of());
    }

    @Test
    void cleanAllAndContaminatedMeansByHand() {
        List<ItemResult> items = new ArrayList<>();
        List<ItemScore> scores = new ArrayList<>();
        // items 0-5 clean (scores 1,0,1,0,1,0), 6-7 dirty (1,1), 8 partial (1), 9 not checkable (0), 10 unscanned
        double[] s = {1, 0, 1, 0, 1, 0, 1, 1, 1, 0, 1};
        for (int i = 0; i < s.length; i++) {
            Status st = i < 6 ? Status.CLEAN : i < 8 ? Status.DIRTY : i == 8 ? Status.PARTIAL : Status.NOT_CHECKABLE;
            if (i < 10) {
                items.add(item("q" + i, st));
            }
            scores.add(new ItemScore("A", "gsm", "q" + i, s[i], null, null, null, null, null));
        }
        ScanResult scan = new ScanResult(items, null);
        CleanSubsetRescore.Row r = CleanSubsetRescore.rescore(scan, scores).get(0);
        assertThat(r.all().n()).isEqualTo(10);
        assertThat(r.all().mean()).isEqualTo(0.6);
        assertThat(r.clean().n()).isEqualTo(6);
        assertThat(r.clean().mean()).isEqualTo(0.5);
        // clean SE: sd of 1,0,1,0,1,0 = sqrt(0.3) → SE sqrt(0.3/6)
        assertThat(r.clean().ciHigh()).isCloseTo(0.5 + 1.959964 * Math.sqrt(0.3 / 6), within(1e-6));
        assertThat(r.contaminated().n()).isEqualTo(3);
        assertThat(r.contaminated().mean()).isEqualTo(1.0);
        assertThat(r.dirty().n()).isEqualTo(2);
        assertThat(r.difference()).isCloseTo(-0.1, within(1e-12));
        assertThat(r.unmatchedItems()).isEqualTo(1);
        // contaminated 1,1,1: 3 of 3, so Wilson's interval, not the CLT's [1, 1]: lower bound n/(n +
        // z²) = 3/6.841459 = 0.43850 (hand calculation); its SE (1 − 0.43850)/(2z) = 0.14324 against
        // clean .5 (SE sqrt(.05)): z = .5/.26555 = 1.883, p = .060 — three items all right are not
        // evidence of inflation (with SE 0 they were: p = .025)
        assertThat(r.contaminated().ciLow()).isCloseTo(0.43850, within(1e-5));
        assertThat(r.contaminated().ciHigh()).isEqualTo(1.0);
        assertThat(r.verdict())
                .isEqualTo(
                        "3 contaminated items score 1.000, clean ones 0.500 (p = 0.0597): no significant difference, "
                                + "no sign of inflation");
    }

    @Test
    void withoutContaminationTheScoreStands() {
        ScanResult scan = new ScanResult(List.of(item("a", Status.CLEAN), item("b", Status.CLEAN)), null);
        List<ItemScore> scores = List.of(
                new ItemScore("M", "gsm", "a", 1, null, null, null, null, null),
                new ItemScore("M", "gsm", "b", 0, null, null, null, null, null),
                new ItemScore("M", "other", "a", 1, null, null, null, null, null));
        List<CleanSubsetRescore.Row> rows = CleanSubsetRescore.rescore(scan, scores);
        assertThat(rows).singleElement().satisfies(r -> {
            assertThat(r.verdict()).isEqualTo("no contaminated items: the score stands as it is");
            assertThat(r.contaminated().mean()).isNull();
            assertThat(r.difference()).isZero();
        });
    }
}
