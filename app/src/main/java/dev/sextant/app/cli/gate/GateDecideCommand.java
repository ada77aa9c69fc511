package dev.sextant.app.cli.gate;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.app.cli.ProjectOption;
import dev.sextant.app.cli.TextTable;
import dev.sextant.app.cli.WorkspaceOption;
import dev.sextant.app.study.GateCase;
import dev.sextant.app.study.GateStudy;
import dev.sextant.model.gate.GateDecision;
import dev.sextant.model.io.Json;
import dev.sextant.model.monitoring.EvidenceFreshness;
import dev.sextant.workspaces.Workspace;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sextant gate decide}: full rollout, canary or reject, with reasons, from the project's evidence and policy. */
@Command(
        name = "decide",
        mixinStandardHelpOptions = true,
        description = {
            "Decide full rollout, canary or reject for the candidate against the incumbent, from the project's evidence",
            "(evaluation item scores and battles, contamination scans, imported suites and replays) under its gate policy."
        })
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
        EvidenceFreshness.Result fresh;
        try (Workspace ws = ctx.openWorkspace(workspace)) {
            GateStudy gate =
                    new GateStudy(ws, ctx.project(ws, project.nameOrId()).id());
            g = gate.decide(candidate, incumbent);
            fresh = gate.freshness();
        }
        GateDecision d = g.decision();
        // the decision's fields as ever, and how current its evidence is
        ObjectNode answer = Json.mapper().valueToTree(d);
        answer.set("freshness", Json.mapper().valueToTree(fresh));
        ctx.print(output.json(), answer, out -> {
            out.printf(
                    "%s against %s: %s%n",
                    g.candidate(), g.incumbent(), d.decision().toUpperCase());
            TextTable t =
                    new TextTable("CHECK", "LAYER", "ROLE", "STATUS", "IMPROVEMENT", "INTERVAL", "THRESHOLD", "N");
            for (GateDecision.CheckResult c : d.checks()) {
                t.row(
                        c.name(),
                        c.layer(),
                        c.role(),
                        c.status() + (c.downWeighted() != null ? " (down-weighted)" : ""),
                        c.estimate() == null ? "—" : String.format("%+.4g", c.estimate()),
                        c.ciLow() == null ? "—" : String.format("[%+.4g, %+.4g]", c.ciLow(), c.ciHigh()),
                        String.format("%+.4g", c.threshold()),
                        c.n());
            }
            t.print(out);
            d.reasons().forEach(r -> out.println("- " + r));
            out.println();
            out.println(
                    fresh.stale()
                            ? "STALE: the decision rests on traffic that has moved since its evidence."
                            : "Evidence:");
            fresh.layers()
                    .forEach(l ->
                            out.printf(Locale.ROOT, "  %-10s %s (%d days old)%n", l.layer(), l.date(), l.ageDays()));
            fresh.reasons().forEach(r -> out.println("- " + r));
        });
    }
}
