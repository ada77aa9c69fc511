package dev.sextant.model.training;

import dev.sextant.model.InputError;

/**
 * Bytes of model states per GPU under mixed-precision Adam and ZeRO (Rajbhandari et al., arXiv 1910.02054, §3 and
 * Figure 1): 16-bit weights (2 Ψ) and gradients (2 Ψ), and K Ψ of optimizer states with K = 12 (FP32 master weights,
 * momentum, variance). Stage 1 shards the optimizer states over the N_d data-parallel ranks, stage 2 the gradients
 * too, stage 3 the weights too. Megatron's distributed optimizer shards like stage 1.
 *
 * @param weights   bytes of weights
 * @param gradients bytes of gradients
 * @param optimizer bytes of optimizer states
 */
public record ModelStateMemory(double weights, double gradients, double optimizer) {

    /** Optimizer bytes per parameter (K in the ZeRO paper). */
    public static final double K = 12;

    /**
     * @param params parameters this GPU holds before data-parallel sharding (its share under TP, PP and EP)
     * @param dp     ranks that shard the states (N_d)
     * @param stage  ZeRO stage 0–3
     */
    public static ModelStateMemory of(double params, int dp, int stage) {
        if (stage < 0 || stage > 3) {
            throw new InputError("training.zero", "ZeRO stage must be 0–3, got " + stage);
        }
        if (dp < 1) {
            throw new InputError("training.dp", "the data-parallel size must be at least 1");
        }
        double w = 2 * params;
        double g = 2 * params;
        double o = K * params;
        return new ModelStateMemory(stage >= 3 ? w / dp : w, stage >= 2 ? g / dp : g, stage >= 1 ? o / dp : o);
    }

    public double total() {
        return weights + gradients + optimizer;
    }
}
