package dev.sextant.model.training.validation;

import dev.sextant.model.training.ComputeEfficiency;
import dev.sextant.model.training.PlannerFit;
import dev.sextant.model.training.SoftwareStack;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.DoubleFunction;
import java.util.function.Function;

/**
 * Fits the planner's {@link PlannerFit} constants to published runs. Each constant changes the predictions of its own
 * runs only: the PyTorch-kernel factor those on a PyTorch-native stack, the two MoE constants (imbalance, per-expert
 * time) those of MoE models with expert parallelism. The loss is the mean absolute log error of step time over those
 * runs with every source weighing the same (a run counts {@code 1 / runs of its source among them}, so a 20-row table
 * does not outvote a 1-row paper); absolute rather than squared so that one far-off run does not drag a constant.
 * One-dimensional golden-section searches over each constant's range, alternated for the two MoE constants until
 * neither moves. A constant with no runs to fit keeps the value of {@link PlannerFit#NONE}.
 *
 * <p>{@link #fitted} is the fit {@link TrainingValidation#loso} calls once per held-out source.
 */
public final class PlannerFitting {

    /** Largest PyTorch-kernel factor searched. */
    static final double KERNELS_MAX = 3;
    /** Largest MoE imbalance searched. */
    static final double IMBALANCE_MAX = 3;
    /** Largest per-expert time searched, seconds. */
    static final double EXPERT_MAX = 2e-3;
    /** Rounds of alternating the two MoE fits at most. */
    private static final int ROUNDS = 12;

    private PlannerFitting() {
    }

    /** The constants fitted on {@code runs}. */
    public static PlannerFit fit(List<PublishedRun> runs, ComputeEfficiency efficiency) {
        return combine(fitKernels(runs.stream().filter(PlannerFitting::pytorchKernels).toList(), efficiency),
                fitMoe(runs.stream().filter(PlannerFitting::expertParallel).toList(), efficiency));
    }

    /**
     * A fit for {@link TrainingValidation#loso}: the planner with the constants fitted on the runs it is given. Folds
     * that leave out none of a constant's runs share its fit.
     */
    public static Function<List<PublishedRun>, Predictor> fitted(ComputeEfficiency efficiency) {
        Map<List<String>, PlannerFit> kernels = new ConcurrentHashMap<>();
        Map<List<String>, PlannerFit> moe = new ConcurrentHashMap<>();
        return runs -> {
            List<PublishedRun> pytorch = runs.stream().filter(PlannerFitting::pytorchKernels).toList();
            List<PublishedRun> experts = runs.stream().filter(PlannerFitting::expertParallel).toList();
            PlannerFit k = kernels.computeIfAbsent(ids(pytorch), x -> fitKernels(pytorch, efficiency));
            PlannerFit m = moe.computeIfAbsent(ids(experts), x -> fitMoe(experts, efficiency));
            return TrainingValidation.planner(efficiency, combine(k, m));
        };
    }

    static boolean pytorchKernels(PublishedRun run) {
        return SoftwareStack.of(run.stack()).kernels() == SoftwareStack.Kernels.PYTORCH;
    }

    static boolean expertParallel(PublishedRun run) {
        return run.moe() && run.ep() > 1;
    }

    private static PlannerFit fitKernels(List<PublishedRun> runs, ComputeEfficiency efficiency) {
        PlannerFit fit = PlannerFit.NONE;
        return runs.isEmpty() ? fit : fit.withPytorchKernels(minimise(fit::withPytorchKernels, runs, efficiency, 1, KERNELS_MAX));
    }

    private static PlannerFit fitMoe(List<PublishedRun> runs, ComputeEfficiency efficiency) {
        PlannerFit fit = PlannerFit.NONE;
        if (runs.isEmpty()) {
            return fit;
        }
        for (int round = 0; round < ROUNDS; round++) {
            PlannerFit before = fit;
            fit = fit.withMoeImbalance(minimise(fit::withMoeImbalance, runs, efficiency, 1, IMBALANCE_MAX));
            fit = fit.withExpertSeconds(minimise(fit::withExpertSeconds, runs, efficiency, 0, EXPERT_MAX));
            if (Math.abs(before.moeImbalance() - fit.moeImbalance()) < 1e-3 && Math.abs(before.expertSeconds() - fit.expertSeconds()) < 1e-7) {
                break;
            }
        }
        return fit;
    }

    private static PlannerFit combine(PlannerFit kernels, PlannerFit moe) {
        return new PlannerFit(kernels.pytorchKernels(), moe.moeImbalance(), moe.expertSeconds());
    }

    private static List<String> ids(List<PublishedRun> runs) {
        return runs.stream().map(PublishedRun::id).toList();
    }

    /** The value in [lo, hi] minimising the source-weighted mean absolute log error of {@code runs}. */
    private static double minimise(DoubleFunction<PlannerFit> at, List<PublishedRun> runs, ComputeEfficiency efficiency,
                                   double lo, double hi) {
        Map<String, Integer> perSource = new HashMap<>();
        runs.forEach(r -> perSource.merge(r.sourceGroup(), 1, Integer::sum));
        DoubleFunction<Double> loss = v -> {
            Predictor p = TrainingValidation.planner(efficiency, at.apply(v));
            double sum = 0;
            for (PublishedRun r : runs) {
                sum += Math.abs(Math.log(p.stepSeconds(r) / r.measuredStepSeconds())) / perSource.get(r.sourceGroup());
            }
            return sum;
        };
        double g = (Math.sqrt(5) - 1) / 2;
        double a = lo;
        double b = hi;
        double c = b - g * (b - a);
        double d = a + g * (b - a);
        double fc = loss.apply(c);
        double fd = loss.apply(d);
        while (b - a > 5e-4 * (hi - lo)) {
            if (fc <= fd) {
                b = d;
                d = c;
                fd = fc;
                c = b - g * (b - a);
                fc = loss.apply(c);
            } else {
                a = c;
                c = d;
                fc = fd;
                d = a + g * (b - a);
                fd = loss.apply(d);
            }
        }
        double best = (a + b) / 2;
        // the lower edge (no correction) is a candidate too: golden section assumes one minimum inside the range
        return loss.apply(lo) <= loss.apply(best) ? lo : best;
    }
}
