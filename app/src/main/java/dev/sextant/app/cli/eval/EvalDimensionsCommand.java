package dev.sextant.app.cli.eval;

import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.app.cli.TextTable;
import dev.sextant.app.study.EvaluationStudy;
import dev.sextant.model.evaluation.CapabilityProfile;
import dev.sextant.model.evaluation.EvaluationEvidence;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.statistics.Interval;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sextant eval dimensions}: benchmark scores as a profile over capability dimensions. */
@Command(
        name = "dimensions",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Each model's profile over capability dimensions (reasoning, code, long context, instruction following, refusal/safety,",
            "knowledge): the weighted mean of the benchmarks placed on each, with a 95 % interval; which dimensions each model leaves",
            "unmeasured; which of the workload mix's categories no benchmark measures; refusal rates where a model should refuse and",
            "where it should answer. Placement: --map first, then the composite index's weight table, then defaults for well-known tasks."
        })
public final class EvalDimensionsCommand implements Runnable {

    @Mixin
    EvidenceOptions evidence;

    @Option(
            names = "--map",
            paramLabel = "FILE",
            description = "benchmark,dimension[,weight] CSV placing benchmarks on dimensions.")
    Path map;

    @Option(
            names = "--refusals",
            arity = "1..*",
            paramLabel = "FILE",
            description = "Refusal sets: model,item_id,should_refuse,refused CSV.")
    List<Path> refusals = new ArrayList<>();

    @Mixin
    JsonOption output;

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        CommandContext ctx = new CommandContext(spec);
        EvaluationEvidence e = refusals.isEmpty() || evidence.fromFiles() || evidence.project != null
                ? evidence.load(ctx)
                : new EvaluationEvidence(List.of(), List.of(), List.of(), null, null, null);
        CapabilityProfile.Result r = EvaluationStudy.dimensions(e, map, refusals, CancellationToken.none());
        ctx.print(output.json(), r, out -> {
            List<String> models = r.cells().stream()
                    .map(CapabilityProfile.Cell::model)
                    .distinct()
                    .toList();
            List<String> head = new ArrayList<>(List.of("MODEL"));
            head.addAll(CapabilityProfile.DIMENSIONS.stream()
                    .map(d -> d.toUpperCase(Locale.ROOT))
                    .toList());
            TextTable t = new TextTable(head.toArray(String[]::new));
            for (String m : models) {
                List<Object> row = new ArrayList<>(List.of(m));
                for (String d : CapabilityProfile.DIMENSIONS) {
                    row.add(r.cells().stream()
                            .filter(c -> c.model().equals(m) && c.dimension().equals(d))
                            .findFirst()
                            .map(c -> c.low() == null
                                    ? String.format(Locale.ROOT, "%.3f", c.value())
                                    : String.format(Locale.ROOT, "%.3f [%.3f, %.3f]", c.value(), c.low(), c.high()))
                            .orElse("unmeasured"));
                }
                t.row(row.toArray());
            }
            if (!models.isEmpty()) {
                t.print(out);
            }
            r.placements()
                    .forEach(
                            p -> out.printf(Locale.ROOT, "  %s → %s (%s)%n", p.benchmark(), p.dimension(), p.source()));
            r.coverage()
                    .forEach(c -> out.printf(
                            Locale.ROOT,
                            "Workload %-24s %5.1f %%  %s%n",
                            c.category(),
                            100 * c.share(),
                            c.dimension() == null
                                    ? "no dimension of that name"
                                    : c.measured()
                                            ? "measured (" + c.dimension() + ")"
                                            : "UNMEASURED (" + c.dimension() + ")"));
            r.refusals()
                    .forEach(x -> out.printf(
                            Locale.ROOT,
                            "Refusals %s: %s where it should refuse (%d items), %s where it should answer (%d)%n",
                            x.model(),
                            rate(x.refusedWhenShould(), x.shouldInterval()),
                            x.shouldRefuse(),
                            rate(x.refusedWhenShouldNot(), x.shouldNotInterval()),
                            x.shouldAnswer()));
            r.notes().forEach(n -> out.println("Note: " + n));
            EvidenceOptions.print(evidence.notes, out);
        });
    }

    static String rate(double v, Interval i) {
        return Double.isNaN(v)
                ? "—"
                : String.format(Locale.ROOT, "%.1f %% [%.1f, %.1f]", 100 * v, 100 * i.low(), 100 * i.high());
    }
}
