package dev.sextant.app.cli;

import dev.sextant.app.logging.LogSetup;
import dev.sextant.model.io.Json;
import dev.sextant.model.project.Project;
import dev.sextant.workspaces.Workspace;
import dev.sextant.workspaces.WorkspaceException;
import dev.sextant.workspaces.WorkspaceHome;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import picocli.CommandLine.Model.CommandSpec;

/** What every command needs from the command line around it: the home folder, the workspace, output. */
public final class CommandContext {

    private final CommandSpec spec;

    public CommandContext(CommandSpec spec) {
        this.spec = spec;
    }

    public WorkspaceHome home() {
        return ((SextantCommand) spec.root().userObject()).home();
    }

    public PrintWriter out() {
        return spec.commandLine().getOut();
    }

    public PrintWriter err() {
        return spec.commandLine().getErr();
    }

    public CliProgress progress() {
        return new CliProgress(err());
    }

    /**
     * Opens the workspace named by {@code --workspace}, or the default one (created and seeded on first use), and
     * sends the log to its folder.
     */
    public Workspace openWorkspace(WorkspaceOption option) {
        Workspace ws;
        if (option != null && option.dir != null) {
            if (!Workspace.exists(option.dir)) {
                throw new WorkspaceException(
                        "no workspace at " + option.dir.toAbsolutePath().normalize()
                                + " (create one with: sextant workspace create " + option.dir + ")");
            }
            ws = Workspace.open(option.dir);
        } else {
            ws = Workspace.openOrCreate(home().defaultWorkspaceDir());
        }
        LogSetup.logToWorkspace(ws.logDir());
        return ws;
    }

    /**
     * The project named by {@code --project} (id or name); without one, the workspace's only project, else the one the
     * workbench had open last.
     */
    public Project project(Workspace ws, String idOrName) {
        if (idOrName != null) {
            return ws.projects()
                    .findByIdOrName(idOrName)
                    .orElseThrow(
                            () -> new WorkspaceException("no project '" + idOrName + "' in workspace " + ws.dir()));
        }
        var all = ws.projects().list();
        if (all.size() == 1) {
            return all.get(0);
        }
        String last = ws.property("last_project");
        if (last != null) {
            var p = ws.projects().findByIdOrName(last);
            if (p.isPresent()) {
                return p.get();
            }
        }
        if (all.isEmpty()) {
            throw new WorkspaceException(
                    "workspace " + ws.dir() + " has no projects; create one with: sextant project create NAME");
        }
        throw new WorkspaceException("workspace " + ws.dir() + " has several projects; choose one with --project ("
                + all.stream().map(Project::name).collect(Collectors.joining(", ")) + ")");
    }

    public Path defaultWorkspaceDir() {
        return home().defaultWorkspaceDir();
    }

    /** Prints {@code result} as one JSON document when {@code json}, else lets {@code human} write a readable form. */
    public void print(boolean json, Object result, Consumer<PrintWriter> human) {
        if (json) {
            Json.writePretty(out(), result); // streamed: a scan's result can be megabytes
            out().println();
        } else {
            human.accept(out());
        }
        out().flush();
    }
}
