package dev.sextant.app.cli.eval;

import dev.sextant.app.cli.CliProgress;
import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.app.cli.TextTable;
import dev.sextant.app.study.EvaluationStudy;
import dev.sextant.model.evaluation.EvaluationEvidence;
import dev.sextant.model.evaluation.ScoreSummary;
import dev.sextant.model.evaluation.ScoreSummarySpec;
import dev.sextant.model.job.CancellationToken;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sextant eval summary}: mean, standard errors and intervals per model × benchmark. */
@Command(
        name = "summary",
        mixinStandardHelpOptions = true,
        description = {
            "Mean, CLT and clustered standard errors and a confidence interval per model and benchmark,",
            "with the Wilson interval for small 0/1 sets, the resampling decomposition for repeated samples,",
            "the sampling configurations and flags."
        })
public final class EvalSummaryCommand implements Runnable {

    @Mixin
    EvidenceOptions evidence;

    @Option(
            names = "--ci",
            defaultValue = "clt",
            paramLabel = "clt|bootstrap",
            description = "Interval method (default: ${DEFAULT-VALUE}).")
    ScoreSummarySpec.CiMethod ci;

    @Option(
            names = "--bootstrap",
            defaultValue = "10000",
            paramLabel = "N",
            description = "Bootstrap resamples (default: ${DEFAULT-VALUE}).")
    int rounds;

    @Option(
            names = "--seed",
            defaultValue = "0",
            paramLabel = "S",
            description = "Bootstrap seed (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(
            names = "--alpha",
            defaultValue = "0.05",
            paramLabel = "A",
            description = "1 − confidence level (default: ${DEFAULT-VALUE}).")
    double alpha;

    @Mixin
    JsonOption output;

    @Spec
    CommandSpec spec;

    /**
     * The JSON document: one row per model and benchmark, and what reading the files chose (which metric of several,
     * a model named after its folder), one line each.
     */
    public record Result(List<ScoreSummary> rows, List<String> notes) {}

    @Override
    public void run() {
        CommandContext ctx = new CommandContext(spec);
        ScoreSummarySpec s = new ScoreSummarySpec(ci, rounds, seed, alpha);
        EvaluationEvidence loaded = evidence.load(ctx);
        if (loaded.items().isEmpty() && loaded.reported().isEmpty()) {
            throw new picocli.CommandLine.ParameterException(
                    spec.commandLine(), "the evidence holds no benchmark scores to summarise");
        }
        CliProgress progress = ctx.progress();
        List<ScoreSummary> rows = EvaluationStudy.summaries(loaded, s, progress, CancellationToken.none());
        progress.done();
        ctx.print(output.json(), new Result(rows, evidence.notes), out -> {
            TextTable t = new TextTable(
                    "BENCHMARK", "MODEL", "METRIC", "N", "MEAN", "SE", "SE CLUSTERED", "CI", "METHOD", "FLAGS");
            for (ScoreSummary r : rows) {
                t.row(
                        r.benchmark(),
                        r.model(),
                        r.metric() == null ? "per item" : r.metric(),
                        r.n() == null ? "not reported" : r.n(),
                        f(r.mean()),
                        r.se() == null ? "-" : f(r.se()),
                        r.seClustered() == null ? "-" : f(r.seClustered()),
                        r.ciLow() == null ? "not disclosed" : "[" + f(r.ciLow()) + ", " + f(r.ciHigh()) + "]",
                        r.method(),
                        String.join("; ", r.flags()));
            }
            t.print(out);
            EvidenceOptions.print(evidence.notes, out);
        });
    }

    static String f(double v) {
        return String.format("%.4f", v);
    }
}
