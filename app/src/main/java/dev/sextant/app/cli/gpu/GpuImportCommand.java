package dev.sextant.app.cli.gpu;

import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.app.cli.ProjectOption;
import dev.sextant.app.cli.WorkspaceOption;
import dev.sextant.app.study.CalibrationStudy;
import dev.sextant.model.calibration.CalibrationProfile;
import dev.sextant.workspaces.Workspace;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code sextant gpu import}: keep a profile measured elsewhere (the "profile" of {@code gpu calibrate --json}). */
@Command(
        name = "import",
        mixinStandardHelpOptions = true,
        description =
                "Keep a calibration profile from a JSON file (the \"profile\" object of gpu calibrate --json) in a project.")
public final class GpuImportCommand implements Runnable {

    @Parameters(index = "0", paramLabel = "FILE.json")
    Path file;

    @Option(names = "--name", required = true, paramLabel = "NAME", description = "Name of the profile in the project.")
    String name;

    @Mixin
    ProjectOption project;

    @Mixin
    WorkspaceOption workspace;

    @Mixin
    JsonOption output;

    @Spec
    CommandSpec spec;

    public record Result(String savedId, String name, String device) {}

    @Override
    public void run() {
        CalibrationProfile p = CalibrationStudy.read(file);
        CommandContext ctx = new CommandContext(spec);
        try (Workspace ws = ctx.openWorkspace(workspace)) {
            String id = new CalibrationStudy(
                            ws, ctx.project(ws, project.nameOrId()).id())
                    .keep(name, p)
                    .toString();
            ctx.print(
                    output.json(),
                    new Result(id, name, p.device().name()),
                    out -> out.println(
                            "Kept “" + name + "” (" + p.device().name() + ", " + p.measuredAt() + ") as " + id));
        }
    }
}
