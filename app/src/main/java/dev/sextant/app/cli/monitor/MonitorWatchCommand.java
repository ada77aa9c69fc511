package dev.sextant.app.cli.monitor;

import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.WorkspaceOption;
import dev.sextant.app.monitoring.WatchSession;
import dev.sextant.app.study.MonitoringStudy;
import dev.sextant.app.study.TrafficWatch;
import dev.sextant.model.BadInputException;
import dev.sextant.model.io.Json;
import dev.sextant.model.io.RequestLogFile;
import dev.sextant.model.monitoring.CanaryWatch;
import dev.sextant.model.monitoring.LiveMonitor;
import dev.sextant.model.monitoring.TrafficMonitor;
import dev.sextant.workspaces.Workspace;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sextant monitor watch}: alerts as traffic arrives, from growing log files or an OpenTelemetry exporter. */
@Command(
        name = "watch",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Follows growing request logs (as tail -F does, through rotation and truncation) or receives OpenTelemetry spans over",
            "OTLP/HTTP (protobuf or JSON, POST /v1/traces, on loopback), and judges each window as soon as it closes: the alerts of",
            "monitor analyze, as they happen. With --canary, the canary's live verdict against rollback thresholds (the project's",
            "canary plan, or --rollback) says \"roll back\" the moment one is crossed. Stops on Ctrl+C or after --for."
        })
public final class MonitorWatchCommand implements Runnable {

    @Option(
            names = "--input",
            arity = "1..*",
            paramLabel = "FILE",
            description = "Log files to follow (JSON Lines, CSV, OTLP/JSON lines).")
    List<Path> inputs;

    @Option(names = "--otlp", description = "Receive OTLP/HTTP trace exports.")
    boolean otlp;

    @Option(
            names = "--port",
            defaultValue = "4318",
            paramLabel = "PORT",
            description = "OTLP/HTTP port (default: ${DEFAULT-VALUE}; 0: any free one).")
    int port;

    @Option(
            names = "--bind",
            defaultValue = "127.0.0.1",
            paramLabel = "HOST",
            description = "Address to listen on (default: ${DEFAULT-VALUE}, this machine only).")
    String bind;

    @Option(
            names = "--from-end",
            description =
                    "Only lines written after the watch starts (default: the files' existing lines first, as baseline).")
    boolean fromEnd;

    @Option(
            names = {"-p", "--project"},
            paramLabel = "NAME|ID",
            description =
                    "Keep every judged window's requests in this project (one import), and take the canary's rollback thresholds from its gate.")
    String project;

    @Mixin
    WorkspaceOption workspace;

    @Option(
            names = "--name",
            paramLabel = "NAME",
            description = "The kept import's name (default: watch and the start time).")
    String name;

    @Option(
            names = "--map",
            split = ",",
            paramLabel = "COLUMN=FIELD",
            description = "Read our field from your column, e.g. call_id=request_id.")
    Map<String, String> map = new LinkedHashMap<>();

    @Option(
            names = "--window",
            defaultValue = "1m",
            paramLabel = "LENGTH",
            description = "Window length (default: ${DEFAULT-VALUE}).")
    String window;

    @Option(
            names = "--grace",
            defaultValue = "10s",
            paramLabel = "LENGTH",
            description =
                    "How long after a window's end its late requests are awaited before it is judged (default: ${DEFAULT-VALUE}).")
    String grace;

    @Option(
            names = "--by",
            split = ",",
            paramLabel = "COLUMN",
            description = "Segment by these columns, e.g. route,version.")
    List<String> by = new ArrayList<>();

    @Option(
            names = "--baseline",
            split = ",",
            paramLabel = "COLUMN=VALUE",
            description = "Set the other segments against this group.")
    Map<String, String> baseline;

    @Option(
            names = "--baseline-windows",
            defaultValue = "12",
            paramLabel = "N",
            description = "Windows a baseline spans (default: ${DEFAULT-VALUE}).")
    int baselineWindows;

    @Option(
            names = "--slo-error",
            paramLabel = "BUDGET",
            description = "Error budget (0.01: a 99 % objective), for burn-rate alerts.")
    Double sloError;

    @Option(
            names = "--canary",
            split = ",",
            paramLabel = "COLUMN=VALUE",
            description = "The canary's segment, for the live rollback verdict.")
    Map<String, String> canary;

    @Option(
            names = "--rollback",
            split = ",",
            paramLabel = "METRIC=VALUE",
            description =
                    "Rollback thresholds: error_rate=0.02, refusal_rate=0.05, latency_p99_ms=1500, quality=3.5 (default: the project's canary plan).")
    Map<String, String> rollback;

    @Option(
            names = "--rollback-after",
            defaultValue = "1000",
            paramLabel = "N",
            description =
                    "With --rollback: canary requests after which a threshold is judged at α; before, only at p < 0.001 (default: ${DEFAULT-VALUE}).")
    long rollbackAfter;

    @Option(
            names = "--quality-proxy",
            paramLabel = "NAME",
            description = "The proxy a quality threshold reads (default: the only one logged).")
    String qualityProxy;

    @Option(names = "--for", paramLabel = "LENGTH", description = "Stop after this long (default: until Ctrl+C).")
    String duration;

    @Option(
            names = "--json-lines",
            description = "One JSON object a line: window, alert, drift, verdict, note, and a summary at the end.")
    boolean jsonLines;

    @Spec
    CommandSpec spec;

    private String qualityNote;

    /** A line of --json-lines output. */
    public record Event(String event, Object data) {}

    public record WindowRow(String start, String end, int requests, int alerts, int drift, long lateSoFar) {}

    public record Summary(
            long received,
            long late,
            long kept,
            long exports,
            long refusedExports,
            Object verdict,
            List<RequestLogFile.Summary> sources) {}

    @Override
    public void run() {
        if ((inputs == null) == !otlp) {
            throw BadInputException.of(
                    "--input", "watch either log files (--input) or OTLP exports (--otlp), one of them");
        }
        long windowMs = MonitoringStudy.windowMillis(window);
        long graceMs = MonitoringStudy.durationMillis(grace, "--grace");
        Long forMs = duration == null ? null : MonitoringStudy.durationMillis(duration, "--for");
        List<String> segmentBy =
                by.stream().map(b -> b.strip().toLowerCase(Locale.ROOT)).toList();
        if (baseline != null && !segmentBy.containsAll(baseline.keySet())) {
            throw BadInputException.of(
                    "--baseline", "the baseline group " + baseline + " must be made of the --by columns " + segmentBy);
        }
        CommandContext ctx = new CommandContext(spec);
        PrintWriter out = ctx.out();
        Workspace ws = project != null || canary != null && rollback == null ? ctx.openWorkspace(workspace) : null;
        try {
            var projectRow = ws == null ? null : ctx.project(ws, project);
            CanaryWatch canaryWatch =
                    canary == null ? null : canaryWatch(ws, projectRow == null ? null : projectRow.id());
            TrafficWatch.Keep keep = project == null
                    ? null
                    : new TrafficWatch.Keep(
                            ws,
                            projectRow.id(),
                            name != null ? name : "watch " + Instant.now().truncatedTo(ChronoUnit.SECONDS));
            TrafficMonitor.Slo slo = sloError == null ? null : new TrafficMonitor.Slo(sloError, null, 0.01);
            TrafficWatch watch = new TrafficWatch(
                    new TrafficMonitor.Settings(windowMs, segmentBy, baselineWindows, baseline),
                    slo,
                    graceMs,
                    canaryWatch,
                    listener(out),
                    keep);
            run(watch, forMs, out);
        } finally {
            if (ws != null) {
                ws.close();
            }
        }
    }

    private void run(TrafficWatch watch, Long forMs, PrintWriter out) {
        CountDownLatch stop = new CountDownLatch(1);
        CountDownLatch finished = new CountDownLatch(1);
        Thread hook = new Thread(
                () -> { // Ctrl+C: stop, and let the last windows be judged and the summary printed
                    stop.countDown();
                    try {
                        finished.await(20, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                },
                "watch-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            WatchSession session = new WatchSession(
                    watch,
                    inputs == null ? List.of() : inputs,
                    fromEnd,
                    MonitoringStudy.rename(map),
                    bind,
                    otlp ? port : null,
                    note -> say(out, "note", note));
            try {
                if (otlp) {
                    say(
                            out,
                            "note",
                            "receiving OTLP/HTTP trace exports at http://" + bind + ":" + session.otlpPort()
                                    + "/v1/traces");
                }
                if (qualityNote != null) {
                    say(out, "note", qualityNote);
                }
                if (inputs != null) {
                    say(out, "note", "following " + inputs.size() + (inputs.size() == 1 ? " file" : " files"));
                }
                if (forMs == null) {
                    stop.await();
                } else {
                    stop.await(forMs, TimeUnit.MILLISECONDS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                session.close();
                summary(watch, session, out);
            }
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // shutting down: the hook is running
            }
            finished.countDown();
        }
    }

    private void summary(TrafficWatch watch, WatchSession session, PrintWriter out) {
        var v = watch.verdict(System.currentTimeMillis());
        Summary s = new Summary(
                watch.received(),
                watch.late(),
                watch.kept(),
                session.exports(),
                session.refusedExports(),
                v,
                watch.summaries());
        if (jsonLines) {
            emit(out, "summary", s);
        } else {
            out.printf(
                    Locale.ROOT,
                    "Watched %,d requests (%,d late%s)%s%s%n",
                    s.received(),
                    s.late(),
                    s.kept() > 0 ? String.format(Locale.ROOT, "; %,d kept in the project", s.kept()) : "",
                    otlp
                            ? String.format(
                                    Locale.ROOT,
                                    "; %,d OTLP exports received, %,d refused",
                                    s.exports(),
                                    s.refusedExports())
                            : "",
                    v == null ? "" : "; canary: " + v.verdict());
            for (var src : s.sources()) {
                if (src.skipped() > 0) {
                    out.printf(
                            Locale.ROOT,
                            "%s: %,d %s skipped: %s%n",
                            src.file(),
                            src.skipped(),
                            src.skipped() == 1 ? "record" : "records",
                            src.skipsByReason());
                    src.firstSkips().stream().limit(5).forEach(k -> out.println("  " + k.describe()));
                }
            }
        }
        out.flush();
    }

    private TrafficWatch.Listener listener(PrintWriter out) {
        return new TrafficWatch.Listener() {
            String lastVerdict;

            @Override
            public void window(LiveMonitor.Closed c) {
                List<MonitorRows.AlertRow> alerts =
                        c.alerts().stream().map(MonitorRows::alert).toList();
                List<MonitorRows.DriftRow> drift =
                        c.drift().stream().map(MonitorRows::drift).toList();
                if (jsonLines) {
                    emit(
                            out,
                            "window",
                            new WindowRow(
                                    Instant.ofEpochMilli(c.startMillis()).toString(),
                                    Instant.ofEpochMilli(c.endMillis()).toString(),
                                    c.requests(),
                                    alerts.size(),
                                    drift.size(),
                                    c.lateSoFar()));
                    alerts.forEach(a -> emit(out, "alert", a));
                    drift.forEach(d -> emit(out, "drift", d));
                } else {
                    out.printf(
                            Locale.ROOT,
                            "%s  window   to %s: %,d requests%s%n",
                            Instant.ofEpochMilli(c.startMillis()),
                            Instant.ofEpochMilli(c.endMillis()).toString().replaceFirst("^.*T", ""),
                            c.requests(),
                            alerts.isEmpty() && drift.isEmpty() ? ", no alerts" : "");
                    alerts.forEach(a -> out.println(MonitorRows.line(a)));
                    drift.forEach(d -> out.println(MonitorRows.line(d)));
                }
                out.flush();
            }

            @Override
            public void verdict(CanaryWatch.Verdict v) {
                if (v.verdict().equals(lastVerdict)) {
                    return; // said once, when it changes
                }
                lastVerdict = v.verdict();
                if (jsonLines) {
                    emit(out, "verdict", v);
                } else {
                    out.printf(
                            Locale.ROOT,
                            "%s  CANARY   %s: %s%n",
                            Instant.ofEpochMilli(v.atMillis()),
                            v.verdict().toUpperCase(Locale.ROOT),
                            v.reason());
                }
                out.flush();
            }

            @Override
            public void note(String message) {
                say(out, "note", message);
            }
        };
    }

    private CanaryWatch canaryWatch(Workspace ws, UUID projectId) {
        MonitoringStudy.CanaryJudge judge =
                MonitoringStudy.canaryJudge(ws, projectId, canary, baseline, rollback, rollbackAfter, qualityProxy);
        if (judge.qualitySkipped()) {
            qualityNote = "the quality threshold is not watched: name the proxy it reads with --quality-proxy";
        }
        return judge.watch();
    }

    private void say(PrintWriter out, String event, String message) {
        if (jsonLines) {
            emit(out, event, Map.of("message", message));
        } else {
            out.println("Note: " + message);
        }
        out.flush();
    }

    private static synchronized void emit(PrintWriter out, String event, Object data) {
        out.println(Json.write(new Event(event, data)));
        out.flush();
    }
}
