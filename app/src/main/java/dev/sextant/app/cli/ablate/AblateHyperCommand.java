package dev.sextant.app.cli.ablate;

import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.app.study.AblationStudy;
import dev.sextant.model.BadInputException;
import dev.sextant.model.ablation.HyperparameterLaws;
import dev.sextant.model.ablation.ScalingLawFit;
import dev.sextant.model.io.AblationRunsFile;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sextant ablate hyper}: near-optimal batch size and learning rate as power laws of compute. */
@Command(
        name = "hyper",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Fits the near-optimal batch size and learning rate as power laws of compute, B_opt = k C^a and η_opt = k C^a, to a grid of",
            "small runs (batch_size and learning_rate columns; compute: flops, else 6ND) as DeepSeek LLM §3.1 does: at each compute budget",
            "the runs within --margin of the best loss form the near-optimal band. With --flops (or --params and --tokens) it recommends the",
            "big run's batch size and learning rate with their band. Says when the grid is too sparse, and when a best run sits at its edge."
        })
public final class AblateHyperCommand implements Runnable {

    /** Beyond this many times the largest budget of the grid, a recommendation is an extrapolation the grid does not support. */
    static final double FAR = ScalingLawFit.FAR;

    @Mixin
    RunsSource runs;

    @Option(
            names = "--margin",
            defaultValue = "0.0025",
            paramLabel = "F",
            description =
                    "The near-optimal band: runs within this fraction of the best loss at their compute (default: ${DEFAULT-VALUE}, 0.25 %).")
    double margin;

    @Option(names = "--flops", paramLabel = "C", description = "The big run's compute, for the recommendation.")
    Double flops;

    @Option(names = "--params", paramLabel = "N", description = "Or the big run's parameters (with --tokens; C = 6ND).")
    Double params;

    @Option(names = "--tokens", paramLabel = "D", description = "The big run's training tokens (with --params).")
    Double tokens;

    @Mixin
    JsonOption output;

    @Spec
    CommandSpec spec;

    public record Result(
            double margin,
            List<Budget> budgets,
            Law batchSize,
            Law learningRate,
            Recommendation recommendation,
            List<String> notes) {}

    public record Budget(
            double flops,
            int runs,
            String bestRun,
            double bestLoss,
            double bestBatchSize,
            double bestLearningRate,
            int nearOptimal,
            int batchSizes,
            int learningRates,
            boolean usable,
            List<String> problems) {}

    /** value = coefficient × C^exponent; the exponent's 95 % interval (null with fewer than three budgets). */
    public record Law(double coefficient, Exponent exponent, int points, int budgets) {}

    public record Exponent(double value, Double low, Double high) {}

    public record Recommendation(
            double flops,
            ScalingLawFit.Estimate batchSize,
            ScalingLawFit.Estimate learningRate,
            double computeFactor,
            String warning) {}

    @Override
    public void run() {
        Double target = target();
        CommandContext ctx = new CommandContext(spec);
        AblationRunsFile.Read read = runs.read(ctx);
        HyperparameterLaws.Result h = AblationStudy.hyper(read.runs(), margin);
        Recommendation rec = null;
        if (target != null) {
            HyperparameterLaws.Recommendation b = h.batchSize().recommend(target);
            HyperparameterLaws.Recommendation lr = h.learningRate().recommend(target);
            double factor = target / h.largestCompute();
            String warning = factor > FAR
                    ? String.format(
                            Locale.ROOT,
                            "%.3g FLOPs is %.0f× the grid's largest budget (%.3g): beyond what the grid "
                                    + "supports (%.0f×); the band widens but the law itself may bend",
                            target,
                            factor,
                            h.largestCompute(),
                            FAR)
                    : null;
            rec = new Recommendation(
                    target,
                    new ScalingLawFit.Estimate(b.value(), b.low(), b.high()),
                    new ScalingLawFit.Estimate(lr.value(), lr.low(), lr.high()),
                    factor,
                    warning);
        }
        List<String> notes = new ArrayList<>(read.notes());
        notes.addAll(h.notes());
        Result r = new Result(
                h.margin(),
                h.budgets().stream().map(AblateHyperCommand::budget).toList(),
                law(h.batchSize()),
                law(h.learningRate()),
                rec,
                notes);
        ctx.print(output.json(), r, out -> human(out, r));
    }

    private Double target() {
        if (flops != null && (params != null || tokens != null)) {
            throw BadInputException.of(
                    "--flops", "give the big run as --flops C or as --params N --tokens D, not both");
        }
        if ((params == null) != (tokens == null)) {
            throw BadInputException.of(
                    params == null ? "--params" : "--tokens", "--params and --tokens go together (C = 6ND)");
        }
        Double c = flops != null ? flops : params != null ? 6 * params * tokens : null;
        if (c != null && (!(c > 0) || !Double.isFinite(c))) {
            throw BadInputException.of(
                    flops != null ? "--flops" : "--params", "the big run's compute must be a positive number of FLOPs");
        }
        return c;
    }

    private static Budget budget(HyperparameterLaws.Budget b) {
        return new Budget(
                b.compute(),
                b.runs().size(),
                b.best().run(),
                b.best().loss(),
                b.best().batchSize(),
                b.best().learningRate(),
                b.nearOptimal().size(),
                b.batchSizes(),
                b.learningRates(),
                b.usable(),
                b.problems());
    }

    private static Law law(HyperparameterLaws.Law l) {
        return new Law(
                l.coefficient(),
                new Exponent(l.exponent(), l.exponentLow(), l.exponentHigh()),
                l.points(),
                l.budgets());
    }

    private static void human(PrintWriter out, Result r) {
        r.notes().forEach(n -> out.println("Note: " + n));
        out.printf(
                Locale.ROOT,
                "%d compute budget%s; near-optimal: within %.2f %% of the best loss at each%n",
                r.budgets().size(),
                r.budgets().size() == 1 ? "" : "s",
                100 * r.margin());
        out.printf(
                Locale.ROOT,
                "  %10s %5s %6s %12s %12s %9s%n",
                "FLOPs",
                "runs",
                "near",
                "best batch",
                "best LR",
                "loss");
        for (Budget b : r.budgets()) {
            out.printf(
                    Locale.ROOT,
                    "  %10.3g %5d %6s %12.4g %12.4g %9.4f%n",
                    b.flops(),
                    b.runs(),
                    b.usable() ? String.valueOf(b.nearOptimal()) : "—",
                    b.bestBatchSize(),
                    b.bestLearningRate(),
                    b.bestLoss());
        }
        out.printf(
                Locale.ROOT,
                "Batch size:    B_opt = %.4g · C^%s over %d near-optimal runs%n",
                r.batchSize().coefficient(),
                exponent(r.batchSize().exponent()),
                r.batchSize().points());
        out.printf(
                Locale.ROOT,
                "Learning rate: η_opt = %.4g · C^%s over %d near-optimal runs%n",
                r.learningRate().coefficient(),
                exponent(r.learningRate().exponent()),
                r.learningRate().points());
        if (r.recommendation() != null) {
            Recommendation x = r.recommendation();
            out.printf(
                    Locale.ROOT,
                    "At %.3g FLOPs: batch size %.4g (%.4g–%.4g), learning rate %.3g (%.3g–%.3g)%n",
                    x.flops(),
                    x.batchSize().value(),
                    x.batchSize().low(),
                    x.batchSize().high(),
                    x.learningRate().value(),
                    x.learningRate().low(),
                    x.learningRate().high());
            if (x.warning() != null) {
                out.println("Warning: " + x.warning());
            }
        } else {
            out.println("Give --flops C (or --params N --tokens D) for the big run's batch size and learning rate.");
        }
    }

    private static String exponent(Exponent e) {
        return e.low() == null
                ? String.format(Locale.ROOT, "%.4f (no interval: fewer than three budgets)", e.value())
                : String.format(Locale.ROOT, "%.4f (%.4f–%.4f)", e.value(), e.low(), e.high());
    }
}
