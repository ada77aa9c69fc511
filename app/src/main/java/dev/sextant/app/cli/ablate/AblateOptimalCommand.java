package dev.sextant.app.cli.ablate;

import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.model.ablation.ScalingLawFit;
import dev.sextant.model.io.AblationRunsFile;
import dev.sextant.model.io.BadInputException;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sextant ablate optimal}: the compute-optimal model at a budget, from the law fitted to the small runs. */
@Command(name = "optimal", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"The compute-optimal parameters and tokens at a budget of C FLOPs (C ≈ 6ND) from L(N, D) fitted to the small runs:",
                "N_opt = G (C/6)^(β/(α+β)), D_opt = G⁻¹ (C/6)^(α/(α+β)), G = (αA/βB)^(1/(α+β)) (Hoffmann et al. 2022), each with",
                "its 95 % bootstrap interval, and the loss the law predicts there."})
public final class AblateOptimalCommand implements Runnable {

    @Mixin
    RunsOptions runs;
    @Option(names = "--flops", required = true, paramLabel = "C", description = "The training compute budget in FLOPs, e.g. 1e23.")
    double flops;
    @Mixin
    JsonOption output;
    @Spec
    CommandSpec spec;

    public record Result(ScalingLawFit.Allocation optimal, double computeFactor, String warning, int points, List<String> notes) {
    }

    @Override
    public void run() {
        if (!(flops > 0) || !Double.isFinite(flops)) {
            throw BadInputException.of("--flops", "the budget must be a positive number of FLOPs, got " + flops);
        }
        AblationRunsFile.Read read = runs.read(new CommandContext(spec));
        ScalingLawFit f = runs.fit(read, new CommandContext(spec).progress()).fit();
        ScalingLawFit.Allocation a = f.optimal(flops);
        ScalingLawFit.Prediction far = f.predict(a.params().value(), a.tokens().value());
        Result r = new Result(a, far.computeFactor(), far.warning(), f.points(), read.notes());
        new CommandContext(spec).print(output.json(), r, out -> {
            read.notes().forEach(x -> out.println("Note: " + x));
            out.printf(Locale.ROOT, "At %.3g FLOPs: %.3g parameters (%.3g–%.3g) on %.3g tokens (%.3g–%.3g), %.1f tokens a parameter (%.1f–%.1f); "
                            + "loss %.4f (%.4f–%.4f)%n", flops, a.params().value(), a.params().low(), a.params().high(), a.tokens().value(),
                    a.tokens().low(), a.tokens().high(), a.tokensPerParameter().value(), a.tokensPerParameter().low(), a.tokensPerParameter().high(),
                    a.loss().value(), a.loss().low(), a.loss().high());
            if (far.warning() != null) {
                out.println("Warning: " + far.warning());
            }
        });
    }
}
