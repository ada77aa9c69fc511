package dev.sextant.app.cli.ablate;

import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.model.TokenCount;
import dev.sextant.model.ablation.ScalingLawFit;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sextant ablate predict}: a planned run's loss from the law fitted to the small runs, and how far out it is. */
@Command(
        name = "predict",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "The final loss of a planned run of N parameters on D tokens from L(N, D) fitted to the small runs: the law's value,",
            "its 95 % bootstrap interval, a 95 % prediction interval for one run (the law's uncertainty and the run-to-run scatter",
            "the fit leaves), and the extrapolation in compute, parameters and tokens against the largest run fitted."
        })
public final class AblatePredictCommand implements Runnable {

    @Mixin
    RunsOptions runs;

    @Option(
            names = "--params",
            required = true,
            paramLabel = "N",
            description = "Parameters of the planned run (e.g. 7e9 or 7B).")
    String params;

    @Option(
            names = "--tokens",
            required = true,
            paramLabel = "D",
            description = "Its training tokens (e.g. 2e12 or 2T).")
    String tokens;

    @Mixin
    JsonOption output;

    @Spec
    CommandSpec spec;

    /**
     * @param loss          value, low, high: the 95 % prediction interval for one run
     * @param fitLoss       value, low, high: the 95 % interval of the law's value
     * @param extrapolation compute, parameter and token factors against the largest run fitted, and a warning when far
     */
    public record Result(
            Estimate loss,
            Estimate fitLoss,
            Extrapolation extrapolation,
            double params,
            double tokens,
            int points,
            String form,
            List<String> notes) {}

    public record Estimate(double value, double low, double high) {
        static Estimate of(ScalingLawFit.Estimate e) {
            return new Estimate(e.value(), e.low(), e.high());
        }
    }

    public record Extrapolation(double computeFactor, double paramsFactor, double tokensFactor, String warning) {}

    @Override
    public void run() {
        double n = TokenCount.parse("ablate.params", "--params", params);
        double d = TokenCount.parse("ablate.tokens", "--tokens", tokens);
        RunsOptions.Law law = runs.law(new CommandContext(spec));
        ScalingLawFit f = law.fit();
        ScalingLawFit.Prediction p = f.predict(n, d);
        List<String> notes = law.notes();
        Result r = new Result(
                Estimate.of(p.loss()),
                Estimate.of(p.fitLoss()),
                new Extrapolation(p.computeFactor(), p.paramsFactor(), p.tokensFactor(), p.warning()),
                n,
                d,
                f.points(),
                f.form().id(),
                notes);
        new CommandContext(spec).print(output.json(), r, out -> {
            notes.forEach(x -> out.println("Note: " + x));
            out.printf(
                    Locale.ROOT,
                    "%.3g parameters on %.3g tokens: loss %.4f, one run within %.4f–%.4f (95 %%); the law's value %.4f–%.4f%n",
                    n,
                    d,
                    p.loss().value(),
                    p.loss().low(),
                    p.loss().high(),
                    p.fitLoss().low(),
                    p.fitLoss().high());
            out.printf(
                    Locale.ROOT,
                    "Against the largest run fitted: %.1f× the compute, %.1f× the parameters, %.1f× the tokens%n",
                    p.computeFactor(),
                    p.paramsFactor(),
                    p.tokensFactor());
            if (p.warning() != null) {
                out.println("Warning: " + p.warning());
            }
        });
    }
}
