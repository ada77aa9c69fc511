package dev.sextant.model.monitoring;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

class EvidenceFreshnessTest {

    static final LocalDate EVIDENCE = LocalDate.of(2026, 11, 1);

    @Test
    void promptsGrownLongerSinceTheEvidenceMakeTheDecisionStale() {
        List<Request> traffic = traffic(3.0);
        EvidenceFreshness.Result r = EvidenceFreshness.assess(
                Map.of("private", EVIDENCE, "replay", EVIDENCE.minusDays(3)),
                LocalDate.of(2026, 11, 11),
                traffic,
                LocalDate.of(2026, 11, 10));
        assertThat(r.stale()).isTrue();
        assertThat(r.since()).isEqualTo(EVIDENCE);
        assertThat(r.layers()).extracting(EvidenceFreshness.LayerAge::ageDays).containsExactlyInAnyOrder(10L, 13L);
        assertThat(r.shifts())
                .filteredOn(s -> s.column().equals("input_tokens"))
                .singleElement()
                .satisfies(s -> assertThat(s.severity()).isEqualTo("large"));
        assertThat(r.newerRotation()).isEqualTo(LocalDate.of(2026, 11, 10));
        assertThat(r.reasons())
                .anyMatch(x -> x.contains("input tokens moved"))
                .anyMatch(x -> x.contains("import its scores"));
    }

    @Test
    void unchangedTrafficKeepsTheDecisionCurrent() {
        EvidenceFreshness.Result r = EvidenceFreshness.assess(
                Map.of("private", EVIDENCE), LocalDate.of(2026, 11, 11), traffic(1.0), EVIDENCE);
        assertThat(r.stale()).isFalse();
        assertThat(r.shifts()).allMatch(s -> s.severity().equals("none"));
        assertThat(r.newerRotation()).isNull();
        // no traffic: not stale, but said
        EvidenceFreshness.Result none =
                EvidenceFreshness.assess(Map.of("private", EVIDENCE), LocalDate.of(2026, 11, 11), List.of(), null);
        assertThat(none.stale()).isFalse();
        assertThat(none.reasons()).singleElement().asString().contains("unknown");
    }

    @Test
    void trafficUnlikeTheEvaluationsOwnSampleMakesTheDecisionStaleThoughItHeldStill() {
        // the traffic held still around the evidence (no shift against earlier traffic), but the evaluation sampled
        // half chat and half code, while production since is 90 % chat: PSI of the mix, by hand with half a count added
        // to each value, = (0.8996 − 0.5)·ln(0.8996 / 0.5) + (0.1004 − 0.5)·ln(0.1004 / 0.5) = 0.8762
        List<Request> sample = new ArrayList<>();
        SplittableRandom r = new SplittableRandom(8);
        for (int i = 0; i < 200; i++) {
            sample.add(new Request(
                    "s" + i,
                    0,
                    Map.of("task", i % 2 == 0 ? "chat" : "code", "model", "m" + i % 3),
                    300 * Math.exp(0.5 * r.nextGaussian()),
                    100 * Math.exp(0.3 * r.nextGaussian()),
                    Double.NaN,
                    Double.NaN,
                    false,
                    null,
                    null,
                    false,
                    Map.of()));
        }
        Map<Map<String, String>, Long> mix =
                Map.of(Map.of("task", "chat", "model", "a"), 900L, Map.of("task", "code", "model", "b"), 100L);
        EvidenceFreshness.Result res = EvidenceFreshness.assess(
                Map.of("private", EVIDENCE), LocalDate.of(2026, 11, 11), traffic(1.0), null, sample, mix);
        EvidenceFreshness.Shift task = res.shifts().stream()
                .filter(s -> s.column().equals("task"))
                .findFirst()
                .orElseThrow();
        assertThat(task.against()).isEqualTo("evaluation sample");
        assertThat(task.psi()).isCloseTo(0.8762407, Assertions.within(1e-6));
        assertThat(task.severity()).isEqualTo("large");
        assertThat(res.shifts()).noneMatch(s -> s.column().equals("model")); // who served it is not the workload
        assertThat(res.shifts())
                .filteredOn(s ->
                        s.against().equals("evaluation sample") && s.column().endsWith("_tokens"))
                .hasSize(2)
                .allMatch(s -> s.severity().equals("none")); // same length distributions
        assertThat(res.stale()).isTrue();
        assertThat(res.reasons()).anyMatch(x -> x.contains("not what the evaluation sampled") && x.contains("task"));
        // the same mix as the sample: current
        EvidenceFreshness.Result same = EvidenceFreshness.assess(
                Map.of("private", EVIDENCE),
                LocalDate.of(2026, 11, 11),
                traffic(1.0),
                null,
                sample,
                Map.of(Map.of("task", "chat"), 500L, Map.of("task", "code"), 500L));
        assertThat(same.stale()).isFalse();
    }

    /** 2,000 requests a day from Oct 28 to Nov 8; prompts {@code grow}× longer after Nov 1. */
    static List<Request> traffic(double grow) {
        SplittableRandom r = new SplittableRandom(2);
        List<Request> out = new ArrayList<>();
        long start = LocalDate.of(2026, 10, 28)
                .atStartOfDay(ZoneOffset.UTC)
                .toInstant()
                .toEpochMilli();
        for (int i = 0; i < 24_000; i++) {
            long t = start + i * 43_200L;
            boolean later = t
                    >= EVIDENCE.plusDays(1)
                            .atStartOfDay(ZoneOffset.UTC)
                            .toInstant()
                            .toEpochMilli();
            out.add(new Request(
                    "r" + i,
                    t,
                    Map.of(),
                    300 * Math.exp(0.5 * r.nextGaussian()) * (later ? grow : 1),
                    100 * Math.exp(0.3 * r.nextGaussian()),
                    Double.NaN,
                    500,
                    false,
                    "ok",
                    "stop",
                    false,
                    Map.of()));
        }
        return out;
    }
}
