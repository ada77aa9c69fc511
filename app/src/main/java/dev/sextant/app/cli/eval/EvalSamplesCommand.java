package dev.sextant.app.cli.eval;

import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.app.cli.TextTable;
import dev.sextant.app.cli.WorkspaceOption;
import dev.sextant.app.study.EvaluationStudy;
import dev.sextant.model.BadInputException;
import dev.sextant.model.evaluation.RepeatedSamples;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.workspaces.Workspace;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sextant eval samples}: stability across repeated samples, and tokens per solved task. */
@Command(
        name = "samples",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Items answered several times: per model, benchmark and sampling configuration (never pooled), pass@k (unbiased,",
            "Chen et al. 2021) and pass^k (all k trials succeed, tau-bench), majority, the share of items answered the same way every",
            "time, the variance split between items and sampling, each with a 95 % interval resampling items and trials; output",
            "tokens per item and per solved item, and the cost per solved item at --price-in/--price-out (per million tokens).",
            "A score of 1 is a success; fractional scores count from 1 up (said)."
        })
public final class EvalSamplesCommand implements Runnable {

    @Option(
            names = {"-i", "--input"},
            arity = "1..*",
            paramLabel = "FILE",
            description =
                    "Per-item CSVs with a row per trial (model,benchmark,item_id,sample,score[,temperature,top_p,max_tokens,seed,"
                            + "input_tokens,output_tokens,reasoning_tokens]), lm-evaluation-harness samples files (one per run), or τ-bench results."
                            + " Without --input: the project's evidence scored with a sample index.")
    List<Path> inputs = new ArrayList<>();

    @Option(
            names = {"-p", "--project"},
            paramLabel = "NAME|ID",
            description = "Project whose imported evidence to use (without --input).")
    String project;

    @Mixin
    WorkspaceOption workspace;

    @Option(names = "--k", split = ",", paramLabel = "K", description = "The k of pass@k and pass^k (default: 1).")
    List<Integer> ks = new ArrayList<>(List.of(1));

    @Option(
            names = "--model",
            paramLabel = "NAME",
            description = "The model of lm-evaluation-harness files (default: found beside them).")
    String model;

    @Option(
            names = "--metric",
            paramLabel = "NAME",
            description = "The metric of lm-evaluation-harness files (default: acc, exact_match, …).")
    String metric;

    @Option(
            names = "--tokenizer",
            paramLabel = "FILE|DIR",
            description = "The model's tokenizer.json (or its folder): counts the answers'"
                    + " tokens where the files give their text (a response column, the harness's resps) but no count.")
    Path tokenizer;

    @Option(names = "--price-in", paramLabel = "USD", description = "Price of a million input tokens.")
    Double priceIn;

    @Option(names = "--price-out", paramLabel = "USD", description = "Price of a million output tokens.")
    Double priceOut;

    @Option(
            names = "--seed",
            defaultValue = "1",
            paramLabel = "N",
            description = "The intervals' resampling seed (default: ${DEFAULT-VALUE}).")
    long seed;

    @Mixin
    JsonOption output;

    @Spec
    CommandSpec spec;

    /** A figure and its interval. */
    public record Figure(double value, double low, double high) {
        static Figure of(RepeatedSamples.Estimate e) {
            return new Figure(e.value(), e.low(), e.high());
        }
    }

    public record Sampling(Double temperature, Double topP, Long maxTokens, List<Long> seeds, String described) {}

    public record Tokens(Double perItem, Double perSolved, Double reasoningPerItem, Double inputPerItem) {}

    public record Variance(double items, double sampling, double se, double seOneSample, double seInfiniteSamples) {}

    public record Row(
            String model,
            String benchmark,
            int n,
            int samplesPerItem,
            Sampling sampling,
            Map<String, Figure> passAt,
            Map<String, Figure> passHat,
            Figure majority,
            double consistency,
            Figure consistencyInterval,
            Figure mean,
            Variance variance,
            Tokens tokens,
            Double costPerSolved,
            List<String> notes) {}

    public record Result(List<Row> rows, List<String> notes) {}

    @Override
    public void run() {
        if (priceIn != null && priceIn < 0 || priceOut != null && priceOut < 0) {
            throw BadInputException.of(
                    priceIn != null && priceIn < 0 ? "--price-in" : "--price-out", "a price cannot be negative");
        }
        CommandContext ctx = new CommandContext(spec);
        RepeatedSamples.Prices prices = new RepeatedSamples.Prices(
                priceIn == null ? Double.NaN : priceIn, priceOut == null ? Double.NaN : priceOut);
        EvaluationStudy.Samples s;
        if (!inputs.isEmpty()) {
            s = EvaluationStudy.samples(inputs, model, metric, tokenizer, ks, prices, seed, CancellationToken.none());
        } else {
            try (Workspace ws = ctx.openWorkspace(workspace)) {
                var p = ctx.project(ws, project);
                s = EvaluationStudy.samples(
                        new EvaluationStudy(ws, p.id()).evidence(), ks, prices, seed, CancellationToken.none());
            }
        }
        List<Row> rows = s.rows().stream().map(EvalSamplesCommand::row).toList();
        ctx.print(output.json(), new Result(rows, s.notes()), out -> {
            List<Integer> sorted = new TreeSet<>(ks).stream().toList();
            List<String> head = new ArrayList<>(List.of("MODEL", "BENCHMARK", "SAMPLING", "ITEMS", "TRIALS"));
            sorted.forEach(k -> head.add("PASS@" + k));
            sorted.forEach(k -> head.add("PASS^" + k));
            head.addAll(List.of("MAJORITY", "CONSISTENT", "TOKENS/ITEM", "TOKENS/SOLVED", "COST/SOLVED"));
            TextTable t = new TextTable(head.toArray(String[]::new));
            for (Row r : rows) {
                List<Object> cells = new ArrayList<>(
                        List.of(r.model(), r.benchmark(), r.sampling().described(), r.n(), r.samplesPerItem()));
                sorted.forEach(k -> cells.add(f(r.passAt().get(Integer.toString(k)))));
                sorted.forEach(k -> cells.add(f(r.passHat().get(Integer.toString(k)))));
                cells.add(f(r.majority()));
                cells.add(String.format(Locale.ROOT, "%.3f", r.consistency()));
                cells.add(
                        r.tokens().perItem() == null
                                ? "—"
                                : String.format(Locale.ROOT, "%,.0f", r.tokens().perItem()));
                cells.add(
                        r.tokens().perSolved() == null
                                ? "—"
                                : String.format(Locale.ROOT, "%,.0f", r.tokens().perSolved()));
                cells.add(r.costPerSolved() == null ? "—" : String.format(Locale.ROOT, "$%.4g", r.costPerSolved()));
                t.row(cells.toArray());
            }
            t.print(out);
            rows.forEach(
                    r -> r.notes().forEach(n -> out.println("Note: " + r.model() + " on " + r.benchmark() + ": " + n)));
            s.notes().forEach(n -> out.println("Note: " + n));
        });
    }

    static String f(Figure e) {
        return String.format(Locale.ROOT, "%.3f [%.3f, %.3f]", e.value(), e.low(), e.high());
    }

    static Row row(RepeatedSamples.Row r) {
        Map<String, Figure> at = new LinkedHashMap<>();
        r.passAt().forEach((k, e) -> at.put(Integer.toString(k), Figure.of(e)));
        Map<String, Figure> hat = new LinkedHashMap<>();
        r.passHat().forEach((k, e) -> hat.put(Integer.toString(k), Figure.of(e)));
        var v = r.variance();
        return new Row(
                r.model(),
                r.benchmark(),
                r.n(),
                r.samplesPerItem(),
                new Sampling(
                        r.sampling().temperature(),
                        r.sampling().topP(),
                        r.sampling().maxTokens(),
                        r.seeds(),
                        r.sampling().describe()),
                at,
                hat,
                Figure.of(r.majority()),
                r.consistency().value(),
                Figure.of(r.consistency()),
                Figure.of(r.mean()),
                v == null
                        ? null
                        : new Variance(
                                v.betweenVariance(),
                                v.withinVariance(),
                                v.se(),
                                v.seOneSample(),
                                v.seInfiniteSamples()),
                new Tokens(
                        finite(r.tokens().perItem()),
                        finite(r.tokens().perSolved()),
                        finite(r.tokens().reasoningPerItem()),
                        finite(r.tokens().inputPerItem())),
                finite(r.costPerSolved()),
                r.notes());
    }

    static Double finite(double v) {
        return Double.isFinite(v) ? v : null;
    }
}
