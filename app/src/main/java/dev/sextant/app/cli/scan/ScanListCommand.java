package dev.sextant.app.cli.scan;

import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.app.cli.ProjectOption;
import dev.sextant.app.cli.TextTable;
import dev.sextant.app.cli.WorkspaceOption;
import dev.sextant.model.project.Project;
import dev.sextant.workspaces.RunState;
import dev.sextant.workspaces.SavedScan;
import dev.sextant.workspaces.Workspace;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code sextant scan list}: the scans kept in a project. */
@Command(name = "list", mixinStandardHelpOptions = true, description = "List the scans kept in a project.")
public final class ScanListCommand implements Runnable {

    @Mixin
    ProjectOption project;

    @Mixin
    WorkspaceOption workspace;

    @Mixin
    JsonOption output;

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        CommandContext ctx = new CommandContext(spec);
        try (Workspace ws = ctx.openWorkspace(workspace)) {
            Project p = ctx.project(ws, project.nameOrId());
            List<SavedScan> scans = ws.scans().list(p.id());
            ctx.print(output.json(), scans, out -> {
                TextTable t =
                        new TextTable("SCAN", "NAME", "STATE", "FILES DONE", "ITEMS", "DIRTY", "PARTIAL", "UPDATED");
                for (SavedScan s : scans) {
                    int done = s.state() == RunState.COMPLETE
                            ? s.files() - s.skippedFiles().size()
                            : s.filesDone();
                    t.row(
                            s.id(),
                            s.name() + (s.demo() ? " (demo)" : ""),
                            s.state().word(),
                            done + "/" + s.files()
                                    + (s.skippedFiles().isEmpty()
                                            ? ""
                                            : " (" + s.skippedFiles().size() + " skipped)"),
                            s.summary() == null ? "-" : s.summary().items(),
                            s.summary() == null ? "-" : s.summary().dirty(),
                            s.summary() == null ? "-" : s.summary().partial(),
                            s.updatedAt());
                }
                t.print(out);
                // why each failed scan stopped, and how to go on
                for (SavedScan s : scans) {
                    if (s.state() == RunState.FAILED) {
                        out.printf(
                                "%s %s; resume with --resume %s once fixed%s%n",
                                s.id(),
                                s.describe(),
                                s.id(),
                                s.failedFile() == null ? "" : " or add --skip-file " + s.failedFile());
                    }
                }
            });
        }
    }
}
