package dev.sextant.model.training.validation;

import dev.sextant.model.training.ComputeEfficiency;
import dev.sextant.model.training.PlannerFit;
import dev.sextant.model.training.SoftwareStack;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleFunction;
import java.util.function.Function;

/**
 * Fits the planner's {@link PlannerFit} constants to published runs. Each constant changes the prediction of its own
 * runs only (the PyTorch-kernel factor: runs on a PyTorch-native stack; the MoE imbalance: MoE runs with expert
 * parallelism), so each is a
 * one-dimensional fit: the value that minimises the mean squared log error of step time over those runs, every source
 * weighing the same (a run counts {@code 1 / runs of its source among them}, so a 20-row table does not outvote a
 * 1-row paper). Golden-section search over the constant's range; a constant with no runs to fit keeps the value of
 * {@link PlannerFit#NONE}.
 *
 * <p>{@link #fitted} is the fit {@link TrainingValidation#loso} calls once per held-out source.
 */
public final class PlannerFitting {

    /** Largest PyTorch-kernel factor searched. */
    static final double KERNELS_MAX = 3;
    /** Largest MoE imbalance searched. */
    static final double IMBALANCE_MAX = 3;

    private PlannerFitting() {
    }

    /** The constants fitted on {@code runs}. */
    public static PlannerFit fit(List<PublishedRun> runs, ComputeEfficiency efficiency) {
        PlannerFit fit = PlannerFit.NONE;
        List<PublishedRun> pytorch = runs.stream().filter(PlannerFitting::pytorchKernels).toList();
        if (!pytorch.isEmpty()) {
            fit = fit.withPytorchKernels(minimise(fit::withPytorchKernels, pytorch, efficiency, 1, KERNELS_MAX));
        }
        List<PublishedRun> moe = runs.stream().filter(PlannerFitting::expertParallel).toList();
        if (!moe.isEmpty()) {
            fit = fit.withMoeImbalance(minimise(fit::withMoeImbalance, moe, efficiency, 1, IMBALANCE_MAX));
        }
        return fit;
    }

    /** A fit for {@link TrainingValidation#loso}: the planner with the constants fitted on the runs it is given. */
    public static Function<List<PublishedRun>, Predictor> fitted(ComputeEfficiency efficiency) {
        return runs -> TrainingValidation.planner(efficiency, fit(runs, efficiency));
    }

    static boolean pytorchKernels(PublishedRun run) {
        return SoftwareStack.of(run.stack()).kernels() == SoftwareStack.Kernels.PYTORCH;
    }

    static boolean expertParallel(PublishedRun run) {
        return run.moe() && run.ep() > 1;
    }

    /** The value in [lo, hi] minimising the source-weighted mean squared log error of {@code runs}. */
    private static double minimise(DoubleFunction<PlannerFit> at, List<PublishedRun> runs, ComputeEfficiency efficiency,
                                   double lo, double hi) {
        Map<String, Integer> perSource = new HashMap<>();
        runs.forEach(r -> perSource.merge(r.sourceGroup(), 1, Integer::sum));
        DoubleFunction<Double> loss = v -> {
            Predictor p = TrainingValidation.planner(efficiency, at.apply(v));
            double sum = 0;
            for (PublishedRun r : runs) {
                double e = Math.log(p.stepSeconds(r) / r.measuredStepSeconds());
                sum += Math.abs(e) / perSource.get(r.sourceGroup());
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
        while (b - a > 1e-3) {
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
        // the edges are candidates too (golden section assumes one minimum inside)
        return loss.apply(lo) <= loss.apply(best) ? lo : best;
    }
}
