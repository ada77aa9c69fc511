package dev.sextant.model.io;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sextant.model.BadInputException;
import dev.sextant.model.architecture.AttentionKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Typed access to the config's keys with errors that name the key: the language model's part first, then the
 * whole file, then the family's library defaults.
 */
record HfKeys(JsonNode c, JsonNode root, String file, String type, Map<String, Integer> defaults, String prefix) {

    HfKeys(JsonNode c, JsonNode root, String file, String type, Map<String, Integer> defaults) {
        this(c, root, file, type, defaults, "");
    }

    JsonNode get(String key) {
        JsonNode v = c.get(key);
        if ((v == null || v.isNull()) && c != root) {
            v = root.get(key);
        }
        return v == null || v.isNull() ? null : v;
    }

    boolean has(String key) {
        return get(key) != null;
    }

    int integer(String key) {
        JsonNode v = get(key);
        if (v == null) {
            Integer d = defaults.get(key);
            if (d != null) {
                return d;
            }
            throw new BadInputException(
                    file, 0, at(key), "missing; a " + (type.isEmpty() ? "model" : type) + " config needs it");
        }
        return positive(key, v);
    }

    int optional(String key, int fallback) {
        JsonNode v = get(key);
        return v == null ? defaults.getOrDefault(key, fallback) : positive(key, v);
    }

    boolean flag(String key, boolean fallback) {
        JsonNode v = get(key);
        if (v == null) {
            return fallback;
        }
        if (!v.isBoolean()) {
            throw new BadInputException(file, 0, at(key), "expected true or false, got " + v);
        }
        return v.asBoolean();
    }

    /** A list of whole numbers (empty when absent). */
    List<Integer> integers(String key) {
        JsonNode v = get(key);
        List<Integer> out = new ArrayList<>();
        if (v == null) {
            return out;
        }
        if (!v.isArray()) {
            throw new BadInputException(file, 0, at(key), "expected a list of whole numbers, got " + v);
        }
        for (JsonNode e : v) {
            if (!e.canConvertToInt() || !e.isIntegralNumber() || e.asInt() < 0) {
                throw new BadInputException(file, 0, at(key), "expected a list of whole numbers, got " + e);
            }
            out.add(e.asInt());
        }
        return out;
    }

    /**
     * The attention kind of each layer from {@code layer_types} ("full_attention", "sliding_attention",
     * "chunked_attention") where the config has it, else {@code fallback} (empty: every layer full).
     */
    List<AttentionKind> layerTypes(int layers, List<AttentionKind> fallback, int window, int chunk) {
        JsonNode v = get("layer_types");
        if (v == null) {
            return fallback;
        }
        if (!v.isArray() || v.size() != layers) {
            throw new BadInputException(
                    file,
                    0,
                    "layer_types",
                    "expected one entry per layer (" + layers + "), got "
                            + (v.isArray() ? v.size() + " entries" : v.toString()));
        }
        List<AttentionKind> out = new ArrayList<>();
        boolean local = false;
        for (JsonNode e : v) {
            String t = e.asText("");
            switch (t) {
                case "full_attention" -> out.add(new AttentionKind.Full());
                case "sliding_attention" -> {
                    out.add(new AttentionKind.SlidingWindow(window > 0 ? window : integer("sliding_window")));
                    local = true;
                }
                case "chunked_attention" -> {
                    out.add(new AttentionKind.Chunked(chunk > 0 ? chunk : integer("attention_chunk_size")));
                    local = true;
                }
                default -> throw new BadInputException(
                        file,
                        0,
                        "layer_types",
                        "unknown layer type " + e + "; known: full_attention, sliding_attention, chunked_attention");
            }
        }
        return local ? out : List.of();
    }

    private int positive(String key, JsonNode v) {
        if (!v.canConvertToInt() || !v.isIntegralNumber() || v.asInt() < 1) {
            throw new BadInputException(
                    file,
                    0,
                    at(key),
                    "expected a positive whole number, got " + (v.isNumber() ? v.asText() : v.toString()));
        }
        return v.asInt();
    }

    /** {@code small} must divide {@code big}, else the config is refused at {@code smallKey}. */
    void divides(String smallKey, int small, String bigKey, int big) {
        if (big % small != 0) {
            throw new BadInputException(
                    file, 0, at(smallKey), smallKey + " (" + small + ") must divide " + bigKey + " (" + big + ")");
        }
    }

    /**
     * The keys of a nested object (DBRX's {@code attn_config}, {@code ffn_config}); its errors name the key with its
     * object ({@code ffn_config.moe_top_k}).
     */
    HfKeys nested(String objectKey) {
        JsonNode v = get(objectKey);
        if (v == null || !v.isObject()) {
            throw new BadInputException(file, 0, at(objectKey), "missing; a " + type + " config needs it");
        }
        return new HfKeys(v, v, file, type, Map.of(), at(objectKey) + ".");
    }

    /** The key as errors name it: with its enclosing object's name for a nested one. */
    String at(String key) {
        return prefix + key;
    }
}
