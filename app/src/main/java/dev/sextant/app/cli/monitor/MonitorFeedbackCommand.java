package dev.sextant.app.cli.monitor;

import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.app.cli.WorkspaceOption;
import dev.sextant.app.study.MonitoringStudy;
import dev.sextant.model.BadInputException;
import dev.sextant.model.monitoring.TrafficMonitor;
import dev.sextant.workspaces.Workspace;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sextant monitor feedback}: the next rotation of the private test set and the replay set, from production traffic. */
@Command(
        name = "feedback",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Makes the next rotation of the private dynamic test set and of the traffic-replay set from a project's kept request logs:",
            "the requests the alerts flagged, and a stratified sample of the rest (segments x prompt-length quartiles, in proportion to",
            "the traffic), leaving out what earlier rotations took (same request or same prompt) and marking prompts that repeat a public",
            "benchmark's items (--benchmarks). Kept in the project, dated, each item with its request id, time, segment and why; with",
            "--out, written as rotation-DATE.jsonl (test items) and replay-DATE.csv (a trace to replay)."
        })
public final class MonitorFeedbackCommand implements Runnable {

    @Option(
            names = {"-p", "--project"},
            paramLabel = "NAME|ID",
            description = "The project whose kept request logs feed the rotation.")
    String project;

    @Option(names = "--import", paramLabel = "NAME", description = "One kept import by name or id (default: all).")
    String importName;

    @Mixin
    WorkspaceOption workspace;

    @Option(
            names = "--alerts",
            split = ",",
            paramLabel = "all|none|N|METRIC",
            description =
                    "Which alerts' requests go in: all (default), none, numbers as monitor analyze lists them, or metrics (error_rate).")
    List<String> alerts = new ArrayList<>(List.of("all"));

    @Option(
            names = "--sample",
            defaultValue = "200",
            paramLabel = "N",
            description = "Normal requests sampled (default: ${DEFAULT-VALUE}).")
    int sample;

    @Option(names = "--rotation", paramLabel = "YYYY-MM-DD", description = "The rotation's date (default: today, UTC).")
    String rotation;

    @Option(
            names = "--benchmarks",
            arity = "1..*",
            paramLabel = "FILE",
            description = "Public benchmarks' items to check prompts against.")
    List<Path> benchmarks = new ArrayList<>();

    @Option(names = "--out", paramLabel = "DIR", description = "Write rotation-DATE.jsonl and replay-DATE.csv here.")
    Path out;

    @Option(
            names = "--seed",
            defaultValue = "1",
            paramLabel = "N",
            description = "The sample's seed (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(
            names = "--window",
            defaultValue = "5m",
            paramLabel = "LENGTH",
            description = "The analysis's window (default: ${DEFAULT-VALUE}).")
    String window;

    @Option(
            names = "--by",
            split = ",",
            paramLabel = "COLUMN",
            description = "Segments (and the sample's strata), e.g. route,version.")
    List<String> by = new ArrayList<>();

    @Option(
            names = "--baseline",
            split = ",",
            paramLabel = "COLUMN=VALUE",
            description = "The analysis's baseline group.")
    Map<String, String> baseline;

    @Mixin
    JsonOption output;

    @Spec
    CommandSpec spec;

    public record Result(
            String rotation,
            String name,
            String savedId,
            int items,
            int flagged,
            int sampled,
            int repeatsOfEarlier,
            int repeatsWithin,
            int overlapBenchmarks,
            Map<String, Integer> strata,
            List<String> files,
            List<String> notes) {}

    @Override
    public void run() {
        LocalDate date;
        try {
            date = rotation == null ? LocalDate.now(ZoneOffset.UTC) : LocalDate.parse(rotation.strip());
        } catch (DateTimeParseException e) {
            throw BadInputException.of("--rotation", "'" + rotation + "' is not a date (YYYY-MM-DD)");
        }
        List<String> segmentBy =
                by.stream().map(b -> b.strip().toLowerCase(Locale.ROOT)).toList();
        if (baseline != null && !segmentBy.containsAll(baseline.keySet())) {
            throw BadInputException.of(
                    "--baseline", "the baseline group " + baseline + " must be made of the --by columns " + segmentBy);
        }
        TrafficMonitor.Settings settings =
                new TrafficMonitor.Settings(MonitoringStudy.windowMillis(window), segmentBy, 12, baseline);
        CommandContext ctx = new CommandContext(spec);
        try (Workspace ws = ctx.openWorkspace(workspace)) {
            var p = ctx.project(ws, project);
            MonitoringStudy.Rotation r = MonitoringStudy.feedback(
                    ws, p.id(), importName, settings, alerts, sample, date, benchmarks, out, seed);
            var f = r.result();
            Result res = new Result(
                    date.toString(),
                    r.name(),
                    r.savedId().toString(),
                    f.items().size(),
                    f.flagged(),
                    f.sampled(),
                    f.repeatsOfEarlier(),
                    f.repeatsWithin(),
                    f.overlapBenchmarks(),
                    f.strata(),
                    r.files().stream().map(Path::toString).toList(),
                    f.notes());
            ctx.print(output.json(), res, w -> {
                res.notes().forEach(n -> w.println("Note: " + n));
                w.printf(
                        Locale.ROOT,
                        "Rotation %s kept in project %s: %,d items (%,d flagged by alerts, %,d sampled); %,d left out as earlier "
                                + "rotations' requests or prompts, %,d repeats within; %,d prompts overlap a public benchmark%n",
                        res.rotation(),
                        p.name(),
                        res.items(),
                        res.flagged(),
                        res.sampled(),
                        res.repeatsOfEarlier(),
                        res.repeatsWithin(),
                        res.overlapBenchmarks());
                res.files().forEach(x -> w.println("Wrote " + x));
            });
        }
    }
}
