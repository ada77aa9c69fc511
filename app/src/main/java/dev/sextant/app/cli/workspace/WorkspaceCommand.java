package dev.sextant.app.cli.workspace;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code sextant workspace}: the workspaces on this machine. */
@Command(
        name = "workspace",
        mixinStandardHelpOptions = true,
        description = "Create, inspect, export and import workspaces (one H2 database file plus its folder).",
        subcommands = {
            WorkspaceInfoCommand.class,
            WorkspaceListCommand.class,
            WorkspaceCreateCommand.class,
            WorkspaceExportCommand.class,
            WorkspaceImportCommand.class
        })
public final class WorkspaceCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "missing subcommand: info, list, create, export or import");
    }
}
