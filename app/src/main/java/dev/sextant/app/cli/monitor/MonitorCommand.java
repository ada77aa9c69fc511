package dev.sextant.app.cli.monitor;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code sextant monitor}: production traffic after launch. */
@Command(
        name = "monitor",
        mixinStandardHelpOptions = true,
        description =
                "After launch: production request logs read and monitored, anomalies traced to the requests that drove them.",
        subcommands = {
            MonitorImportCommand.class,
            MonitorAnalyzeCommand.class,
            MonitorWatchCommand.class,
            MonitorFeedbackCommand.class,
            MonitorLoopCommand.class
        })
public final class MonitorCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new ParameterException(
                spec.commandLine(), "missing subcommand: import, analyze, watch, feedback or loop");
    }
}
