package dev.sextant.app.cli.monitor;

import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.app.cli.ProjectOption;
import dev.sextant.app.cli.WorkspaceOption;
import dev.sextant.app.study.MonitoringStudy;
import dev.sextant.model.io.RequestLogFile;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.workspaces.Workspace;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sextant monitor import}: request logs kept in a project. */
@Command(
        name = "import",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Reads request logs (JSON Lines, CSV, OTLP/JSON GenAI spans, the public request traces) and keeps them in a project as one",
            "import, whole or not at all; every record it could not read is counted with its file, line and reason."
        })
public final class MonitorImportCommand implements Runnable {

    @Option(
            names = "--input",
            required = true,
            arity = "1..*",
            paramLabel = "FILE|DIR",
            description = "Request logs, or folders of them.")
    List<Path> inputs;

    @Option(
            names = "--format",
            defaultValue = "auto",
            paramLabel = "auto|jsonl|csv|otlp|trace",
            description =
                    "Recognised by content; the name is checked against what was read (default: ${DEFAULT-VALUE}).")
    String format;

    @Option(
            names = "--map",
            split = ",",
            paramLabel = "COLUMN=FIELD",
            description = "Read our field from your column, e.g. call_id=request_id.")
    Map<String, String> map = new LinkedHashMap<>();

    @Option(
            names = "--name",
            paramLabel = "NAME",
            description = "The import's name in the project (default: the first input's name).")
    String name;

    @Mixin
    ProjectOption project;

    @Mixin
    WorkspaceOption workspace;

    @Mixin
    JsonOption output;

    @Spec
    CommandSpec spec;

    public record Result(
            String savedId,
            String name,
            String project,
            long requests,
            String from,
            String to,
            long skipped,
            List<RequestLogFile.Summary> files) {}

    @Override
    public void run() {
        Map<String, String> rename = MonitoringStudy.rename(map);
        CommandContext ctx = new CommandContext(spec);
        String first = inputs.get(0).getFileName() == null
                ? inputs.get(0).toString()
                : inputs.get(0).getFileName().toString();
        String setName =
                name != null ? name : inputs.size() == 1 ? first : first + " and " + (inputs.size() - 1) + " more";
        try (Workspace ws = ctx.openWorkspace(workspace)) {
            var p = ctx.project(ws, project.nameOrId());
            var progress = ctx.progress();
            MonitoringStudy.Imported kept = MonitoringStudy.importLogs(
                    ws, p.id(), setName, inputs, rename, format, progress, CancellationToken.none());
            progress.done();
            String id = kept.saved().id().toString();
            long skipped = kept.files().stream()
                    .mapToLong(RequestLogFile.Summary::skipped)
                    .sum();
            Result r = new Result(
                    id,
                    setName,
                    p.name(),
                    kept.saved().requests(),
                    Instant.ofEpochMilli(kept.saved().firstMillis()).toString(),
                    Instant.ofEpochMilli(kept.saved().lastMillis()).toString(),
                    skipped,
                    kept.files());
            var read = kept;
            ctx.print(output.json(), r, out -> {
                read.files().forEach(s -> s.notes().forEach(n -> out.println("Note: " + n)));
                if (skipped > 0) {
                    out.printf(Locale.ROOT, "Skipped %,d records:%n", skipped);
                    read.files().forEach(s -> s.firstSkips().forEach(k -> out.println("  " + k.describe())));
                }
                out.printf(
                        Locale.ROOT,
                        "Kept %,d requests (%s to %s) as “%s” in project %s (%s)%n",
                        r.requests(),
                        r.from(),
                        r.to(),
                        setName,
                        p.name(),
                        id);
            });
        }
    }
}
