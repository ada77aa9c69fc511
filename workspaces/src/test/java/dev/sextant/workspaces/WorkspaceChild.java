package dev.sextant.workspaces;

import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import dev.sextant.workspaces.archive.WorkspaceArchive;
import java.nio.file.Path;

/**
 * Runs in a second JVM for the tests that need another process: {@code hold DIR} opens the workspace and waits;
 * {@code commit DIR NAME} creates a project, says so, and waits to be killed; {@code import-workspace ARCHIVE TARGET}
 * imports an archive (run with a small heap to show that a hostile archive is refused in bounded memory).
 */
public final class WorkspaceChild {

    public static void main(String[] args) throws Exception {
        if (args[0].equals("import-workspace")) { // ARCHIVE TARGET: prints REFUSED <message> or IMPORTED
            try {
                WorkspaceArchive.importWorkspace(
                        Path.of(args[1]), Path.of(args[2]), ProgressListener.NONE, CancellationToken.none());
                System.out.println("IMPORTED");
            } catch (RuntimeException e) {
                System.out.println("REFUSED " + e.getMessage());
            }
            return;
        }
        if (args[0].equals("import-workspace-slowly") || args[0].equals("import-project-slowly")) {
            // prints "P <fraction>" as the import goes; the parent kills it at a chosen fraction
            ProgressListener progress = (fraction, message) -> {
                System.out.println("P " + fraction);
                System.out.flush();
            };
            if (args[0].equals("import-workspace-slowly")) {
                WorkspaceArchive.importWorkspace(
                        Path.of(args[1]), Path.of(args[2]), progress, CancellationToken.none());
            } else {
                try (Workspace target = Workspace.open(Path.of(args[2]))) {
                    WorkspaceArchive.importProject(target, Path.of(args[1]), progress, CancellationToken.none());
                }
            }
            System.out.println("DONE");
            return;
        }
        Workspace ws = Workspace.open(Path.of(args[1]));
        if (args[0].equals("commit")) {
            ws.projects().create(args[2], "written by a process that is then killed");
            System.out.println("COMMITTED");
        } else {
            System.out.println("READY");
        }
        System.out.flush();
        Thread.sleep(120_000);
    }
}
