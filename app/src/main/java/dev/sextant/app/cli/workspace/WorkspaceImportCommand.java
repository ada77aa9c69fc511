package dev.sextant.app.cli.workspace;

import dev.sextant.app.cli.CliProgress;
import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.app.cli.WorkspaceOption;
import dev.sextant.model.BadInputException;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.project.Project;
import dev.sextant.workspaces.Workspace;
import dev.sextant.workspaces.WorkspaceSummary;
import dev.sextant.workspaces.archive.ArchiveManifest;
import dev.sextant.workspaces.archive.WorkspaceArchive;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code sextant workspace import ARCHIVE}: a workspace archive becomes a new workspace, a project archive a new project. */
@Command(
        name = "import",
        mixinStandardHelpOptions = true,
        description = {
            "Import an archive made by 'workspace export'.",
            "A workspace archive becomes a new workspace in --to DIR;",
            "a project archive is added as a new project to --workspace (or the default workspace)."
        })
public final class WorkspaceImportCommand implements Runnable {

    @Parameters(index = "0", paramLabel = "ARCHIVE", description = "The *.sextant.zip file.")
    Path archive;

    @Option(names = "--to", paramLabel = "DIR", description = "Folder for the new workspace (workspace archives only).")
    Path to;

    @Mixin
    WorkspaceOption workspace;

    @Mixin
    JsonOption output;

    @Spec
    CommandSpec spec;

    /** What an import produced: the workspace it went into and, for a project archive, the new project. */
    public record Imported(ArchiveManifest.Kind kind, WorkspaceSummary workspace, Project project) {}

    @Override
    public void run() {
        CommandContext ctx = new CommandContext(spec);
        ArchiveManifest manifest = WorkspaceArchive.readManifest(archive);
        CliProgress progress = ctx.progress();
        if (manifest.kind() == ArchiveManifest.Kind.WORKSPACE) {
            if (to == null) {
                throw new ParameterException(
                        spec.commandLine(), "a workspace archive needs --to DIR for the new workspace");
            }
            Path dir = WorkspaceArchive.importWorkspace(archive, to, progress, CancellationToken.none());
            progress.done();
            try (Workspace ws = Workspace.open(dir)) {
                ctx.home().rememberRecent(ws.dir());
                Imported result = new Imported(manifest.kind(), WorkspaceSummary.of(ws), null);
                ctx.print(
                        output.json(),
                        result,
                        out -> out.println("Imported workspace " + ws.name() + " at " + ws.dir() + " ("
                                + result.workspace().projects().size() + " projects)"));
            }
        } else {
            if (to != null) {
                throw BadInputException.of(
                        archive.toString(),
                        "this is a project archive ('" + manifest.projectName()
                                + "'): it goes into a workspace as a new project; drop --to and choose the workspace with --workspace");
            }
            try (Workspace ws = ctx.openWorkspace(workspace)) {
                Project p = WorkspaceArchive.importProject(ws, archive, progress, CancellationToken.none());
                progress.done();
                Imported result = new Imported(manifest.kind(), WorkspaceSummary.of(ws), p);
                ctx.print(
                        output.json(),
                        result,
                        out -> out.println("Imported project '" + p.name() + "' into workspace " + ws.name() + " ("
                                + ws.dir() + ")"));
            }
        }
    }
}
