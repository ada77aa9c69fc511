package dev.sextant.model.runhealth;

import dev.sextant.model.training.ComputeEfficiency;
import dev.sextant.model.training.FaultTolerance;
import dev.sextant.model.training.TrainingLayout;
import dev.sextant.model.training.TrainingPlan;
import dev.sextant.model.training.TrainingPlanner;
import dev.sextant.model.training.TrainingRequest;

/** Failure scenarios made from a training plan: its GPUs, step time and steps, and the planner's step time on fewer replicas. */
public final class FailureScenarios {

    /** Fewer-replica step times the planner works out (below them, scaled by replicas). */
    static final int ELASTIC_DEPTH = 32;

    private FailureScenarios() {}

    /**
     * The run a kept plan describes: its layout's GPUs and DP replicas (TP × PP × CP GPUs each), its step time, the steps
     * its token budget takes (a day's steps without one), the fault-tolerance inputs' failure rate, restart and
     * checkpoint mode, and the checkpoint's write time from its size ({@link FaultTolerance}); Daly's interval. For
     * elastic continuation the planner prices the same layout with 1 to {@value #ELASTIC_DEPTH} replicas fewer, the
     * global batch rounded up to what they divide and the step time scaled back to the plan's batch.
     */
    public static FailureScenario fromPlan(
            TrainingRequest request, TrainingPlan plan, FaultTolerance.Spec faults, ComputeEfficiency efficiency) {
        TrainingLayout l = plan.layout();
        int gpus = l.gpus();
        int replicaGpus = l.tp() * l.pp() * l.cp();
        double tokensPerStep = (double) request.globalBatch() * request.seqLen();
        long steps = request.tokens() > 0
                ? (long) Math.ceil(request.tokens() / tokensPerStep)
                : Math.max(1, (long) (86400 / plan.stepTimeSeconds()));
        FaultTolerance ft = FaultTolerance.of(request.model(), gpus, Double.NaN, faults);
        double interval = FailureScenario.dalyInterval(
                gpus,
                faults.failuresPerGpuDay(),
                ft.checkpointSeconds(),
                faults.async(),
                steps * plan.stepTimeSeconds());
        int gpusPerNode = request.gpusPerNode();
        if (gpus % gpusPerNode != 0 || replicaGpus % gpusPerNode != 0 && gpusPerNode % replicaGpus != 0) {
            gpusPerNode = gcd(gpus, gpusPerNode);
        }
        return new FailureScenario(
                gpus,
                gpusPerNode,
                plan.stepTimeSeconds(),
                steps,
                faults.failuresPerGpuDay(),
                interval,
                ft.checkpointSeconds(),
                faults.async(),
                faults.restartSeconds(),
                -1,
                24,
                false,
                replicaGpus,
                0,
                5,
                0,
                1,
                elastic(request, plan, efficiency));
    }

    /** The planner's step times with 1 to {@value #ELASTIC_DEPTH} DP replicas fewer, or null where it prices none of them. */
    static FailureScenario.ElasticStepSeconds elastic(
            TrainingRequest request, TrainingPlan plan, ComputeEfficiency efficiency) {
        TrainingLayout l = plan.layout();
        int from = Math.max(1, l.dp() - ELASTIC_DEPTH);
        double[] seconds = new double[l.dp() - from];
        for (int dp = from; dp < l.dp(); dp++) {
            int perStep = dp * l.microBatch();
            int batch = (int) Math.ceil((double) request.globalBatch() / perStep) * perStep;
            TrainingLayout fewer = new TrainingLayout(
                    l.tp(),
                    l.pp(),
                    dp,
                    l.cp(),
                    l.ep(),
                    l.vpp(),
                    l.microBatch(),
                    l.zeroStage(),
                    l.recompute(),
                    l.sequenceParallel(),
                    l.precision(),
                    l.fusedAttention());
            TrainingRequest r = request.toBuilder()
                    .cluster(fewer.gpus(), request.gpusPerNode())
                    .batch(request.seqLen(), batch)
                    .build();
            double linear = plan.stepTimeSeconds() * l.dp() / dp;
            double s;
            try {
                TrainingPlanner planner = r.planner(efficiency);
                s = planner.invalid(fewer) == null
                        ? planner.plan(fewer, 0).stepTimeSeconds() * request.globalBatch() / batch
                        : linear;
            } catch (RuntimeException e) {
                s = linear; // a layout the planner refuses on fewer GPUs: the batch spread over the replicas left
            }
            seconds[dp - from] = Double.isFinite(s) && s > 0 ? s : linear;
        }
        return seconds.length == 0 ? null : new FailureScenario.ElasticStepSeconds(from, seconds);
    }

    private static int gcd(int a, int b) {
        return b == 0 ? a : gcd(b, a % b);
    }
}
