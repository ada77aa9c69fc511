package dev.sextant.model.architecture;

import dev.sextant.model.InputError;
import java.util.List;

/**
 * A decoder-only transformer, as much of it as parameter, FLOP and memory counts need: dense or mixture-of-experts
 * MLPs, multi-head, grouped-query or multi-head latent attention (MLA), GPT-style (LayerNorm with biases, learned
 * positions, GELU MLP, biases everywhere) or Llama-style (RMSNorm, rotary positions, gated SwiGLU MLP, no biases).
 *
 * @param id              catalog slug, or the config file's name for an imported model
 * @param name            display name
 * @param layers          transformer layers (MTP / next-token-prediction modules excluded)
 * @param hidden          model width h
 * @param heads           attention (query) heads a
 * @param kvHeads         key/value heads (= heads for MHA, 1 for MQA)
 * @param headDim         width of one head (h / a unless the config says otherwise)
 * @param ffn             MLP inner width of a dense layer
 * @param vocab           vocabulary size V
 * @param maxPositions    longest sequence the model was trained for
 * @param tiedEmbeddings  whether the output layer reuses the input embedding matrix
 * @param style           GPT or Llama style (see above)
 * @param attentionBias   whether the q/k/v projections carry biases (Qwen2; GPT style always does)
 * @param moe             the mixture-of-experts layout, or null for a dense model
 * @param mla             the latent-attention layout, or null for ordinary attention
 * @param source          where the numbers come from
 * @param block           what else varies between decoder families: norms, biases, MLP gating, attention per layer
 */
public record ModelArchitecture(
        String id,
        String name,
        int layers,
        int hidden,
        int heads,
        int kvHeads,
        int headDim,
        int ffn,
        int vocab,
        int maxPositions,
        boolean tiedEmbeddings,
        Style style,
        boolean attentionBias,
        Moe moe,
        Mla mla,
        String source,
        Block block) {

    /** A model whose block is its style's plain one (every layer full attention). */
    public ModelArchitecture(
            String id,
            String name,
            int layers,
            int hidden,
            int heads,
            int kvHeads,
            int headDim,
            int ffn,
            int vocab,
            int maxPositions,
            boolean tiedEmbeddings,
            Style style,
            boolean attentionBias,
            Moe moe,
            Mla mla,
            String source) {
        this(
                id,
                name,
                layers,
                hidden,
                heads,
                kvHeads,
                headDim,
                ffn,
                vocab,
                maxPositions,
                tiedEmbeddings,
                style,
                attentionBias,
                moe,
                mla,
                source,
                Block.of(style));
    }

    /** Normalisation of queries and keys after their projections, which adds weights. */
    public enum QkNorm {
        /** None, or one without weights (Llama 4's L2 norm). */
        NONE,
        /** One RMSNorm of head width, shared by all heads (Qwen3, Gemma 3): 2 · d_h weights. */
        PER_HEAD,
        /** One RMSNorm over all query heads and one over all key heads (OLMo 2): (n_h + n_kv) · d_h weights. */
        FULL_WIDTH
    }

    /**
     * The parts of a decoder layer that differ between families beyond the widths.
     *
     * @param norms      hidden-size norms per layer: 2 for Llama (before attention and MLP), 4 for Gemma 2/3 (also after
     *                   each), 1 for Falcon-7B (one shared by parallel attention and MLP)
     * @param normBias   LayerNorm with a bias (GPT, Falcon) rather than RMSNorm
     * @param qkNorm     query/key norms
     * @param gatedMlp   3-matrix gated MLP (SwiGLU, GeGLU) rather than 2-matrix (GELU)
     * @param mlpBias    biases on the MLP's (and experts') matrices (GPT, gpt-oss)
     * @param outputBias bias on the attention output projection (GPT, gpt-oss)
     * @param sinks      a learned attention-sink logit per head (gpt-oss)
     * @param attention  each layer's attention kind, or empty when every layer is full attention
     */
    public record Block(
            int norms,
            boolean normBias,
            QkNorm qkNorm,
            boolean gatedMlp,
            boolean mlpBias,
            boolean outputBias,
            boolean sinks,
            List<AttentionKind> attention) {
        public Block {
            if (norms < 0) {
                throw new InputError("model", "norms per layer must not be negative");
            }
            attention = List.copyOf(attention);
        }

        public static Block of(Style style) {
            return style == Style.GPT
                    ? new Block(2, true, QkNorm.NONE, false, true, true, false, List.of())
                    : new Block(2, false, QkNorm.NONE, true, false, false, false, List.of());
        }

        public Block withAttention(List<AttentionKind> kinds) {
            return new Block(norms, normBias, qkNorm, gatedMlp, mlpBias, outputBias, sinks, kinds);
        }
    }

    public enum Style {
        /** LayerNorm with bias, learned positions, 2-matrix GELU MLP, biases on every linear layer, dropout. */
        GPT,
        /** RMSNorm, rotary positions, 3-matrix gated (SwiGLU) MLP, no biases, no dropout. */
        LLAMA
    }

    /**
     * Mixture of experts.
     *
     * @param experts       routed experts per MoE layer
     * @param topK          routed experts each token visits
     * @param sharedExperts experts every token visits besides the routed ones
     * @param expertFfn     inner width of one expert's MLP
     * @param denseLayers   leading layers with a dense MLP instead (DeepSeek's first_k_dense_replace)
     * @param routerBias    whether the router carries a per-expert bias (DeepSeek-V3's score correction)
     */
    public record Moe(int experts, int topK, int sharedExperts, int expertFfn, int denseLayers, boolean routerBias) {
        public Moe {
            if (experts < 1 || topK < 1 || topK > experts || sharedExperts < 0 || expertFfn < 1 || denseLayers < 0) {
                throw new InputError(
                        "model",
                        "mixture of experts: need 1 ≤ top-k ≤ experts, expert width ≥ 1; got " + experts
                                + " experts, top-k " + topK + ", width " + expertFfn);
            }
        }
    }

    /**
     * Multi-head latent attention (DeepSeek-V2/V3): queries and keys/values pass through low-rank latents.
     *
     * @param qLoraRank  query latent width (0: queries projected directly)
     * @param kvLoraRank key/value latent width
     * @param qkNopeDim  per-head query/key width without rotary positions
     * @param qkRopeDim  per-head query/key width with rotary positions (the key part shared across heads)
     * @param vDim       per-head value width
     */
    public record Mla(int qLoraRank, int kvLoraRank, int qkNopeDim, int qkRopeDim, int vDim) {
        public Mla {
            if (qLoraRank < 0 || kvLoraRank < 1 || qkNopeDim < 1 || qkRopeDim < 0 || vDim < 1) {
                throw new InputError("model", "latent attention: ranks and head widths must be positive");
            }
        }
    }

    public ModelArchitecture {
        if (block == null) {
            block = Block.of(style); // saved before blocks were recorded: the style's plain block
        }
        requirePositive("layers", layers);
        requirePositive("hidden size", hidden);
        requirePositive("attention heads", heads);
        requirePositive("key/value heads", kvHeads);
        requirePositive("head width", headDim);
        requirePositive("MLP width", ffn);
        requirePositive("vocabulary", vocab);
        requirePositive("positions", maxPositions);
        if (heads % kvHeads != 0) {
            throw new InputError(
                    "model", "attention heads (" + heads + ") must be a multiple of key/value heads (" + kvHeads + ")");
        }
        if (!block.attention().isEmpty() && block.attention().size() != layers) {
            throw new InputError(
                    "model",
                    "attention kinds given for " + block.attention().size() + " layers, the model has " + layers);
        }
        if (moe != null && moe.denseLayers() > layers) {
            throw new InputError("model", "dense layers (" + moe.denseLayers() + ") exceed layers (" + layers + ")");
        }
    }

    private static void requirePositive(String what, int v) {
        if (v < 1) {
            throw new InputError("model", what + " must be positive, got " + v);
        }
    }

    public boolean hasExperts() {
        return moe != null;
    }

    /** Layers whose MLP is a mixture of experts. */
    public int moeLayers() {
        return moe == null ? 0 : layers - moe.denseLayers();
    }

    /** Width of all query heads together (the attention output's width before the output projection). */
    public int queryWidth() {
        return mla != null ? heads * (mla.qkNopeDim() + mla.qkRopeDim()) : heads * headDim;
    }

    /** Width of all key heads together, as attention reads them. */
    public int keyWidth() {
        return mla != null ? heads * (mla.qkNopeDim() + mla.qkRopeDim()) : kvHeads * headDim;
    }

    /** Width of all value heads together. */
    public int valueWidth() {
        return mla != null ? heads * mla.vDim() : kvHeads * headDim;
    }

    /** Width of the attention output (all heads' values) entering the output projection. */
    public int attentionOutWidth() {
        return mla != null ? heads * mla.vDim() : heads * headDim;
    }

    /** The attention kind of layer {@code layer} (0-based). */
    public AttentionKind attention(int layer) {
        return block.attention().isEmpty() ? FULL : block.attention().get(layer);
    }

    /** Whether some layer keeps less than the whole context (sliding window or chunked attention). */
    public boolean hasLocalAttention() {
        return block.attention().stream().anyMatch(k -> !(k instanceof AttentionKind.Full));
    }

    private static final AttentionKind FULL = new AttentionKind.Full();

    public ParameterCount parameters() {
        return ParameterCount.of(this);
    }
}
