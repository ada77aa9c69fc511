package dev.sextant.app.cli.gate;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code sextant gate}: the rollout gate. */
@Command(
        name = "gate",
        mixinStandardHelpOptions = true,
        description =
                "The rollout gate: a decision from layered evidence, canary plans, a canary judge over monitoring data.",
        subcommands = {
            GateDecideCommand.class,
            GatePolicyCommand.class,
            GateImportCommand.class,
            GateJudgeCommand.class,
            GateReplayCommand.class,
            GateCanaryPlanCommand.class
        })
public final class GateCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new ParameterException(
                spec.commandLine(), "missing command: decide, policy, import, judge, replay or canary-plan");
    }
}
