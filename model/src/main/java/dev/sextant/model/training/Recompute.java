package dev.sextant.model.training;

import java.util.Locale;

/** Activation recomputation (Korthikanti et al., arXiv 2205.05198). */
public enum Recompute {
    /** Every activation kept for the backward pass. */
    NONE,
    /** Attention's score-sized activations recomputed (what flash-attention does by construction). */
    SELECTIVE,
    /** Only each layer's input kept; the layer's forward pass is run again in the backward pass. */
    FULL;

    public String slug() {
        return name().toLowerCase(Locale.ROOT);
    }
}
