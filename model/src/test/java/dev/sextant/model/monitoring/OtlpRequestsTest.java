package dev.sextant.model.monitoring;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sextant.model.io.RequestLogFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** OpenTelemetry GenAI spans in OTLP/JSON, as an exporter sends them (one pretty-printed request) and as the Collector writes them. */
class OtlpRequestsTest {

    @TempDir
    Path tmp;

    static final String EXPORT =
            """
            {
              "resourceSpans": [{
                "resource": {"attributes": [{"key": "service.name", "value": {"stringValue": "chat"}},
                                            {"key": "service.version", "value": {"stringValue": "2.3.1"}}]},
                "scopeSpans": [{
                  "scope": {"name": "openai-instrumentation"},
                  "spans": [
                    {"traceId": "5b8efff798038103d269b633813fc60c", "spanId": "eee19b7ec3c1b174", "name": "chat gpt-4o",
                     "startTimeUnixNano": "1764583200000000000", "endTimeUnixNano": "1764583201250000000",
                     "attributes": [{"key": "gen_ai.operation.name", "value": {"stringValue": "chat"}},
                                    {"key": "gen_ai.request.model", "value": {"stringValue": "gpt-4o"}},
                                    {"key": "gen_ai.response.model", "value": {"stringValue": "gpt-4o-2024-08-06"}},
                                    {"key": "gen_ai.response.id", "value": {"stringValue": "chatcmpl-1"}},
                                    {"key": "gen_ai.usage.input_tokens", "value": {"intValue": "97"}},
                                    {"key": "gen_ai.usage.output_tokens", "value": {"intValue": "52"}},
                                    {"key": "gen_ai.response.finish_reasons", "value": {"arrayValue": {"values": [{"stringValue": "stop"}]}}}],
                     "status": {}},
                    {"traceId": "5b8efff798038103d269b633813fc60c", "spanId": "eee19b7ec3c1b175", "name": "chat gpt-4o",
                     "startTimeUnixNano": "1764583202000000000", "endTimeUnixNano": "1764583232000000000",
                     "attributes": [{"key": "gen_ai.operation.name", "value": {"stringValue": "chat"}},
                                    {"key": "gen_ai.request.model", "value": {"stringValue": "gpt-4o"}},
                                    {"key": "error.type", "value": {"stringValue": "timeout"}}],
                     "status": {"code": 2, "message": "deadline exceeded"}},
                    {"traceId": "5b8efff798038103d269b633813fc60c", "spanId": "aaa19b7ec3c1b176", "name": "GET /health",
                     "startTimeUnixNano": "1764583203000000000", "endTimeUnixNano": "1764583203001000000",
                     "attributes": [{"key": "http.request.method", "value": {"stringValue": "GET"}}]}
                  ]
                }]
              }]
            }
            """;

    @Test
    void anExportersRequestBodyGivesOneRequestAModelCall() throws Exception {
        Path f = Files.writeString(tmp.resolve("export.json"), EXPORT);
        List<Request> out = new ArrayList<>();
        RequestLogFile.Summary s = RequestLogFile.read(f, Map.of(), new HashSet<>(), out::add);
        assertThat(s.format()).isEqualTo("otlp");
        assertThat(out).hasSize(2);
        Request ok = out.get(0);
        assertThat(ok.id()).isEqualTo("chatcmpl-1");
        assertThat(ok.epochMillis()).isEqualTo(1_764_583_200_000L);
        assertThat(ok.latencyMs()).isEqualTo(1250.0);
        assertThat(ok.inputTokens()).isEqualTo(97);
        assertThat(ok.outputTokens()).isEqualTo(52);
        assertThat(ok.finishReason()).isEqualTo("stop");
        assertThat(ok.segments()).containsEntry("model", "gpt-4o-2024-08-06").containsEntry("version", "2.3.1");
        assertThat(ok.error()).isFalse();
        Request failed = out.get(1);
        assertThat(failed.id()).isEqualTo("eee19b7ec3c1b175"); // no response id: the span's
        assertThat(failed.error()).isTrue();
        assertThat(failed.status()).isEqualTo("timeout");
        assertThat(s.notes()).anyMatch(n -> n.contains("1 spans without gen_ai attributes"));
    }

    @Test
    void theCollectorsFileExporterWritesOneRequestALine() throws Exception {
        String oneLine = EXPORT.replace("\n", " ");
        String second = oneLine.replace("chatcmpl-1", "chatcmpl-2")
                .replace("eee19b7ec3c1b175", "fff19b7ec3c1b175")
                .replace("1764583200000000000", "1764583260000000000");
        Path f = Files.writeString(tmp.resolve("traces.jsonl"), oneLine + "\n" + second + "\n");
        List<Request> out = new ArrayList<>();
        RequestLogFile.Summary s = RequestLogFile.read(f, Map.of(), new HashSet<>(), out::add);
        assertThat(s.format()).isEqualTo("otlp");
        assertThat(out)
                .extracting(Request::id)
                .containsExactly("chatcmpl-1", "eee19b7ec3c1b175", "chatcmpl-2", "fff19b7ec3c1b175");
    }
}
