package dev.sextant.model.training;

import java.util.List;

/**
 * A training layout on a cluster, costed.
 *
 * @param layout          the layout
 * @param microBatches    micro-batches per pipeline per step (m)
 * @param stageLayers     transformer layers on each pipeline stage
 * @param memory          bytes per GPU on the most loaded stage
 * @param fits            whether that fits in the GPU's memory
 * @param commBytes       bytes each GPU sends per step, by dimension
 * @param commSeconds     time of that traffic on the step's critical path, by dimension (after overlap)
 * @param computeSeconds  compute time of one step on the slowest stage, bubble excluded
 * @param bubbleFraction  pipeline bubble as a share of the ideal time: (p − 1) / (v m)
 * @param stepTimeSeconds one optimizer step
 * @param tflopsPerGpu    model FLOPs (recomputation not counted) per GPU per second, in TFLOP/s
 * @param mfu             tflopsPerGpu over the GPU's dense peak for the precision
 * @param tokensPerSecond tokens per second, whole job
 * @param trainingDays    days for the token budget (NaN without one)
 * @param bottleneck      what limits the step most
 * @param efficiency      the compute-efficiency source used
 * @param stageSeconds    forward plus backward time of one micro-batch on each pipeline stage (with recompute and the
 *                        tensor, context and expert communication inside the stage)
 */
public record TrainingPlan(
        TrainingLayout layout,
        int microBatches,
        List<Integer> stageLayers,
        Memory memory,
        boolean fits,
        ByDimension commBytes,
        ByDimension commSeconds,
        double computeSeconds,
        double bubbleFraction,
        double stepTimeSeconds,
        double tflopsPerGpu,
        double mfu,
        double tokensPerSecond,
        double trainingDays,
        String bottleneck,
        String efficiency,
        List<Double> stageSeconds) {

    /** Bytes per GPU. */
    public record Memory(
            double weights,
            double gradients,
            double optimizer,
            double activations,
            double buffers,
            double total,
            double capacity) {
        public double headroom() {
            return capacity - total;
        }
    }

    /** One number per parallel dimension. */
    public record ByDimension(double tp, double pp, double dp, double cp, double ep) {
        public double sum() {
            return tp + pp + dp + cp + ep;
        }
    }
}
