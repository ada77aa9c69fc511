package dev.sextant.app.cli.monitor;

import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.app.cli.WorkspaceOption;
import dev.sextant.app.study.MonitoringStudy;
import dev.sextant.model.monitoring.FeedbackLoop;
import dev.sextant.workspaces.Workspace;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sextant monitor loop}: each model version's place in the loop after launch. */
@Command(
        name = "loop",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Where each model version of a project stands in the loop after launch: launched (its first kept request), monitoring",
            "(its kept traffic), feedback collected (the latest rotation holding its requests), re-evaluated (the gate's scores for it",
            "imported on or after that rotation's date), with the dates, and what the loop needs next. A version is the requests'",
            "version column, else their model column; the gate's candidate is listed before its first request."
        })
public final class MonitorLoopCommand implements Runnable {

    @Option(
            names = {"-p", "--project"},
            paramLabel = "NAME|ID",
            description = "The project.")
    String project;

    @Mixin
    WorkspaceOption workspace;

    @Mixin
    JsonOption output;

    @Spec
    CommandSpec spec;

    public record Result(String project, List<FeedbackLoop.VersionLoop> versions) {}

    @Override
    public void run() {
        CommandContext ctx = new CommandContext(spec);
        try (Workspace ws = ctx.openWorkspace(workspace)) {
            var p = ctx.project(ws, project);
            Result res = new Result(p.name(), MonitoringStudy.loop(ws, p.id()));
            ctx.print(output.json(), res, w -> {
                if (res.versions().isEmpty()) {
                    w.println(
                            "No model version in project " + p.name() + ": no traffic kept and no gate candidate set.");
                    return;
                }
                w.printf(
                        Locale.ROOT,
                        "%-24s %-20s %-10s %-23s %10s %-24s %-12s%n",
                        "Version",
                        "Stage",
                        "Launched",
                        "Monitored",
                        "Requests",
                        "Feedback",
                        "Re-evaluated");
                for (FeedbackLoop.VersionLoop l : res.versions()) {
                    w.printf(
                            Locale.ROOT,
                            "%-24s %-20s %-10s %-23s %,10d %-24s %-12s%n",
                            l.version() + (l.candidate() ? " (candidate)" : ""),
                            l.stage(),
                            l.launched() == null ? "—" : l.launched(),
                            l.monitoredFrom() == null ? "—" : l.monitoredFrom() + " – " + l.monitoredTo(),
                            l.requests(),
                            l.rotation() == null ? "—" : l.rotation() + " (" + l.feedbackItems() + ")",
                            l.reEvaluated() == null ? "—" : l.reEvaluated());
                }
                res.versions().forEach(l -> w.println("Next for " + l.version() + ": " + l.next()));
            });
        }
    }
}
