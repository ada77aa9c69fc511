package dev.sextant.model.training;

import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.architecture.ParameterCount;

/**
 * Matrix-multiply FLOPs of training, per token, after Narayanan et al. (SC'21, arXiv 2104.04473, Eq. 3) and
 * Korthikanti et al. (arXiv 2205.05198, §6): forward = 2 × weights a token passes through + attention's score and
 * value products (2 · s · width each, per layer, with no causal halving, as both papers count); backward = 2 ×
 * forward. Full recomputation repeats the forward pass of the layers (not of the output layer); selective
 * recomputation repeats only attention's score and value products.
 */
public final class TrainingFlops {

    private TrainingFlops() {}

    /** Forward FLOPs per token of the transformer layers (output layer excluded) at sequence length {@code seq}. */
    public static double layersForward(ModelArchitecture m, int seq) {
        ParameterCount p = m.parameters();
        double weights = p.matmulActive() - (double) m.vocab() * m.hidden();
        return 2 * weights + attentionForward(m, seq);
    }

    /** Forward FLOPs per token of attention's QKᵀ and AV products, all layers. */
    public static double attentionForward(ModelArchitecture m, int seq) {
        return 2.0 * seq * ((double) m.queryWidth() + m.attentionOutWidth()) * m.layers();
    }

    /** Forward FLOPs per token of the output layer (logits). */
    public static double logitsForward(ModelArchitecture m) {
        return 2.0 * m.vocab() * m.hidden();
    }

    /** Model FLOPs per token for a training step, recomputation not counted: what MFU is measured against. */
    public static double modelPerToken(ModelArchitecture m, int seq) {
        return 3 * (layersForward(m, seq) + logitsForward(m));
    }

    /** FLOPs per token the GPUs actually execute, recomputation included. */
    public static double hardwarePerToken(ModelArchitecture m, int seq, Recompute recompute) {
        return switch (recompute) {
            case NONE -> modelPerToken(m, seq);
            case SELECTIVE -> modelPerToken(m, seq) + attentionForward(m, seq);
            case FULL -> 4 * layersForward(m, seq) + 3 * logitsForward(m);
        };
    }
}
