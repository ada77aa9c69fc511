package dev.sextant.app.cli.workspace;

import dev.sextant.app.cli.CliProgress;
import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.app.cli.WorkspaceOption;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.project.Project;
import dev.sextant.workspaces.Workspace;
import dev.sextant.workspaces.WorkspaceException;
import dev.sextant.workspaces.archive.ArchiveManifest;
import dev.sextant.workspaces.archive.WorkspaceArchive;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code sextant workspace export FILE [--project P]}. */
@Command(
        name = "export",
        mixinStandardHelpOptions = true,
        description = "Export the whole workspace, or one project, as one archive file (*.sextant.zip).")
public final class WorkspaceExportCommand implements Runnable {

    @Parameters(index = "0", paramLabel = "FILE", description = "Archive to write; replaced if it exists.")
    Path file;

    @Option(
            names = {"-p", "--project"},
            paramLabel = "NAME|ID",
            description = "Export only this project.")
    String project;

    @Mixin
    WorkspaceOption workspace;

    @Mixin
    JsonOption output;

    @Spec
    CommandSpec spec;

    public record Exported(String archive, long bytes, ArchiveManifest manifest) {}

    @Override
    public void run() {
        CommandContext ctx = new CommandContext(spec);
        try (Workspace ws = ctx.openWorkspace(workspace)) {
            CliProgress progress = ctx.progress();
            ArchiveManifest manifest;
            if (project == null) {
                manifest = WorkspaceArchive.exportWorkspace(ws, file, progress, CancellationToken.none());
            } else {
                Project p = ws.projects()
                        .findByIdOrName(project)
                        .orElseThrow(
                                () -> new WorkspaceException("no project '" + project + "' in workspace " + ws.dir()));
                manifest = WorkspaceArchive.exportProject(ws, p.id(), file, progress, CancellationToken.none());
            }
            progress.done();
            Path abs = file.toAbsolutePath().normalize();
            long bytes;
            try {
                bytes = Files.size(abs);
            } catch (IOException e) {
                bytes = -1;
            }
            Exported result = new Exported(abs.toString(), bytes, manifest);
            ctx.print(
                    output.json(),
                    result,
                    out -> out.println("Exported "
                            + (manifest.kind() == ArchiveManifest.Kind.PROJECT
                                    ? "project '" + manifest.projectName() + "'"
                                    : "workspace " + ws.name())
                            + " (" + manifest.totalRows()
                            + " rows, " + manifest.files() + " files) to " + abs));
        }
    }
}
