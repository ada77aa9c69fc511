package dev.sextant.model.architecture;

import dev.sextant.model.InputError;
import dev.sextant.model.architecture.ModelArchitecture.Mla;
import dev.sextant.model.architecture.ModelArchitecture.Moe;
import dev.sextant.model.architecture.ModelArchitecture.Style;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Model architectures the planners know, from the models' published Hugging Face {@code config.json} files (and, for
 * the GPT models, the Megatron-LM papers' tables). Parameter totals computed from these equal the published
 * safetensors counts (see the tests).
 */
public final class ModelCatalog {

    private static final List<ModelArchitecture> MODELS = List.of(
            gpt("gpt-1.7b", "GPT 1.7B (Megatron-LM)", 24, 2304, 24),
            gpt("gpt-18b", "GPT 18B (Megatron-LM)", 40, 6144, 48),
            gpt("gpt-175b", "GPT-3 175B (Megatron-LM)", 96, 12288, 96),
            gpt("gpt-530b", "GPT 530B (Megatron-LM)", 105, 20480, 128),
            gpt("gpt-1t", "GPT 1T (Megatron-LM)", 128, 25600, 160),
            llama("llama-2-7b", "Llama 2 7B", 32, 4096, 32, 32, 11008, 32000, 4096, "meta-llama/Llama-2-7b-hf config.json"),
            llama("llama-2-13b", "Llama 2 13B", 40, 5120, 40, 40, 13824, 32000, 4096, "meta-llama/Llama-2-13b-hf config.json"),
            llama("llama-2-70b", "Llama 2 70B", 80, 8192, 64, 8, 28672, 32000, 4096, "meta-llama/Llama-2-70b-hf config.json"),
            llama("llama-3-8b", "Llama 3 8B", 32, 4096, 32, 8, 14336, 128256, 8192, "meta-llama/Meta-Llama-3-8B config.json"),
            llama("llama-3-70b", "Llama 3 70B", 80, 8192, 64, 8, 28672, 128256, 8192, "meta-llama/Meta-Llama-3-70B config.json"),
            llama("llama-3.1-405b", "Llama 3.1 405B", 126, 16384, 128, 8, 53248, 128256, 131072,
                    "meta-llama/Llama-3.1-405B config.json"),
            new ModelArchitecture("mixtral-8x7b", "Mixtral 8x7B", 32, 4096, 32, 8, 128, 14336, 32000, 32768, false, Style.LLAMA, false,
                    new Moe(8, 2, 0, 14336, 0, false), null, "mistralai/Mixtral-8x7B-v0.1 config.json"),
            new ModelArchitecture("qwen2.5-72b", "Qwen2.5 72B", 80, 8192, 64, 8, 128, 29568, 152064, 131072, false, Style.LLAMA, true,
                    null, null, "Qwen/Qwen2.5-72B config.json"),
            new ModelArchitecture("deepseek-v3", "DeepSeek-V3", 61, 7168, 128, 128, 128, 18432, 129280, 163840, false, Style.LLAMA, false,
                    new Moe(256, 8, 1, 2048, 3, true), new Mla(1536, 512, 128, 64, 128),
                    "deepseek-ai/DeepSeek-V3 config.json (the multi-token-prediction module is not counted)"));

    private ModelCatalog() {
    }

    /** GPT as in Narayanan et al. (arXiv 2104.04473, Table 1): V = 51,200, s = 2,048, 4h MLP, tied embeddings. */
    private static ModelArchitecture gpt(String id, String name, int layers, int hidden, int heads) {
        return new ModelArchitecture(id, name, layers, hidden, heads, heads, hidden / heads, 4 * hidden, 51200, 2048, true,
                Style.GPT, true, null, null, "Narayanan et al. 2021, arXiv 2104.04473, Table 1");
    }

    private static ModelArchitecture llama(String id, String name, int layers, int hidden, int heads, int kvHeads, int ffn,
                                           int vocab, int positions, String source) {
        return new ModelArchitecture(id, name, layers, hidden, heads, kvHeads, hidden / heads, ffn, vocab, positions, false,
                Style.LLAMA, false, null, null, source);
    }

    public static List<ModelArchitecture> all() {
        return MODELS;
    }

    public static Optional<ModelArchitecture> find(String id) {
        String key = id.toLowerCase(Locale.ROOT);
        return MODELS.stream().filter(m -> m.id().equals(key)).findFirst();
    }

    /** The model with that id, or an error that lists the ids there are. */
    public static ModelArchitecture get(String id) {
        return find(id).orElseThrow(() -> new InputError("model", "unknown model '" + id + "'; known: "
                + String.join(", ", MODELS.stream().map(ModelArchitecture::id).toList()) + " (or give a config.json)"));
    }
}
