package dev.sextant.model.io;

import dev.sextant.model.BadInputException;
import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.architecture.ModelArchitecture.Block;
import dev.sextant.model.architecture.ModelArchitecture.Moe;
import dev.sextant.model.architecture.ModelArchitecture.QkNorm;
import dev.sextant.model.architecture.ModelArchitecture.Style;
import java.util.List;

/** Mixture-of-experts families with their own configuration layouts: DBRX and OLMoE. */
final class HfMoeFamilies {

    private HfMoeFamilies() {}

    /**
     * DBRX (Databricks; transformers' DbrxConfig): d_model, n_heads, n_layers, max_seq_len at the top,
     * {@code attn_config.kv_n_heads} and {@code ffn_config.moe_num_experts}, {@code moe_top_k}, {@code ffn_hidden_size}
     * nested. Every layer a mixture of gated (GLU) experts without biases; two LayerNorms without bias a layer; no
     * attention biases; an untied output layer.
     */
    static ModelArchitecture dbrx(HfKeys k, String id) {
        int h = k.integer("d_model");
        int heads = k.integer("n_heads");
        k.divides("n_heads", heads, "d_model", h);
        HfKeys attn = k.nested("attn_config");
        HfKeys ffn = k.nested("ffn_config");
        int kv = attn.optional("kv_n_heads", heads);
        if (heads % kv != 0) {
            throw new BadInputException(
                    k.file(), 0, attn.at("kv_n_heads"), "kv_n_heads (" + kv + ") must divide n_heads (" + heads + ")");
        }
        int expertFfn = ffn.integer("ffn_hidden_size");
        Moe moe = new Moe(ffn.integer("moe_num_experts"), ffn.integer("moe_top_k"), 0, expertFfn, 0, false);
        return new ModelArchitecture(
                id,
                id,
                k.integer("n_layers"),
                h,
                heads,
                kv,
                h / heads,
                expertFfn,
                k.integer("vocab_size"),
                k.optional("max_seq_len", 2048),
                k.flag("tie_word_embeddings", false),
                Style.LLAMA,
                false,
                moe,
                null,
                k.file(),
                new Block(2, false, QkNorm.NONE, true, false, false, false, List.of()));
    }

    /**
     * OLMoE (AllenAI; transformers' OlmoeDecoderLayer): every layer a mixture of num_experts gated experts of
     * intermediate_size, num_experts_per_tok a token, router without bias; RMSNorms over all query heads and over all
     * key heads (q_norm, k_norm); two RMSNorms a layer; an untied output layer.
     */
    static ModelArchitecture olmoe(HfKeys k, String id) {
        int ffn = k.integer("intermediate_size");
        Moe moe = new Moe(k.integer("num_experts"), k.integer("num_experts_per_tok"), 0, ffn, 0, false);
        return HfModelConfig.decoder(
                k,
                id,
                k.flag("attention_bias", false),
                moe,
                new Block(2, false, QkNorm.FULL_WIDTH, true, false, false, false, List.of()),
                false);
    }
}
