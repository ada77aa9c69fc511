package dev.sextant.model.io;

import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.architecture.ModelArchitecture.Block;
import dev.sextant.model.architecture.ModelArchitecture.QkNorm;
import dev.sextant.model.architecture.ModelArchitecture.Style;
import java.util.List;

/**
 * Decoder families whose attention and MLP read the same input in parallel (GPT-J, GPT-NeoX and Pythia, Phi-1/1.5/2,
 * Cohere's Command R): for parameter, FLOP and memory counts they differ from a sequential block only in how many norms
 * a layer has and which matrices carry biases, as transformers' modules of the same names define them. Rotary
 * positions on part of each head (GPT-J's rotary_dim, NeoX's rotary_pct, Phi's partial_rotary_factor) add no
 * parameters and no measurable cost, so they are not kept.
 */
final class HfParallelBlockFamilies {

    private HfParallelBlockFamilies() {}

    /**
     * GPT-J (EleutherAI, mesh-transformer-jax; transformers' GPTJBlock): one LayerNorm with bias a layer feeding both
     * attention and a 2-matrix GELU MLP (n_inner, default 4 × n_embd) with biases; q, k, v and the attention output
     * without biases; rotary positions; an untied output layer (its bias, vocab_size numbers, is left out).
     */
    static ModelArchitecture gptj(HfKeys k, String id) {
        int h = k.integer("n_embd");
        int heads = k.integer("n_head");
        k.divides("n_head", heads, "n_embd", h);
        return new ModelArchitecture(
                id,
                id,
                k.integer("n_layer"),
                h,
                heads,
                heads,
                h / heads,
                k.optional("n_inner", 4 * h),
                k.integer("vocab_size"),
                k.integer("n_positions"),
                k.flag("tie_word_embeddings", false),
                Style.LLAMA,
                false,
                null,
                null,
                k.file(),
                new Block(1, true, QkNorm.NONE, false, true, false, false, List.of()));
    }

    /**
     * GPT-NeoX and Pythia (transformers' GPTNeoXLayer): two LayerNorms with bias a layer (input and post-attention,
     * both kept under use_parallel_residual), biases on the fused q/k/v, the attention output and the 2-matrix GELU MLP
     * of intermediate_size; rotary positions on rotary_pct of each head; an untied output layer without bias.
     */
    static ModelArchitecture gptNeox(HfKeys k, String id) {
        boolean bias = k.flag("attention_bias", true);
        return HfModelConfig.decoder(
                k, id, bias, null, new Block(2, true, QkNorm.NONE, false, true, bias, false, List.of()), false);
    }

    /**
     * Phi-1, Phi-1.5 and Phi-2 (transformers' PhiDecoderLayer): one LayerNorm with bias a layer feeding attention and a
     * 2-matrix GELU MLP in parallel; biases on q, k, v, the attention output (dense) and the MLP; an optional LayerNorm
     * over each head of queries and keys (qk_layernorm); an untied output layer (its bias left out).
     */
    static ModelArchitecture phi(HfKeys k, String id) {
        QkNorm qk = k.flag("qk_layernorm", false) ? QkNorm.PER_HEAD : QkNorm.NONE;
        return HfModelConfig.decoder(
                k, id, true, null, new Block(1, true, qk, false, true, true, false, List.of()), false);
    }

    /**
     * Cohere Command R and R+ (transformers' CohereDecoderLayer): one LayerNorm without bias a layer feeding attention
     * and a gated SwiGLU MLP in parallel; no biases unless attention_bias; with use_qk_norm a LayerNorm over each query
     * and key head with weights per head (CohereLayerNorm of [heads, head_dim]); tied embeddings by default.
     */
    static ModelArchitecture cohere(HfKeys k, String id) {
        QkNorm qk = k.flag("use_qk_norm", false) ? QkNorm.FULL_WIDTH : QkNorm.NONE;
        boolean bias = k.flag("attention_bias", false);
        return HfModelConfig.decoder(
                k, id, bias, null, new Block(1, false, qk, true, false, bias, false, List.of()), true);
    }
}
