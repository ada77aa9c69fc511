package dev.sextant.app.cli.report;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code sextant report}: documents to present. */
@Command(
        name = "report",
        mixinStandardHelpOptions = true,
        description = "Reports to present: the rollout report.",
        subcommands = {ReportRolloutCommand.class})
public final class ReportCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "missing command: rollout");
    }
}
