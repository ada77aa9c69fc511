package dev.sextant.app.cli.plan;

import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.WorkspaceOption;
import dev.sextant.app.study.PlanInputs;
import dev.sextant.model.calibration.Calibration;
import dev.sextant.workspaces.Workspace;
import dev.sextant.workspaces.WorkspaceException;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/** {@code --profile}: run a planner on a calibration profile instead of the catalog defaults. */
public final class ProfileOption {

    @Option(
            names = "--profile",
            paramLabel = "NAME|FILE.json",
            description =
                    "Calibration profile to use instead of catalog defaults: a name kept in the project (sextant gpu profiles) or a profile JSON file.")
    String profile;

    /** The calibration, or null for the catalog defaults. */
    public Calibration resolve(CommandSpec spec, WorkspaceOption workspace, String project) {
        if (profile == null) {
            return null;
        }
        var file = PlanInputs.profileFile(profile);
        if (file.isPresent()) {
            return file.get();
        }
        CommandContext ctx = new CommandContext(spec);
        try (Workspace ws = ctx.openWorkspace(workspace)) {
            var p = ctx.project(ws, project);
            return PlanInputs.keptProfile(ws, p.id(), profile)
                    .orElseThrow(() -> new WorkspaceException("--profile: no calibration " + "profile “" + profile
                            + "” in project " + p.name() + " (sextant gpu profiles lists them)"));
        }
    }
}
