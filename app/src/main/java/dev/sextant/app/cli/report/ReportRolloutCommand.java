package dev.sextant.app.cli.report;

import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.app.cli.ProjectOption;
import dev.sextant.app.cli.WorkspaceOption;
import dev.sextant.app.report.Report;
import dev.sextant.app.report.ReportWriter;
import dev.sextant.app.report.RolloutReport;
import dev.sextant.workspaces.Workspace;
import java.nio.file.Path;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code sextant report rollout}: the rollout report as a self-contained HTML file or a PDF. */
@Command(
        name = "rollout",
        mixinStandardHelpOptions = true,
        description = {
            "The rollout report: decision and reasons, evidence by check with intervals, blind battles, canary plan and",
            "rollback rules, capacity and cost from the latest serving plan. HTML (self-contained) or PDF by the file's extension."
        })
public final class ReportRolloutCommand implements Runnable {

    @Mixin
    ProjectOption project;

    @Option(
            names = "--out",
            required = true,
            paramLabel = "FILE.html|FILE.pdf",
            description = "Where to write the report.")
    Path out;

    @Option(names = "--candidate", paramLabel = "MODEL", description = "Candidate (default: the gate policy's).")
    String candidate;

    @Option(names = "--incumbent", paramLabel = "MODEL", description = "Incumbent (default: the gate policy's).")
    String incumbent;

    @Mixin
    WorkspaceOption workspace;

    @Mixin
    JsonOption output;

    @Spec
    CommandSpec spec;

    public record Result(String file, String decision, int sections) {}

    @Override
    public void run() {
        CommandContext ctx = new CommandContext(spec);
        Report report;
        try (Workspace ws = ctx.openWorkspace(workspace)) {
            report = RolloutReport.build(ws, ctx.project(ws, project.nameOrId()), candidate, incumbent);
        }
        try {
            ReportWriter.write(report, out);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        Report.Verdict verdict = report.sections().stream()
                .flatMap(s -> s.blocks().stream())
                .filter(Report.Verdict.class::isInstance)
                .map(Report.Verdict.class::cast)
                .findFirst()
                .orElseThrow();
        String decision = "Decision: " + verdict.headline().toUpperCase(Locale.ROOT);
        Result r = new Result(
                out.toAbsolutePath().toString(),
                verdict.decision(),
                report.sections().size());
        ctx.print(
                output.json(),
                r,
                w -> w.println("Wrote " + r.file() + " (" + r.sections() + " sections; " + decision + ")"));
    }
}
