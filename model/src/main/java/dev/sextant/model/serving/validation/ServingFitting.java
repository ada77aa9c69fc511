package dev.sextant.model.serving.validation;

import dev.sextant.model.serving.ServingFit;
import dev.sextant.model.statistics.GoldenSection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;

/**
 * Fits the {@link ServingFit} constants to published serving measurements. Each constant changes only its own
 * measurements: the Hopper and Ampere compute shares those on such cards, the per-expert time those of MoE models, the
 * per-request time those sent through an API server. The loss is the mean absolute log error over those measurements
 * with every source group weighing the same (a measurement counts {@code 1 / its group's measurements among them});
 * configurations the simulator refuses do not count. One-dimensional golden-section searches over each constant's range
 * in turn, {@value #ROUNDS} rounds. {@link #fitted} is what {@link ServingValidation#loso} calls once per held-out source.
 */
public final class ServingFitting {

    static final int ROUNDS = 2;

    /** One fitted constant: how to set and read it, its range, and the measurements it acts on. */
    record Constant(
            String name,
            BiFunction<ServingFit, Double, ServingFit> with,
            ToDoubleFunction<ServingFit> get,
            double lo,
            double hi,
            Predicate<PublishedServingRun> acts) {}

    static final List<Constant> CONSTANTS = List.of(
            new Constant(
                    "hopperCompute",
                    ServingFit::withHopperCompute,
                    ServingFit::hopperCompute,
                    0.3,
                    1.2,
                    r -> ServingFit.Generation.of(r.gpu()) == ServingFit.Generation.HOPPER),
            new Constant(
                    "ampereCompute",
                    ServingFit::withAmpereCompute,
                    ServingFit::ampereCompute,
                    0.3,
                    1.2,
                    r -> ServingFit.Generation.of(r.gpu()) == ServingFit.Generation.AMPERE),
            new Constant(
                    "cdna3Compute",
                    ServingFit::withCdna3Compute,
                    ServingFit::cdna3Compute,
                    0.3,
                    1.2,
                    r -> ServingFit.Generation.of(r.gpu()) == ServingFit.Generation.CDNA3),
            new Constant(
                    "expertSeconds", ServingFit::withExpertSeconds, ServingFit::expertSeconds, 0, 40e-6, r -> r.model()
                            .hasExperts()),
            new Constant(
                    "requestSeconds",
                    ServingFit::withRequestSeconds,
                    ServingFit::requestSeconds,
                    0,
                    0.05,
                    PublishedServingRun::server));

    private ServingFitting() {}

    /** The constants fitted on {@code runs}, starting from nothing fitted. */
    public static ServingFit fit(List<PublishedServingRun> runs) {
        ServingFit fit = ServingFit.NONE;
        for (int round = 0; round < ROUNDS; round++) {
            for (Constant c : CONSTANTS) {
                List<PublishedServingRun> own = runs.stream().filter(c.acts()).toList();
                if (own.isEmpty()) {
                    continue;
                }
                ServingFit base = fit;
                double best = GoldenSection.minimise(v -> loss(own, c.with().apply(base, v)), c.lo(), c.hi(), 0.02);
                fit = c.with().apply(fit, best);
            }
        }
        return fit;
    }

    /** For {@link ServingValidation#loso}: the simulator with the constants fitted on the measurements it is given. */
    public static Function<List<PublishedServingRun>, ServingPredictor> fitted() {
        return runs -> ServingValidation.simulator(fit(runs));
    }

    /** Source-weighted mean absolute log error of {@code fit} over {@code runs}; refused configurations left out. */
    static double loss(List<PublishedServingRun> runs, ServingFit fit) {
        Map<String, Integer> perSource = new HashMap<>();
        runs.forEach(r -> perSource.merge(r.sourceGroup(), 1, Integer::sum));
        Map<PublishedServingRun, Double> predicted = ServingValidation.predictAll(runs, fit);
        double sum = 0;
        for (PublishedServingRun r : runs) {
            double p = predicted.get(r);
            if (Double.isFinite(p) && p > 0) {
                sum += Math.abs(Math.log(p / r.measured())) / perSource.get(r.sourceGroup());
            }
        }
        return sum / perSource.size();
    }
}
