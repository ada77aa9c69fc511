package dev.sextant.model.runhealth;

import java.util.Locale;

/**
 * The one name each common metric goes by, whatever the trainer called it: Megatron-LM's {@code lm loss},
 * {@code grad norm}, {@code loss scale}, {@code elapsed time per iteration (ms)}; the Hugging Face Trainer's
 * {@code loss}, {@code grad_norm}, {@code learning_rate}; W&amp;B and TensorBoard's {@code train/loss}. Other metrics keep
 * their own (lower-cased) names.
 */
public final class MetricNames {

    public static final String LOSS = "loss";
    public static final String VALIDATION_LOSS = "val_loss";
    public static final String GRAD_NORM = "grad_norm";
    public static final String LOSS_SCALE = "loss_scale";
    public static final String LEARNING_RATE = "lr";
    /** Seconds per training step (iteration time). */
    public static final String STEP_TIME = "step_time";
    /** Iterations whose loss or gradients were not finite, as Megatron-LM counts them per logging interval. */
    public static final String NAN_ITERATIONS = "nan_iterations";

    public static final String SKIPPED_ITERATIONS = "skipped_iterations";
    /** Wall-clock time of a logged step, seconds since the epoch (TensorBoard's event time, W&amp;B's {@code _timestamp}). */
    public static final String WALL_TIME = "wall_time";
    /** Samples consumed so far (Megatron-LM's {@code consumed samples}): where a step's data starts. */
    public static final String CONSUMED_SAMPLES = "consumed_samples";
    /** Tokens consumed so far (Megatron-LM's {@code consumed tokens}, Hugging Face's {@code num_input_tokens_seen}). */
    public static final String CONSUMED_TOKENS = "consumed_tokens";

    private MetricNames() {}

    /** A metric name and the factor its values are scaled by to reach the canonical unit. */
    public record Canonical(String name, double scale) {}

    public static Canonical canonical(String raw) {
        String n = raw.strip().toLowerCase(Locale.ROOT);
        for (String prefix : new String[] {"train/", "training/", "trainer/"}) {
            if (n.startsWith(prefix)) {
                n = n.substring(prefix.length());
            }
        }
        return switch (n) {
            case "lm loss", "loss", "train_loss", "training_loss", "lm_loss", "reduced_train_loss" -> new Canonical(
                    LOSS, 1);
            case "eval_loss",
                    "eval/loss",
                    "val_loss",
                    "validation_loss",
                    "validation/loss",
                    "val/loss",
                    "lm loss value",
                    "validation loss" -> new Canonical(VALIDATION_LOSS, 1);
            case "grad norm", "grad_norm", "gradient_norm", "grad-norm", "global_grad_norm" -> new Canonical(
                    GRAD_NORM, 1);
            case "loss scale", "loss_scale", "loss-scale" -> new Canonical(LOSS_SCALE, 1);
            case "learning rate", "learning_rate", "lr", "learning-rate" -> new Canonical(LEARNING_RATE, 1);
            case "elapsed time per iteration (ms)",
                    "iteration_time_ms",
                    "step_time_ms",
                    "iteration-time-ms" -> new Canonical(STEP_TIME, 1e-3);
            case "elapsed time per iteration (s)",
                    "iteration_time",
                    "step_time",
                    "time_per_step",
                    "iteration-time",
                    "train_step_time",
                    "train_step_timing in s",
                    "train_step_timing" -> new Canonical(STEP_TIME, 1);
            case "number of nan iterations", "nan_iterations" -> new Canonical(NAN_ITERATIONS, 1);
            case "number of skipped iterations", "skipped_iterations" -> new Canonical(SKIPPED_ITERATIONS, 1);
            case "consumed samples", "consumed_samples", "consumed-samples" -> new Canonical(CONSUMED_SAMPLES, 1);
            case "consumed tokens",
                    "consumed_tokens",
                    "consumed-tokens",
                    "num_input_tokens_seen",
                    "tokens_seen",
                    "total_tokens",
                    "consumed_train_tokens" -> new Canonical(CONSUMED_TOKENS, 1);
            case "_timestamp", "wall_time", "walltime" -> new Canonical(WALL_TIME, 1);
            default -> new Canonical(n, 1);
        };
    }
}
