package dev.sextant.model.serving;

import dev.sextant.model.InputError;

/**
 * Speculative decoding after Leviathan et al. (arXiv 2211.17192, §3.1 and Theorem 3.8): with acceptance rate α and γ
 * drafted tokens per step, a target forward pass yields E = (1 − α^(γ+1)) / (1 − α) tokens on average, and the
 * wall-clock speed-up is E / (γ c + 1) where c is the draft's latency relative to the target's.
 */
public final class SpeculativeDecoding {

    private SpeculativeDecoding() {}

    /** Expected tokens per target forward pass. */
    public static double expectedTokens(double alpha, int gamma) {
        check(alpha, gamma);
        return alpha == 1 ? gamma + 1 : (1 - Math.pow(alpha, gamma + 1)) / (1 - alpha);
    }

    /** Expected wall-clock speed-up over plain decoding. */
    public static double speedup(double alpha, int gamma, double draftCostRatio) {
        if (!(draftCostRatio >= 0)) {
            throw new InputError("serving.specCost", "the draft cost ratio must not be negative");
        }
        return expectedTokens(alpha, gamma) / (gamma * draftCostRatio + 1);
    }

    /** The number of drafted tokens in [1, maxGamma] with the best speed-up. */
    public static int bestGamma(double alpha, double draftCostRatio, int maxGamma) {
        int best = 1;
        for (int g = 2; g <= maxGamma; g++) {
            if (speedup(alpha, g, draftCostRatio) > speedup(alpha, best, draftCostRatio)) {
                best = g;
            }
        }
        return best;
    }

    private static void check(double alpha, int gamma) {
        if (!(alpha >= 0 && alpha <= 1)) {
            throw new InputError("serving.specAcceptance", "the acceptance rate must lie in [0, 1], got " + alpha);
        }
        if (gamma < 1) {
            throw new InputError("serving.specTokens", "drafted tokens must be at least 1");
        }
    }
}
