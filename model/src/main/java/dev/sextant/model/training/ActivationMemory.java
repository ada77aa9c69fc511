package dev.sextant.model.training;

import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.architecture.ModelArchitecture.Style;

/**
 * Activation bytes one transformer layer keeps for the backward pass, per micro-batch, after Korthikanti et al.
 * ("Reducing Activation Recomputation in Large Transformer Models", arXiv 2205.05198, §4), with 16-bit activations.
 * Their GPT layer keeps s b h (34 + 5 a s / h): attention 11 s b h + 5 a s² b, MLP 19 s b h, LayerNorms 4 s b h.
 * Generalised here term by term so that the same count serves grouped-query and latent attention, gated (SwiGLU) and
 * mixture-of-experts MLPs, and models without dropout:
 * <ul>
 *   <li>kept whole on every tensor-parallel rank unless sequence parallelism splits them: the two norms' inputs
 *       (4 s b h), the inputs of the attention and MLP blocks (2 s b h each) and, with dropout, the two dropout masks
 *       (s b h each) — 10 s b h for GPT;</li>
 *   <li>split by tensor parallelism: Q, K, V and the output projection's input (2 s b × each width; 8 s b h for
 *       MHA), the MLP's inner activations (GELU: 4 s b f = 16 s b h; gated: 8 s b f, the gate and up outputs, the
 *       activation's output and the product), per expert a token visits under MoE;</li>
 *   <li>attention scores, 5 a s² b for GPT (softmax output 2 a s² b, dropout mask a s² b, dropout output 2 a s² b;
 *       2 a s² b without dropout), unless selective recompute drops them or attention runs fused (flash-attention),
 *       which never keeps them.</li>
 * </ul>
 * Full recompute keeps only the layer input, 2 s b h. Context parallelism divides the sequence a GPU holds.
 */
public final class ActivationMemory {

    private ActivationMemory() {}

    /**
     * @param seq        sequence length s (the whole sequence; context parallelism divides it)
     * @param microBatch micro-batch size b
     * @param tp         tensor-parallel size t
     * @param cp         context-parallel size
     * @param sequenceParallel whether sequence parallelism splits the norm and dropout activations over t
     * @param fusedAttention   whether attention runs fused, without storing its scores
     */
    public static double perLayer(
            ModelArchitecture m,
            int seq,
            int microBatch,
            int tp,
            int cp,
            boolean sequenceParallel,
            Recompute recompute,
            boolean moeLayer,
            boolean fusedAttention) {
        double s = (double) seq / cp;
        double sb = s * microBatch;
        double h = m.hidden();
        if (recompute == Recompute.FULL) {
            return 2 * sb * h / (sequenceParallel ? tp : 1);
        }
        boolean dropout = m.style() == Style.GPT;
        double whole = 4 * h + 2 * h + 2 * h + (dropout ? 2 * h : 0);
        double attention = 2.0 * (m.queryWidth() + m.keyWidth() + m.valueWidth() + m.attentionOutWidth());
        double mlp;
        boolean gated = m.block().gatedMlp();
        if (moeLayer && m.moe() != null) {
            int visited = m.moe().topK() + m.moe().sharedExperts();
            mlp = visited * (gated ? 8.0 : 4.0) * m.moe().expertFfn();
        } else {
            mlp = (gated ? 8.0 : 4.0) * m.ffn();
        }
        double split = attention + mlp;
        // separate attention kernels keep the scores (softmax output, and with dropout its mask and output); fused
        // (flash) attention never writes them
        double scores =
                recompute == Recompute.SELECTIVE || fusedAttention ? 0 : (dropout ? 5.0 : 2.0) * m.heads() * seq * sb;
        return sb * whole / (sequenceParallel ? tp : 1) + sb * split / tp + scores / tp;
    }

    /**
     * Micro-batches whose activations the first pipeline stage holds at once: 1F1B keeps at most p in flight
     * (Narayanan et al. 2021, §2.2); interleaving with v chunks multiplies this by 1 + (p − 1)/(p m) (Korthikanti et
     * al., §4.2.3).
     */
    public static double inFlightMicroBatches(int pp, int microBatches, int virtualStages) {
        double inFlight = Math.min(pp, microBatches);
        if (virtualStages > 1 && pp > 1) {
            inFlight *= 1 + (pp - 1.0) / ((double) pp * microBatches);
        }
        return inFlight;
    }
}
