package dev.sextant.app.cli;

import dev.sextant.app.AppInfo;
import dev.sextant.app.cli.ablate.AblateCommand;
import dev.sextant.app.cli.catalog.CatalogCommand;
import dev.sextant.app.cli.data.ClusterSizeCommand;
import dev.sextant.app.cli.data.DecontaminateCommand;
import dev.sextant.app.cli.data.DedupCommand;
import dev.sextant.app.cli.data.FilterCommand;
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
import java.util.Arrays;
import java.util.List;
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
        })
public final class SextantCommand implements Runnable {

    /**
     * The commands, in the order help lists them. Added to the root as the command line is built rather than named in
     * the annotation, so that a run builds only the command it was asked for: picocli reads every option of every
     * command it is given, and doing so for all of them was a third of a second of each command's start.
     */
    static final List<Class<?>> COMMANDS = List.of(
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
            FilterCommand.class,
            AblateCommand.class,
            MonitorCommand.class,
            DecontaminateCommand.class,
            MixCommand.class,
            ClusterSizeCommand.class,
            ReportCommand.class);

    /**
     * The commands a run with these arguments needs: the one its first argument names (a name or an alias), none for
     * the version alone, every one otherwise (help, an error with suggestions).
     */
    static List<Class<?>> neededFor(String[] args) {
        if (args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"))) {
            return List.of();
        }
        for (Class<?> c : args.length == 0 ? List.<Class<?>>of() : COMMANDS) {
            Command command = c.getAnnotation(Command.class);
            if (command.name().equals(args[0])
                    || Arrays.asList(command.aliases()).contains(args[0])) {
                return List.of(c);
            }
        }
        return COMMANDS;
    }

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
