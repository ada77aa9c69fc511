package dev.sextant.model.architecture;

import dev.sextant.model.CatalogKey;
import dev.sextant.model.InputError;
import dev.sextant.model.architecture.ModelArchitecture.Block;
import dev.sextant.model.architecture.ModelArchitecture.Mla;
import dev.sextant.model.architecture.ModelArchitecture.Moe;
import dev.sextant.model.architecture.ModelArchitecture.QkNorm;
import dev.sextant.model.architecture.ModelArchitecture.Style;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Model architectures the planners know, from the models' published Hugging Face {@code config.json} files (and, for
 * the GPT models, the Megatron-LM papers' tables). Parameter totals computed from these equal the published
 * safetensors counts (see the tests).
 */
public final class ModelCatalog {

    /** Qwen3: Llama-style with an RMSNorm of head width on queries and keys (transformers' Qwen3 modeling file). */
    // declared before MODELS, which uses them
    private static final Block QWEN3 = new Block(2, false, QkNorm.PER_HEAD, true, false, false, false, List.of());
    /** Nemotron-4: LayerNorm with bias, squared-ReLU MLP of two matrices, no linear biases. */
    private static final Block NEMOTRON = new Block(2, true, QkNorm.NONE, false, false, false, false, List.of());

    private static final List<ModelArchitecture> MODELS = List.of(
            gpt("gpt-1.7b", "GPT 1.7B (Megatron-LM)", 24, 2304, 24),
            gpt("gpt-18b", "GPT 18B (Megatron-LM)", 40, 6144, 48),
            gpt("gpt-175b", "GPT-3 175B (Megatron-LM)", 96, 12288, 96),
            gpt("gpt-530b", "GPT 530B (Megatron-LM)", 105, 20480, 128),
            gpt("gpt-1t", "GPT 1T (Megatron-LM)", 128, 25600, 160),
            llama(
                    "llama-2-7b",
                    "Llama 2 7B",
                    32,
                    4096,
                    32,
                    32,
                    11008,
                    32000,
                    4096,
                    "meta-llama/Llama-2-7b-hf config.json"),
            llama(
                    "llama-2-13b",
                    "Llama 2 13B",
                    40,
                    5120,
                    40,
                    40,
                    13824,
                    32000,
                    4096,
                    "meta-llama/Llama-2-13b-hf config.json"),
            llama(
                    "llama-2-70b",
                    "Llama 2 70B",
                    80,
                    8192,
                    64,
                    8,
                    28672,
                    32000,
                    4096,
                    "meta-llama/Llama-2-70b-hf config.json"),
            llama(
                    "llama-3-8b",
                    "Llama 3 8B",
                    32,
                    4096,
                    32,
                    8,
                    14336,
                    128256,
                    8192,
                    "meta-llama/Meta-Llama-3-8B config.json"),
            llama(
                    "llama-3-70b",
                    "Llama 3 70B",
                    80,
                    8192,
                    64,
                    8,
                    28672,
                    128256,
                    8192,
                    "meta-llama/Meta-Llama-3-70B config.json"),
            llama(
                    "llama-3.1-405b",
                    "Llama 3.1 405B",
                    126,
                    16384,
                    128,
                    8,
                    53248,
                    128256,
                    131072,
                    "meta-llama/Llama-3.1-405B config.json"),
            llama(
                    "llama-3.1-8b",
                    "Llama 3.1 8B",
                    32,
                    4096,
                    32,
                    8,
                    14336,
                    128256,
                    131072,
                    "meta-llama/Llama-3.1-8B config.json"),
            llama(
                    "llama-3.1-70b",
                    "Llama 3.1 70B",
                    80,
                    8192,
                    64,
                    8,
                    28672,
                    128256,
                    131072,
                    "meta-llama/Llama-3.1-70B config.json"),
            new ModelArchitecture(
                    "mixtral-8x7b",
                    "Mixtral 8x7B",
                    32,
                    4096,
                    32,
                    8,
                    128,
                    14336,
                    32000,
                    32768,
                    false,
                    Style.LLAMA,
                    false,
                    new Moe(8, 2, 0, 14336, 0, false),
                    null,
                    "mistralai/Mixtral-8x7B-v0.1 config.json"),
            new ModelArchitecture(
                    "mixtral-8x22b",
                    "Mixtral 8x22B",
                    56,
                    6144,
                    48,
                    8,
                    128,
                    16384,
                    32768,
                    65536,
                    false,
                    Style.LLAMA,
                    false,
                    new Moe(8, 2, 0, 16384, 0, false),
                    null,
                    "mistralai/Mixtral-8x22B-v0.1 config.json"),
            new ModelArchitecture(
                    "qwen2-57b-a14b",
                    "Qwen2 57B-A14B",
                    28,
                    3584,
                    28,
                    4,
                    128,
                    18944,
                    151936,
                    32768,
                    false,
                    Style.LLAMA,
                    true,
                    new Moe(64, 8, 8, 2560, 0, false),
                    null,
                    "Qwen/Qwen2-57B-A14B config.json (its shared expert of width 20,480 as 8 experts of 2,560)"),
            new ModelArchitecture(
                    "deepseek-v2",
                    "DeepSeek-V2",
                    60,
                    5120,
                    128,
                    128,
                    128,
                    12288,
                    102400,
                    163840,
                    false,
                    Style.LLAMA,
                    false,
                    new Moe(160, 6, 2, 1536, 1, false),
                    new Mla(1536, 512, 128, 64, 128),
                    "deepseek-ai/DeepSeek-V2 config.json"),
            new ModelArchitecture(
                    "qwen2.5-72b",
                    "Qwen2.5 72B",
                    80,
                    8192,
                    64,
                    8,
                    128,
                    29568,
                    152064,
                    131072,
                    false,
                    Style.LLAMA,
                    true,
                    null,
                    null,
                    "Qwen/Qwen2.5-72B config.json"),
            new ModelArchitecture(
                    "deepseek-v3",
                    "DeepSeek-V3",
                    61,
                    7168,
                    128,
                    128,
                    128,
                    18432,
                    129280,
                    163840,
                    false,
                    Style.LLAMA,
                    false,
                    new Moe(256, 8, 1, 2048, 3, true),
                    new Mla(1536, 512, 128, 64, 128),
                    "deepseek-ai/DeepSeek-V3 config.json (the multi-token-prediction module is not counted)"),
            new ModelArchitecture(
                    "kimi-k2",
                    "Kimi K2",
                    61,
                    7168,
                    64,
                    64,
                    128,
                    18432,
                    163840,
                    131072,
                    false,
                    Style.LLAMA,
                    false,
                    new Moe(384, 8, 1, 2048, 1, true),
                    new Mla(1536, 512, 128, 64, 128),
                    "moonshotai/Kimi-K2-Instruct config.json (DeepSeek-V3's layout with 384 experts, 64 heads, one dense layer)"),
            // dense models of the published serving measurements in
            // dev/sextant/model/validation/serving-runs.csv (issue 17)
            new ModelArchitecture(
                    "qwen3-8b",
                    "Qwen3 8B",
                    36,
                    4096,
                    32,
                    8,
                    128,
                    12288,
                    151936,
                    40960,
                    false,
                    Style.LLAMA,
                    false,
                    null,
                    null,
                    "Qwen/Qwen3-8B config.json (Mooncake's KV-transfer measurements of disaggregated serving)",
                    QWEN3),
            new ModelArchitecture(
                    "qwen3-14b",
                    "Qwen3 14B",
                    40,
                    5120,
                    40,
                    8,
                    128,
                    17408,
                    151936,
                    40960,
                    false,
                    Style.LLAMA,
                    false,
                    null,
                    null,
                    "Qwen/Qwen3-14B config.json",
                    QWEN3),
            new ModelArchitecture(
                    "qwen3-32b",
                    "Qwen3 32B",
                    64,
                    5120,
                    64,
                    8,
                    128,
                    25600,
                    151936,
                    40960,
                    false,
                    Style.LLAMA,
                    false,
                    null,
                    null,
                    "Qwen/Qwen3-32B config.json",
                    QWEN3),
            // models of the published training runs in dev/sextant/model/validation/training-runs.csv (issue 16)
            new ModelArchitecture(
                    "qwen3-30b-a3b",
                    "Qwen3 30B-A3B",
                    48,
                    2048,
                    32,
                    4,
                    128,
                    6144,
                    151936,
                    40960,
                    false,
                    Style.LLAMA,
                    false,
                    new Moe(128, 8, 0, 768, 0, false),
                    null,
                    "Qwen/Qwen3-30B-A3B config.json",
                    QWEN3),
            new ModelArchitecture(
                    "qwen3-235b-a22b",
                    "Qwen3 235B-A22B",
                    94,
                    4096,
                    64,
                    4,
                    128,
                    12288,
                    151936,
                    40960,
                    false,
                    Style.LLAMA,
                    false,
                    new Moe(128, 8, 0, 1536, 0, false),
                    null,
                    "Qwen/Qwen3-235B-A22B config.json",
                    QWEN3),
            new ModelArchitecture(
                    "gpt-oss-120b",
                    "gpt-oss-120b",
                    36,
                    2880,
                    64,
                    8,
                    64,
                    2880,
                    201088,
                    131072,
                    false,
                    Style.LLAMA,
                    true,
                    new Moe(128, 4, 0, 2880, 0, true),
                    null,
                    "openai/gpt-oss-120b config.json (sliding window 128 on even layers, attention sinks, biased SwiGLU experts)",
                    new Block(2, false, QkNorm.NONE, true, true, true, true, alternatingWindow(36, 128))),
            // Grok-1 (xai-org/grok-1 model.py and run.py; as config.json in hpcai-tech/grok-1): 64 layers, 6144 wide,
            // 48 query and 8 KV heads of 128, 8 experts (top 2) of ffn_size(6144, widening 8) = 32,768, RMSNorm before
            // and after attention and MoE (4 per layer), output layer tied to the embedding (InOutEmbed.decode)
            new ModelArchitecture(
                    "grok-1",
                    "Grok-1 314B",
                    64,
                    6144,
                    48,
                    8,
                    128,
                    32768,
                    131072,
                    8192,
                    true,
                    Style.LLAMA,
                    false,
                    new Moe(8, 2, 0, 32768, 0, false),
                    null,
                    "xai-org/grok-1 model.py and run.py (hpcai-tech/grok-1 config.json)",
                    new Block(4, false, QkNorm.NONE, true, false, false, false, List.of())),
            // Nemotron-4 (arXiv 2402.16819 Table 1; arXiv 2406.11704 Table 1): GQA with 8 KV heads,
            // squared-ReLU 4h MLP (2 matrices), no biases, rotary positions, untied embeddings, 256k
            // vocabulary; LayerNorm (NemotronLayerNorm1P)
            new ModelArchitecture(
                    "nemotron-4-15b",
                    "Nemotron-4 15B",
                    32,
                    6144,
                    48,
                    8,
                    128,
                    24576,
                    256000,
                    4096,
                    false,
                    Style.LLAMA,
                    false,
                    null,
                    null,
                    "Nemotron-4 15B technical report, arXiv 2402.16819, Table 1",
                    NEMOTRON),
            new ModelArchitecture(
                    "nemotron-4-340b",
                    "Nemotron-4 340B",
                    96,
                    18432,
                    96,
                    8,
                    192,
                    73728,
                    256000,
                    4096,
                    false,
                    Style.LLAMA,
                    false,
                    null,
                    null,
                    "Nemotron-4 340B technical report, arXiv 2406.11704, Table 1",
                    NEMOTRON),
            // BLOOM (bigscience/bloom config.json): ALiBi (no learned positions), LayerNorm and biases everywhere, GELU
            // 4h MLP, tied embeddings; the checkpoint's extra LayerNorm after the embedding (2h) is not modelled
            new ModelArchitecture(
                    "bloom-176b",
                    "BLOOM 176B",
                    70,
                    14336,
                    112,
                    112,
                    128,
                    57344,
                    250880,
                    2048,
                    true,
                    Style.LLAMA,
                    true,
                    null,
                    null,
                    "bigscience/bloom config.json",
                    new Block(2, true, QkNorm.NONE, false, true, true, false, List.of())));

    /**
     * MPT as MosaicML's llm-foundry builds it (mosaicml/mpt-7b config.json: no_bias, ALiBi, expansion ratio 4, tied
     * embeddings): LayerNorm without bias, a 2-matrix GELU MLP, no biases, no learned positions. The benchmark table of
     * llm-foundry (scripts/train/benchmarking/README.md) runs its yaml sizes with a 50,368-token vocabulary.
     */
    public static ModelArchitecture mpt(String id, int layers, int hidden, int heads, int vocab, int positions) {
        return new ModelArchitecture(
                id,
                id,
                layers,
                hidden,
                heads,
                heads,
                hidden / heads,
                4 * hidden,
                vocab,
                positions,
                true,
                Style.LLAMA,
                false,
                null,
                null,
                "MosaicML llm-foundry MPT",
                new Block(2, false, QkNorm.NONE, false, false, false, false, List.of()));
    }

    /** Sliding-window attention on even layers and full attention on odd ones (gpt-oss layer_types). */
    private static List<AttentionKind> alternatingWindow(int layers, int window) {
        List<AttentionKind> kinds = new ArrayList<>();
        for (int i = 0; i < layers; i++) {
            kinds.add(i % 2 == 0 ? new AttentionKind.SlidingWindow(window) : new AttentionKind.Full());
        }
        return kinds;
    }

    private ModelCatalog() {}

    /** GPT as in Narayanan et al. (arXiv 2104.04473, Table 1): V = 51,200, s = 2,048, 4h MLP, tied embeddings. */
    private static ModelArchitecture gpt(String id, String name, int layers, int hidden, int heads) {
        return new ModelArchitecture(
                id,
                name,
                layers,
                hidden,
                heads,
                heads,
                hidden / heads,
                4 * hidden,
                51200,
                2048,
                true,
                Style.GPT,
                true,
                null,
                null,
                "Narayanan et al. 2021, arXiv 2104.04473, Table 1");
    }

    private static ModelArchitecture llama(
            String id,
            String name,
            int layers,
            int hidden,
            int heads,
            int kvHeads,
            int ffn,
            int vocab,
            int positions,
            String source) {
        return new ModelArchitecture(
                id,
                name,
                layers,
                hidden,
                heads,
                kvHeads,
                hidden / heads,
                ffn,
                vocab,
                positions,
                false,
                Style.LLAMA,
                false,
                null,
                null,
                source);
    }

    public static List<ModelArchitecture> all() {
        return MODELS;
    }

    /** Other names of catalog models: Llama 3.3 70B is Llama 3.1 70B's architecture; "llama3" spellings. */
    private static final Map<String, String> ALIASES = Map.of(
            "llama-3.3-70b",
            "llama-3.1-70b",
            "llama-3-405b",
            "llama-3.1-405b",
            "mixtral-8x7b-v0.1",
            "mixtral-8x7b",
            "mixtral-8x22b-v0.1",
            "mixtral-8x22b");

    /**
     * The model with that id or another name for it: case, a Hugging Face organisation ("meta-llama/"), a "meta-" prefix,
     * "llama3" for "llama-3" and "_" for "-" are forgiven.
     */
    public static Optional<ModelArchitecture> find(String id) {
        String key = CatalogKey.of(id);
        key = key.substring(key.lastIndexOf('/') + 1);
        if (key.startsWith("meta-llama-")) {
            key = key.substring("meta-".length());
        }
        key = key.replaceFirst("^llama(\\d)", "llama-$1");
        String k = ALIASES.getOrDefault(key, key);
        return MODELS.stream().filter(m -> m.id().equals(k)).findFirst();
    }

    /** The model with that id, or an error that lists the ids there are. */
    public static ModelArchitecture get(String id) {
        return find(id).orElseThrow(() -> new InputError(
                "model",
                "unknown model '" + id + "'; known: "
                        + String.join(
                                ", ", MODELS.stream().map(ModelArchitecture::id).toList())
                        + " (or give a config.json)"));
    }
}
