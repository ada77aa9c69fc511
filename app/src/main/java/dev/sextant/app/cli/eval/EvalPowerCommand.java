package dev.sextant.app.cli.eval;

import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.model.statistics.Power;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sextant eval power}: how many items a comparison needs, or what it can detect. */
@Command(
        name = "power",
        mixinStandardHelpOptions = true,
        description = {
            "Power of a paired comparison: n = (z_{α/2} + z_β)² (ω² + 2σ²/K) / δ² (Miller 2024).",
            "Give --n for the minimum detectable effect, or --effect for the items needed."
        })
public final class EvalPowerCommand implements Runnable {

    @Option(
            names = "--sd-diff",
            required = true,
            paramLabel = "W",
            description = "ω: SD of the per-item difference of expected scores.")
    double sdDiff;

    @Option(
            names = "--sd-within",
            defaultValue = "0",
            paramLabel = "S",
            description = "σ: within-item SD of one answer (default: ${DEFAULT-VALUE}).")
    double sdWithin;

    @Option(
            names = "--k",
            defaultValue = "1",
            paramLabel = "K",
            description = "Samples per item (default: ${DEFAULT-VALUE}).")
    int k;

    @Option(
            names = "--alpha",
            defaultValue = "0.05",
            paramLabel = "A",
            description = "Two-sided significance level (default: ${DEFAULT-VALUE}).")
    double alpha;

    @Option(
            names = "--power",
            defaultValue = "0.8",
            paramLabel = "P",
            description = "Power, 1 − β (default: ${DEFAULT-VALUE}).")
    double power;

    @ArgGroup(exclusive = true, multiplicity = "1")
    Target target;

    @Mixin
    JsonOption output;

    @Spec
    CommandSpec spec;

    static final class Target {
        @Option(names = "--n", paramLabel = "N", description = "Items: report the minimum detectable effect.")
        Long n;

        @Option(
                names = "--effect",
                paramLabel = "D",
                description = "True difference to detect: report the items needed.")
        Double effect;
    }

    /** One of the two is set, the other null: the answer to the question asked. */
    public record Result(Double minDetectableEffect, Long requiredN) {}

    @Override
    public void run() {
        Result r = target.n != null
                ? new Result(Power.minDetectableEffect(target.n, sdDiff, sdWithin, k, alpha, power), null)
                : new Result(null, Power.requiredN(target.effect, sdDiff, sdWithin, k, alpha, power));
        new CommandContext(spec).print(output.json(), r, out -> {
            if (r.minDetectableEffect() != null) {
                out.printf(
                        "With %d items: minimum detectable effect %.4f (α = %s, power %s)%n",
                        target.n, r.minDetectableEffect(), alpha, power);
            } else {
                out.printf("To detect %s: %d items (α = %s, power %s)%n", target.effect, r.requiredN(), alpha, power);
            }
        });
    }
}
