package dev.sextant.app.monitoring;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.sextant.model.BadInputException;
import dev.sextant.model.io.Json;
import dev.sextant.model.io.OtlpProtobuf;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.zip.GZIPInputStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An OTLP/HTTP trace receiver (OpenTelemetry Protocol specification, "OTLP/HTTP"): {@code POST /v1/traces} with an
 * {@code ExportTraceServiceRequest} in binary protobuf ({@code application/x-protobuf}) or JSON
 * ({@code application/json}), optionally gzip-compressed; answered 200 with an empty
 * {@code ExportTraceServiceResponse} in the request's encoding, 400 with the reason for a body that cannot be read (an
 * exporter does not retry a 400), 404 and 405 for other paths and methods, 413 beyond {@link #MAX_BODY}. Listens on
 * loopback by default, so nothing outside the workstation can send to it.
 */
public final class OtlpReceiver implements AutoCloseable {

    /** The standard OTLP/HTTP port. */
    public static final int DEFAULT_PORT = 4318;
    /** The largest request body taken (the Collector's default limit is 20 MiB). */
    static final int MAX_BODY = 64 << 20;

    private static final Logger LOG = LoggerFactory.getLogger(OtlpReceiver.class);

    private final HttpServer server;
    private final ExecutorService pool;
    private final AtomicLong exports = new AtomicLong();
    private final AtomicLong refused = new AtomicLong();

    /**
     * Starts listening.
     *
     * @param each called with every export request's OTLP/JSON tree, from the server's threads
     * @throws BadInputException when the port is taken or cannot be bound
     */
    public OtlpReceiver(String host, int port, Consumer<JsonNode> each) {
        try {
            server = HttpServer.create(new InetSocketAddress(host, port), 64);
        } catch (BindException e) {
            throw BadInputException.of(
                    "--port",
                    "port " + port + " on " + host
                            + " is in use (another collector or watch?); choose another with --port");
        } catch (IOException e) {
            throw BadInputException.of("--port", "cannot listen on " + host + ":" + port + ": " + e.getMessage());
        }
        pool = Executors.newFixedThreadPool(2, r -> {
            Thread t = new Thread(r, "otlp-receiver");
            t.setDaemon(true);
            return t;
        });
        server.setExecutor(pool);
        server.createContext("/", ex -> handle(ex, each));
        server.start();
    }

    /** The port listened on (the one chosen when 0 was asked for). */
    public int port() {
        return server.getAddress().getPort();
    }

    public long exports() {
        return exports.get();
    }

    public long refused() {
        return refused.get();
    }

    private void handle(HttpExchange ex, Consumer<JsonNode> each) throws IOException {
        try (ex) {
            if (!ex.getRequestURI().getPath().equals("/v1/traces")) {
                answer(
                        ex,
                        404,
                        "text/plain",
                        ("only traces are received here, at /v1/traces (not "
                                        + ex.getRequestURI().getPath() + ")")
                                .getBytes(StandardCharsets.UTF_8));
                return;
            }
            if (!ex.getRequestMethod().equals("POST")) {
                ex.getResponseHeaders().add("Allow", "POST");
                answer(ex, 405, "text/plain", "POST an ExportTraceServiceRequest".getBytes(StandardCharsets.UTF_8));
                return;
            }
            String type = String.valueOf(ex.getRequestHeaders().getFirst("Content-Type"))
                    .toLowerCase(Locale.ROOT);
            boolean protobuf = type.startsWith("application/x-protobuf") || type.startsWith("application/protobuf");
            if (!protobuf && !type.startsWith("application/json")) {
                refused.incrementAndGet();
                answer(
                        ex,
                        415,
                        "text/plain",
                        ("Content-Type " + type + ": send application/x-protobuf or application/json")
                                .getBytes(StandardCharsets.UTF_8));
                return;
            }
            byte[] body;
            try {
                body = read(ex);
            } catch (IOException e) {
                refused.incrementAndGet();
                answer(
                        ex,
                        400,
                        "text/plain",
                        ("the body cannot be read: " + e.getMessage()).getBytes(StandardCharsets.UTF_8));
                return;
            }
            if (body == null) {
                refused.incrementAndGet();
                answer(
                        ex,
                        413,
                        "text/plain",
                        ("a body over " + (MAX_BODY >> 20) + " MiB").getBytes(StandardCharsets.UTF_8));
                return;
            }
            JsonNode export;
            try {
                export = protobuf
                        ? OtlpProtobuf.exportRequest(body, "an OTLP export from " + ex.getRemoteAddress())
                        : Json.mapper().readTree(body);
            } catch (BadInputException | IOException e) {
                refused.incrementAndGet();
                LOG.warn("OTLP export refused: {}", e.getMessage());
                answer(ex, 400, "text/plain", String.valueOf(e.getMessage()).getBytes(StandardCharsets.UTF_8));
                return;
            }
            try {
                each.accept(export);
            } catch (RuntimeException e) {
                LOG.error("an OTLP export could not be taken", e);
                answer(
                        ex,
                        500,
                        "text/plain",
                        "the export could not be taken (details in the log)".getBytes(StandardCharsets.UTF_8));
                return;
            }
            exports.incrementAndGet();
            // an empty ExportTraceServiceResponse: no bytes in protobuf, {} in JSON (partial success not reported)
            answer(
                    ex,
                    200,
                    protobuf ? "application/x-protobuf" : "application/json",
                    protobuf ? new byte[0] : "{}".getBytes(StandardCharsets.UTF_8));
        }
    }

    /** The body, unzipped when sent gzip-compressed; null when larger than {@link #MAX_BODY}. */
    private static byte[] read(HttpExchange ex) throws IOException {
        InputStream in = ex.getRequestBody();
        if ("gzip"
                .equalsIgnoreCase(String.valueOf(ex.getRequestHeaders().getFirst("Content-Encoding"))
                        .strip())) {
            in = new GZIPInputStream(in);
        }
        byte[] b = in.readNBytes(MAX_BODY + 1);
        return b.length > MAX_BODY ? null : b;
    }

    private static void answer(HttpExchange ex, int code, String type, byte[] body) throws IOException {
        ex.getResponseHeaders().set("Content-Type", type);
        ex.sendResponseHeaders(code, body.length == 0 ? -1 : body.length);
        if (body.length > 0) {
            try (OutputStream out = ex.getResponseBody()) {
                out.write(body);
            }
        }
    }

    @Override
    public void close() {
        server.stop(1);
        pool.shutdownNow();
    }
}
