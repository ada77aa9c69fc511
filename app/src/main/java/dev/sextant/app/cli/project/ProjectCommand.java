package dev.sextant.app.cli.project;

import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.app.cli.TextTable;
import dev.sextant.app.cli.WorkspaceOption;
import dev.sextant.model.project.Project;
import dev.sextant.workspaces.Workspace;
import dev.sextant.workspaces.WorkspaceException;
import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code sextant project}: the projects inside a workspace. */
@Command(
        name = "project",
        mixinStandardHelpOptions = true,
        description = "List, create, change and delete projects in a workspace.",
        subcommands = {
            ProjectCommand.ListProjects.class,
            ProjectCommand.Create.class,
            ProjectCommand.Update.class,
            ProjectCommand.Delete.class
        })
public final class ProjectCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "missing subcommand: list, create, update or delete");
    }

    static Project find(Workspace ws, String idOrName) {
        return ws.projects()
                .findByIdOrName(idOrName)
                .orElseThrow(() -> new WorkspaceException("no project '" + idOrName + "' in workspace " + ws.dir()));
    }

    static void printProjects(PrintWriter out, List<Project> projects) {
        TextTable t = new TextTable("PROJECT", "ID", "CREATED", "UPDATED");
        projects.forEach(p -> t.row(p.name() + (p.demo() ? " [demo]" : ""), p.id(), p.createdAt(), p.updatedAt()));
        t.print(out);
    }

    @Command(name = "list", mixinStandardHelpOptions = true, description = "List the projects.")
    static final class ListProjects implements Runnable {
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
                List<Project> projects = ws.projects().list();
                ctx.print(output.json(), projects, out -> printProjects(out, projects));
            }
        }
    }

    @Command(name = "create", mixinStandardHelpOptions = true, description = "Create a project.")
    static final class Create implements Runnable {
        @Parameters(index = "0", paramLabel = "NAME", description = "Name, unique in the workspace (case-insensitive).")
        String name;

        @Option(
                names = {"-d", "--description"},
                paramLabel = "TEXT",
                description = "What the project is for.")
        String description = "";

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
                Project p = ws.projects().create(name, description);
                ctx.print(output.json(), p, out -> out.println("Created project '" + p.name() + "' (" + p.id() + ")"));
            }
        }
    }

    @Command(
            name = "update",
            mixinStandardHelpOptions = true,
            description = "Rename a project or change its description.")
    static final class Update implements Runnable {
        @Parameters(index = "0", paramLabel = "NAME|ID", description = "The project to change.")
        String project;

        @Option(
                names = {"-n", "--name"},
                paramLabel = "NAME",
                description = "New name.")
        String name;

        @Option(
                names = {"-d", "--description"},
                paramLabel = "TEXT",
                description = "New description.")
        String description;

        @Mixin
        WorkspaceOption workspace;

        @Mixin
        JsonOption output;

        @Spec
        CommandSpec spec;

        @Override
        public void run() {
            if (name == null && description == null) {
                throw new ParameterException(spec.commandLine(), "nothing to change: give --name and/or --description");
            }
            CommandContext ctx = new CommandContext(spec);
            try (Workspace ws = ctx.openWorkspace(workspace)) {
                Project old = find(ws, project);
                Project p = ws.projects()
                        .update(
                                old.id(),
                                name == null ? old.name() : name,
                                description == null ? old.description() : description);
                ctx.print(output.json(), p, out -> out.println("Updated project '" + p.name() + "'"));
            }
        }
    }

    @Command(name = "delete", mixinStandardHelpOptions = true, description = "Delete a project and everything in it.")
    static final class Delete implements Runnable {
        @Parameters(index = "0", paramLabel = "NAME|ID", description = "The project to delete.")
        String project;

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
                Project p = find(ws, project);
                ws.projects().delete(p.id());
                ctx.print(output.json(), p, out -> out.println("Deleted project '" + p.name() + "'"));
            }
        }
    }
}
