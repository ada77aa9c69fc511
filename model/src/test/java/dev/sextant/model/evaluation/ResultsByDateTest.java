package dev.sextant.model.evaluation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ResultsByDateTest {

    static ItemScore s(String item, double score) {
        return new ItemScore("m", "lcb", item, score, null, null, null, null, null);
    }

    /**
     * By hand: before the cut-off 4 items scoring 1, 1, 1, 0 (mean 0.75, sample variance 0.25, SE √(0.25/4) = 0.25);
     * after it 4 items 1, 0, 0, 0 (mean 0.25, SE 0.25); after − before = −0.5, SE √(0.25² + 0.25²) = 0.35355, 95 % interval
     * −0.5 ± 1.95996 × 0.35355 = [−1.19296, 0.19296]. An item dated on the cut-off day is before it; one answered twice
     * (1 and 0) counts as 0.5.
     */
    @Test
    void accuracyBeforeAndAfterTheCutOffByHand() {
        List<ItemScore> scores = new ArrayList<>(
                List.of(s("a", 1), s("b", 1), s("c", 1), s("d", 0), s("e", 1), s("f", 0), s("g", 0), s("h", 0)));
        Map<String, LocalDate> dates = new LinkedHashMap<>();
        for (String i : List.of("a", "b", "c")) {
            dates.put(i, LocalDate.of(2024, 3, 1));
        }
        dates.put("d", LocalDate.of(2024, 6, 30)); // on the cut-off: before
        for (String i : List.of("e", "f", "g", "h")) {
            dates.put(i, LocalDate.of(2024, 9, 1));
        }
        ResultsByDate.Result r = ResultsByDate.of("m", "lcb", scores, dates, LocalDate.of(2024, 6, 30), false);
        assertThat(r.before().n()).isEqualTo(4);
        assertThat(r.before().mean()).isEqualTo(0.75);
        assertThat(r.after().mean()).isEqualTo(0.25);
        assertThat(r.difference().value()).isCloseTo(-0.5, within(1e-12));
        assertThat(r.difference().low()).isCloseTo(-1.19296, within(1e-5));
        assertThat(r.difference().high()).isCloseTo(0.19296, within(1e-5));
        assertThat(r.notes()).anyMatch(n -> n.contains("fewer than 30"));
        assertThat(r.months()).extracting(ResultsByDate.Month::month).containsExactly("2024-03", "2024-06", "2024-09");
        assertThat(r.months()).extracting(ResultsByDate.Month::mean).containsExactly(1.0, 0.0, 0.25);
        // an item answered twice counts by its mean; an undated one is refused, or left out and counted when asked
        scores.add(s("e", 0));
        assertThat(ResultsByDate.of("m", "lcb", scores, dates, LocalDate.of(2024, 6, 30), false)
                        .after()
                        .mean())
                .isCloseTo((0.5 + 0 + 0 + 0) / 4, within(1e-12));
        scores.add(s("z", 1));
        assertThatThrownBy(() -> ResultsByDate.of("m", "lcb", scores, dates, LocalDate.of(2024, 6, 30), false))
                .hasMessageContaining("1 of the 9 scored items have no date (e.g. z)");
        assertThat(ResultsByDate.of("m", "lcb", scores, dates, LocalDate.of(2024, 6, 30), true)
                        .undated())
                .isEqualTo(1);
        assertThatThrownBy(() -> ResultsByDate.of("m", "lcb", scores, dates, LocalDate.of(2025, 1, 1), true))
                .hasMessageContaining("leaves 8 items before and 0 after");
    }
}
