package dev.sextant.model.architecture;

import dev.sextant.model.architecture.ModelArchitecture.Block;
import dev.sextant.model.architecture.ModelArchitecture.Mla;
import dev.sextant.model.architecture.ModelArchitecture.Moe;
import dev.sextant.model.architecture.ModelArchitecture.Style;

/**
 * Exact parameter counts of a {@link ModelArchitecture}, by part; every weight matrix, bias and norm is counted as the
 * Hugging Face implementations hold it (so that totals equal the published safetensors counts).
 *
 * @param total           every parameter (MTP modules excluded)
 * @param active          parameters a token passes through (MoE: top-k and shared experts only)
 * @param embedding       input token embeddings (plus learned positions, GPT style)
 * @param output          output layer, 0 when tied to the embeddings
 * @param attentionPerLayer attention parameters of one layer (projections, biases, latent norms)
 * @param denseMlpPerLayer  MLP parameters of one dense layer
 * @param moeMlpPerLayer    MLP parameters of one MoE layer: every expert, shared experts, router
 * @param moeActivePerLayer MLP parameters of one MoE layer a token passes through
 * @param expertPerLayer    parameters of one routed expert (what expert parallelism spreads)
 * @param normPerLayer      norm parameters of one layer
 * @param finalNorm         the last norm before the output layer
 * @param matmulActive    weights in matrix multiplies a token passes through, output layer included and embedding
 *                        lookups excluded: forward FLOPs per token are twice this plus attention's own
 */
public record ParameterCount(
        long total,
        long active,
        long embedding,
        long output,
        long attentionPerLayer,
        long denseMlpPerLayer,
        long moeMlpPerLayer,
        long moeActivePerLayer,
        long expertPerLayer,
        long normPerLayer,
        long finalNorm,
        long matmulActive) {

    static ParameterCount of(ModelArchitecture m) {
        long h = m.hidden();
        boolean gpt = m.style() == Style.GPT;
        Block b = m.block();
        long attention;
        long attentionMatmul;
        if (m.mla() != null) {
            Mla a = m.mla();
            long qk = a.qkNopeDim() + a.qkRopeDim();
            long q = a.qLoraRank() > 0
                    ? h * a.qLoraRank() + a.qLoraRank() * m.heads() * qk // down, up (DeepSeek-V2 §2.1.2)
                    : h * m.heads() * qk;
            long kv = h * (a.kvLoraRank() + a.qkRopeDim()) + a.kvLoraRank() * m.heads() * (a.qkNopeDim() + a.vDim());
            long o = (long) m.heads() * a.vDim() * h;
            attentionMatmul = q + kv + o;
            attention = attentionMatmul + (a.qLoraRank() > 0 ? a.qLoraRank() : 0) + a.kvLoraRank(); // latent RMSNorms
        } else {
            long kvWidth = (long) m.kvHeads() * m.headDim();
            attentionMatmul = h * m.queryWidth() + 2 * h * kvWidth + (long) m.attentionOutWidth() * h;
            long biases = (m.attentionBias() ? m.queryWidth() + 2 * kvWidth : 0) + (b.outputBias() ? h : 0);
            attention = attentionMatmul + biases + (b.sinks() ? m.heads() : 0);
        }
        long qkNorm =
                switch (b.qkNorm()) {
                    case NONE -> 0;
                    case PER_HEAD -> 2L * m.headDim();
                    case FULL_WIDTH -> (long) (m.heads() + m.kvHeads()) * m.headDim();
                };
        long norm = b.norms() * h * (b.normBias() ? 2 : 1) + qkNorm; // LayerNorm has a bias too
        long matricesPerMlp = b.gatedMlp() ? 3 : 2; // gated (gate, up, down), or GELU (up, down)
        long denseMatmul = matricesPerMlp * h * m.ffn();
        long dense = denseMatmul + mlpBias(b, m.ffn(), h);
        long moeAll = 0;
        long moeActive = 0;
        long moeActiveMatmul = 0;
        long expert = 0;
        Moe e = m.moe();
        if (e != null) {
            expert = matricesPerMlp * h * e.expertFfn() + mlpBias(b, e.expertFfn(), h);
            long router = h * e.experts();
            moeAll = (e.experts() + e.sharedExperts()) * expert + router + (e.routerBias() ? e.experts() : 0);
            moeActiveMatmul = (e.topK() + e.sharedExperts()) * expert + router;
            moeActive = moeActiveMatmul + (e.routerBias() ? e.experts() : 0);
        }
        int moeLayers = m.moeLayers();
        int denseLayers = m.layers() - moeLayers;
        long embedding = (long) m.vocab() * h + (gpt ? (long) m.maxPositions() * h : 0);
        long output = m.tiedEmbeddings() ? 0 : (long) m.vocab() * h;
        long finalNorm = b.normBias() ? 2 * h : h;
        long layersCommon = m.layers() * (attention + norm);
        long total = embedding + output + finalNorm + layersCommon + denseLayers * dense + moeLayers * moeAll;
        long active = embedding + output + finalNorm + layersCommon + denseLayers * dense + moeLayers * moeActive;
        long matmul = m.layers() * attentionMatmul
                + denseLayers * denseMatmul
                + moeLayers * moeActiveMatmul
                + (long) m.vocab() * h;
        return new ParameterCount(
                total, active, embedding, output, attention, dense, moeAll, moeActive, expert, norm, finalNorm, matmul);
    }

    /** Biases of one MLP of inner width {@code ffn}: the up (and gate) projections' and the down projection's. */
    private static long mlpBias(Block b, long ffn, long h) {
        return b.mlpBias() ? (b.gatedMlp() ? 2 : 1) * ffn + h : 0;
    }
}
