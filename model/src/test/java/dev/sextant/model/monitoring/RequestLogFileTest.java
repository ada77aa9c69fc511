package dev.sextant.model.monitoring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sextant.model.io.RequestLogFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RequestLogFileTest {

    @TempDir
    Path tmp;

    @Test
    void jsonLinesAreReadAndEveryBadRecordIsCountedWithItsLine() throws Exception {
        Path f = Files.writeString(
                tmp.resolve("prod.jsonl"),
                String.join(
                        "\n",
                        "{\"request_id\":\"a\",\"timestamp\":\"2026-12-01T10:00:00Z\",\"route\":\"stable\",\"latency_ms\":800,\"status\":\"ok\",\"rating\":4}",
                        "{\"request_id\":\"b\",\"timestamp\":\"2026-12-01T11:00:01+01:00\",\"route\":\"canary\",\"latency_ms\":900,\"status\":500}",
                        "{\"request_id\":\"a\",\"timestamp\":\"2026-12-01T10:00:02Z\"}",
                        "{\"request_id\":\"\",\"timestamp\":\"2026-12-01T10:00:03Z\"}",
                        "{\"request_id\":\"c\",\"timestamp\":\"yesterday\"}",
                        "{\"request_id\":\"d\",\"timestamp\":\"2026-12-01T09:59:59Z\",\"latency_ms\":\"slow\"}",
                        "{\"request_id\":\"e\",\"timestamp\":\"2026-12-01T09:59:58Z\",\"refusal\":true,\"finish_reason\":\"stop\"}",
                        "{\"request_id\":\"f\",\"timestamp\":\"2026-12-01T10:00:0"));
        List<Request> out = new ArrayList<>();
        RequestLogFile.Summary s = RequestLogFile.read(f, Map.of(), new HashSet<>(), out::add);
        assertThat(s.format()).isEqualTo("jsonl");
        assertThat(s.requests()).isEqualTo(3);
        assertThat(s.skipped()).isEqualTo(5);
        assertThat(s.firstSkips())
                .extracting(x -> x.describe().replace(tmp + "/", ""))
                .containsExactly(
                        "prod.jsonl:3: request_id: request id 'a' repeated",
                        "prod.jsonl:4: request_id: no request id",
                        "prod.jsonl:5: timestamp: 'yesterday' is not a timestamp (ISO-8601, yyyy-MM-dd HH:mm:ss, or epoch seconds or ms)",
                        "prod.jsonl:6: latency_ms: 'slow' is not a number",
                        "prod.jsonl:8: not a whole JSON object (a line cut short?)");
        // 11:00:01+01:00 is 10:00:01Z; e arrived before the ones above it
        assertThat(out.get(1).epochMillis() - out.get(0).epochMillis()).isEqualTo(1000);
        assertThat(s.outOfOrder()).isEqualTo(1);
        assertThat(out.get(1).error()).isTrue();
        assertThat(out.get(1).segments()).containsEntry("route", "canary");
        assertThat(out.get(0).proxies()).containsEntry("rating", 4.0);
        assertThat(out.get(2).refusal()).isTrue();
        assertThat(s.mapping()).containsEntry("latency_ms", "latency_ms").containsEntry("proxy:rating", "rating");
    }

    @Test
    void aCsvWithItsOwnNamesAndEpochMillisecondsIsMapped() throws Exception {
        Path f = Files.writeString(
                tmp.resolve("calls.csv"),
                "call,when,dur,outcome,arm\nx1,1764583200000,1200,200,a\nx2,1764583201500,1300,503,b\n");
        List<Request> out = new ArrayList<>();
        RequestLogFile.Summary s = RequestLogFile.read(
                f, Map.of("call", "request_id", "when", "timestamp", "dur", "latency_ms"), new HashSet<>(), out::add);
        assertThat(s.requests()).isEqualTo(2);
        assertThat(out.get(0).epochMillis()).isEqualTo(1_764_583_200_000L);
        assertThat(out.get(1).error()).isTrue(); // 503
        assertThat(out.get(0).segments()).containsEntry("route", "a"); // "arm" is a route
        assertThat(s.notes()).anyMatch(n -> n.contains("read as milliseconds"));
        assertThatThrownBy(() -> RequestLogFile.read(f, Map.of("nope", "timestamp"), new HashSet<>(), out::add))
                .hasMessageContaining("calls.csv")
                .hasMessageContaining("'nope'");
        Path noTime = Files.writeString(tmp.resolve("x.csv"), "a,b\n1,2\n");
        assertThatThrownBy(() -> RequestLogFile.read(noTime, Map.of(), new HashSet<>(), out::add))
                .hasMessageContaining("no timestamp column");
    }

    @Test
    void thePublicTracesRelativeTimestampsAreReadInTheirDocumentedUnits() throws Exception {
        // Mooncake's documented line (FAST25-release README): timestamp in milliseconds from the trace's start
        Path mooncake = Files.writeString(
                tmp.resolve("conversation_trace.jsonl"),
                """
                {"timestamp": 0, "input_length": 6758, "output_length": 500, "hash_ids": [0, 1, 2]}
                {"timestamp": 27482, "input_length": 6955, "output_length": 52, "hash_ids": [46, 47]}
                {"timestamp": 3536999, "input_length": 20774, "output_length": 508, "hash_ids": [0, 9]}
                """);
        List<Request> out = new ArrayList<>();
        RequestLogFile.Summary s = RequestLogFile.read(mooncake, Map.of(), new HashSet<>(), out::add);
        // the hour, not 41 days
        assertThat(out).extracting(Request::epochMillis).containsExactly(0L, 27_482L, 3_536_999L);
        assertThat(out.get(1).inputTokens()).isEqualTo(6955);
        assertThat(s.notes()).anyMatch(n -> n.contains("offsets from the trace's start, read as milliseconds"));
        // BurstGPT's documented header: seconds from the trace's start
        Path burst = Files.writeString(
                tmp.resolve("BurstGPT_1.csv"),
                """
                Timestamp,Model,Request tokens,Response tokens,Total tokens,Log Type
                5,ChatGPT,472,18,490,Conversation log
                45,ChatGPT,1087,230,1317,Conversation log
                118,ChatGPT,300,0,300,API log
                5269973,GPT-4,417,276,693,Conversation log
                """);
        out.clear();
        s = RequestLogFile.read(burst, Map.of(), new HashSet<>(), out::add);
        assertThat(out).extracting(Request::epochMillis).containsExactly(5_000L, 45_000L, 118_000L, 5_269_973_000L);
        assertThat(out.get(3).segments()).containsEntry("model", "GPT-4");
        // no response tokens: failed
        assertThat(out).extracting(Request::error).containsExactly(false, false, true, false);
        assertThat(s.notes()).anyMatch(n -> n.contains("0 response tokens read as failed"));
        assertThat(s.notes()).anyMatch(n -> n.contains("read as seconds"));
    }
}
