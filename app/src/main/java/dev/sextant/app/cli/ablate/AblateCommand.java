package dev.sextant.app.cli.ablate;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code sextant ablate}: small runs before the big one. */
@Command(
        name = "ablate",
        mixinStandardHelpOptions = true,
        description = "Small-scale ablations before the big run: scaling laws fitted to a team's own small runs.",
        subcommands = {
            AblateImportCommand.class,
            AblateFitCommand.class,
            AblatePredictCommand.class,
            AblateOptimalCommand.class,
            AblateHyperCommand.class,
            AblateSchedulesCommand.class
        })
public final class AblateCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new ParameterException(
                spec.commandLine(), "missing subcommand: import, fit, predict, optimal, hyper or schedules");
    }
}
