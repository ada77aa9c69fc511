package dev.sextant.model.io;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sextant.model.BadInputException;
import dev.sextant.model.serving.WeightFormat;
import dev.sextant.model.serving.WeightStorage;
import java.util.Iterator;
import java.util.Locale;
import java.util.Optional;

/**
 * The {@code quantization_config} of a Hugging Face {@code config.json}: how the checkpoint stores its linear layers,
 * with the scales each method keeps (transformers' quantizer configs, {@code quantization_config.py}): FP8 with block
 * scales (DeepSeek-V3), MXFP4 experts (gpt-oss), AWQ and GPTQ integer groups, compressed-tensors schemes and
 * bitsandbytes. Per-tensor and per-channel scales (one number per matrix or per output row) are under 0.1 % of the
 * weights and not counted.
 */
public final class HfQuantization {

    private HfQuantization() {}

    /** The checkpoint's weight storage, or empty when the config has no quantization_config. */
    public static Optional<WeightStorage> of(JsonNode root, String file) {
        JsonNode q = root.get("quantization_config");
        if (q == null || q.isNull()) {
            JsonNode text = HfModelConfig.textPart(root);
            q = text.get("quantization_config");
            if (q == null || q.isNull()) {
                return Optional.empty();
            }
        }
        if (!q.isObject()) {
            throw new BadInputException(file, 0, "quantization_config", "expected an object, got " + q);
        }
        String method = q.path("quant_method").asText("").toLowerCase(Locale.ROOT);
        String from = "quantization_config (";
        return Optional.of(
                switch (method) {
                    case "fp8" -> {
                        JsonNode block = q.get("weight_block_size");
                        if (block != null && block.isArray() && block.size() == 2) {
                            int r = positive(file, "quantization_config.weight_block_size", block.get(0));
                            int c = positive(file, "quantization_config.weight_block_size", block.get(1));
                            yield WeightStorage.fp8Blocks(r, c, from + "fp8, blocks of " + r + "×" + c + ")");
                        }
                        yield WeightStorage.of(WeightFormat.FP8, from + "fp8, one scale per tensor)");
                    }
                    case "fbgemm_fp8" -> {
                        // FP8 with one scale per output row (Llama 4 "-FP8"); layers named in modules_to_not_convert
                        // stay BF16,
                        // which for the published checkpoints is attention: the experts are FP8
                        boolean attentionKept =
                                q.path("modules_to_not_convert").toString().contains("self_attn");
                        yield new WeightStorage(
                                WeightFormat.FP8,
                                attentionKept ? 2 : 1,
                                1,
                                from + "fbgemm fp8, one scale per row" + (attentionKept ? "; attention bf16)" : ")"));
                    }
                    case "mxfp4" -> WeightStorage.mxfp4Experts(from + "mxfp4 experts, blocks of 32; the rest bf16)");
                    case "awq" -> {
                        int bits = intOr(q, file, 4, "bits", "w_bit");
                        int group = intOr(q, file, 128, "group_size", "q_group_size");
                        boolean zero =
                                !q.has("zero_point") || q.get("zero_point").asBoolean(true);
                        yield WeightStorage.groupedInt(
                                bits, group, zero, from + "awq " + bits + "-bit, groups of " + group + ")");
                    }
                    case "gptq" -> {
                        int bits = intOr(q, file, 4, "bits");
                        int group = q.path("group_size").asInt(128);
                        // GPTQ checkpoints store packed zero points (qzeros) whether symmetric or not; group -1 is
                        // one group per input column, whose scales are counted as none here
                        yield group > 0
                                ? WeightStorage.groupedInt(
                                        bits, group, true, from + "gptq " + bits + "-bit, groups of " + group + ")")
                                : WeightStorage.groupedInt(
                                        bits, Integer.MAX_VALUE, false, from + "gptq " + bits + "-bit, per channel)");
                    }
                    case "compressed-tensors" -> compressedTensors(q, file);
                    case "bitsandbytes" -> {
                        if (q.path("load_in_4bit").asBoolean(false)) {
                            // NF4 in blocks of 64 with an FP32 absmax each, or with double quantization an 8-bit absmax
                            // and an
                            // FP32 scale per 256 of those (QLoRA, Dettmers et al. 2023, §3)
                            double b = q.path("bnb_4bit_use_double_quant").asBoolean(false)
                                    ? 0.5 + 1.0 / 64 + 4.0 / (64 * 256)
                                    : 0.5 + 4.0 / 64;
                            yield new WeightStorage(WeightFormat.INT4, b, b, from + "bitsandbytes nf4, blocks of 64)");
                        }
                        yield WeightStorage.of(WeightFormat.INT8, from + "bitsandbytes int8)");
                    }
                    default -> WeightStorage.of(
                            WeightFormat.BF16,
                            "default bf16: quantization_config quant_method '" + method
                                    + "' is not one read here (fp8, mxfp4, awq, gptq, compressed-tensors, bitsandbytes); choose the weight format");
                });
    }

    /** compressed-tensors: the weights scheme of the group that targets Linear layers (the first group otherwise). */
    private static WeightStorage compressedTensors(JsonNode q, String file) {
        JsonNode groups = q.path("config_groups");
        JsonNode weights = null;
        for (Iterator<JsonNode> it = groups.elements(); it.hasNext(); ) {
            JsonNode g = it.next();
            if (weights == null || g.path("targets").toString().contains("Linear")) {
                weights = g.get("weights");
            }
        }
        if (weights == null || !weights.isObject()) {
            throw new BadInputException(
                    file, 0, "quantization_config.config_groups", "compressed-tensors without a weights scheme");
        }
        int bits = positive(file, "quantization_config.config_groups.weights.num_bits", weights.get("num_bits"));
        boolean isFloat = "float".equals(weights.path("type").asText("int"));
        String strategy = weights.path("strategy").asText("tensor");
        String from = "quantization_config (compressed-tensors " + (isFloat ? "fp" : "int") + bits;
        double element = bits / 8.0;
        WeightFormat format = bits >= 16
                ? WeightFormat.BF16
                : bits >= 8 ? (isFloat ? WeightFormat.FP8 : WeightFormat.INT8) : WeightFormat.INT4;
        switch (strategy) {
            case "group", "tensor_group" -> {
                int group = positive(
                        file, "quantization_config.config_groups.weights.group_size", weights.get("group_size"));
                // FP4 (NVFP4) groups carry an FP8 scale; integer groups a 16-bit one, plus a zero point when asymmetric
                double scale = isFloat ? 1 : 2 + (weights.path("symmetric").asBoolean(true) ? 0 : element);
                double b = element + scale / group;
                return new WeightStorage(format, b, b, from + ", groups of " + group + ")");
            }
            case "block" -> {
                JsonNode block = weights.get("block_structure");
                int r = block != null && block.isArray() && block.size() == 2
                        ? positive(file, "block_structure", block.get(0))
                        : 128;
                int c = block != null && block.isArray() && block.size() == 2
                        ? positive(file, "block_structure", block.get(1))
                        : 128;
                double b = element + 4.0 / ((double) r * c);
                return new WeightStorage(format, b, b, from + ", blocks of " + r + "×" + c + ")");
            }
            default -> {
                return new WeightStorage(
                        format,
                        element,
                        element,
                        from + ", one scale per " + ("channel".equals(strategy) ? "row" : "tensor") + ")");
            }
        }
    }

    private static int intOr(JsonNode q, String file, int fallback, String... keys) {
        for (String k : keys) {
            if (q.hasNonNull(k)) {
                return positive(file, "quantization_config." + k, q.get(k));
            }
        }
        return fallback;
    }

    private static int positive(String file, String key, JsonNode v) {
        if (v == null || !v.canConvertToInt() || !v.isIntegralNumber() || v.asInt() < 1) {
            throw new BadInputException(file, 0, key, "expected a positive whole number, got " + v);
        }
        return v.asInt();
    }
}
