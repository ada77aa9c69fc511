package dev.sextant.app.cli.gpu;

import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.app.cli.ProjectOption;
import dev.sextant.app.cli.TextTable;
import dev.sextant.app.cli.WorkspaceOption;
import dev.sextant.app.study.CalibrationStudy;
import dev.sextant.model.calibration.ProfileComparison;
import dev.sextant.workspaces.SavedProfile;
import dev.sextant.workspaces.Workspace;
import dev.sextant.workspaces.WorkspaceException;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code sextant gpu compare}: a kept profile against its datasheet, or two side by side. */
@Command(
        name = "compare",
        mixinStandardHelpOptions = true,
        description = "A kept calibration profile against its GPU's datasheet, or two kept profiles side by side.")
public final class GpuCompareCommand implements Runnable {

    @Parameters(index = "0", paramLabel = "PROFILE")
    String first;

    @Parameters(
            index = "1",
            arity = "0..1",
            paramLabel = "OTHER",
            description = "Second profile (default: the datasheet).")
    String second;

    @Mixin
    ProjectOption project;

    @Mixin
    WorkspaceOption workspace;

    @Mixin
    JsonOption output;

    @Spec
    CommandSpec spec;

    public record Result(String first, String second, List<ProfileComparison.Line> lines) {}

    @Override
    public void run() {
        CommandContext ctx = new CommandContext(spec);
        try (Workspace ws = ctx.openWorkspace(workspace)) {
            CalibrationStudy study =
                    new CalibrationStudy(ws, ctx.project(ws, project.nameOrId()).id());
            SavedProfile a = find(study, first);
            Result r;
            if (second == null) {
                List<ProfileComparison.Line> lines = CalibrationStudy.againstDatasheet(a.profile())
                        .orElseThrow(() ->
                                new WorkspaceException(a.profile().device().name()
                                        + " is not in the catalog: there is no datasheet to compare with"));
                r = new Result(a.name(), a.profile().catalogSpec().name() + " datasheet", lines);
            } else {
                SavedProfile b = find(study, second);
                r = new Result(a.name(), b.name(), CalibrationStudy.between(a.profile(), b.profile()));
            }
            ctx.print(output.json(), r, out -> {
                TextTable t = new TextTable(
                        "RATE", r.first().toUpperCase(), r.second().toUpperCase(), "RATIO");
                r.lines()
                        .forEach(l -> t.row(
                                l.metric(),
                                l.first() == null ? "—" : String.format("%,.1f", l.first()),
                                l.second() == null ? "—" : String.format("%,.1f", l.second()),
                                l.ratio() == null ? "—" : String.format("%.2f×", l.ratio())));
                t.print(out);
            });
        }
    }

    private static SavedProfile find(CalibrationStudy study, String name) {
        return study.find(name)
                .orElseThrow(() -> new WorkspaceException(
                        "no calibration profile “" + name + "” in the project (sextant gpu profiles lists them)"));
    }
}
