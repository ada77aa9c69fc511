package dev.sextant.app.cli.ablate;

import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.app.study.AblationStudy;
import dev.sextant.model.BadInputException;
import dev.sextant.model.ablation.LossEnvelope;
import dev.sextant.model.ablation.ScalingLawFit;
import dev.sextant.model.io.AblationRunsFile;
import dev.sextant.model.io.ScalingFitFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sextant ablate fit}: L(N, D) = E + A/N^α + B/D^β fitted to small runs, with bootstrap intervals. */
@Command(
        name = "fit",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Fits L(N, D) = E + A/N^α + B/D^β (or, --form tied, one exponent for both) to a table of small runs (CSV or JSON Lines: run,params,tokens|flops,loss) as",
            "Besiroglu et al. 2024 do for Chinchilla's approach 3 (Huber loss on log-sum-exp residuals, L-BFGS from a grid of",
            "starts), with bootstrap intervals on every parameter and on the compute-optimal allocation N_opt ∝ C^a, D_opt ∝ C^b."
        })
public final class AblateFitCommand implements Runnable {

    @Mixin
    RunsOptions runs;

    @Option(
            names = "--save-fit",
            paramLabel = "FIT.json",
            description = "Save the law with its resamples, for ablate predict|optimal --fit.")
    Path saveFit;

    @Mixin
    JsonOption output;

    @Spec
    CommandSpec spec;

    /**
     * The contract's keys first.
     *
     * @param parameters E, A, B, alpha, beta, each {value, low, high} (95 % bootstrap interval)
     * @param optimal    a and b of N_opt ∝ C^a, D_opt ∝ C^b, and the tokens per parameter at the largest run's compute
     * @param residuals  each kept run's predicted loss and log residual (log actual − log predicted)
     */
    public record Result(
            String form,
            Map<String, ScalingLawFit.Estimate> parameters,
            int points,
            List<String> excluded,
            Optimal optimal,
            List<Residual> residuals,
            int bootstrap,
            long seed,
            List<String> notes,
            IsoFlop isoFlop,
            Envelope envelope,
            Grid grid,
            double extrapolationRate) {}

    /** Approach 1: N_opt ∝ C^a through the loss envelope, and its steps (where the optimal size changes); null when too few. */
    public record Envelope(double a, double b, int sizes, List<LossEnvelope.Point> steps) {}

    /** The grid of initialisations L-BFGS starts from (log-space a, b, e and the exponents). */
    public record Grid(int starts, double[] alpha, double[] beta, double[] e, double[] a, double[] b) {}

    /** Approach 2: each profile's budget and parabola vertex, and N_opt ∝ C^a, D_opt ∝ C^b through them; null when too few. */
    public record IsoFlop(double a, double b, List<Profile> profiles) {}

    public record Profile(double flops, int runs, double optimalParams, double optimalLoss, boolean interior) {}

    public record Optimal(
            ScalingLawFit.Estimate a,
            ScalingLawFit.Estimate b,
            ScalingLawFit.Estimate tokensPerParameter,
            double atFlops) {}

    public record Residual(
            String run, double params, double tokens, double loss, double predicted, double logResidual) {}

    @Override
    public void run() {
        if (runs.fitFile != null) {
            throw BadInputException.of(
                    "--fit", "ablate fit fits runs (--input or --project); --fit is for predict and optimal");
        }
        AblationRunsFile.Read read = runs.read(new CommandContext(spec));
        AblationStudy.Fitted fitted = runs.fit(read, new CommandContext(spec).progress());
        ScalingLawFit f = fitted.fit();
        if (saveFit != null) {
            ScalingFitFile.write(saveFit, f);
        }
        Map<String, ScalingLawFit.Estimate> parameters = new LinkedHashMap<>();
        parameters.put("E", f.bigE());
        parameters.put("A", f.bigA());
        parameters.put("B", f.bigB());
        parameters.put("alpha", f.alpha());
        parameters.put("beta", f.beta());
        double largest = f.largestCompute();
        Optimal optimal = new Optimal(
                f.paramsExponent(), f.tokensExponent(), f.optimal(largest).tokensPerParameter(), largest);
        List<Residual> residuals = new ArrayList<>();
        double[] logResiduals = f.logResiduals();
        for (int i = 0; i < fitted.kept().size(); i++) {
            AblationRunsFile.Run r = fitted.kept().get(i);
            residuals.add(new Residual(
                    r.run(), r.params(), r.tokens(), r.loss(), f.fit().loss(r.params(), r.tokens()), logResiduals[i]));
        }
        List<String> notes = new ArrayList<>(RunsOptions.notes(read, fitted));
        if (fitted.isoFlopNote() != null) {
            notes.add(fitted.isoFlopNote());
        }
        IsoFlop iso = fitted.isoFlop() == null
                ? null
                : new IsoFlop(
                        fitted.isoFlop().a(),
                        fitted.isoFlop().b(),
                        fitted.isoFlop().profiles().stream()
                                .map(p -> new Profile(
                                        p.flops(), p.runs().size(), p.optimalParams(), p.optimalLoss(), p.interior()))
                                .toList());
        if (fitted.envelopeNote() != null) {
            notes.add(fitted.envelopeNote());
        }
        Envelope envelope = fitted.envelope() == null
                ? null
                : new Envelope(
                        fitted.envelope().a(),
                        fitted.envelope().b(),
                        fitted.envelope().sizes(),
                        fitted.envelope().steps());
        AblationStudy.StartGrid g = AblationStudy.startGrid(f.form());
        Grid grid = new Grid(g.starts(), g.alpha(), g.beta(), g.e(), g.a(), g.b());
        Result result = new Result(
                f.form().id(),
                parameters,
                fitted.kept().size(),
                fitted.excluded().stream().map(AblationRunsFile.Run::run).toList(),
                optimal,
                residuals,
                runs.bootstrap,
                runs.seed,
                notes,
                iso,
                envelope,
                grid,
                f.extrapolationRate());
        new CommandContext(spec).print(output.json(), result, out -> {
            notes.forEach(n -> out.println("Note: " + n));
            out.printf(
                    Locale.ROOT,
                    "L(N, D) = %s on %d runs%s; 95 %% intervals from %d bootstrap resamples%n",
                    f.form().formula(),
                    result.points(),
                    result.excluded().isEmpty() ? "" : " (" + result.excluded().size() + " of highest loss left out)",
                    runs.bootstrap);
            parameters.forEach(
                    (k, e) -> out.printf(Locale.ROOT, "  %-5s %10.4g  (%.4g–%.4g)%n", k, e.value(), e.low(), e.high()));
            out.printf(
                    Locale.ROOT,
                    "Compute-optimal: N_opt ∝ C^%.3f (%.3f–%.3f), D_opt ∝ C^%.3f (%.3f–%.3f); at %.3g FLOPs (the largest run's) "
                            + "%.1f tokens a parameter (%.1f–%.1f)%n",
                    optimal.a().value(),
                    optimal.a().low(),
                    optimal.a().high(),
                    optimal.b().value(),
                    optimal.b().low(),
                    optimal.b().high(),
                    largest,
                    optimal.tokensPerParameter().value(),
                    optimal.tokensPerParameter().low(),
                    optimal.tokensPerParameter().high());
            double[] abs = residuals.stream()
                    .mapToDouble(x -> Math.abs(Math.expm1(x.logResidual())))
                    .sorted()
                    .toArray();
            out.printf(
                    Locale.ROOT,
                    "Residuals: median %.2f %%, largest %.2f %% of the loss%n",
                    100 * abs[abs.length / 2],
                    100 * abs[abs.length - 1]);
            if (envelope != null) {
                out.printf(
                        Locale.ROOT,
                        "Loss envelope (approach 1): %d sizes, N_opt ∝ C^%.3f, D_opt ∝ C^%.3f%n",
                        envelope.sizes(),
                        envelope.a(),
                        envelope.b());
            }
            if (iso != null) {
                long inside = iso.profiles().stream().filter(Profile::interior).count();
                out.printf(
                        Locale.ROOT,
                        "IsoFLOP profiles (approach 2): %d budgets, N_opt ∝ C^%.3f, D_opt ∝ C^%.3f%s%n",
                        iso.profiles().size(),
                        iso.a(),
                        iso.b(),
                        inside == iso.profiles().size()
                                ? ""
                                : inside >= 2
                                        ? String.format(
                                                Locale.ROOT,
                                                " through the %d whose optimum lies among their sizes",
                                                inside)
                                        : " (fewer than two optima lie among their profile's sizes: extrapolated vertices)");
            }
        });
    }
}
