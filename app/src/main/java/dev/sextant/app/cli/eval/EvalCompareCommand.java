package dev.sextant.app.cli.eval;

import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.app.study.EvaluationStudy;
import dev.sextant.model.evaluation.EvaluationEvidence;
import dev.sextant.model.evaluation.RepeatedSamples;
import dev.sextant.model.evaluation.ScoreSummarizer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code sextant eval compare}: is model A's lead over B on a benchmark real? */
@Command(
        name = "compare",
        mixinStandardHelpOptions = true,
        description = {
            "Paired comparison of two models on the items both were scored on:",
            "mean difference a − b, paired SE, 95%% CI, two-sided p-value, and the correlation pairing exploits."
        })
public final class EvalCompareCommand implements Runnable {

    @Mixin
    EvidenceOptions evidence;

    @Option(names = "--a", required = true, paramLabel = "MODEL", description = "Model A.")
    String a;

    @Option(names = "--b", required = true, paramLabel = "MODEL", description = "Model B.")
    String b;

    @Option(names = "--benchmark", required = true, paramLabel = "NAME", description = "Benchmark both were scored on.")
    String benchmark;

    @Option(
            names = "--trials",
            paramLabel = "pass^K|pass@K|mean",
            description = "Items answered several times: compare each item's pass^K"
                    + " (all K trials succeed), pass@K, or the mean of its trials (the default).")
    String trials;

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

    @Override
    public void run() {
        CommandContext ctx = new CommandContext(spec);
        EvaluationEvidence loaded = evidence.load(ctx);
        if (loaded.items().isEmpty()) {
            throw new ParameterException(
                    spec.commandLine(), "a paired comparison needs per-item scores; the inputs hold only aggregates");
        }
        ScoreSummarizer.PairedResult r = EvaluationStudy.compare(
                loaded, a, b, benchmark, alpha, trials == null ? null : RepeatedSamples.Fold.parse(trials));
        ctx.print(output.json(), r, out -> {
            out.printf(
                    "%s vs %s on %s, %d shared items%s%n",
                    a,
                    b,
                    benchmark,
                    r.n(),
                    trials == null ? "" : ", each item's " + trials.strip() + " over its trials");
            out.printf("mean difference (a − b)  %+.4f   (a %.4f, b %.4f)%n", r.meanDiff(), r.meanA(), r.meanB());
            out.printf(
                    "paired SE                %.4f   (unpaired would be %.4f; correlation %.3f)%n",
                    r.se(), r.seUnpaired(), r.correlation());
            out.printf("%.0f%% CI                  [%+.4f, %+.4f]%n", 100 * (1 - alpha), r.ciLow(), r.ciHigh());
            out.printf("p-value (two-sided)      %.4g%n", r.pValue());
            if (r.unmatchedA() + r.unmatchedB() > 0) {
                out.printf("left out: %d items only %s has, %d only %s has%n", r.unmatchedA(), a, r.unmatchedB(), b);
            }
            EvidenceOptions.print(evidence.notes, out);
        });
    }
}
