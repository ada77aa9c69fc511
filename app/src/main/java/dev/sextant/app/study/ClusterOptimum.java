package dev.sextant.app.study;

import dev.sextant.model.InputError;
import dev.sextant.model.ablation.IsoFlopProfiles;
import dev.sextant.model.ablation.ScalingLawFit;
import dev.sextant.model.architecture.DenseShapes;
import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.hardware.GpuSpec;
import dev.sextant.model.hardware.Precision;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import dev.sextant.model.training.TrainingLayout;
import dev.sextant.model.training.TrainingPlan;
import dev.sextant.model.training.TrainingRequest;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The compute-optimal model for a budget in the user's hardware rather than in FLOPs: model sizes planned by the
 * training planner on the user's cluster, each buying the tokens its throughput allows, the scaling law's loss deciding.
 */
public final class ClusterOptimum {

    private ClusterOptimum() {}

    /** A budget in the user's hardware: GPU-hours on a cluster of one GPU type, at a sequence length and global batch. */
    public record HardwareBudget(String gpu, int gpus, int gpusPerNode, double gpuHours, int seqLen, int globalBatch) {}

    /** One model size tried: the planner's best layout for it and the tokens the budget buys at its throughput. */
    public record Candidate(
            double params,
            String model,
            String layout,
            double tokensPerSecond,
            double mfu,
            double tokens,
            double loss) {}

    /**
     * The model the hardware budget trains best: the size whose loss at the tokens the budget buys (the planner's
     * throughput for it × the hours) is lowest, with the loss's prediction interval; the compute it amounts to and the
     * FLOP-optimal allocation at that compute beside it; every size tried.
     */
    public record HardwareOptimal(
            Candidate best,
            ScalingLawFit.Prediction prediction,
            double flops,
            double wallDays,
            ScalingLawFit.Allocation atSameFlops,
            List<Candidate> candidates,
            List<String> notes) {}

    /** Model sizes tried across the range a budget could call optimal, before the refinement around the best. */
    static final int SIZES = 13;

    /**
     * The compute-optimal model for a budget in GPU-hours on the user's cluster: Llama-shaped models of sizes around the
     * law's FLOP-optimal ones, each planned by the training planner (its best layout's tokens/s), the tokens the
     * budget buys, the law's loss there; the size of least loss wins, refined by a parabola in log N through it and its
     * neighbours. Hardware that runs small models at lower utilisation moves the optimum, which a budget in FLOPs
     * cannot see.
     */
    public static HardwareOptimal find(
            ScalingLawFit fit, HardwareBudget b, ProgressListener progress, CancellationToken cancel) {
        InputError.require(
                b.gpuHours() > 0 && Double.isFinite(b.gpuHours()),
                "ablate.gpuHours",
                "the budget must be a positive number of GPU-hours");
        InputError.require(b.gpus() >= 1, "ablate.gpus", "the cluster needs at least one GPU");
        GpuSpec gpu = PlanInputs.gpu(b.gpu());
        double peak = gpu.peakFlops(Precision.BF16);
        double maxFlops = b.gpuHours() * 3600 * peak;
        double lo = Math.log(fit.optimal(0.05 * maxFlops).params().value() / 3);
        double hi = Math.log(fit.optimal(0.8 * maxFlops).params().value() * 3);
        List<Candidate> tried = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        for (int i = 0; i < SIZES; i++) {
            cancel.throwIfCancelled();
            progress.progress((double) i / (SIZES + 1), "planning size " + (i + 1) + " of " + SIZES);
            Candidate c = candidate(fit, b, gpu, Math.exp(lo + (hi - lo) * i / (SIZES - 1)), notes, cancel);
            if (c != null) {
                tried.add(c);
            }
        }
        InputError.require(
                !tried.isEmpty(),
                "ablate.gpus",
                "no model size between " + String.format(Locale.ROOT, "%.3g and %.3g", Math.exp(lo), Math.exp(hi))
                        + " parameters fits on " + b.gpus() + " × " + b.gpu()
                        + (notes.isEmpty() ? "" : ": " + notes.get(notes.size() - 1)));
        tried.sort(Comparator.comparingDouble(Candidate::params));
        int k = 0;
        for (int i = 1; i < tried.size(); i++) {
            if (tried.get(i).loss() < tried.get(k).loss()) {
                k = i;
            }
        }
        Candidate best = tried.get(k);
        if (k > 0 && k < tried.size() - 1) {
            double[] x = {
                Math.log(tried.get(k - 1).params()),
                Math.log(best.params()),
                Math.log(tried.get(k + 1).params())
            };
            double[] y = {tried.get(k - 1).loss(), best.loss(), tried.get(k + 1).loss()};
            double[] c = IsoFlopProfiles.parabolaThrough(x, y);
            if (c[2] > 0) {
                Candidate refined = candidate(fit, b, gpu, Math.exp(-c[1] / (2 * c[2])), notes, cancel);
                if (refined != null && refined.loss() < best.loss()) {
                    best = refined;
                    tried.add(refined);
                    tried.sort(Comparator.comparingDouble(Candidate::params));
                }
            }
        } else {
            notes.add(String.format(
                    Locale.ROOT,
                    "the best size tried is at the %s end of the range (%.3g parameters): the optimum may lie beyond it",
                    k == 0 ? "small" : "large",
                    best.params()));
        }
        progress.progress(1, "done");
        double flops = 6 * best.params() * best.tokens();
        double wallDays = b.gpuHours() / b.gpus() / 24;
        return new HardwareOptimal(
                best,
                fit.predict(best.params(), best.tokens()),
                flops,
                wallDays,
                fit.optimal(flops),
                List.copyOf(tried),
                List.copyOf(notes));
    }

    private static Candidate candidate(
            ScalingLawFit fit,
            HardwareBudget b,
            GpuSpec gpu,
            double params,
            List<String> notes,
            CancellationToken cancel) {
        ModelArchitecture arch = DenseShapes.llamaShaped(params);
        TrainingRequest request = TrainingRequest.builder(arch, gpu)
                .cluster(b.gpus(), b.gpusPerNode())
                .batch(b.seqLen(), b.globalBatch())
                .build();
        TrainingPlan plan;
        try {
            plan = new TrainingStudy().plan(request, null, cancel).plans().get(0);
        } catch (InputError e) {
            notes.add(String.format(
                    Locale.ROOT, "%s does not train on %d × %s: %s", arch.name(), b.gpus(), b.gpu(), e.getMessage()));
            return null;
        }
        double n = arch.parameters().total();
        double tokens = plan.tokensPerSecond() * b.gpuHours() / b.gpus() * 3600;
        TrainingLayout l = plan.layout();
        String layout = String.format(
                Locale.ROOT, "TP%d PP%d DP%d%s", l.tp(), l.pp(), l.dp(), l.cp() > 1 ? " CP" + l.cp() : "");
        return new Candidate(
                n,
                arch.name(),
                layout,
                plan.tokensPerSecond(),
                plan.mfu(),
                tokens,
                fit.fit().loss(n, tokens));
    }
}
