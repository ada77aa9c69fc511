package dev.sextant.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sextant.model.io.Json;
import dev.sextant.workspaces.WorkspaceHome;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporter;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.BatchSpanProcessor;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code monitor watch}: alerts as traffic arrives, from the real OpenTelemetry SDK's OTLP/HTTP exporter and from a growing, rotated log. */
class MonitorWatchTest {

    @TempDir
    Path tmp;

    static final long BASE = 1_764_583_200_000L; // 2025-12-01T10:00:00Z: a replay, windows close as later spans arrive

    CompletableFuture<CliRun> watch(String... args) {
        WorkspaceHome home = new WorkspaceHome(tmp.resolve("home"));
        return CompletableFuture.supplyAsync(() -> CliRun.of(home, args));
    }

    @Test
    void spansFromTheOpenTelemetrySdkExporterAreJudgedAsTheyArriveAndTheCanaryRolledBack() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        CompletableFuture<CliRun> run = watch(
                "monitor",
                "watch",
                "--otlp",
                "--port",
                Integer.toString(port),
                "--window",
                "10s",
                "--grace",
                "15s",
                "--by",
                "version",
                "--baseline",
                "version=1.4.0",
                "--canary",
                "version=1.5.0",
                "--rollback",
                "error_rate=0.05",
                "--rollback-after",
                "600",
                "--for",
                "12s",
                "--json-lines");
        awaitListening(port);
        // two services as the SDK sees them: the stable release and the canary, each its own resource
        SdkTracerProvider stable = provider(port, "1.4.0");
        SdkTracerProvider canary = provider(port, "1.5.0");
        Tracer st = stable.get("chat-app");
        Tracer ct = canary.get("chat-app");
        SplittableRandom r = new SplittableRandom(8);
        int planted = 0;
        for (int i = 0; i < 6000; i++) {
            long t = BASE + i * 20L; // 50 a second for two minutes
            boolean isCanary = i % 5 == 0;
            boolean burst = isCanary && t >= BASE + 80_000 && t < BASE + 90_000 && r.nextDouble() < 0.4;
            planted += burst ? 1 : 0;
            Span span = (isCanary ? ct : st)
                    .spanBuilder("chat gpt-4o")
                    .setStartTimestamp(t, TimeUnit.MILLISECONDS)
                    .setAttribute("gen_ai.operation.name", "chat")
                    .setAttribute("gen_ai.request.model", "gpt-4o")
                    .setAttribute(AttributeKey.stringKey("gen_ai.response.id"), (burst ? "burst-" : "chatcmpl-") + i)
                    .setAttribute(AttributeKey.longKey("gen_ai.usage.input_tokens"), 200L + r.nextInt(300))
                    .setAttribute(AttributeKey.longKey("gen_ai.usage.output_tokens"), 100L + r.nextInt(200))
                    .setAttribute(AttributeKey.stringArrayKey("gen_ai.response.finish_reasons"), List.of("stop"))
                    .startSpan();
            if (burst || r.nextDouble() < 0.003) {
                span.setStatus(StatusCode.ERROR, "upstream timeout");
                span.setAttribute("error.type", "timeout");
            }
            span.end(t + 400 + r.nextInt(600), TimeUnit.MILLISECONDS);
            if (i % 1000 == 0) { // now and then a span that is not a model call
                st.spanBuilder("db.query")
                        .setStartTimestamp(t, TimeUnit.MILLISECONDS)
                        .startSpan()
                        .end(t + 3, TimeUnit.MILLISECONDS);
            }
            // exported as they would be live: every 5 s of traffic (the replay runs faster than that)
            if (i % 250 == 249) {
                stable.forceFlush().join(10, TimeUnit.SECONDS);
                canary.forceFlush().join(10, TimeUnit.SECONDS);
            }
        }
        assertThat(stable.forceFlush().join(20, TimeUnit.SECONDS).isSuccess()).isTrue();
        assertThat(canary.forceFlush().join(20, TimeUnit.SECONDS).isSuccess()).isTrue();
        // the same protocol in JSON, gzip-compressed, as a Collector may send it
        HttpClient http = HttpClient.newHttpClient();
        HttpResponse<String> json = http.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/v1/traces"))
                        .header("Content-Type", "application/json")
                        .header("Content-Encoding", "gzip")
                        .POST(
                                HttpRequest.BodyPublishers.ofByteArray(
                                        gzip(
                                                "{\"resourceSpans\":[{\"resource\":{\"attributes\":[{\"key\":\"service.version\",\"value\":{\"stringValue\":\"1.4.0\"}}]},"
                                                        + "\"scopeSpans\":[{\"spans\":[{\"spanId\":\"00f067aa0ba902b7\",\"startTimeUnixNano\":\""
                                                        + (BASE + 119_990L) * 1_000_000
                                                        + "\",\"endTimeUnixNano\":\"" + (BASE + 119_995L) * 1_000_000
                                                        + "\",\"attributes\":[{\"key\":\"gen_ai.response.id\","
                                                        + "\"value\":{\"stringValue\":\"json-1\"}},{\"key\":\"gen_ai.usage.output_tokens\",\"value\":{\"intValue\":\"42\"}}]}]}]}]}")))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(json.statusCode()).isEqualTo(200);
        assertThat(json.body()).isEqualTo("{}");
        HttpResponse<String> bad = http.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/v1/traces"))
                        .header("Content-Type", "application/x-protobuf")
                        .POST(HttpRequest.BodyPublishers.ofByteArray(new byte[] {0x0a, 0x7f, 0x01}))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(bad.statusCode()).isEqualTo(400);
        assertThat(bad.body()).contains("not an OTLP trace export request in protobuf");
        assertThat(http.send(
                                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/v1/metrics"))
                                        .POST(HttpRequest.BodyPublishers.ofString("{}"))
                                        .header("Content-Type", "application/json")
                                        .build(),
                                HttpResponse.BodyHandlers.ofString())
                        .statusCode())
                .isEqualTo(404);
        stable.shutdown().join(10, TimeUnit.SECONDS);
        canary.shutdown().join(10, TimeUnit.SECONDS);

        CliRun res = run.get(60, TimeUnit.SECONDS);
        assertThat(res.code()).as(res.err()).isZero();
        List<JsonNode> events = events(res.out());
        assertThat(events.stream()
                        .filter(e -> e.get("event").asText().equals("window"))
                        .count())
                .as("12 windows of 10 s judged")
                .isEqualTo(12);
        JsonNode burst = events.stream()
                .filter(e -> e.get("event").asText().equals("alert")
                        && e.get("data").get("metric").asText().equals("error_rate"))
                .findFirst()
                .orElseThrow(() -> new AssertionError(res.out()))
                .get("data");
        assertThat(burst.get("start").asText()).isEqualTo("2025-12-01T10:01:20Z");
        assertThat(burst.get("segment").get("version").asText()).isEqualTo("1.5.0");
        assertThat(burst.get("requests").get(0).asText()).startsWith("burst-");
        JsonNode verdict = events.stream()
                .filter(e -> e.get("event").asText().equals("verdict")
                        && e.get("data").get("verdict").asText().equals("roll back"))
                .findFirst()
                .orElseThrow(() -> new AssertionError(res.out()))
                .get("data");
        assertThat(verdict.get("atMillis").asLong())
                .as("rolled back when the burst's window closed")
                .isEqualTo(BASE + 90_000);
        assertThat(verdict.get("reason").asText()).contains("error_rate");
        JsonNode summary = events.get(events.size() - 1);
        assertThat(summary.get("data").get("late").asLong())
                .as("exported within the grace")
                .isZero();
        assertThat(summary.get("event").asText()).isEqualTo("summary");
        assertThat(summary.get("data").get("received").asLong()).isEqualTo(6001);
        assertThat(summary.get("data").get("refusedExports").asLong()).isEqualTo(1);
        assertThat(summary.get("data").get("sources").get(0).get("notes").toString())
                .contains("6 spans without gen_ai attributes");
        assertThat(planted).isPositive();
    }

    @Test
    void aGrowingLogIsFollowedThroughRotationAndALineCutShortIsCounted() throws Exception {
        Path log = tmp.resolve("requests.jsonl");
        Files.writeString(log, lines(0, 3000, false)); // a minute of history: the baseline
        CompletableFuture<CliRun> run = watch(
                "monitor",
                "watch",
                "--input",
                log.toString(),
                "--window",
                "10s",
                "--grace",
                "0s",
                "--for",
                "5s",
                "--slo-error",
                "0.01");
        Thread.sleep(800);
        Files.writeString(log, lines(3000, 4000, false), StandardOpenOption.APPEND);
        Files.writeString(log, "{\"request_id\":\"cut\",\"timesta\n", StandardOpenOption.APPEND);
        Thread.sleep(800);
        Files.move(log, tmp.resolve("requests.jsonl.1")); // rotated: renamed away, written anew
        Files.writeString(log, lines(4000, 6000, true));
        CliRun res = run.get(60, TimeUnit.SECONDS);
        assertThat(res.code()).as(res.err()).isZero();
        assertThat(res.out()).contains("was rotated");
        assertThat(res.out()).contains("Watched 6,000 requests (0 late)");
        assertThat(res.out()).contains("1 record skipped").contains("requests.jsonl:4001");
        // the errors of the rotated file's second minute burn a 99 % objective's budget
        assertThat(res.out()).containsPattern("2025-12-01T10:01:\\d0Z  (warning|critical) +error_rate");
        assertThat(res.out()).doesNotContainPattern("2025-12-01T10:00:\\d0Z  (warning|critical)");
    }

    @Test
    void withAProjectEachJudgedWindowIsKeptAndTheCanaryIsJudgedOnTheGatesPlan() throws Exception {
        WorkspaceHome home = new WorkspaceHome(tmp.resolve("home"));
        assertThat(CliRun.of(home, "project", "create", "Prod").code()).isZero();
        CliRun plan = CliRun.of(
                home,
                "gate",
                "canary-plan",
                "--project",
                "Prod",
                "--rate",
                "50",
                "--steps",
                "20",
                "--error-rate",
                "0.01",
                "--error-rate-increase",
                "0.02",
                "--keep",
                "--json");
        assertThat(plan.code()).as(plan.err()).isZero();
        StringBuilder b = new StringBuilder("request_id,timestamp,route,latency_ms,status\n");
        SplittableRandom r = new SplittableRandom(1);
        for (int i = 0; i < 6000; i++) {
            boolean canary = i % 5 == 0;
            boolean error = canary && i >= 4000 && r.nextDouble() < 0.15 || r.nextDouble() < 0.005;
            b.append(String.format(
                    Locale.ROOT,
                    "r%d,%d,%s,%d,%s%n",
                    i,
                    BASE + i * 20L,
                    canary ? "canary" : "stable",
                    400 + r.nextInt(400),
                    error ? 500 : 200));
        }
        Path log = Files.writeString(tmp.resolve("gateway.csv"), b.toString());
        CliRun res = CliRun.of(
                home,
                "monitor",
                "watch",
                "--input",
                log.toString(),
                "--project",
                "Prod",
                "--name",
                "gateway watch",
                "--window",
                "10s",
                "--grace",
                "0s",
                "--by",
                "route",
                "--baseline",
                "route=stable",
                "--canary",
                "route=canary",
                "--for",
                "2s");
        assertThat(res.code()).as(res.err()).isZero();
        assertThat(res.out())
                .contains("CANARY   ROLL BACK: the canary's error_rate")
                .contains("6,000 kept in the project");
        CliRun kept = CliRun.of(
                home,
                "monitor",
                "analyze",
                "--project",
                "Prod",
                "--import",
                "gateway watch",
                "--window",
                "10s",
                "--by",
                "route",
                "--baseline",
                "route=stable",
                "--json");
        assertThat(kept.code()).as(kept.err()).isZero();
        assertThat(kept.json().get("requests").asLong()).isEqualTo(6000);
        // without a plan or thresholds, the canary cannot be judged: said so
        assertThat(CliRun.of(home, "project", "create", "Empty").code()).isZero();
        CliRun none = CliRun.of(
                home,
                "monitor",
                "watch",
                "--input",
                log.toString(),
                "--project",
                "Empty",
                "--by",
                "route",
                "--canary",
                "route=canary",
                "--for",
                "1s");
        assertThat(none.code()).isNotZero();
        assertThat(none.err()).contains("--rollback").contains("no canary plan").contains("error_rate=0.02");
    }

    static String lines(int from, int to, boolean errors) {
        StringBuilder b = new StringBuilder();
        SplittableRandom r = new SplittableRandom(from);
        for (int i = from; i < to; i++) {
            boolean error = errors && i >= 5000 && r.nextDouble() < 0.2;
            b.append(String.format(
                    Locale.ROOT,
                    "{\"request_id\":\"r%d\",\"timestamp\":%d,\"latency_ms\":%d,\"output_tokens\":%d,\"status\":\"%s\"}%n",
                    i,
                    BASE + i * 20L,
                    500 + r.nextInt(500),
                    100 + r.nextInt(100),
                    error ? "error" : "ok"));
        }
        return b.toString();
    }

    static SdkTracerProvider provider(int port, String version) {
        OtlpHttpSpanExporter exporter = OtlpHttpSpanExporter.builder()
                .setEndpoint("http://127.0.0.1:" + port + "/v1/traces")
                .build();
        return SdkTracerProvider.builder()
                .setResource(Resource.create(Attributes.builder()
                        .put("service.name", "chat-app")
                        .put("service.version", version)
                        .build()))
                .addSpanProcessor(BatchSpanProcessor.builder(exporter)
                        .setMaxExportBatchSize(512)
                        .setMaxQueueSize(20_000)
                        .setScheduleDelay(Duration.ofMillis(100))
                        .build())
                .build();
    }

    static void awaitListening(int port) throws InterruptedException {
        for (int i = 0; i < 200; i++) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 200);
                return;
            } catch (IOException e) {
                Thread.sleep(50);
            }
        }
        throw new AssertionError("the watch never listened on " + port);
    }

    static byte[] gzip(String s) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        try (GZIPOutputStream z = new GZIPOutputStream(b)) {
            z.write(s.getBytes(StandardCharsets.UTF_8));
        }
        return b.toByteArray();
    }

    static List<JsonNode> events(String out) throws Exception {
        List<JsonNode> events = new ArrayList<>();
        for (String line : out.split("\n")) {
            if (!line.isBlank()) {
                events.add(Json.mapper().readTree(line));
            }
        }
        return events;
    }
}
