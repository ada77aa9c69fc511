package dev.sextant.model.io;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sextant.model.training.ModelArchitecture;
import dev.sextant.model.training.ModelArchitecture.Mla;
import dev.sextant.model.training.ModelArchitecture.Moe;
import dev.sextant.model.training.ModelArchitecture.Style;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Reads a Hugging Face {@code config.json} into a {@link ModelArchitecture}: Llama, Mistral, Qwen2, Mixtral and
 * DeepSeek-V2/V3 keys ({@code hidden_size}, {@code num_hidden_layers}, …) and GPT-2 keys ({@code n_embd},
 * {@code n_layer}, {@code n_head}, {@code n_positions}).
 */
public final class HfModelConfig {

    static final List<String> SUPPORTED = List.of("llama", "mistral", "qwen2", "mixtral", "deepseek_v2", "deepseek_v3", "gpt2");

    private HfModelConfig() {
    }

    public static ModelArchitecture read(Path file) {
        String name = TextInput.name(file);
        JsonNode root = Json.readFile(file);
        if (root == null || !root.isObject()) {
            throw BadInputException.of(name, "expected a JSON object (a Hugging Face config.json)");
        }
        String id = file.getParent() != null && file.getFileName().toString().equals("config.json")
                ? file.getParent().getFileName().toString() : file.getFileName().toString().replaceFirst("\\.json$", "");
        return parse(root, name, id);
    }

    static ModelArchitecture parse(JsonNode c, String file, String id) {
        Keys k = new Keys(c, file);
        String type = c.path("model_type").asText("").toLowerCase(Locale.ROOT);
        if (type.isEmpty()) {
            type = c.has("n_embd") ? "gpt2" : c.has("hidden_size") ? "llama" : "";
        }
        try {
            return switch (type) {
                case "gpt2" -> gpt2(k, id);
                case "llama", "mistral", "qwen2", "mixtral" -> llamaLike(k, id, type);
                case "deepseek_v2", "deepseek_v3" -> deepseek(k, id, type);
                default -> throw new BadInputException(file, 0, "model_type", "unsupported architecture '" + type
                        + "'; supported: " + String.join(", ", SUPPORTED));
            };
        } catch (IllegalArgumentException e) {
            throw new BadInputException(file, 0, null, e.getMessage());
        }
    }

    private static ModelArchitecture gpt2(Keys k, String id) {
        int h = k.integer("n_embd");
        int heads = k.integer("n_head");
        divides(k, "n_head", heads, "n_embd", h);
        int inner = k.optional("n_inner", 4 * h);
        return new ModelArchitecture(id, id, k.integer("n_layer"), h, heads, heads, h / heads, inner, k.integer("vocab_size"),
                k.integer("n_positions"), true, Style.GPT, true, null, null, k.file);
    }

    private static ModelArchitecture llamaLike(Keys k, String id, String type) {
        int h = k.integer("hidden_size");
        int heads = k.integer("num_attention_heads");
        int headDim = k.optional("head_dim", 0);
        if (headDim == 0) {
            divides(k, "num_attention_heads", heads, "hidden_size", h);
            headDim = h / heads;
        }
        int kv = k.optional("num_key_value_heads", heads);
        Moe moe = null;
        if (type.equals("mixtral") || k.c.has("num_local_experts")) {
            int ffn = k.integer("intermediate_size");
            moe = new Moe(k.integer("num_local_experts"), k.integer("num_experts_per_tok"), 0, ffn, 0, false);
        }
        return new ModelArchitecture(id, id, k.integer("num_hidden_layers"), h, heads, kv, headDim, k.integer("intermediate_size"),
                k.integer("vocab_size"), k.optional("max_position_embeddings", 4096), k.c.path("tie_word_embeddings").asBoolean(false),
                Style.LLAMA, type.equals("qwen2") || k.c.path("attention_bias").asBoolean(false), moe, null, k.file);
    }

    private static ModelArchitecture deepseek(Keys k, String id, String type) {
        int h = k.integer("hidden_size");
        int heads = k.integer("num_attention_heads");
        int layers = k.integer("num_hidden_layers");
        Moe moe = null;
        if (k.c.hasNonNull("n_routed_experts")) {
            if (k.optional("moe_layer_freq", 1) != 1) {
                throw new BadInputException(k.file, 0, "moe_layer_freq", "only 1 (every layer after the dense ones) is supported");
            }
            moe = new Moe(k.integer("n_routed_experts"), k.integer("num_experts_per_tok"), k.optional("n_shared_experts", 0),
                    k.integer("moe_intermediate_size"), k.optional("first_k_dense_replace", 0),
                    "noaux_tc".equals(k.c.path("topk_method").asText()));
        }
        Mla mla = new Mla(k.optional("q_lora_rank", 0), k.integer("kv_lora_rank"), k.integer("qk_nope_head_dim"),
                k.integer("qk_rope_head_dim"), k.integer("v_head_dim"));
        return new ModelArchitecture(id, id, layers, h, heads, k.optional("num_key_value_heads", heads),
                mla.qkNopeDim() + mla.qkRopeDim(), k.integer("intermediate_size"), k.integer("vocab_size"),
                k.optional("max_position_embeddings", 4096), k.c.path("tie_word_embeddings").asBoolean(false), Style.LLAMA, false,
                moe, mla, k.file);
    }

    private static void divides(Keys k, String smallKey, int small, String bigKey, int big) {
        if (big % small != 0) {
            throw new BadInputException(k.file, 0, smallKey, smallKey + " (" + small + ") must divide " + bigKey + " (" + big + ")");
        }
    }

    /** Typed access to the config's keys with errors that name the key. */
    private record Keys(JsonNode c, String file) {

        int integer(String key) {
            JsonNode v = c.get(key);
            if (v == null || v.isNull()) {
                throw new BadInputException(file, 0, key, "missing; a " + c.path("model_type").asText("model")
                        + " config needs it");
            }
            return positive(key, v);
        }

        int optional(String key, int fallback) {
            JsonNode v = c.get(key);
            return v == null || v.isNull() ? fallback : positive(key, v);
        }

        private int positive(String key, JsonNode v) {
            if (!v.canConvertToInt() || !v.isIntegralNumber() || v.asInt() < 1) {
                throw new BadInputException(file, 0, key, "expected a positive whole number, got " + v);
            }
            return v.asInt();
        }
    }
}
