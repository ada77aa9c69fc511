package dev.sextant.app.cli.workspace;

import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.workspaces.Workspace;
import dev.sextant.workspaces.WorkspaceException;
import dev.sextant.workspaces.WorkspaceSummary;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code sextant workspace create DIR}. */
@Command(
        name = "create",
        mixinStandardHelpOptions = true,
        description = "Create a new workspace in a new or empty folder.")
public final class WorkspaceCreateCommand implements Runnable {

    @Parameters(
            index = "0",
            paramLabel = "DIR",
            description = "Folder for the new workspace (must not exist or be empty).")
    Path dir;

    @Option(names = "--demo", description = "Seed the demo project, as the default workspace is on first launch.")
    boolean demo;

    @Mixin
    JsonOption output;

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        CommandContext ctx = new CommandContext(spec);
        if (Workspace.exists(dir)) {
            throw new WorkspaceException(
                    "a workspace already exists at " + dir.toAbsolutePath().normalize());
        }
        try (Workspace ws = demo ? Workspace.openOrCreate(dir) : Workspace.create(dir)) {
            ctx.home().rememberRecent(ws.dir());
            WorkspaceSummary summary = WorkspaceSummary.of(ws);
            ctx.print(output.json(), summary, out -> out.println("Created workspace " + ws.name() + " at " + ws.dir()));
        }
    }
}
