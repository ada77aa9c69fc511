package dev.sextant.app.study;

import dev.sextant.model.BadInputException;
import dev.sextant.model.InputError;
import dev.sextant.model.contamination.BenchmarkItem;
import dev.sextant.model.gate.CanaryPlan;
import dev.sextant.model.io.BenchmarkItemFiles;
import dev.sextant.model.io.IdSet;
import dev.sextant.model.io.Json;
import dev.sextant.model.io.RequestLogFile;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import dev.sextant.model.monitoring.CanaryWatch;
import dev.sextant.model.monitoring.FeedbackLoop;
import dev.sextant.model.monitoring.FeedbackRotation;
import dev.sextant.model.monitoring.Request;
import dev.sextant.model.monitoring.TrafficMonitor;
import dev.sextant.workspaces.MonitorRepository;
import dev.sextant.workspaces.SavedGatePolicy;
import dev.sextant.workspaces.SavedMonitorImport;
import dev.sextant.workspaces.Workspace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.stream.Stream;

/** Production traffic for every face: request logs read (files or folders of them) and monitored, through this one object. */
public final class MonitoringStudy {

    private MonitoringStudy() {}

    /** The requests of several files (a folder: its files, sorted), ids unique across them, and each file's summary. */
    public record Read(List<Request> requests, List<RequestLogFile.Summary> files) {}

    public static Read read(
            List<Path> inputs, Map<String, String> rename, ProgressListener progress, CancellationToken cancel) {
        List<Path> files = files(inputs);
        List<Request> requests = new ArrayList<>();
        List<RequestLogFile.Summary> summaries = new ArrayList<>();
        Set<String> ids = new IdSet();
        for (int i = 0; i < files.size(); i++) {
            cancel.throwIfCancelled();
            progress.progress(
                    (double) i / files.size(), "reading " + files.get(i).getFileName());
            summaries.add(RequestLogFile.read(files.get(i), rename, ids, requests::add));
        }
        return new Read(requests, summaries);
    }

    /** The user's column mapping (their column = our field), both sides compared without case or surrounding spaces. */
    public static Map<String, String> rename(Map<String, String> theirsToOurs) {
        Map<String, String> out = new LinkedHashMap<>();
        theirsToOurs.forEach((theirs, ours) ->
                out.put(theirs.strip().toLowerCase(Locale.ROOT), ours.strip().toLowerCase(Locale.ROOT)));
        return out;
    }

    /** The files of the inputs: files as given, folders as their visible files, sorted. */
    static List<Path> files(List<Path> inputs) {
        List<Path> files = new ArrayList<>();
        for (Path p : inputs) {
            if (Files.isDirectory(p)) {
                try (Stream<Path> s = Files.list(p)) {
                    s.filter(Files::isRegularFile)
                            .filter(f -> !f.getFileName().toString().startsWith("."))
                            .sorted()
                            .forEach(files::add);
                } catch (IOException e) {
                    throw BadInputException.of(p.toString(), "cannot be listed: " + e.getMessage());
                }
            } else {
                files.add(p);
            }
        }
        if (files.isEmpty()) {
            throw BadInputException.of("--input", "no files to read");
        }
        return files;
    }

    /** An import kept: the saved row (count, times) and each file's reading. */
    public record Imported(SavedMonitorImport saved, List<RequestLogFile.Summary> files) {}

    /**
     * Reads request logs straight into a project as one import, in bounded memory (requests go to the database as
     * they are read; repeats found by their ids' hashes): kept whole, or — on bad input, a format other than the one
     * asked for, or a cancel — not at all.
     *
     * @param format auto, or the format every file must read as (jsonl, csv, otlp; trace for a CSV trace)
     */
    public static Imported importLogs(
            Workspace ws,
            UUID projectId,
            String name,
            List<Path> inputs,
            Map<String, String> rename,
            String format,
            ProgressListener progress,
            CancellationToken cancel) {
        List<Path> files = files(inputs);
        String wanted = format == null ? "auto" : format.strip().toLowerCase(Locale.ROOT);
        List<RequestLogFile.Summary> summaries = new ArrayList<>();
        Set<String> ids = new IdSet();
        var saved = ws.monitoring()
                .saveStreaming(
                        projectId,
                        name,
                        inputs.stream()
                                .map(x -> x.toAbsolutePath().normalize().toString())
                                .toList(),
                        false,
                        sink -> {
                            long[] n = {0};
                            for (int i = 0; i < files.size(); i++) {
                                cancel.throwIfCancelled();
                                int file = i;
                                progress.progress(
                                        (double) i / files.size(),
                                        "reading " + files.get(i).getFileName());
                                RequestLogFile.Summary s = RequestLogFile.read(files.get(i), rename, ids, r -> {
                                    if (++n[0] % 10_000 == 0) {
                                        cancel.throwIfCancelled();
                                        progress.progress(
                                                (double) file / files.size(),
                                                String.format(
                                                        Locale.ROOT,
                                                        "reading %s: %,d requests",
                                                        files.get(file).getFileName(),
                                                        n[0]));
                                    }
                                    sink.accept(r);
                                });
                                boolean ok = wanted.equals("auto")
                                        || wanted.equals(s.format())
                                        || wanted.equals("trace") && s.format().equals("csv");
                                if (!ok) {
                                    throw BadInputException.of(
                                            s.file(), "--format " + wanted + ": the file reads as " + s.format());
                                }
                                summaries.add(s);
                            }
                            return Json.write(summaries);
                        });
        return new Imported(saved, List.copyOf(summaries));
    }

    public static TrafficMonitor.Result analyze(
            List<Request> requests, TrafficMonitor.Settings settings, TrafficMonitor.Slo slo) {
        return TrafficMonitor.analyze(requests, settings, slo);
    }

    /** A window length as people write it: 30s, 5m, 1h, or plain seconds. */
    public static long windowMillis(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        double mult = 1000;
        if (t.endsWith("ms")) {
            mult = 1;
            t = t.substring(0, t.length() - 2);
        } else if (t.endsWith("s")) {
            t = t.substring(0, t.length() - 1);
        } else if (t.endsWith("m")) {
            mult = 60_000;
            t = t.substring(0, t.length() - 1);
        } else if (t.endsWith("h")) {
            mult = 3_600_000;
            t = t.substring(0, t.length() - 1);
        }
        try {
            double v = Double.parseDouble(t) * mult;
            if (!(v >= 1000) || !Double.isFinite(v)) {
                throw BadInputException.of("--window", "'" + text + "': the window must be a second or longer");
            }
            return Math.round(v);
        } catch (NumberFormatException e) {
            throw BadInputException.of("--window", "'" + text + "': expected a length such as 30s, 5m or 1h");
        }
    }

    /** A length of time as people write it (500ms, 10s, 5m, 1h; plain numbers are seconds); zero allowed. */
    public static long durationMillis(String text, String field) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        double mult = 1000;
        for (String[] u : new String[][] {{"ms", "1"}, {"s", "1000"}, {"m", "60000"}, {"h", "3600000"}}) {
            if (t.endsWith(u[0])) {
                mult = Double.parseDouble(u[1]);
                t = t.substring(0, t.length() - u[0].length());
                break;
            }
        }
        try {
            double v = Double.parseDouble(t) * mult;
            if (!(v >= 0) || !Double.isFinite(v)) {
                throw BadInputException.of(field, "'" + text + "': a length of time cannot be negative");
            }
            return Math.round(v);
        } catch (NumberFormatException e) {
            throw BadInputException.of(field, "'" + text + "': expected a length such as 10s, 5m or 1h");
        }
    }

    /** A canary's rollback thresholds from a project's gate, the α they are judged at, and where they come from. */
    public record CanaryThresholds(List<CanaryWatch.Threshold> thresholds, double alpha, String from) {}

    /**
     * The rollback thresholds of the project's canary plan (kept, else the defaults from the incumbent's traffic
     * replay), as the gate plans them.
     */
    public static CanaryThresholds canaryThresholds(Workspace ws, UUID projectId) {
        GateStudy gate = new GateStudy(ws, projectId);
        String incumbent = gate.policy().map(SavedGatePolicy::incumbent).orElse(null);
        GateStudy.CanaryInputs inputs = gate.canaryInputs(incumbent);
        if (inputs == null) {
            throw BadInputException.of(
                    "--rollback",
                    "the project has no canary plan, nor a traffic replay of its incumbent to take rollback thresholds"
                            + " from; give them, e.g. --rollback error_rate=0.02,latency_p99_ms=1500");
        }
        CanaryPlan plan = CanaryPlan.of(inputs.spec());
        return new CanaryThresholds(
                CanaryWatch.thresholds(plan),
                inputs.spec().alpha(),
                inputs.kept()
                        ? "the project's kept canary plan"
                        : "the canary plan's defaults from " + incumbent + "'s traffic replay");
    }

    /**
     * A live canary judge and what was left out of it.
     *
     * @param qualitySkipped the plan's quality threshold is not watched: no proxy was named for it to read
     * @param from           where the thresholds come from, in words
     */
    public record CanaryJudge(CanaryWatch watch, boolean qualitySkipped, String from) {}

    /**
     * The live canary judge of a watch: the {@code canary} segment against the {@code baseline} group (null: every
     * other request), with the user's rollback thresholds (metric → value; null or empty: the project's canary plan's,
     * at its α) and the quality proxy a quality threshold reads (null: such a threshold is left out, said).
     *
     * @param rollbackAfter canary requests a user's threshold needs before it can roll back
     */
    public static CanaryJudge canaryJudge(
            Workspace ws,
            UUID projectId,
            Map<String, String> canary,
            Map<String, String> baseline,
            Map<String, String> rollback,
            long rollbackAfter,
            String qualityProxy) {
        List<CanaryWatch.Threshold> thresholds = new ArrayList<>();
        double alpha = 0.05;
        String from;
        if (rollback == null || rollback.isEmpty()) {
            CanaryThresholds plan;
            try {
                plan = canaryThresholds(ws, projectId);
            } catch (BadInputException e) {
                throw new InputError(
                        "monitor.rollback",
                        "the project has no canary plan, nor a traffic replay of its incumbent, to take rollback"
                                + " thresholds from: give them, e.g. error_rate=0.02,latency_p99_ms=1500");
            }
            thresholds.addAll(plan.thresholds());
            alpha = plan.alpha();
            from = plan.from();
        } else {
            for (Map.Entry<String, String> e : rollback.entrySet()) {
                try {
                    thresholds.add(new CanaryWatch.Threshold(
                            CanaryWatch.Metric.parse(e.getKey()),
                            Double.parseDouble(e.getValue().strip()),
                            null,
                            rollbackAfter));
                } catch (NumberFormatException x) {
                    throw new InputError(
                            "monitor.rollback",
                            e.getKey() + "=" + e.getValue() + ": the threshold must be a number (METRIC=VALUE, e.g."
                                    + " error_rate=0.02)");
                }
            }
            from = "the thresholds given";
        }
        String proxy = qualityProxy == null || qualityProxy.isBlank()
                ? null
                : qualityProxy.strip().toLowerCase(Locale.ROOT);
        boolean skipped = proxy == null && thresholds.removeIf(t -> t.metric() == CanaryWatch.Metric.QUALITY);
        InputError.require(
                !thresholds.isEmpty(),
                "monitor.qualityProxy",
                "the only rollback threshold is on quality: name the proxy it reads" + " (a rating, a judge score)");
        return new CanaryJudge(new CanaryWatch(canary, baseline, thresholds, proxy, alpha), skipped, from);
    }

    /** A rotation made and kept: its id and name, what went in, and the files written (none without a folder). */
    public record Rotation(UUID savedId, String name, FeedbackRotation.Result result, List<Path> files) {}

    /** One item as the rotation's JSON Lines file and the kept record write it. */
    public record RotationItem(
            String requestId,
            String time,
            Map<String, String> segment,
            String prompt,
            Double inputTokens,
            Double outputTokens,
            String reason,
            String benchmark,
            String rotation) {}

    /**
     * The next feedback rotation of a project: the requests of its kept logs, the alerts chosen among those the
     * analysis finds ({@code alertChoice}: all, none, 1-based positions in the analysis's order, or metric names), a
     * stratified sample of the rest, without what the project's earlier rotations took; kept in the project, and
     * written to {@code out} (when given) as the next private test set ({@code rotation-DATE.jsonl}) and the next
     * traffic-replay set ({@code replay-DATE.csv}: timestamp, input and output tokens).
     */
    public static Rotation feedback(
            Workspace ws,
            UUID projectId,
            String importName,
            TrafficMonitor.Settings settings,
            List<String> alertChoice,
            int sample,
            LocalDate date,
            List<Path> benchmarkFiles,
            Path out,
            long seed) {
        List<Request> requests = kept(ws, projectId, importName);
        TrafficMonitor.Result analysis = TrafficMonitor.analyze(requests, settings);
        List<TrafficMonitor.Alert> chosen = chooseAlerts(analysis.alerts(), alertChoice);
        Set<String> earlierIds = new HashSet<>();
        Set<Long> earlierPrompts = new HashSet<>();
        for (var r : ws.monitoring().rotations(projectId)) {
            try {
                for (RotationItem i : Json.mapper().readValue(r.itemsJson(), RotationItem[].class)) {
                    earlierIds.add(i.requestId());
                    if (i.prompt() != null) {
                        earlierPrompts.add(FeedbackRotation.promptKey(i.prompt()));
                    }
                }
            } catch (IOException e) {
                throw BadInputException.of("rotation " + r.name(), "its kept items cannot be read: " + e.getMessage());
            }
        }
        List<BenchmarkItem> benchmarks = new ArrayList<>();
        for (Path b : benchmarkFiles) {
            benchmarks.addAll(BenchmarkItemFiles.read(b, List.of(), null));
        }
        var result = FeedbackRotation.build(
                requests,
                chosen,
                new FeedbackRotation.Settings(date, settings.by(), sample, seed, earlierIds, earlierPrompts),
                benchmarks);
        InputError.require(
                !result.items().isEmpty(),
                "feedback.items",
                "the rotation would be empty: no alert's requests and no sample left "
                        + "that earlier rotations did not take");
        String name = "rotation " + date;
        List<RotationItem> items = result.items().stream()
                .map(i -> new RotationItem(
                        i.requestId(),
                        Instant.ofEpochMilli(i.epochMillis()).toString(),
                        i.segment(),
                        i.prompt(),
                        Double.isFinite(i.inputTokens()) ? i.inputTokens() : null,
                        Double.isFinite(i.outputTokens()) ? i.outputTokens() : null,
                        i.reason(),
                        i.benchmark(),
                        date.toString()))
                .toList();
        List<Path> files = new ArrayList<>();
        if (out != null) {
            files.addAll(writeRotation(out, date, items));
        }
        UUID id = ws.monitoring()
                .saveRotation(
                        projectId,
                        name,
                        date,
                        items.size(),
                        Json.write(Map.of(
                                "flagged",
                                result.flagged(),
                                "sampled",
                                result.sampled(),
                                "repeatsOfEarlier",
                                result.repeatsOfEarlier(),
                                "overlapBenchmarks",
                                result.overlapBenchmarks(),
                                "notes",
                                result.notes())),
                        Json.write(items));
        return new Rotation(id, name, result, files);
    }

    /**
     * Where each model version of a project stands in the loop after launch, from its kept traffic, feedback rotations
     * and the gate's evidence.
     */
    public static List<FeedbackLoop.VersionLoop> loop(Workspace ws, UUID projectId) {
        List<FeedbackLoop.Traffic> traffic = ws.monitoring().trafficBySegments(projectId).stream()
                .map(t -> new FeedbackLoop.Traffic(
                        FeedbackLoop.versionOf(t.segments()), t.firstMillis(), t.lastMillis(), t.requests()))
                .toList();
        List<FeedbackLoop.RotationUse> uses = new ArrayList<>();
        for (var r : ws.monitoring().rotations(projectId)) {
            Map<String, Integer> perVersion = new TreeMap<>();
            try {
                for (RotationItem i : Json.mapper().readValue(r.itemsJson(), RotationItem[].class)) {
                    perVersion.merge(
                            FeedbackLoop.versionOf(i.segment() == null ? Map.of() : i.segment()), 1, Integer::sum);
                }
            } catch (IOException e) {
                throw BadInputException.of("rotation " + r.name(), "its kept items cannot be read: " + e.getMessage());
            }
            perVersion.forEach(
                    (v, n) -> uses.add(new FeedbackLoop.RotationUse(r.name(), r.date(), r.createdAt(), v, n)));
        }
        List<FeedbackLoop.Evaluation> evals = ws.gate().evidenceByModel(projectId).stream()
                .map(e -> new FeedbackLoop.Evaluation(e.model(), e.rotation(), e.imported()))
                .toList();
        String candidate =
                ws.gate().policy(projectId).map(SavedGatePolicy::candidate).orElse(null);
        return FeedbackLoop.of(traffic, uses, evals, candidate);
    }

    /** A kept rotation's sampled items (not those an alert flagged) as requests: their segments and lengths, what the evaluation sampled. */
    public static List<Request> sampledItems(MonitorRepository.SavedRotation r) {
        try {
            List<Request> out = new ArrayList<>();
            for (RotationItem i : Json.mapper().readValue(r.itemsJson(), RotationItem[].class)) {
                if ("sample".equals(i.reason())) {
                    out.add(new Request(
                            i.requestId(),
                            Instant.parse(i.time()).toEpochMilli(),
                            i.segment() == null ? Map.of() : i.segment(),
                            i.inputTokens() == null ? Double.NaN : i.inputTokens(),
                            i.outputTokens() == null ? Double.NaN : i.outputTokens(),
                            Double.NaN,
                            Double.NaN,
                            false,
                            null,
                            null,
                            false,
                            Map.of()));
                }
            }
            return out;
        } catch (IOException | DateTimeParseException e) {
            throw BadInputException.of("rotation " + r.name(), "its kept items cannot be read: " + e.getMessage());
        }
    }

    /** A kept rotation written again as its two files (for a rotation made in the workbench). */
    public static List<Path> exportRotation(MonitorRepository.SavedRotation rotation, Path dir) {
        try {
            return writeRotation(
                    dir, rotation.date(), List.of(Json.mapper().readValue(rotation.itemsJson(), RotationItem[].class)));
        } catch (IOException e) {
            throw BadInputException.of(
                    "rotation " + rotation.name(), "its kept items cannot be read: " + e.getMessage());
        }
    }

    static List<TrafficMonitor.Alert> chooseAlerts(List<TrafficMonitor.Alert> alerts, List<String> choice) {
        if (choice == null
                || choice.isEmpty()
                || choice.size() == 1 && choice.get(0).equalsIgnoreCase("all")) {
            return alerts;
        }
        if (choice.size() == 1 && choice.get(0).equalsIgnoreCase("none")) {
            return List.of();
        }
        List<TrafficMonitor.Alert> out = new ArrayList<>();
        for (String c : choice) {
            String t = c.strip();
            if (t.matches("\\d+")) {
                int k = Integer.parseInt(t);
                if (k < 1 || k > alerts.size()) {
                    throw BadInputException.of(
                            "--alerts",
                            "alert " + k + ": the analysis has " + alerts.size() + " alerts (numbered from 1 as "
                                    + "monitor analyze lists them)");
                }
                out.add(alerts.get(k - 1));
            } else {
                List<TrafficMonitor.Alert> m = alerts.stream()
                        .filter(a -> a.metric().equalsIgnoreCase(t))
                        .toList();
                if (m.isEmpty()) {
                    throw BadInputException.of(
                            "--alerts",
                            "'" + t + "': no alert on that metric; the alerts are on "
                                    + alerts.stream()
                                            .map(TrafficMonitor.Alert::metric)
                                            .distinct()
                                            .toList());
                }
                out.addAll(m);
            }
        }
        return out;
    }

    /** The rotation's two files, written whole (each to a temporary name, then moved): none left half-written. */
    static List<Path> writeRotation(Path dir, LocalDate date, List<RotationItem> items) {
        try {
            Files.createDirectories(dir);
            Path jsonl = dir.resolve("rotation-" + date + ".jsonl");
            Path csv = dir.resolve("replay-" + date + ".csv");
            StringBuilder j = new StringBuilder();
            for (RotationItem i : items) {
                j.append(Json.write(i)).append('\n');
            }
            StringBuilder c = new StringBuilder("timestamp,input_tokens,output_tokens,request_id\n");
            items.stream().sorted(Comparator.comparing(RotationItem::time)).forEach(i -> c.append(i.time())
                    .append(',')
                    .append(i.inputTokens() == null ? "" : String.format(Locale.ROOT, "%.0f", i.inputTokens()))
                    .append(',')
                    .append(i.outputTokens() == null ? "" : String.format(Locale.ROOT, "%.0f", i.outputTokens()))
                    .append(',')
                    .append('"')
                    .append(i.requestId().replace("\"", "\"\""))
                    .append("\"\n"));
            for (Object[] f : new Object[][] {{jsonl, j}, {csv, c}}) {
                Path target = (Path) f[0];
                Path tmp = Files.createTempFile(dir, ".rotation", ".part");
                Files.writeString(tmp, (CharSequence) f[1]);
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            }
            return List.of(jsonl, csv);
        } catch (IOException e) {
            throw BadInputException.of(dir.toString(), "the rotation cannot be written: " + e.getMessage());
        }
    }

    /** The requests kept in a project: one import by name or id, or all of them together. */
    public static List<Request> kept(Workspace ws, UUID projectId, String importNameOrId) {
        List<SavedMonitorImport> imports = ws.monitoring().list(projectId);
        if (importNameOrId != null) {
            imports = imports.stream()
                    .filter(i -> i.name().equals(importNameOrId.strip())
                            || i.id().toString().equals(importNameOrId.strip()))
                    .limit(1)
                    .toList();
            if (imports.isEmpty()) {
                throw BadInputException.of(
                        "--import", "the project keeps no request logs named '" + importNameOrId + "'");
            }
        }
        if (imports.isEmpty()) {
            throw BadInputException.of(
                    "--project", "the project keeps no request logs; import some with sextant monitor import");
        }
        List<Request> out = new ArrayList<>();
        for (var i : imports) {
            out.addAll(ws.monitoring().load(i.id()));
        }
        return out;
    }
}
