package dev.sextant.app.cli.gate;

import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.app.cli.ProjectOption;
import dev.sextant.app.cli.TextTable;
import dev.sextant.app.cli.WorkspaceOption;
import dev.sextant.app.study.GateCase;
import dev.sextant.app.study.GateStudy;
import dev.sextant.model.gate.GateDecision;
import dev.sextant.workspaces.Workspace;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sextant gate decide}: full rollout, canary or reject, with reasons, from the project's evidence and policy. */
@Command(name = "decide", mixinStandardHelpOptions = true,
        description = {"Decide full rollout, canary or reject for the candidate against the incumbent, from the project's evidence",
                "(evaluation item scores and battles, contamination scans, imported suites and replays) under its gate policy."})
public final class GateDecideCommand implements Runnable {

    @Mixin
    ProjectOption project;
    @Option(names = "--candidate", paramLabel = "MODEL", description = "Candidate (default: the policy's).")
    String candidate;
    @Option(names = "--incumbent", paramLabel = "MODEL", description = "Incumbent (default: the policy's).")
    String incumbent;
    @Mixin
    WorkspaceOption workspace;
    @Mixin
    JsonOption output;
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        CommandContext ctx = new CommandContext(spec);
        GateCase g;
        try (Workspace ws = ctx.openWorkspace(workspace)) {
            g = new GateStudy(ws, ctx.project(ws, project.nameOrId()).id()).decide(candidate, incumbent);
        }
        GateDecision d = g.decision();
        ctx.print(output.json(), d, out -> {
            out.printf("%s against %s: %s%n", g.candidate(), g.incumbent(), d.decision().toUpperCase());
            TextTable t = new TextTable("CHECK", "LAYER", "ROLE", "STATUS", "IMPROVEMENT", "INTERVAL", "THRESHOLD", "N");
            for (GateDecision.CheckResult c : d.checks()) {
                t.row(c.name(), c.layer(), c.role(), c.status() + (c.downWeighted() != null ? " (down-weighted)" : ""),
                        c.estimate() == null ? "—" : String.format("%+.4g", c.estimate()),
                        c.ciLow() == null ? "—" : String.format("[%+.4g, %+.4g]", c.ciLow(), c.ciHigh()), String.format("%+.4g", c.threshold()), c.n());
            }
            t.print(out);
            d.reasons().forEach(r -> out.println("- " + r));
        });
    }
}
