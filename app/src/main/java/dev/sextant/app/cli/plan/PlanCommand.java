package dev.sextant.app.cli.plan;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code sextant plan}: capacity planning. */
@Command(
        name = "plan",
        mixinStandardHelpOptions = true,
        description =
                "Capacity planning: training layouts, serving memory, checkpointing against failures, whole runs under failures, kept plans.",
        subcommands = {
            PlanTrainCommand.class,
            PlanServeCommand.class,
            PlanCapacityCommand.class,
            PlanLeversCommand.class,
            PlanEnginesCommand.class,
            PlanDisaggCommand.class,
            PlanCheckpointCommand.class,
            PlanFailuresCommand.class,
            PlanListCommand.class
        })
public final class PlanCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new ParameterException(
                spec.commandLine(),
                "missing command: train, serve, capacity, levers, engines, disagg, checkpoint, failures or list");
    }
}
