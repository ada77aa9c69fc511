package dev.sextant.app.cli.monitor;

import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.app.cli.WorkspaceOption;
import dev.sextant.app.study.MonitoringStudy;
import dev.sextant.model.BadInputException;
import dev.sextant.model.io.RequestLogFile;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.monitoring.TrafficMonitor;
import dev.sextant.workspaces.Workspace;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sextant monitor analyze}: request logs in windows and segments, alerts traced to their requests. */
@Command(
        name = "analyze",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Reads request logs (JSON Lines or CSV: request_id, timestamp, model, version, route, input_tokens, output_tokens, ttft_ms,",
            "latency_ms, status, finish_reason, refusal and quality proxies; the usual other names and the public traces' recognised) and",
            "sets each time window of each segment against its trailing baseline (or, with --baseline, the baseline group's same",
            "stretch): error and refusal rates by an exact binomial test, latency and TTFT at equal length by a rank test, the request",
            "rate by a robust z-score. Each alert names its window, metric, segment, size with a 95 % interval, severity and requests."
        })
public final class MonitorAnalyzeCommand implements Runnable {

    @Option(
            names = "--input",
            arity = "1..*",
            paramLabel = "FILE|DIR",
            description = "Request logs, or folders of them.")
    List<Path> inputs;

    @Option(
            names = {"-p", "--project"},
            paramLabel = "NAME|ID",
            description =
                    "Without --input: the request logs kept in this project (monitor import) (default: the only or last used one).")
    String project;

    @Option(
            names = "--import",
            paramLabel = "NAME",
            description = "With the project: one kept import by name or id (default: all).")
    String importName;

    @Mixin
    WorkspaceOption workspace;

    @Option(
            names = "--map",
            split = ",",
            paramLabel = "COLUMN=FIELD",
            description = "Read our field from your column, e.g. call_id=request_id,dur=latency_ms,stars=proxy:rating.")
    Map<String, String> map = new LinkedHashMap<>();

    @Option(
            names = "--window",
            defaultValue = "5m",
            paramLabel = "LENGTH",
            description = "Window length: 30s, 5m, 1h (default: ${DEFAULT-VALUE}).")
    String window;

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
            description =
                    "Set every other segment against this group over the same windows (a canary against route=stable).")
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
            description = "Error budget of an availability objective (0.01: 99 %), for burn-rate alerts.")
    Double sloError;

    @Option(
            names = "--slo-latency-ms",
            paramLabel = "MS",
            description = "A latency objective's threshold (with --slo-latency-budget).")
    Double sloLatencyMs;

    @Option(
            names = "--slo-latency-budget",
            defaultValue = "0.01",
            paramLabel = "SHARE",
            description = "Share of requests allowed above the threshold (default: ${DEFAULT-VALUE}).")
    double sloLatencyBudget;

    @Mixin
    JsonOption output;

    @Spec
    CommandSpec spec;

    /** The contract's keys first; times ISO-8601 UTC. */
    public record Result(
            long requests,
            int windows,
            double windowSeconds,
            String from,
            String to,
            List<MonitorRows.AlertRow> alerts,
            List<MonitorRows.DriftRow> drift,
            long skipped,
            List<String> skips,
            Map<String, Long> skipsByReason,
            List<FileRow> files,
            List<String> notes) {}

    public record FileRow(
            String file, String format, long requests, long skipped, long outOfOrder, Map<String, String> mapping) {}

    @Override
    public void run() {
        long windowMs = MonitoringStudy.windowMillis(window);
        Map<String, String> rename = MonitoringStudy.rename(map);
        List<String> segmentBy =
                by.stream().map(b -> b.strip().toLowerCase(Locale.ROOT)).toList();
        if (baseline != null && !segmentBy.containsAll(baseline.keySet())) {
            throw BadInputException.of(
                    "--baseline", "the baseline group " + baseline + " must be made of the --by columns " + segmentBy);
        }
        CommandContext ctx = new CommandContext(spec);
        if (inputs != null && (project != null || importName != null)) {
            throw BadInputException.of(
                    "--input", "give request logs with --input or from a project (--project, --import), not both");
        }
        MonitoringStudy.Read read;
        if (inputs != null) {
            var progress = ctx.progress();
            read = MonitoringStudy.read(inputs, rename, progress, CancellationToken.none());
            progress.done();
        } else {
            try (Workspace ws = ctx.openWorkspace(workspace)) {
                read = new MonitoringStudy.Read(
                        MonitoringStudy.kept(ws, ctx.project(ws, project).id(), importName), List.of());
            }
        }
        TrafficMonitor.Slo slo = sloError == null && sloLatencyMs == null
                ? null
                : new TrafficMonitor.Slo(sloError == null ? 0.01 : sloError, sloLatencyMs, sloLatencyBudget);
        TrafficMonitor.Result r = MonitoringStudy.analyze(
                read.requests(), new TrafficMonitor.Settings(windowMs, segmentBy, baselineWindows, baseline), slo);
        List<String> skips = new ArrayList<>();
        Map<String, Long> byReason = new LinkedHashMap<>();
        List<String> notes = new ArrayList<>();
        long skipped = 0;
        for (RequestLogFile.Summary s : read.files()) {
            s.firstSkips().forEach(k -> skips.add(k.describe()));
            s.skipsByReason().forEach((k, v) -> byReason.merge(k, v, Long::sum));
            skipped += s.skipped();
            notes.addAll(s.notes());
            if (s.outOfOrder() > 0) {
                notes.add(String.format(
                        Locale.ROOT,
                        "%s: %,d requests arrived before one logged above them (ordered by time)",
                        s.file(),
                        s.outOfOrder()));
            }
        }
        Result out = new Result(
                r.requests(),
                r.windows(),
                windowMs / 1000.0,
                Instant.ofEpochMilli(r.firstMillis()).toString(),
                Instant.ofEpochMilli(r.lastMillis()).toString(),
                r.alerts().stream().map(MonitorRows::alert).toList(),
                r.drift().stream().map(MonitorRows::drift).toList(),
                skipped,
                skips.subList(0, Math.min(20, skips.size())),
                byReason,
                read.files().stream()
                        .map(s -> new FileRow(
                                s.file(), s.format(), s.requests(), s.skipped(), s.outOfOrder(), s.mapping()))
                        .toList(),
                notes);
        ctx.print(output.json(), out, w -> {
            out.notes().forEach(n -> w.println("Note: " + n));
            if (out.skipped() > 0) {
                w.printf(Locale.ROOT, "Skipped %,d records: %s%n", out.skipped(), out.skipsByReason());
                out.skips().forEach(x -> w.println("  " + x));
            }
            w.printf(
                    Locale.ROOT,
                    "%,d requests from %s to %s in %d windows of %s%n",
                    out.requests(),
                    out.from(),
                    out.to(),
                    out.windows(),
                    window);
            if (out.alerts().isEmpty()) {
                w.println("No alerts.");
            }
            out.alerts().forEach(a -> w.println(MonitorRows.line(a)));
            out.drift().forEach(d -> w.println(MonitorRows.line(d)));
        });
    }
}
