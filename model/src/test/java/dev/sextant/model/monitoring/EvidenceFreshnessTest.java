package dev.sextant.model.monitoring;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class EvidenceFreshnessTest {

    static final LocalDate EVIDENCE = LocalDate.of(2026, 11, 1);

    @Test
    void promptsGrownLongerSinceTheEvidenceMakeTheDecisionStale() {
        List<Request> traffic = traffic(3.0);
        EvidenceFreshness.Result r = EvidenceFreshness.assess(Map.of("private", EVIDENCE, "replay", EVIDENCE.minusDays(3)), LocalDate.of(2026, 11, 11),
                traffic, LocalDate.of(2026, 11, 10));
        assertThat(r.stale()).isTrue();
        assertThat(r.since()).isEqualTo(EVIDENCE);
        assertThat(r.layers()).extracting(EvidenceFreshness.LayerAge::ageDays).containsExactlyInAnyOrder(10L, 13L);
        assertThat(r.shifts()).filteredOn(s -> s.column().equals("input_tokens")).singleElement().satisfies(s -> assertThat(s.severity())
                .isEqualTo("large"));
        assertThat(r.newerRotation()).isEqualTo(LocalDate.of(2026, 11, 10));
        assertThat(r.reasons()).anyMatch(x -> x.contains("input tokens moved")).anyMatch(x -> x.contains("import its scores"));
    }

    @Test
    void unchangedTrafficKeepsTheDecisionCurrent() {
        EvidenceFreshness.Result r = EvidenceFreshness.assess(Map.of("private", EVIDENCE), LocalDate.of(2026, 11, 11), traffic(1.0), EVIDENCE);
        assertThat(r.stale()).isFalse();
        assertThat(r.shifts()).allMatch(s -> s.severity().equals("none"));
        assertThat(r.newerRotation()).isNull();
        // no traffic: not stale, but said
        EvidenceFreshness.Result none = EvidenceFreshness.assess(Map.of("private", EVIDENCE), LocalDate.of(2026, 11, 11), List.of(), null);
        assertThat(none.stale()).isFalse();
        assertThat(none.reasons()).singleElement().asString().contains("unknown");
    }

    /** 2,000 requests a day from Oct 28 to Nov 8; prompts {@code grow}× longer after Nov 1. */
    static List<Request> traffic(double grow) {
        SplittableRandom r = new SplittableRandom(2);
        List<Request> out = new ArrayList<>();
        long start = LocalDate.of(2026, 10, 28).atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli();
        for (int i = 0; i < 24_000; i++) {
            long t = start + i * 43_200L;
            boolean later = t >= EVIDENCE.plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli();
            out.add(new Request("r" + i, t, Map.of(), 300 * Math.exp(0.5 * r.nextGaussian()) * (later ? grow : 1), 100 * Math.exp(0.3 * r.nextGaussian()),
                    Double.NaN, 500, false, "ok", "stop", false, Map.of()));
        }
        return out;
    }
}
