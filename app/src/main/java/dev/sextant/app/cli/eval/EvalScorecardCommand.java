package dev.sextant.app.cli.eval;

import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.app.study.EvaluationStudy;
import dev.sextant.model.evaluation.CredibilityAssessor;
import dev.sextant.model.evaluation.Scorecard;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import java.io.PrintWriter;
import java.time.LocalDate;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sextant eval scorecard}: how far to trust each benchmark and the index, with the evidence. */
@Command(
        name = "scorecard",
        mixinStandardHelpOptions = true,
        description = {
            "Credibility scorecard per benchmark and for the index: weighting fit to your mix, contamination and",
            "timeliness, reproducibility. Each grade lists the checks and evidence behind it."
        })
public final class EvalScorecardCommand implements Runnable {

    @Mixin
    EvidenceOptions evidence;

    @Option(names = "--as-of", paramLabel = "YYYY-MM-DD", description = "Date ages are measured to (default: today).")
    LocalDate asOf;

    @Option(
            names = "--stale-after",
            paramLabel = "MONTHS",
            description = "Results older than this are marked stale (default: ${DEFAULT-VALUE}).")
    int staleMonths = CredibilityAssessor.DEFAULT_STALE_MONTHS;

    @Mixin
    JsonOption output;

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        CommandContext ctx = new CommandContext(spec);
        Scorecard card = EvaluationStudy.scorecard(
                evidence.load(ctx),
                evidence.scans(ctx),
                asOf == null ? LocalDate.now() : asOf,
                staleMonths,
                ProgressListener.NONE,
                CancellationToken.none());
        ctx.print(output.json(), card, out -> {
            out.println("INDEX");
            print(out, card.index());
            for (Scorecard.BenchmarkCard b : card.benchmarks()) {
                out.println();
                out.println(b.benchmark().toUpperCase());
                print(out, b.dimensions());
            }
            EvidenceOptions.print(evidence.notes, out);
        });
    }

    private static void print(PrintWriter out, List<Scorecard.Dimension> dims) {
        for (Scorecard.Dimension d : dims) {
            out.printf("  %-30s %s%n", d.name(), d.grade());
            for (Scorecard.Check c : d.checks()) {
                out.printf("    %-8s %-24s %s%n", c.grade(), c.name(), c.evidence());
            }
        }
    }
}
