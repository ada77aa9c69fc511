package dev.sextant.model.io;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sextant.model.BadInputException;
import dev.sextant.model.architecture.AttentionKind;
import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.architecture.ModelArchitecture.Block;
import dev.sextant.model.architecture.ModelArchitecture.Mla;
import dev.sextant.model.architecture.ModelArchitecture.Moe;
import dev.sextant.model.architecture.ModelArchitecture.QkNorm;
import dev.sextant.model.architecture.ModelArchitecture.Style;
import dev.sextant.model.serving.WeightStorage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Reads a Hugging Face {@code config.json} into a {@link ModelArchitecture}. Multimodal configs (Gemma 3, Llama 4) nest
 * the language model under {@code text_config}; that part is read, the vision tower is not counted. HfKeys a real config
 * may leave out take the defaults of the family's {@code transformers} configuration class (e.g. Gemma3TextConfig's
 * vocab_size 262,208 and head_dim 256), so that the files as published read as the library reads them.
 */
public final class HfModelConfig {

    static final List<String> SUPPORTED = List.of(
            "llama",
            "mistral",
            "qwen2",
            "qwen2_moe",
            "qwen3",
            "qwen3_moe",
            "mixtral",
            "deepseek_v2",
            "deepseek_v3",
            "kimi_k2",
            "gemma2",
            "gemma3",
            "llama4",
            "gpt_oss",
            "phi3",
            "falcon",
            "olmo2",
            "olmoe",
            "gemma",
            "gpt2",
            "gpt_bigcode",
            "gptj",
            "gpt_neox",
            "phi",
            "cohere",
            "starcoder2",
            "dbrx");

    /** Model types that name a family by another name. */
    private static final Map<String, String> ALIASES = Map.of(
            "gemma3_text",
            "gemma3",
            "llama4_text",
            "llama4",
            "refinedwebmodel",
            "falcon",
            "refinedweb",
            "falcon",
            "kimi_k2",
            "deepseek_v3");

    /**
     * Defaults of the configuration classes that a multimodal wrapper's language part leaves out: transformers writes a
     * nested config as its difference from the class's defaults (LLaVA-1.5's text_config holds three keys), so they are
     * the library's LlamaConfig and MistralConfig defaults.
     */
    private static final Map<String, Map<String, Integer>> NESTED_DEFAULTS = Map.of(
            "llama",
                    Map.of(
                            "vocab_size",
                            32000,
                            "hidden_size",
                            4096,
                            "intermediate_size",
                            11008,
                            "num_hidden_layers",
                            32,
                            "num_attention_heads",
                            32,
                            "max_position_embeddings",
                            2048),
            "mistral",
                    Map.of(
                            "vocab_size",
                            32000,
                            "hidden_size",
                            4096,
                            "intermediate_size",
                            14336,
                            "num_hidden_layers",
                            32,
                            "num_attention_heads",
                            32,
                            "num_key_value_heads",
                            8,
                            "max_position_embeddings",
                            131072));

    /**
     * Families with layers that are not attention (Mamba state-space layers, linear attention), by the field that says
     * which layers those are: their fixed-size state is no KV cache, and the planners do not model it yet.
     */
    private static final Map<String, String> HYBRID = Map.of(
            "nemotron_h",
            "hybrid_override_pattern",
            "jamba",
            "attn_layer_period",
            "qwen3_next",
            "full_attention_interval",
            "granitemoehybrid",
            "layer_types",
            "falcon_h1",
            "mamba_d_ssm",
            "zamba2",
            "layers_block_type",
            "bamba",
            "attn_layer_indices");

    /** Defaults of the transformers configuration classes for keys that published configs leave out. */
    private static final Map<String, Map<String, Integer>> DEFAULTS = Map.of(
            "gemma2",
                    Map.of(
                            "vocab_size",
                            256000,
                            "head_dim",
                            256,
                            "sliding_window",
                            4096,
                            "max_position_embeddings",
                            8192),
            "gemma3",
                    Map.of(
                            "vocab_size",
                            262208,
                            "head_dim",
                            256,
                            "num_attention_heads",
                            8,
                            "num_key_value_heads",
                            4,
                            "sliding_window",
                            4096,
                            "sliding_window_pattern",
                            6,
                            "max_position_embeddings",
                            131072,
                            "hidden_size",
                            2304,
                            "intermediate_size",
                            9216,
                            "num_hidden_layers",
                            26),
            "llama4",
                    Map.of(
                            "vocab_size",
                            202048,
                            "head_dim",
                            128,
                            "intermediate_size",
                            8192,
                            "intermediate_size_mlp",
                            16384,
                            "num_local_experts",
                            16,
                            "num_experts_per_tok",
                            1,
                            "interleave_moe_layer_step",
                            1,
                            "no_rope_layer_interval",
                            4),
            "gpt_oss",
                    Map.of(
                            "head_dim",
                            64,
                            "sliding_window",
                            128,
                            "num_local_experts",
                            128,
                            "num_experts_per_tok",
                            4,
                            "vocab_size",
                            201088),
            "qwen3_moe", Map.of("decoder_sparse_step", 1),
            "falcon", Map.of("vocab_size", 65024));

    private HfModelConfig() {}

    public static ModelArchitecture read(Path file) {
        String name = TextInput.name(file);
        JsonNode root = Json.readFileAllowingNaN(file);
        if (root == null || !root.isObject()) {
            throw BadInputException.of(name, "expected a JSON object (a Hugging Face config.json)");
        }
        return parse(root, name, nameOf(file));
    }

    /** A config.json names no model: it is named after its folder (config.json) or its file (anything else). */
    static String nameOf(Path file) {
        return file.getParent() != null
                        && file.getParent().getFileName() != null
                        && file.getFileName().toString().equals("config.json")
                ? file.getParent().getFileName().toString()
                : file.getFileName().toString().replaceFirst("\\.json$", "");
    }

    /** How the checkpoint stores its weights, from its quantization_config; empty when it has none. */
    public static Optional<WeightStorage> weights(Path file) {
        JsonNode root = Json.readFileAllowingNaN(file);
        if (root == null || !root.isObject()) {
            throw BadInputException.of(TextInput.name(file), "expected a JSON object (a Hugging Face config.json)");
        }
        return HfQuantization.of(root, TextInput.name(file));
    }

    /**
     * Where multimodal configs keep their language model: {@code text_config} (LLaVA, Gemma 3, Llama 4, Mistral 3,
     * Qwen2.5-Omni's thinker), {@code llm_config} (InternVL), {@code language_config} (DeepSeek-VL2, Janus).
     */
    static final List<String> LANGUAGE_PARTS = List.of("text_config", "llm_config", "language_config");

    /** The language model's part of a config: the first of {@link #LANGUAGE_PARTS} it has, else the whole. */
    static JsonNode textPart(JsonNode root) {
        for (String key : LANGUAGE_PARTS) {
            JsonNode text = root.get(key);
            if (text != null && text.isObject()) {
                return text;
            }
        }
        return root;
    }

    /**
     * What a person planning with this config should know about how it was read: the language model planned out of a
     * multimodal config (its vision tower not counted), and values Python's json module wrote that JSON has not
     * ({@code Infinity}, {@code NaN}), read as Python reads them.
     */
    public static List<String> notes(Path file) {
        JsonNode root = Json.readFileAllowingNaN(file);
        List<String> out = new ArrayList<>();
        if (root == null || !root.isObject()) {
            return out;
        }
        boolean folder = file.getFileName().toString().equals("config.json")
                && file.getParent() != null
                && file.getParent().getFileName() != null;
        out.add("named '" + nameOf(file) + "' after its " + (folder ? "folder" : "file")
                + " (a config.json does not name its model)");
        for (String key : LANGUAGE_PARTS) {
            if (root.path(key).isObject()) {
                String vision =
                        root.has("vision_config") ? "vision_config" : root.has("vision_tower") ? "vision_tower" : null;
                out.add("the language model under " + key + " is planned; "
                        + (vision != null ? "the vision tower (" + vision + ")" : "any vision or audio encoder")
                        + " is not counted in parameters, memory or FLOPs");
                break;
            }
        }
        JsonNode text = textPart(root);
        JsonNode window = text.get("sliding_window");
        if (window != null && window.isIntegralNumber() && !text.has("layer_types")) {
            String type = modelType(root);
            boolean applies =
                    !type.startsWith("qwen") || text.path("use_sliding_window").asBoolean(false);
            if (applies
                    && (type.equals("mistral")
                            || type.equals("mixtral")
                            || type.equals("llama")
                            || type.startsWith("qwen"))) {
                out.add("sliding_window " + window.asInt()
                        + " applied as vLLM applies it (each request's KV cache holds at most the window; "
                        + "vLLM's --disable-sliding-window would instead cap the context at " + window.asInt()
                        + " tokens)");
            }
        }
        List<String> nonFinite = new ArrayList<>();
        nonFinite(root, "", nonFinite);
        if (!nonFinite.isEmpty()) {
            out.add("Infinity or NaN (written by Python's json module, not JSON) read as Python reads them at "
                    + String.join(", ", nonFinite.size() > 6 ? nonFinite.subList(0, 6) : nonFinite)
                    + (nonFinite.size() > 6 ? " and " + (nonFinite.size() - 6) + " more" : ""));
        }
        return out;
    }

    private static void nonFinite(JsonNode v, String path, List<String> out) {
        if (v.isNumber() && !Double.isFinite(v.doubleValue())) {
            out.add(path + " (" + v.asText() + ")");
        } else if (v.isObject()) {
            v.fields()
                    .forEachRemaining(
                            e -> nonFinite(e.getValue(), path.isEmpty() ? e.getKey() : path + "." + e.getKey(), out));
        } else if (v.isArray()) {
            for (int i = 0; i < v.size(); i++) {
                nonFinite(v.get(i), path + "[" + i + "]", out);
            }
        }
    }

    static String modelType(JsonNode root) {
        JsonNode c = textPart(root);
        String type = c.path("model_type").asText("");
        if (type.isEmpty()) {
            type = root.path("model_type").asText("");
        }
        type = type.toLowerCase(Locale.ROOT);
        return ALIASES.getOrDefault(type, type);
    }

    static ModelArchitecture parse(JsonNode root, String file, String id) {
        JsonNode c = textPart(root);
        String type = modelType(root);
        if (type.isEmpty()) {
            type = c.has("n_embd") ? "gpt2" : c.has("hidden_size") ? "llama" : "";
        }
        if (HYBRID.containsKey(type)) {
            throw new BadInputException(file, 0, HYBRID.get(type), hybrid(c, type));
        }
        Map<String, Integer> defaults = new HashMap<>(DEFAULTS.getOrDefault(type, Map.of()));
        if (c != root) {
            NESTED_DEFAULTS.getOrDefault(type, Map.of()).forEach(defaults::putIfAbsent);
        }
        HfKeys k = new HfKeys(c, root, file, type, defaults);
        try {
            return switch (type) {
                case "gpt2", "gpt_bigcode" -> gpt2(k, id, type);
                case "gptj" -> HfParallelBlockFamilies.gptj(k, id);
                case "gpt_neox" -> HfParallelBlockFamilies.gptNeox(k, id);
                case "phi" -> HfParallelBlockFamilies.phi(k, id);
                case "cohere" -> HfParallelBlockFamilies.cohere(k, id);
                case "dbrx" -> HfMoeFamilies.dbrx(k, id);
                case "olmoe" -> HfMoeFamilies.olmoe(k, id);
                case "gemma" -> gemma1(k, id);
                case "starcoder2" -> starcoder2(k, id);
                case "llama", "mistral", "qwen2", "mixtral" -> llamaLike(k, id, type);
                case "qwen2_moe" -> qwen2Moe(k, id);
                case "qwen3", "qwen3_moe" -> qwen3(k, id, type);
                case "phi3" -> llamaLike(k, id, type);
                case "olmo2" -> olmo2(k, id);
                case "gemma2", "gemma3" -> gemma(k, id, type);
                case "llama4" -> llama4(k, id);
                case "gpt_oss" -> gptOss(k, id);
                case "falcon" -> falcon(k, id);
                case "deepseek_v2", "deepseek_v3" -> deepseek(k, id, type);
                default -> throw new BadInputException(file, 0, "model_type", unsupported(type));
            };
        } catch (IllegalArgumentException e) {
            throw new BadInputException(file, 0, null, e.getMessage());
        }
    }

    private static String unsupported(String type) {
        String what = type.isEmpty()
                ? "no model_type, and neither hidden_size nor n_embd to tell the architecture by"
                : "unsupported architecture '" + type + "'";
        return what + "; supported: " + String.join(", ", SUPPORTED);
    }

    /**
     * GPT-2, and GPT-BigCode (SantaCoder, StarCoder), which is GPT-2 with multi-query attention (multi_query, default
     * true: one key/value head) and its own defaults.
     */
    private static ModelArchitecture gpt2(HfKeys k, String id, String type) {
        int h = k.integer("n_embd");
        int heads = k.integer("n_head");
        k.divides("n_head", heads, "n_embd", h);
        int inner = k.optional("n_inner", 4 * h);
        int kv = type.equals("gpt_bigcode") && k.flag("multi_query", true) ? 1 : heads;
        return new ModelArchitecture(
                id,
                id,
                k.integer("n_layer"),
                h,
                heads,
                kv,
                h / heads,
                inner,
                k.integer("vocab_size"),
                k.integer("n_positions"),
                true,
                Style.GPT,
                true,
                null,
                null,
                k.file());
    }

    /**
     * Gemma (the first generation; transformers' GemmaDecoderLayer): Llama-style with a GeGLU gated MLP, head_dim of
     * its own (256), two RMSNorms a layer and tied embeddings.
     */
    private static ModelArchitecture gemma1(HfKeys k, String id) {
        return decoder(k, id, k.flag("attention_bias", false), null, Block.of(Style.LLAMA), true);
    }

    /**
     * StarCoder2 (transformers' Starcoder2DecoderLayer): two LayerNorms with bias a layer, a 2-matrix GELU MLP
     * (c_fc, c_proj), biases on every linear layer when use_bias (default true), grouped-query attention and a
     * sliding window on every layer (sliding_window, 4,096 in the published models); tied embeddings by default.
     */
    private static ModelArchitecture starcoder2(HfKeys k, String id) {
        boolean bias = k.flag("use_bias", true);
        return decoder(
                k,
                id,
                bias,
                null,
                new Block(2, true, QkNorm.NONE, false, bias, bias, false, slidingWindow(k, "starcoder2")),
                true);
    }

    /** Llama, Mistral, Qwen2, Mixtral and Phi-3 (whose fused qkv_proj and gate_up_proj hold the same weights). */
    private static ModelArchitecture llamaLike(HfKeys k, String id, String type) {
        Moe moe = null;
        if (type.equals("mixtral") || k.has("num_local_experts")) {
            moe = new Moe(
                    k.integer("num_local_experts"),
                    k.integer("num_experts_per_tok"),
                    0,
                    k.integer("intermediate_size"),
                    0,
                    false);
        }
        return decoder(
                k,
                id,
                type.equals("qwen2") || k.flag("attention_bias", false),
                moe,
                Block.of(Style.LLAMA).withAttention(slidingWindow(k, type)),
                false);
    }

    /**
     * Qwen2-MoE (Qwen1.5-MoE-A2.7B, Qwen2-57B-A14B): Qwen2 attention (biased q, k, v) and MoE layers of num_experts
     * routed experts of moe_intermediate_size plus one shared expert of shared_expert_intermediate_size, counted as that
     * many routed widths (the same weights); layers in mlp_only_layers, or off the decoder_sparse_step, are dense of
     * intermediate_size (transformers' Qwen2MoeDecoderLayer). The shared expert's one-output gate (hidden_size weights a
     * layer) is left out.
     */
    private static ModelArchitecture qwen2Moe(HfKeys k, String id) {
        int layers = k.integer("num_hidden_layers");
        int width = k.integer("moe_intermediate_size");
        int shared = k.has("shared_expert_intermediate_size") ? k.integer("shared_expert_intermediate_size") : 0;
        if (shared % width != 0) {
            throw new BadInputException(
                    k.file(),
                    0,
                    "shared_expert_intermediate_size",
                    "expected a multiple of moe_intermediate_size (" + width + "), got " + shared
                            + "; a shared expert of another width is not planned");
        }
        Moe moe = new Moe(
                k.integer("num_experts"),
                k.integer("num_experts_per_tok"),
                shared / width,
                width,
                layers - qwenMoeLayers(k, layers),
                false);
        return decoder(
                k,
                id,
                true,
                moe,
                Block.of(Style.LLAMA).withAttention(slidingWindow(k, "qwen2")),
                false,
                k.integer("intermediate_size"));
    }

    /** Qwen's MoE layers: those off mlp_only_layers and on every decoder_sparse_step-th (transformers' Qwen2/3-MoE decoders). */
    private static int qwenMoeLayers(HfKeys k, int layers) {
        int step = k.optional("decoder_sparse_step", 1);
        List<Integer> mlpOnly = k.integers("mlp_only_layers");
        int moeLayers = 0;
        for (int i = 0; i < layers; i++) {
            if (!mlpOnly.contains(i) && (i + 1) % step == 0) {
                moeLayers++;
            }
        }
        return moeLayers;
    }

    /** Why a hybrid family is not planned, naming the layers that are not attention. */
    private static String hybrid(JsonNode c, String type) {
        String field = HYBRID.get(type);
        String what = "a hybrid of attention and "
                + (type.equals("qwen3_next") ? "linear-attention (Gated DeltaNet)" : "Mamba state-space") + " layers";
        JsonNode pattern = c.get("hybrid_override_pattern");
        if (pattern != null && pattern.isTextual()) {
            String p = pattern.asText();
            long mamba = p.chars().filter(ch -> ch == 'M').count();
            long attention = p.chars().filter(ch -> ch == '*').count();
            what += " (" + mamba + " Mamba, " + attention + " attention and " + (p.length() - mamba - attention)
                    + " MLP or MoE layers of " + p.length() + ")";
        }
        return what
                + ": their fixed-size state is no KV cache and the planners do not model it yet; attention-only, latent-attention "
                + "(MLA) and mixture-of-experts families are planned (supported: " + String.join(", ", SUPPORTED) + ")";
    }

    /**
     * A config-wide {@code sliding_window} as vLLM applies it: Mistral-7B-v0.1's 4,096 on every layer (vLLM reads it into
     * every attention layer unless --disable-sliding-window, and its V1 KV cache manager drops blocks outside the window,
     * vllm-project/vllm PR 14097); null (Mistral v0.3, Mistral-Nemo, Mixtral) is none. Qwen2 and Qwen3 apply theirs
     * only with use_sliding_window, to the layers from max_window_layers on (transformers' Qwen2Config.layer_types). A
     * {@code layer_types} list, where given, decides instead.
     */
    static List<AttentionKind> slidingWindow(HfKeys k, String type) {
        if (!k.has("sliding_window") || k.has("layer_types")) {
            return List.of();
        }
        int layers = k.integer("num_hidden_layers");
        int from = 0;
        if (type.startsWith("qwen")) {
            if (!k.flag("use_sliding_window", false)) {
                return List.of();
            }
            from = Math.min(layers, k.optional("max_window_layers", 28));
        }
        int window = k.integer("sliding_window");
        if (window >= k.optional("max_position_embeddings", Integer.MAX_VALUE) || from >= layers) {
            return List.of(); // a window as long as the context holds all of it
        }
        List<AttentionKind> kinds = new ArrayList<>();
        for (int i = 0; i < layers; i++) {
            kinds.add(i >= from ? new AttentionKind.SlidingWindow(window) : new AttentionKind.Full());
        }
        return kinds;
    }

    /** Qwen3 and Qwen3-MoE: Llama-style with an RMSNorm of head width on queries and on keys. */
    private static ModelArchitecture qwen3(HfKeys k, String id, String type) {
        Moe moe = null;
        if (type.equals("qwen3_moe")) {
            int layers = k.integer("num_hidden_layers");
            moe = new Moe(
                    k.integer("num_experts"),
                    k.integer("num_experts_per_tok"),
                    0,
                    k.integer("moe_intermediate_size"),
                    layers - qwenMoeLayers(k, layers),
                    false);
        }
        Block block = new Block(2, false, QkNorm.PER_HEAD, true, false, false, false, slidingWindow(k, type));
        return decoder(k, id, k.flag("attention_bias", false), moe, block, false);
    }

    /** OLMo 2: norms after attention and after the MLP (none before), RMSNorm over all query and all key heads. */
    private static ModelArchitecture olmo2(HfKeys k, String id) {
        return decoder(
                k,
                id,
                k.flag("attention_bias", false),
                null,
                new Block(2, false, QkNorm.FULL_WIDTH, true, false, false, false, List.of()),
                false);
    }

    /**
     * Gemma 2 and 3: norms before and after both attention and MLP (4 per layer), GeGLU MLP, tied embeddings. Gemma 2
     * alternates sliding-window (even layers) and global layers; Gemma 3 has five local layers to one global
     * (sliding_window_pattern 6: layer i is global when (i + 1) % 6 == 0) and RMSNorms on queries and keys. A
     * {@code layer_types} list, where given, decides.
     */
    private static ModelArchitecture gemma(HfKeys k, String id, String type) {
        boolean three = type.equals("gemma3");
        int layers = k.integer("num_hidden_layers");
        int window = k.integer("sliding_window");
        int period = three ? k.optional("sliding_window_pattern", 6) : 2;
        List<AttentionKind> kinds = new ArrayList<>();
        for (int i = 0; i < layers; i++) {
            kinds.add((i + 1) % period != 0 ? new AttentionKind.SlidingWindow(window) : new AttentionKind.Full());
        }
        Block block = new Block(
                4,
                false,
                three ? QkNorm.PER_HEAD : QkNorm.NONE,
                true,
                false,
                false,
                false,
                k.layerTypes(layers, kinds, window, 0));
        return decoder(k, id, k.flag("attention_bias", false), null, block, true);
    }

    /**
     * Llama 4 (text model): mixture-of-experts layers (every interleave_moe_layer_step-th, or those in moe_layers) with
     * routed experts of intermediate_size, one shared expert of the same width and a router without bias; dense layers
     * of intermediate_size_mlp. Queries and keys are L2-normalised without weights. Layers with rotary positions
     * (no_rope_layers[i] = 1; by default all but every fourth) use chunked attention of attention_chunk_size; the
     * others are global (transformers' Llama4TextAttention).
     */
    private static ModelArchitecture llama4(HfKeys k, String id) {
        int layers = k.integer("num_hidden_layers");
        int step = k.optional("interleave_moe_layer_step", 1);
        List<Integer> moeLayerList = k.integers("moe_layers");
        int moeLayers = 0;
        for (int i = 0; i < layers; i++) {
            if (k.has("moe_layers") ? moeLayerList.contains(i) : (i + 1) % step == 0) {
                moeLayers++;
            }
        }
        int expertFfn = k.integer("intermediate_size");
        Moe moe = moeLayers == 0
                ? null
                : new Moe(
                        k.integer("num_local_experts"),
                        k.integer("num_experts_per_tok"),
                        1,
                        expertFfn,
                        layers - moeLayers,
                        false);
        List<Integer> noRope = k.integers("no_rope_layers");
        int interval = k.optional("no_rope_layer_interval", 4);
        int chunk = k.optional("attention_chunk_size", 0);
        List<AttentionKind> kinds = new ArrayList<>();
        for (int i = 0; i < layers; i++) {
            boolean rope = noRope.size() == layers ? noRope.get(i) != 0 : (i + 1) % interval != 0;
            kinds.add(chunk > 0 && rope ? new AttentionKind.Chunked(chunk) : new AttentionKind.Full());
        }
        Block block = Block.of(Style.LLAMA).withAttention(k.layerTypes(layers, kinds, 0, chunk));
        int denseFfn = k.optional("intermediate_size_mlp", expertFfn);
        return decoder(k, id, k.flag("attention_bias", false), moe, block, false, denseFfn);
    }

    /**
     * gpt-oss: every layer a mixture of experts whose experts and router carry biases; biases on q, k, v and o; a
     * learned sink logit per head; sliding-window (128) and full layers alternating as layer_types says (sliding first).
     */
    private static ModelArchitecture gptOss(HfKeys k, String id) {
        int layers = k.integer("num_hidden_layers");
        int ffn = k.integer("intermediate_size");
        int topK = k.has("num_experts_per_tok") ? k.integer("num_experts_per_tok") : k.optional("experts_per_token", 4);
        Moe moe = new Moe(k.integer("num_local_experts"), topK, 0, ffn, 0, true);
        int window = k.integer("sliding_window");
        List<AttentionKind> kinds = new ArrayList<>();
        for (int i = 0; i < layers; i++) {
            kinds.add(i % 2 == 0 ? new AttentionKind.SlidingWindow(window) : new AttentionKind.Full());
        }
        Block block = new Block(
                2,
                false,
                QkNorm.NONE,
                true,
                true,
                k.flag("attention_bias", true),
                true,
                k.layerTypes(layers, kinds, window, 0));
        return decoder(k, id, k.flag("attention_bias", true), moe, block, false);
    }

    /**
     * Falcon: LayerNorm with bias, rotary positions, 4h GELU MLP, no biases unless {@code bias}. The original decoder
     * (Falcon-7B) runs attention and MLP in parallel off one norm with multi-query attention (multi_query: one KV
     * head); the new decoder architecture (Falcon-40B/180B) has num_kv_heads KV groups and two norms per layer
     * (num_ln_in_parallel_attn, default 2). Embeddings are tied (transformers' FalconForCausalLM).
     */
    private static ModelArchitecture falcon(HfKeys k, String id) {
        int h = k.integer("hidden_size");
        // the original RefinedWeb configs (before transformers' FalconConfig) name the counts
        // n_head, n_layer, n_head_kv; their model_type RefinedWeb (40B) is the new decoder
        // architecture, RefinedWebModel (7B) the original one
        String heads0 = k.has("num_attention_heads")
                ? "num_attention_heads"
                : k.has("n_head") ? "n_head" : "num_attention_heads";
        String layers0 =
                k.has("num_hidden_layers") ? "num_hidden_layers" : k.has("n_layer") ? "n_layer" : "num_hidden_layers";
        int heads = k.integer(heads0);
        k.divides(heads0, heads, "hidden_size", h);
        boolean newArch = k.flag(
                "new_decoder_architecture",
                "refinedweb".equalsIgnoreCase(k.c().path("model_type").asText("")));
        int kv = newArch
                ? k.optional("num_kv_heads", k.optional("n_head_kv", heads))
                : k.flag("multi_query", true) ? 1 : heads;
        boolean parallel = k.flag("parallel_attn", true);
        int norms = newArch ? k.optional("num_ln_in_parallel_attn", 2) : parallel ? 1 : 2;
        boolean bias = k.flag("bias", false);
        Block block = new Block(norms, true, QkNorm.NONE, false, bias, bias, false, List.of());
        return new ModelArchitecture(
                id,
                id,
                k.integer(layers0),
                h,
                heads,
                kv,
                h / heads,
                k.optional("ffn_hidden_size", 4 * h),
                k.integer("vocab_size"),
                k.optional("max_position_embeddings", 2048),
                k.flag("tie_word_embeddings", true),
                Style.LLAMA,
                bias,
                null,
                null,
                k.file(),
                block);
    }

    static ModelArchitecture decoder(
            HfKeys k, String id, boolean qkvBias, Moe moe, Block block, boolean tiedByDefault) {
        return decoder(k, id, qkvBias, moe, block, tiedByDefault, -1);
    }

    static ModelArchitecture decoder(
            HfKeys k, String id, boolean qkvBias, Moe moe, Block block, boolean tiedByDefault, int denseFfn) {
        int h = k.integer("hidden_size");
        int heads = k.integer("num_attention_heads");
        int headDim = k.optional("head_dim", 0);
        if (headDim == 0) {
            k.divides("num_attention_heads", heads, "hidden_size", h);
            headDim = h / heads;
        }
        int kv = k.optional("num_key_value_heads", heads);
        int ffn = denseFfn > 0
                ? denseFfn
                : moe != null && !k.has("intermediate_size") ? moe.expertFfn() : k.integer("intermediate_size");
        Block b = block;
        if (b.attention().isEmpty()) {
            b = b.withAttention(k.layerTypes(k.integer("num_hidden_layers"), List.of(), 0, 0));
        }
        return new ModelArchitecture(
                id,
                id,
                k.integer("num_hidden_layers"),
                h,
                heads,
                kv,
                headDim,
                ffn,
                k.integer("vocab_size"),
                k.optional("max_position_embeddings", 4096),
                k.flag("tie_word_embeddings", tiedByDefault),
                Style.LLAMA,
                qkvBias,
                moe,
                null,
                k.file(),
                b);
    }

    private static ModelArchitecture deepseek(HfKeys k, String id, String type) {
        int h = k.integer("hidden_size");
        int heads = k.integer("num_attention_heads");
        int layers = k.integer("num_hidden_layers");
        Moe moe = null;
        if (k.has("n_routed_experts")) {
            if (k.optional("moe_layer_freq", 1) != 1) {
                throw new BadInputException(
                        k.file(), 0, "moe_layer_freq", "only 1 (every layer after the dense ones) is supported");
            }
            moe = new Moe(
                    k.integer("n_routed_experts"),
                    k.integer("num_experts_per_tok"),
                    k.optional("n_shared_experts", 0),
                    k.integer("moe_intermediate_size"),
                    k.optional("first_k_dense_replace", 0),
                    "noaux_tc".equals(k.c().path("topk_method").asText()));
        }
        Mla mla = new Mla(
                k.optional("q_lora_rank", 0),
                k.integer("kv_lora_rank"),
                k.integer("qk_nope_head_dim"),
                k.integer("qk_rope_head_dim"),
                k.integer("v_head_dim"));
        return new ModelArchitecture(
                id,
                id,
                layers,
                h,
                heads,
                k.optional("num_key_value_heads", heads),
                mla.qkNopeDim() + mla.qkRopeDim(),
                k.integer("intermediate_size"),
                k.integer("vocab_size"),
                k.optional("max_position_embeddings", 4096),
                k.flag("tie_word_embeddings", false),
                Style.LLAMA,
                false,
                moe,
                mla,
                k.file());
    }

    private static void divides(HfKeys k, String smallKey, int small, String bigKey, int big) {
        if (big % small != 0) {
            throw new BadInputException(
                    k.file(), 0, smallKey, smallKey + " (" + small + ") must divide " + bigKey + " (" + big + ")");
        }
    }
}
