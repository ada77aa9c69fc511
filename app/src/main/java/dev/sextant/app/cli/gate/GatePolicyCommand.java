package dev.sextant.app.cli.gate;

import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.app.cli.ProjectOption;
import dev.sextant.app.cli.TextTable;
import dev.sextant.app.cli.WorkspaceOption;
import dev.sextant.model.gate.GatePolicy;
import dev.sextant.model.io.GateFiles;
import dev.sextant.workspaces.SavedGatePolicy;
import dev.sextant.workspaces.Workspace;
import dev.sextant.workspaces.WorkspaceException;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sextant gate policy}: show or set the project's gate policy and the models it compares. */
@Command(
        name = "policy",
        mixinStandardHelpOptions = true,
        description = {
            "Show the project's gate policy, or set it from a JSON file (name, confidence, checks: name, layer, metric,",
            "higherIsBetter, minimumEffect, margin, test paired|unpaired|win_rate, role blocking|required_gain|informative)",
            "and choose the candidate and incumbent."
        })
public final class GatePolicyCommand implements Runnable {

    @Option(names = "--set", paramLabel = "FILE.json", description = "Replace the policy with this one (validated).")
    Path file;

    @Option(names = "--candidate", paramLabel = "MODEL", description = "The candidate model.")
    String candidate;

    @Option(names = "--incumbent", paramLabel = "MODEL", description = "The incumbent model.")
    String incumbent;

    @Mixin
    ProjectOption project;

    @Mixin
    WorkspaceOption workspace;

    @Mixin
    JsonOption output;

    @Spec
    CommandSpec spec;

    public record Result(GatePolicy policy, String candidate, String incumbent) {}

    @Override
    public void run() {
        CommandContext ctx = new CommandContext(spec);
        GatePolicy fromFile = file == null ? null : GateFiles.policy(file);
        try (Workspace ws = ctx.openWorkspace(workspace)) {
            var p = ctx.project(ws, project.nameOrId());
            SavedGatePolicy current = ws.gate().policy(p.id()).orElse(null);
            if (fromFile != null || candidate != null || incumbent != null) {
                GatePolicy policy = fromFile != null ? fromFile : current == null ? null : current.policy();
                if (policy == null) {
                    throw new WorkspaceException("the project has no gate policy yet: give --set FILE.json");
                }
                ws.gate()
                        .setPolicy(
                                p.id(),
                                policy,
                                candidate != null ? candidate : current == null ? null : current.candidate(),
                                incumbent != null ? incumbent : current == null ? null : current.incumbent(),
                                false);
                current = ws.gate().policy(p.id()).orElseThrow();
            }
            if (current == null) {
                throw new WorkspaceException(
                        "the project has no gate policy yet (sextant gate policy --set FILE.json)");
            }
            Result r = new Result(current.policy(), current.candidate(), current.incumbent());
            ctx.print(output.json(), r, out -> {
                out.printf(
                        "%s (confidence %.2f): %s against %s%n",
                        r.policy().name(), r.policy().confidence(), r.candidate(), r.incumbent());
                TextTable t =
                        new TextTable("CHECK", "LAYER", "METRIC", "BETTER", "MIN EFFECT", "MARGIN", "TEST", "ROLE");
                r.policy()
                        .checks()
                        .forEach(c -> t.row(
                                c.name(),
                                c.layer().slug(),
                                c.metric(),
                                c.higherIsBetter() ? "higher" : "lower",
                                c.minimumEffect(),
                                c.margin(),
                                c.test().name().toLowerCase(),
                                c.role().slug()));
                t.print(out);
            });
        }
    }
}
