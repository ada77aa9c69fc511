package dev.sextant.model.training.validation;

import dev.sextant.model.statistics.GoldenSection;
import dev.sextant.model.training.ComputeEfficiency;
import dev.sextant.model.training.PlannerFit;
import dev.sextant.model.training.SoftwareStack;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiFunction;
import java.util.function.DoubleFunction;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * Fits the planner's {@link PlannerFit} constants to published runs. Each constant changes the predictions of its own
 * runs only: the PyTorch-kernel factor those on a PyTorch-native stack; the two overlap constants (compute factor,
 * exposed TP share) those on the Megatron-Core family, fitted on its dense runs; the two MoE constants (imbalance,
 * per-expert time) those of MoE models with expert parallelism, fitted after the overlap constants. The loss is the mean absolute log error of step time over those
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
    /** Largest overlap compute factor searched. */
    static final double OVERLAP_MAX = 1.5;
    /** Largest MoE imbalance searched. */
    static final double IMBALANCE_MAX = 3;
    /** Largest per-expert time searched, seconds. */
    static final double EXPERT_MAX = 2e-3;
    /** Rounds of alternating the two MoE fits at most. */
    private static final int ROUNDS = 12;

    private PlannerFitting() {}

    /** The constants fitted on {@code runs}. */
    public static PlannerFit fit(List<PublishedRun> runs, ComputeEfficiency efficiency) {
        PlannerFit overlap = fitOverlap(
                runs.stream().filter(PlannerFitting::overlappingDense).toList(), efficiency);
        return combine(
                fitKernels(runs.stream().filter(PlannerFitting::pytorchKernels).toList(), efficiency),
                overlap,
                fitMoe(runs.stream().filter(PlannerFitting::expertParallel).toList(), overlap, efficiency));
    }

    /**
     * A fit for {@link TrainingValidation#loso}: the planner with the constants fitted on the runs it is given. Folds
     * that leave out none of a constant's runs share its fit.
     */
    public static Function<List<PublishedRun>, Predictor> fitted(ComputeEfficiency efficiency) {
        Map<List<String>, PlannerFit> kernels = new ConcurrentHashMap<>();
        Map<List<String>, PlannerFit> overlaps = new ConcurrentHashMap<>();
        Map<List<String>, PlannerFit> moe = new ConcurrentHashMap<>();
        return runs -> {
            List<PublishedRun> pytorch =
                    runs.stream().filter(PlannerFitting::pytorchKernels).toList();
            List<PublishedRun> dense =
                    runs.stream().filter(PlannerFitting::overlappingDense).toList();
            List<PublishedRun> experts =
                    runs.stream().filter(PlannerFitting::expertParallel).toList();
            PlannerFit k = kernels.computeIfAbsent(ids(pytorch), x -> fitKernels(pytorch, efficiency));
            PlannerFit o = overlaps.computeIfAbsent(ids(dense), x -> fitOverlap(dense, efficiency));
            List<String> moeKey = new ArrayList<>(ids(experts));
            moeKey.add(o.overlapCompute() + "/" + o.tpExposed()); // the MoE fit is made with the overlap constants
            PlannerFit m = moe.computeIfAbsent(moeKey, x -> fitMoe(experts, o, efficiency));
            return TrainingValidation.planner(efficiency, combine(k, o, m));
        };
    }

    static boolean pytorchKernels(PublishedRun run) {
        return SoftwareStack.of(run.stack()).kernels() == SoftwareStack.Kernels.PYTORCH;
    }

    static boolean expertParallel(PublishedRun run) {
        return run.moe() && run.ep() > 1;
    }

    /** Dense runs on a stack that overlaps communication with compute: what the overlap constants are fitted on. */
    static boolean overlappingDense(PublishedRun run) {
        return !run.moe() && PlannerFit.overlaps(SoftwareStack.of(run.stack()));
    }

    private static PlannerFit fitKernels(List<PublishedRun> runs, ComputeEfficiency efficiency) {
        PlannerFit fit = PlannerFit.NONE;
        return runs.isEmpty()
                ? fit
                : fit.withPytorchKernels(minimise(fit::withPytorchKernels, runs, efficiency, 1, KERNELS_MAX));
    }

    /** The two overlap constants act on the same runs: alternating one-dimensional fits. */
    private static PlannerFit fitOverlap(List<PublishedRun> runs, ComputeEfficiency efficiency) {
        return alternate(
                PlannerFit.NONE,
                runs,
                efficiency,
                new Constant(PlannerFit::withOverlapCompute, PlannerFit::overlapCompute, 1, OVERLAP_MAX, 1e-4),
                new Constant(PlannerFit::withTpExposed, PlannerFit::tpExposed, 0, 1, 1e-4));
    }

    /** The two MoE constants, with the overlap constants the MoE runs' stacks also carry. */
    private static PlannerFit fitMoe(List<PublishedRun> runs, PlannerFit overlap, ComputeEfficiency efficiency) {
        PlannerFit start =
                PlannerFit.NONE.withOverlapCompute(overlap.overlapCompute()).withTpExposed(overlap.tpExposed());
        return alternate(
                start,
                runs,
                efficiency,
                new Constant(PlannerFit::withMoeImbalance, PlannerFit::moeImbalance, 1, IMBALANCE_MAX, 1e-3),
                new Constant(PlannerFit::withExpertSeconds, PlannerFit::expertSeconds, 0, EXPERT_MAX, 1e-7));
    }

    /** One fitted constant: how to set and read it, its search range, and the change below which it has settled. */
    private record Constant(
            BiFunction<PlannerFit, Double, PlannerFit> with,
            ToDoubleFunction<PlannerFit> get,
            double lo,
            double hi,
            double settled) {}

    /** Two constants acting on the same runs: one-dimensional fits of each in turn until neither moves. */
    private static PlannerFit alternate(
            PlannerFit start, List<PublishedRun> runs, ComputeEfficiency efficiency, Constant a, Constant b) {
        PlannerFit fit = start;
        if (runs.isEmpty()) {
            return fit;
        }
        for (int round = 0; round < ROUNDS; round++) {
            PlannerFit before = fit;
            for (Constant c : List.of(a, b)) {
                PlannerFit base = fit;
                fit = c.with().apply(fit, minimise(v -> c.with().apply(base, v), runs, efficiency, c.lo(), c.hi()));
            }
            if (Math.abs(a.get().applyAsDouble(before) - a.get().applyAsDouble(fit)) < a.settled()
                    && Math.abs(b.get().applyAsDouble(before) - b.get().applyAsDouble(fit)) < b.settled()) {
                break;
            }
        }
        return fit;
    }

    private static PlannerFit combine(PlannerFit kernels, PlannerFit overlap, PlannerFit moe) {
        return new PlannerFit(
                kernels.pytorchKernels(),
                moe.moeImbalance(),
                moe.expertSeconds(),
                overlap.overlapCompute(),
                overlap.tpExposed());
    }

    private static List<String> ids(List<PublishedRun> runs) {
        return runs.stream().map(PublishedRun::id).toList();
    }

    /** The value in [lo, hi] minimising the source-weighted mean absolute log error of {@code runs}. */
    private static double minimise(
            DoubleFunction<PlannerFit> at,
            List<PublishedRun> runs,
            ComputeEfficiency efficiency,
            double lo,
            double hi) {
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
        return GoldenSection.minimise(loss::apply, lo, hi, 5e-4);
    }
}
