package dev.sextant.workspaces;

import java.nio.file.Path;

/**
 * Runs in a second JVM for the tests that need another process: {@code hold DIR} opens the workspace and waits;
 * {@code commit DIR NAME} creates a project, says so, and waits to be killed.
 */
public final class WorkspaceChild {

    public static void main(String[] args) throws Exception {
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
