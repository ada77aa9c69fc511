package dev.sextant.app.cli;

import dev.sextant.app.AppInfo;
import dev.sextant.app.cli.ablate.AblateCommand;
import dev.sextant.app.cli.catalog.CatalogCommand;
import dev.sextant.app.cli.data.ClusterSizeCommand;
import dev.sextant.app.cli.data.DecontaminateCommand;
import dev.sextant.app.cli.data.DedupCommand;
import dev.sextant.app.cli.data.MixCommand;
import dev.sextant.app.cli.eval.EvalCommand;
import dev.sextant.app.cli.gate.GateCommand;
import dev.sextant.app.cli.gpu.GpuCommand;
import dev.sextant.app.cli.monitor.MonitorCommand;
import dev.sextant.app.cli.plan.PlanCommand;
import dev.sextant.app.cli.project.ProjectCommand;
import dev.sextant.app.cli.report.ReportCommand;
import dev.sextant.app.cli.scan.ScanCommand;
import dev.sextant.app.cli.simulate.SimulateCommand;
import dev.sextant.app.cli.trainlog.TrainlogCommand;
import dev.sextant.app.cli.workspace.WorkspaceCommand;
import dev.sextant.workspaces.WorkspaceHome;
import picocli.CommandLine.Command;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code sextant}: the root of the command line. */
@Command(
        name = "sextant",
        mixinStandardHelpOptions = true,
        versionProvider = SextantCommand.Version.class,
        description = {
            "Offline workbench for LLM evaluation and capacity planning.",
            "Without arguments, opens the workbench. With a command, runs it headless."
        },
        footer = {
            "",
            "Exit status: 0 ok, 2 bad usage or bad input, 3 capability unavailable on this machine, "
                    + "1 internal failure, 130 cancelled."
        },
        subcommands = {
            GuiCommand.class,
            WorkspaceCommand.class,
            ProjectCommand.class,
            EvalCommand.class,
            ScanCommand.class,
            CatalogCommand.class,
            PlanCommand.class,
            SimulateCommand.class,
            GpuCommand.class,
            GateCommand.class,
            TrainlogCommand.class,
            DedupCommand.class,
            AblateCommand.class,
            MonitorCommand.class,
            DecontaminateCommand.class,
            MixCommand.class,
            ClusterSizeCommand.class,
            ReportCommand.class
        })
public final class SextantCommand implements Runnable {

    private final WorkspaceHome home;

    @Spec
    CommandSpec spec;

    public SextantCommand(WorkspaceHome home) {
        this.home = home;
    }

    public WorkspaceHome home() {
        return home;
    }

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "missing command");
    }

    static final class Version implements IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {AppInfo.current().versionLine()};
        }
    }
}
