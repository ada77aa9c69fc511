package dev.sextant.app.cli.eval;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code sextant eval}: benchmark credibility — variance, paired comparison, power, composite indexes, arena ratings. */
@Command(
        name = "eval",
        mixinStandardHelpOptions = true,
        description = "Benchmark credibility: error bars, paired comparisons, power, composite indexes, arena ratings.",
        subcommands = {
            EvalImportCommand.class,
            EvalSummaryCommand.class,
            EvalSamplesCommand.class,
            EvalByDateCommand.class,
            EvalDimensionsCommand.class,
            EvalCompareCommand.class,
            EvalPowerCommand.class,
            EvalIndexCommand.class,
            EvalScorecardCommand.class,
            EvalArenaCommand.class
        })
public final class EvalCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new ParameterException(
                spec.commandLine(), "missing subcommand: import, summary, compare, power, index or arena");
    }
}
