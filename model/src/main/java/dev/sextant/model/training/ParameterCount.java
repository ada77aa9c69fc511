package dev.sextant.model.training;

import dev.sextant.model.training.ModelArchitecture.Mla;
import dev.sextant.model.training.ModelArchitecture.Moe;
import dev.sextant.model.training.ModelArchitecture.Style;

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
public record ParameterCount(long total, long active, long embedding, long output, long attentionPerLayer,
                             long denseMlpPerLayer, long moeMlpPerLayer, long moeActivePerLayer, long expertPerLayer,
                             long normPerLayer, long finalNorm, long matmulActive) {

    static ParameterCount of(ModelArchitecture m) {
        long h = m.hidden();
        boolean gpt = m.style() == Style.GPT;
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
            long biases = gpt ? m.queryWidth() + 2 * kvWidth + h : m.attentionBias() ? m.queryWidth() + 2 * kvWidth : 0;
            attention = attentionMatmul + biases;
        }
        long norm = gpt ? 4 * h : 2 * h; // two norms per layer; LayerNorm has a bias too
        long matricesPerMlp = gpt ? 2 : 3; // GELU MLP, or gated SwiGLU (gate, up, down)
        long denseMatmul = matricesPerMlp * h * m.ffn();
        long dense = denseMatmul + (gpt ? m.ffn() + h : 0);
        long moeAll = 0;
        long moeActive = 0;
        long moeActiveMatmul = 0;
        long expert = 0;
        Moe e = m.moe();
        if (e != null) {
            expert = matricesPerMlp * h * e.expertFfn();
            long router = h * e.experts();
            moeAll = (e.experts() + e.sharedExperts()) * expert + router + (e.routerBias() ? e.experts() : 0);
            moeActiveMatmul = (e.topK() + e.sharedExperts()) * expert + router;
            moeActive = moeActiveMatmul + (e.routerBias() ? e.experts() : 0);
        }
        int moeLayers = m.moeLayers();
        int denseLayers = m.layers() - moeLayers;
        long embedding = (long) m.vocab() * h + (gpt ? (long) m.maxPositions() * h : 0);
        long output = m.tiedEmbeddings() ? 0 : (long) m.vocab() * h;
        long finalNorm = gpt ? 2 * h : h;
        long layersCommon = m.layers() * (attention + norm);
        long total = embedding + output + finalNorm + layersCommon + denseLayers * dense + moeLayers * moeAll;
        long active = embedding + output + finalNorm + layersCommon + denseLayers * dense + moeLayers * moeActive;
        long matmul = m.layers() * attentionMatmul + denseLayers * denseMatmul + moeLayers * moeActiveMatmul + (long) m.vocab() * h;
        return new ParameterCount(total, active, embedding, output, attention, dense, moeAll, moeActive, expert, norm, finalNorm, matmul);
    }
}
