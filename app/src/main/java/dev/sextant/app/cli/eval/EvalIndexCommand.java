package dev.sextant.app.cli.eval;

import dev.sextant.app.cli.CliProgress;
import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.app.cli.TextTable;
import dev.sextant.app.cli.WorkspaceOption;
import dev.sextant.app.study.EvaluationStudy;
import dev.sextant.model.evaluation.CompositeIndexResult;
import dev.sextant.model.evaluation.CompositeIndexSpec;
import dev.sextant.model.evaluation.EvaluationEvidence;
import dev.sextant.model.io.IndexTemplates;
import dev.sextant.model.job.CancellationToken;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code sextant eval index}: a composite index, re-weighted to the user's workload, and how stable its ranking is. */
@Command(
        name = "index",
        mixinStandardHelpOptions = true,
        description = {
            "Composite index: weighted scores and ranks, each benchmark's share of the spread between models,",
            "the index re-weighted to your workload mix (total-variation and Jensen-Shannon divergence, rank changes),",
            "and rank stability by Monte Carlo over Dirichlet-perturbed weights and score SEs."
        })
public final class EvalIndexCommand implements Runnable {

    @Option(
            names = "--weights",
            paramLabel = "W.csv",
            description =
                    "benchmark,weight[,category,baseline,description,released,refreshed,held_out,source] (default: the project's latest)")
    Path weights;

    @Option(
            names = "--scores",
            paramLabel = "S.csv",
            description = "model,benchmark,score[,se] (default: the project's latest)")
    Path scores;

    @Option(
            names = "--mix",
            paramLabel = "M.csv",
            description = "Your workload: category,share (default with the project's tables: its latest mix)")
    Path mix;

    @Option(
            names = {"-p", "--project"},
            paramLabel = "NAME|ID",
            description = "Project whose imported tables fill in what is not given.")
    String project;

    @Mixin
    WorkspaceOption workspace;

    @Option(
            names = "--normalize",
            defaultValue = "raw",
            paramLabel = "raw|random-baseline",
            description =
                    "Score normalisation (default: ${DEFAULT-VALUE}); random-baseline uses the weight table's baseline column and --baseline.")
    String normalize;

    @Option(
            names = "--baseline",
            paramLabel = "BENCHMARK=B",
            description = "Random-guess baseline (1/choices) per benchmark, over the table's.")
    Map<String, Double> baselines = new LinkedHashMap<>();

    @Option(
            names = "--samples",
            defaultValue = "2000",
            paramLabel = "N",
            description = "Monte Carlo draws for rank stability; 0 for none (default: ${DEFAULT-VALUE}).")
    int samples;

    @Option(
            names = "--concentration",
            defaultValue = "100",
            paramLabel = "C",
            description =
                    "Dirichlet concentration around the weights; smaller = wider perturbations (default: ${DEFAULT-VALUE}).")
    double concentration;

    @Option(
            names = "--top-k",
            defaultValue = "3",
            paramLabel = "K",
            description = "k for P(top k) (default: ${DEFAULT-VALUE}).")
    int topK;

    @Option(
            names = "--seed",
            defaultValue = "0",
            paramLabel = "S",
            description = "Monte Carlo seed (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(
            names = "--write-templates",
            paramLabel = "DIR",
            description =
                    "Write example tables to fill in (index-weights.csv, index-scores.csv, index-mix.csv) into DIR and stop.")
    Path templates;

    @Mixin
    JsonOption output;

    @Spec
    CommandSpec spec;

    /** What --write-templates wrote. */
    public record Templates(List<String> templates) {}

    @Override
    public void run() {
        CommandContext ctx = new CommandContext(spec);
        if (templates != null) {
            var files = IndexTemplates.write(templates);
            ctx.print(
                    output.json(),
                    new Templates(files.stream()
                            .map(f -> f.toAbsolutePath().toString())
                            .toList()),
                    out -> {
                        files.forEach(f -> out.println("Wrote " + f.toAbsolutePath()));
                        out.println("Fill them in, then: sextant eval index --weights " + IndexTemplates.WEIGHTS
                                + " --scores "
                                + IndexTemplates.SCORES + " --mix " + IndexTemplates.MIX
                                + " (or import them into a project: sextant eval import)");
                    });
            return;
        }
        CompositeIndexSpec.Normalization norm =
                switch (normalize.toLowerCase()) {
                    case "raw" -> CompositeIndexSpec.Normalization.RAW;
                    case "random-baseline" -> CompositeIndexSpec.Normalization.RANDOM_BASELINE;
                    default -> throw new ParameterException(
                            spec.commandLine(),
                            "--normalize: expected raw or random-baseline, got '" + normalize + "'");
                };
        EvaluationEvidence stored = null;
        if (weights == null || scores == null) {
            try (var ws = ctx.openWorkspace(workspace)) {
                var p = ctx.project(ws, project);
                stored = ws.evaluation().load(p.id());
                if ((weights == null && stored.weights() == null) || (scores == null && stored.scores() == null)) {
                    throw new ParameterException(
                            spec.commandLine(),
                            "give --weights and --scores, or import a weight table and model " + "scores into project '"
                                    + p.name() + "' (sextant eval import)");
                }
            }
        }
        EvaluationStudy.IndexTables tables = EvaluationStudy.indexTables(weights, scores, mix, stored);
        CliProgress progress = ctx.progress();
        CompositeIndexResult r = EvaluationStudy.index(
                new CompositeIndexSpec(
                        tables.weights(),
                        tables.scores(),
                        norm,
                        baselines,
                        tables.mix(),
                        samples,
                        concentration,
                        topK,
                        seed),
                progress,
                CancellationToken.none());
        progress.done();
        ctx.print(output.json(), r, out -> {
            TextTable t = new TextTable(
                    "RANK",
                    "MODEL",
                    "SCORE",
                    "RANK (MIX)",
                    "SCORE (MIX)",
                    "P(TOP 1)",
                    "P(TOP " + topK + ")",
                    "TOKENS/ITEM",
                    "SCORE/1K TOKENS");
            for (var row : r.models()) {
                t.row(
                        row.rank(),
                        row.model(),
                        String.format("%.4f", row.score()),
                        row.rankMix() == null ? "-" : row.rankMix(),
                        row.scoreMix() == null ? "-" : String.format("%.4f", row.scoreMix()),
                        row.pTop1() == null ? "-" : String.format("%.3f", row.pTop1()),
                        row.pTopK() == null ? "-" : String.format("%.3f", row.pTopK()),
                        row.tokens() == null ? "-" : String.format("%.0f", row.tokens()),
                        row.scorePerKiloToken() == null ? "-" : String.format("%.4f", row.scorePerKiloToken()));
            }
            t.print(out);
            out.println();
            TextTable b = new TextTable("BENCHMARK", "CATEGORY", "WEIGHT", "WEIGHT (MIX)", "SHARE OF SPREAD");
            for (var row : r.benchmarks()) {
                b.row(
                        row.benchmark(),
                        row.category(),
                        String.format("%.3f", row.weight()),
                        row.weightMix() == null ? "-" : String.format("%.3f", row.weightMix()),
                        String.format("%.3f", row.spreadShare()));
            }
            b.print(out);
            if (r.divergence() != null) {
                out.printf(
                        "%nIndex vs your mix: total variation %.3f, Jensen-Shannon %.3f bits%n",
                        r.divergence().totalVariation(), r.divergence().jensenShannon());
            }
            if (r.kendallTau() != null) {
                out.printf("Mean Kendall's tau against the published ranking: %.3f%n", r.kendallTau());
            }
            r.notes().forEach(n -> out.println("note: " + n));
        });
    }
}
