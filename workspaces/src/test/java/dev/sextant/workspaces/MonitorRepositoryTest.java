package dev.sextant.workspaces;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sextant.model.monitoring.Request;
import dev.sextant.model.project.Project;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MonitorRepositoryTest {

    @TempDir
    Path tmp;

    @Test
    void anImportComesBackRequestForRequest() {
        try (Workspace ws = Workspace.openOrCreate(tmp.resolve("default"))) {
            Project p = ws.projects().create("Prod", "");
            List<Request> rs = new ArrayList<>();
            for (int i = 0; i < 12_000; i++) { // more than two batches
                rs.add(new Request(
                        "r" + i,
                        1_764_583_200_000L + i,
                        Map.of("route", i % 5 == 0 ? "canary" : "stable"),
                        100 + i,
                        i % 7 == 0 ? Double.NaN : 50,
                        Double.NaN,
                        800.5,
                        i % 100 == 0,
                        i % 100 == 0 ? "500" : "200",
                        "stop",
                        i % 50 == 0,
                        i % 3 == 0 ? Map.of("rating", 4.0) : Map.of()));
            }
            var id = ws.monitoring().save(p.id(), "day 1", List.of("/logs/day1.jsonl"), "[]", rs, false);
            SavedMonitorImport kept = ws.monitoring().list(p.id()).get(0);
            assertThat(kept.requests()).isEqualTo(12_000);
            assertThat(kept.firstMillis()).isEqualTo(1_764_583_200_000L);
            assertThat(kept.lastMillis()).isEqualTo(1_764_583_200_000L + 11_999);
            List<Request> back = ws.monitoring().load(id);
            assertThat(back).hasSize(12_000);
            for (int i = 0; i < rs.size(); i += 997) {
                assertThat(back.get(i)).isEqualTo(rs.get(i)); // NaN included: records compare doubles bit for bit
            }
            assertThatThrownBy(() -> ws.monitoring().save(p.id(), "empty", List.of(), "[]", List.of(), false))
                    .hasMessageContaining("at least one");
            ws.monitoring().delete(id);
            assertThat(ws.monitoring().list(p.id())).isEmpty();
        }
    }

    @Test
    void aWatchAppendsWindowsToOneImport() {
        try (Workspace ws = Workspace.openOrCreate(tmp.resolve("default"))) {
            Project p = ws.projects().create("Prod", "");
            List<Request> first = List.of(req("a", 2_000), req("b", 1_000));
            var id = ws.monitoring().save(p.id(), "watch", List.of("otlp"), "[1]", first, false);
            ws.monitoring().append(id, "[2]", List.of(req("c", 3_000), req("d", 500)));
            SavedMonitorImport kept = ws.monitoring().list(p.id()).get(0);
            assertThat(kept.requests()).isEqualTo(4);
            assertThat(kept.firstMillis()).isEqualTo(500);
            assertThat(kept.lastMillis()).isEqualTo(3_000);
            assertThat(kept.summary()).isEqualTo("[2]");
            assertThat(ws.monitoring().load(id)).extracting(Request::id).containsExactly("a", "b", "c", "d");
            ws.monitoring().delete(id);
            assertThatThrownBy(() -> ws.monitoring().append(id, "[3]", List.of(req("e", 1))))
                    .hasMessageContaining("deleted");
        }
    }

    static Request req(String id, long t) {
        return new Request(id, t, Map.of(), 1, 1, Double.NaN, 10, false, "ok", "stop", false, Map.of());
    }

    @Test
    void aStreamedImportThatFailsHalfWayLeavesNothing() {
        try (Workspace ws = Workspace.openOrCreate(tmp.resolve("default"))) {
            Project p = ws.projects().create("Prod", "");
            assertThatThrownBy(() -> ws.monitoring().saveStreaming(p.id(), "cut", List.of("a.jsonl"), false, sink -> {
                        for (int i = 0; i < 12_000; i++) { // past two batches sent to the database
                            sink.accept(req("r" + i, i));
                        }
                        throw new IllegalStateException("cancelled");
                    }))
                    .hasMessage("cancelled");
            assertThat(ws.monitoring().list(p.id())).isEmpty();
            SavedMonitorImport kept = ws.monitoring()
                    .saveStreaming(p.id(), "whole", List.of("a.jsonl"), false, sink -> {
                        for (int i = 0; i < 7_000; i++) {
                            sink.accept(req("r" + i, 10_000 - i));
                        }
                        return "[\"summary\"]";
                    });
            assertThat(kept.requests()).isEqualTo(7_000);
            assertThat(kept.firstMillis()).isEqualTo(3_001);
            assertThat(ws.monitoring().list(p.id())).singleElement().satisfies(k -> {
                assertThat(k.requests()).isEqualTo(7_000);
                assertThat(k.summary()).isEqualTo("[\"summary\"]");
            });
            assertThat(ws.monitoring().load(kept.id())).hasSize(7_000);
        }
    }
}
