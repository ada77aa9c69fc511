package dev.sextant.model.training;

import dev.sextant.model.job.CancellationToken;
import java.util.ArrayList;
import java.util.List;

/**
 * How the best step time moves with one choice: for each value of TP (and of the micro-batch), the best plan with that
 * value fixed and everything else searched. Values with no fitting plan are left out.
 *
 * @param tensorParallel {tp, step seconds} pairs
 * @param microBatch     {micro-batch, step seconds} pairs
 */
public record Sensitivity(List<double[]> tensorParallel, List<double[]> microBatch) {

    public static Sensitivity of(TrainingRequest request, ComputeEfficiency efficiency, CancellationToken cancel) {
        LayoutSearch.Fixed f = request.fixed();
        List<double[]> tp = new ArrayList<>();
        for (int t : LayoutSearch.divisors(Math.min(request.gpus(), request.gpusPerNode()))) {
            LayoutSearch.Fixed withTp = new LayoutSearch.Fixed(
                    t,
                    f.pp(),
                    f.cp(),
                    f.ep(),
                    f.vpp(),
                    f.microBatch(),
                    f.zeroStage(),
                    f.recompute(),
                    f.sequenceParallel(),
                    f.precision(),
                    f.fusedAttention());
            best(request.withFixed(withTp), efficiency, cancel, t, tp);
        }
        List<double[]> mb = new ArrayList<>();
        for (int m : new int[] {1, 2, 4, 8, 16}) {
            LayoutSearch.Fixed withMb = new LayoutSearch.Fixed(
                    f.tp(),
                    f.pp(),
                    f.cp(),
                    f.ep(),
                    f.vpp(),
                    m,
                    f.zeroStage(),
                    f.recompute(),
                    f.sequenceParallel(),
                    f.precision(),
                    f.fusedAttention());
            best(request.withFixed(withMb), efficiency, cancel, m, mb);
        }
        return new Sensitivity(tp, mb);
    }

    private static void best(
            TrainingRequest r, ComputeEfficiency efficiency, CancellationToken cancel, int x, List<double[]> out) {
        LayoutSearch.Result result = r.search(efficiency, cancel);
        if (!result.plans().isEmpty()) {
            out.add(new double[] {x, result.plans().get(0).stepTimeSeconds()});
        }
    }
}
