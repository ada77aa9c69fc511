package dev.sextant.model.training;

import dev.sextant.model.InputError;
import dev.sextant.model.architecture.ModelArchitecture;

/**
 * Failures against a plan: the checkpoint's size from the model (16-bit weights plus FP32 master weights and Adam's
 * two moments, 14 bytes per parameter, as Megatron-LM saves them), its write time from the storage bandwidth, and
 * {@link Checkpointing}'s interval and goodput; the expected wall-clock days include the time failures cost.
 *
 * @param spec              the inputs
 * @param checkpointBytes   one checkpoint, whole job
 * @param checkpointSeconds time to write it
 * @param checkpointing     MTBF, Young and Daly intervals, goodput
 * @param expectedDays      training days over goodput (NaN without a token budget)
 */
public record FaultTolerance(
        Spec spec, double checkpointBytes, double checkpointSeconds, Checkpointing checkpointing, double expectedDays) {

    /** Bytes per parameter in a checkpoint: BF16 weights (2) + FP32 master weights, momentum, variance (12). */
    public static final double CHECKPOINT_BYTES_PER_PARAMETER = 14;

    /**
     * @param failuresPerGpuDay failure rate of one GPU per day
     * @param storageGBs        aggregate write bandwidth to checkpoint storage, GB/s
     * @param restartSeconds    detection and restart after a failure
     * @param async             whether checkpoints are written asynchronously
     */
    public record Spec(double failuresPerGpuDay, double storageGBs, double restartSeconds, boolean async) {

        /** Llama 3 (arXiv 2407.21783, §3.3.4): 419 unexpected interruptions in 54 days on 16,384 H100 GPUs. */
        public static final double LLAMA3_FAILURES_PER_GPU_DAY = 419.0 / (54 * 16384);

        public static Spec defaults() {
            return new Spec(LLAMA3_FAILURES_PER_GPU_DAY, 100, 600, false);
        }

        public Spec {
            if (!(storageGBs > 0)) {
                throw new InputError("training.storage", "the storage bandwidth must be positive");
            }
        }
    }

    public static FaultTolerance of(ModelArchitecture model, int gpus, double trainingDays, Spec spec) {
        double bytes = CHECKPOINT_BYTES_PER_PARAMETER * model.parameters().total();
        double seconds = bytes / (spec.storageGBs() * 1e9);
        Checkpointing c =
                Checkpointing.plan(gpus, spec.failuresPerGpuDay(), seconds, spec.restartSeconds(), spec.async());
        double expected = Double.isNaN(trainingDays) || c.goodput() <= 0 ? Double.NaN : trainingDays / c.goodput();
        return new FaultTolerance(spec, bytes, seconds, c, expected);
    }
}
