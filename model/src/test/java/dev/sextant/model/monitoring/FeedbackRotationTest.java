package dev.sextant.model.monitoring;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sextant.model.contamination.BenchmarkItem;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class FeedbackRotationTest {

    @Test
    void proportionalAllocationByLargestRemainders() {
        // 5, 3, 2 requests, 3 to draw: exact shares 1.5, 0.9, 0.6 → floors 1, 0, 0, then
        // the remainders .9 and .6 → 1, 1, 1 (by hand)
        Map<String, List<Request>> strata =
                new TreeMap<>(Map.of("a", reqs("a", 5), "b", reqs("b", 3), "c", reqs("c", 2)));
        assertThat(FeedbackRotation.allocate(strata, 3))
                .containsExactlyInAnyOrderEntriesOf(Map.of("a", 1, "b", 1, "c", 1));
        // 600, 300, 100 and 10: 6, 3, 1 exactly
        Map<String, List<Request>> big =
                new TreeMap<>(Map.of("a", reqs("a", 600), "b", reqs("b", 300), "c", reqs("c", 100)));
        assertThat(FeedbackRotation.allocate(big, 10))
                .containsExactlyInAnyOrderEntriesOf(Map.of("a", 6, "b", 3, "c", 1));
    }

    @Test
    void flaggedRequestsAndAStratifiedSampleWithoutEarlierRotationsRepeatsOrBenchmarkCopies() {
        List<Request> rs = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            String route = i % 4 == 0 ? "canary" : "stable";
            String prompt = i == 7
                    ? "Natalia sold clips to 48 of her friends in April, and then she sold half as many clips in May. How many clips did "
                            + "Natalia sell altogether in April and May?"
                    : i == 9 ? "prompt number 8" : "prompt number " + i;
            rs.add(new Request(
                    "q" + i,
                    i * 1000L,
                    Map.of("route", route),
                    10 + i % 100,
                    50,
                    Double.NaN,
                    500,
                    false,
                    "ok",
                    "stop",
                    false,
                    Map.of(),
                    prompt));
        }
        TrafficMonitor.Alert alert = new TrafficMonitor.Alert(
                0,
                60_000,
                "error_rate",
                Map.of("route", "canary"),
                0.2,
                0.01,
                new TrafficMonitor.Effect(0.19, 0.1, 0.3),
                1e-9,
                "critical",
                40,
                List.of("q0", "q4", "q7", "q8", "q12", "q4"));
        var s = new FeedbackRotation.Settings(
                LocalDate.of(2026, 12, 6),
                List.of("route"),
                100,
                42,
                Set.of("q4"),
                Set.of(FeedbackRotation.promptKey("PROMPT   number 12")));
        var gsm8k = List.of(new BenchmarkItem(
                "gsm8k",
                "0",
                "Natalia sold clips to 48 of her friends in April, and then she sold half as many clips "
                        + "in May. How many clips did Natalia sell altogether in April and May?"));
        FeedbackRotation.Result r = FeedbackRotation.build(rs, List.of(alert), s, gsm8k);
        // q4 was in an earlier rotation, q12's prompt too (same after normalisation): the alert gives q0, q7 and q8
        assertThat(r.flagged()).isEqualTo(3);
        assertThat(r.repeatsOfEarlier()).isEqualTo(2);
        assertThat(r.items().subList(0, 3))
                .extracting(FeedbackRotation.Item::requestId)
                .containsExactly("q0", "q7", "q8");
        assertThat(r.items().get(0).reason()).isEqualTo("flagged: error_rate");
        assertThat(r.sampled()).isEqualTo(100);
        assertThat(r.items())
                .extracting(FeedbackRotation.Item::requestId)
                .doesNotHaveDuplicates()
                .doesNotContain("q4", "q12");
        // the sample keeps the traffic's mix: a quarter canary (strata of 1/4 of the traffic each route × quartile)
        long canary = r.items().stream()
                .filter(i ->
                        i.reason().equals("sample") && i.segment().get("route").equals("canary"))
                .count();
        assertThat(canary).isBetween(23L, 27L);
        // q9 repeats q8's prompt: never both
        assertThat(r.items()).extracting(FeedbackRotation.Item::requestId).doesNotContain("q9");
        // a GSM8K question asked in production is marked
        assertThat(r.overlapBenchmarks()).isEqualTo(1);
        assertThat(r.items().get(1).benchmark()).isEqualTo("gsm8k/0");
        // the same seed, the same rotation
        assertThat(FeedbackRotation.build(rs, List.of(alert), s, gsm8k).items()).isEqualTo(r.items());
    }

    static List<Request> reqs(String p, int n) {
        List<Request> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(new Request(p + i, i, Map.of(), 1, 1, Double.NaN, 1, false, "ok", "stop", false, Map.of()));
        }
        return out;
    }
}
