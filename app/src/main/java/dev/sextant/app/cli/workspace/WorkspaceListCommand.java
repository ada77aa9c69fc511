package dev.sextant.app.cli.workspace;

import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.app.cli.TextTable;
import dev.sextant.workspaces.Workspace;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code sextant workspace list}: the default workspace and the recently used ones. */
@Command(name = "list", mixinStandardHelpOptions = true, description = "List the default and recently used workspaces.")
public final class WorkspaceListCommand implements Runnable {

    @Mixin
    JsonOption output;

    @Spec
    CommandSpec spec;

    /** One known workspace. {@code exists} is false for the default workspace before first use. */
    public record Entry(String name, String path, boolean isDefault, boolean exists) {}

    public record Listing(String home, List<Entry> workspaces) {}

    @Override
    public void run() {
        CommandContext ctx = new CommandContext(spec);
        Path def = ctx.home().defaultWorkspaceDir();
        Set<Path> dirs = new LinkedHashSet<>();
        dirs.add(def);
        dirs.addAll(ctx.home().recentWorkspaces());
        List<Entry> entries = new ArrayList<>();
        for (Path d : dirs) {
            entries.add(new Entry(d.getFileName().toString(), d.toString(), d.equals(def), Workspace.exists(d)));
        }
        Listing listing = new Listing(ctx.home().root().toString(), entries);
        ctx.print(output.json(), listing, out -> {
            TextTable t = new TextTable("WORKSPACE", "FOLDER", "NOTE");
            for (Entry e : entries) {
                t.row(
                        e.name(),
                        e.path(),
                        (e.isDefault() ? "default" : "recent") + (e.exists() ? "" : ", created on first use"));
            }
            t.print(out);
        });
    }
}
