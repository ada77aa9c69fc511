package dev.sextant.app.cli.simulate;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code sextant simulate}: discrete-event simulations. */
@Command(
        name = "simulate",
        mixinStandardHelpOptions = true,
        description = "Discrete-event simulations: continuous batching in a serving engine.",
        subcommands = {SimulateServeCommand.class})
public final class SimulateCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "missing command: serve");
    }
}
