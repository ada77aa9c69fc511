package dev.sextant.app.cli.workspace;

import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.app.cli.TextTable;
import dev.sextant.app.cli.WorkspaceOption;
import dev.sextant.model.project.Project;
import dev.sextant.workspaces.Workspace;
import dev.sextant.workspaces.WorkspaceSummary;
import java.io.PrintWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code sextant workspace info}: where the workspace is and what it holds. */
@Command(
        name = "info",
        mixinStandardHelpOptions = true,
        description = "Show a workspace: location, schema version, projects.")
public final class WorkspaceInfoCommand implements Runnable {

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
            WorkspaceSummary summary = WorkspaceSummary.of(ws);
            ctx.print(output.json(), summary, out -> printSummary(out, summary));
        }
    }

    static void printSummary(PrintWriter out, WorkspaceSummary s) {
        out.println("Workspace  " + s.name());
        out.println("Folder     " + s.path());
        out.println("Database   " + s.databaseFile() + " (" + humanBytes(s.databaseBytes()) + ", schema v"
                + s.schemaVersion() + ", H2 " + s.h2Version() + ")");
        out.println("Created    " + (s.createdAt() == null ? "unknown" : s.createdAt()));
        out.println();
        TextTable t = new TextTable("PROJECT", "ID", "UPDATED", "DESCRIPTION");
        for (Project p : s.projects()) {
            String d = p.description().replace('\n', ' ');
            t.row(
                    p.name() + (p.demo() ? " [demo]" : ""),
                    p.id(),
                    p.updatedAt(),
                    d.length() > 60 ? d.substring(0, 57) + "..." : d);
        }
        t.print(out);
    }

    static String humanBytes(long bytes) {
        if (bytes < 0) {
            return "size unknown";
        }
        if (bytes < 1024) {
            return bytes + " B";
        }
        String[] units = {"KiB", "MiB", "GiB", "TiB"};
        double v = bytes;
        int u = -1;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return String.format("%.1f %s", v, units[u]);
    }
}
