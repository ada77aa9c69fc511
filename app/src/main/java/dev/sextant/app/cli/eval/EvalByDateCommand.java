package dev.sextant.app.cli.eval;

import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.app.study.EvaluationStudy;
import dev.sextant.model.BadInputException;
import dev.sextant.model.evaluation.EvaluationEvidence;
import dev.sextant.model.evaluation.ItemScore;
import dev.sextant.model.evaluation.ResultsByDate;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sextant eval by-date}: accuracy on items from before a model's training cut-off against those after. */
@Command(
        name = "by-date",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "A model's accuracy on items dated on or before its training cut-off against items dated after it, and the",
            "difference after - before with a 95 % interval: markedly better on the older items is contamination-by-date evidence."
        })
public final class EvalByDateCommand implements Runnable {

    @Mixin
    EvidenceOptions evidence;

    @Option(
            names = "--dates",
            paramLabel = "FILE",
            description = {
                "Items' dates: CSV item_id,date[,benchmark] (default: the dates",
                "imported into the project or given among the inputs)."
            })
    Path dates;

    @Option(
            names = "--cutoff",
            paramLabel = "YYYY-MM-DD",
            description = {
                "The model's training cut-off (default: the one imported",
                "into the project or given among the inputs as model,cutoff)."
            })
    String cutoff;

    @Option(
            names = "--benchmark",
            paramLabel = "NAME",
            description = "The benchmark (needed when the scores hold several).")
    String benchmark;

    @Option(
            names = "--skip-undated",
            description = "Leave out scored items the dates file does not date (counted), instead of refusing.")
    boolean skipUndated;

    @Mixin
    JsonOption output;

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        LocalDate cut = null;
        try {
            cut = cutoff == null ? null : LocalDate.parse(cutoff.strip());
        } catch (DateTimeParseException e) {
            throw BadInputException.of("--cutoff", "'" + cutoff + "' is not a date (YYYY-MM-DD)");
        }
        CommandContext ctx = new CommandContext(spec);
        EvaluationEvidence e = evidence.load(ctx);
        List<ItemScore> items = e.items();
        String m = one(
                "--model",
                evidence.lmEval.model,
                items.stream().map(ItemScore::model).distinct().sorted().toList());
        String b = one(
                "--benchmark",
                benchmark,
                items.stream()
                        .filter(x -> x.model().equals(m))
                        .map(ItemScore::benchmark)
                        .distinct()
                        .sorted()
                        .toList());
        ResultsByDate.Result r = EvaluationStudy.byDate(e, m, b, dates, cut, skipUndated);
        ctx.print(output.json(), r, out -> {
            out.printf(Locale.ROOT, "%s on %s, cut-off %s%n", r.model(), r.benchmark(), r.cutoff());
            out.printf(
                    Locale.ROOT,
                    "before (dated ≤ cut-off)  %,6d items  mean %.4f%n",
                    r.before().n(),
                    r.before().mean());
            out.printf(
                    Locale.ROOT,
                    "after                     %,6d items  mean %.4f%n",
                    r.after().n(),
                    r.after().mean());
            out.printf(
                    Locale.ROOT,
                    "after − before            %+.4f  95 %% interval [%+.4f, %+.4f]%s%n",
                    r.difference().value(),
                    r.difference().low(),
                    r.difference().high(),
                    r.difference().high() < 0 ? "  — better on the older items: contamination by date?" : "");
            r.notes().forEach(n -> out.println("Note: " + n));
            EvidenceOptions.print(evidence.notes, out);
        });
    }

    private static String one(String flag, String given, List<String> present) {
        if (given != null) {
            if (!present.contains(given)) {
                throw BadInputException.of(flag, "'" + given + "' is not among the scores' " + present);
            }
            return given;
        }
        if (present.size() != 1) {
            throw BadInputException.of(
                    flag,
                    present.isEmpty()
                            ? "the scores hold no per-item results"
                            : "the scores hold several: " + present + "; name one");
        }
        return present.get(0);
    }
}
