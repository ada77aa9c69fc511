package dev.sextant.model.monitoring;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FeedbackLoopTest {

    static long at(String iso) {
        return Instant.parse(iso).toEpochMilli();
    }

    @Test
    void eachVersionIsPlacedAtTheFurthestStepItsRecordsShow() {
        List<FeedbackLoop.Traffic> traffic = List.of(
                new FeedbackLoop.Traffic("v1", at("2026-10-01T08:00:00Z"), at("2026-10-20T23:00:00Z"), 5000),
                new FeedbackLoop.Traffic("v2", at("2026-10-21T09:00:00Z"), at("2026-11-10T12:00:00Z"), 700),
                // a second route's rows
                new FeedbackLoop.Traffic("v2", at("2026-10-20T22:00:00Z"), at("2026-10-21T01:00:00Z"), 300),
                new FeedbackLoop.Traffic("v3", at("2026-11-09T00:00:00Z"), at("2026-11-10T00:00:00Z"), 90));
        Instant made = Instant.parse("2026-11-11T10:00:00Z");
        List<FeedbackLoop.RotationUse> rotations = List.of(
                new FeedbackLoop.RotationUse(
                        "rotation 2026-10-15",
                        LocalDate.parse("2026-10-15"),
                        Instant.parse("2026-10-15T10:00:00Z"),
                        "v1",
                        40),
                new FeedbackLoop.RotationUse("rotation 2026-11-11", LocalDate.parse("2026-11-11"), made, "v2", 60),
                new FeedbackLoop.RotationUse("rotation 2026-11-11", LocalDate.parse("2026-11-11"), made, "v3", 5));
        List<FeedbackLoop.Evaluation> evals = List.of(
                // on its rotation
                new FeedbackLoop.Evaluation("v1", LocalDate.parse("2026-10-15"), Instant.parse("2026-10-16T09:00:00Z")),
                // imported after the rotation was made
                new FeedbackLoop.Evaluation("v2", null, Instant.parse("2026-11-12T09:00:00Z")),
                // before it: not yet
                new FeedbackLoop.Evaluation(
                        "v3", LocalDate.parse("2026-10-15"), Instant.parse("2026-11-11T09:00:00Z")));
        List<FeedbackLoop.VersionLoop> loop = FeedbackLoop.of(traffic, rotations, evals, "v4");
        // newest launch first
        assertThat(loop).extracting(FeedbackLoop.VersionLoop::version).containsExactly("v4", "v3", "v2", "v1");
        FeedbackLoop.VersionLoop v4 = loop.get(0);
        assertThat(v4.candidate()).isTrue();
        assertThat(v4.stage()).isEqualTo("awaiting traffic");
        assertThat(v4.launched()).isNull();
        FeedbackLoop.VersionLoop v3 = loop.get(1);
        assertThat(v3.stage()).isEqualTo("feedback collected");
        assertThat(v3.feedbackItems()).isEqualTo(5);
        assertThat(v3.next()).contains("rotation 2026-11-11");
        FeedbackLoop.VersionLoop v2 = loop.get(2);
        assertThat(v2.launched()).isEqualTo(LocalDate.parse("2026-10-20")); // its earliest rows, whichever segment
        assertThat(v2.requests()).isEqualTo(1000);
        assertThat(v2.monitoredTo()).isEqualTo(LocalDate.parse("2026-11-10"));
        assertThat(v2.stage()).isEqualTo("re-evaluated");
        assertThat(v2.reEvaluated()).isEqualTo(LocalDate.parse("2026-11-12"));
        FeedbackLoop.VersionLoop v1 = loop.get(3);
        assertThat(v1.stage()).isEqualTo("re-evaluated");
        assertThat(v1.reEvaluated()).isEqualTo(LocalDate.parse("2026-10-15"));
        assertThat(FeedbackLoop.versionOf(Map.of("model", "m", "version", "7"))).isEqualTo("7");
        assertThat(FeedbackLoop.versionOf(Map.of("model", "m"))).isEqualTo("m");
        assertThat(FeedbackLoop.versionOf(Map.of())).isEqualTo(FeedbackLoop.UNNAMED);
        // monitoring only: traffic, no rotation
        assertThat(FeedbackLoop.of(traffic.subList(0, 1), List.of(), List.of(), null)
                        .get(0)
                        .stage())
                .isEqualTo("monitoring");
    }
}
