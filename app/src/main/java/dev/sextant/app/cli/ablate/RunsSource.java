package dev.sextant.app.cli.ablate;

import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.WorkspaceOption;
import dev.sextant.app.study.AblationStudy;
import dev.sextant.model.BadInputException;
import dev.sextant.model.io.AblationRunsFile;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import dev.sextant.workspaces.Workspace;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** Where the ablation commands' runs come from: tables (or logs) given, or the runs kept in a project; the user's column names. */
public final class RunsSource {

    @Option(
            names = "--input",
            arity = "1..*",
            paramLabel = "FILE",
            description =
                    "Tables of runs (CSV or JSON Lines), or training logs (read with ablate import's log options' defaults).")
    List<Path> inputs;

    @Option(
            names = {"-p", "--project"},
            paramLabel = "NAME|ID",
            description =
                    "Without --input: the runs kept in this project (ablate import) (default: the only or last used one).")
    String project;

    @Option(
            names = "--runs",
            paramLabel = "SET",
            description = "With --project: one kept set of runs by name or id (default: all of them).")
    String set;

    @Option(
            names = "--map",
            split = ",",
            paramLabel = "OURS=THEIRS",
            description = "Read our column from theirs, e.g. params=N,tokens=D,loss=final_loss.")
    Map<String, String> map = new LinkedHashMap<>();

    @Mixin
    WorkspaceOption workspace;

    /** The runs read from the inputs or the project (a problem names file, line, field and run). */
    AblationRunsFile.Read read(CommandContext ctx) {
        if (inputs != null && (project != null || set != null)) {
            throw BadInputException.of(
                    "--input",
                    "give the runs with --input FILE... or from a project (--project P, --runs SET), not both");
        }
        if (inputs != null) {
            return AblationStudy.read(
                    inputs,
                    rename(map),
                    AblationStudy.LogReading.NONE,
                    ProgressListener.NONE,
                    CancellationToken.none());
        }
        try (Workspace ws = ctx.openWorkspace(workspace)) {
            return AblationStudy.kept(ws, ctx.project(ws, project).id(), set);
        }
    }

    /** Their lower-case column names → ours. */
    static Map<String, String> rename(Map<String, String> map) {
        Map<String, String> rename = new LinkedHashMap<>();
        map.forEach((ours, theirs) ->
                rename.put(theirs.strip().toLowerCase(Locale.ROOT), ours.strip().toLowerCase(Locale.ROOT)));
        return rename;
    }
}
