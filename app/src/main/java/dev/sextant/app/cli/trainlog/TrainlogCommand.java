package dev.sextant.app.cli.trainlog;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code sextant trainlog}: a training run's own logs. */
@Command(
        name = "trainlog",
        mixinStandardHelpOptions = true,
        description =
                "Training-run health from the run's own logs: anomalies, rollback costs, a rollback policy replayed.",
        subcommands = {TrainlogAnalyzeCommand.class, TrainlogCompareCommand.class})
public final class TrainlogCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "missing subcommand: analyze or compare");
    }
}
