package dev.sextant.model.architecture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.sextant.model.architecture.ModelArchitecture.Style;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

/** Parameter counts against published safetensors totals and the Megatron-LM paper's closed form. */
class ParameterCountTest {

    static long total(String id) {
        return ModelCatalog.get(id).parameters().total();
    }

    @Test
    void denseLlamaFamilyMatchesTheSafetensorsCounts() {
        // the models' own weights (the Hub's totals for the Llama 2 -hf repos add 64 rotary-buffer values per layer)
        assertThat(total("llama-2-7b")).isEqualTo(6_738_415_616L);
        assertThat(total("llama-2-13b")).isEqualTo(13_015_864_320L);
        assertThat(total("llama-2-70b")).isEqualTo(68_976_648_192L);
        assertThat(total("llama-3-8b")).isEqualTo(8_030_261_248L);
        assertThat(total("llama-3-70b")).isEqualTo(70_553_706_496L);
        assertThat(total("llama-3.1-405b")).isEqualTo(405_853_388_800L);
        assertThat(total("qwen2.5-72b")).as("q/k/v biases included").isEqualTo(72_706_203_648L);
    }

    @Test
    void mixtureOfExpertsCountsTotalAndActive() {
        ParameterCount mixtral = ModelCatalog.get("mixtral-8x7b").parameters();
        assertThat(mixtral.total()).isEqualTo(46_702_792_704L); // "46.7B total"
        assertThat(mixtral.active()).isEqualTo(12_879_925_248L); // "12.9B active" (Mistral AI, Mixtral of experts)
        ParameterCount v3 = ModelCatalog.get("deepseek-v3").parameters();
        assertThat(v3.total())
                .as("671B main model; the 14B MTP module is not counted")
                .isEqualTo(671_026_419_200L);
        assertThat(v3.active() / 1e9)
                .as("37B activated per token (DeepSeek-V3 report)")
                .isBetween(37.0, 38.0);
    }

    @Test
    void modelsOfThePublishedRunsMatchTheirPublishedTotals() {
        // Nemotron-4 15B (arXiv 2402.16819, §2): "3.2 billion embedding parameters and
        // 12.5 billion non-embedding parameters"
        ParameterCount n15 = ModelCatalog.get("nemotron-4-15b").parameters();
        assertThat((double) n15.embedding() + n15.output()).isCloseTo(3.2e9, within(0.06e9));
        assertThat((double) n15.total() - n15.embedding() - n15.output()).isCloseTo(12.5e9, within(0.05e9));
        // Nemotron-4 340B (arXiv 2406.11704, §2.2): "9.4 billion embedding parameters
        // and 331.6 billion non-embedding parameters"
        ParameterCount n340 = ModelCatalog.get("nemotron-4-340b").parameters();
        assertThat((double) n340.embedding() + n340.output()).isCloseTo(9.4e9, within(0.05e9));
        assertThat((double) n340.total() - n340.embedding() - n340.output()).isCloseTo(331.6e9, within(0.05e9));
        // BLOOM (bigscience/bloom model card: 176,247,271,424 parameters), less the embedding LayerNorm (2h) the
        // architecture record has no place for
        assertThat(total("bloom-176b") + 2 * 14336).isEqualTo(176_247_271_424L);
        // Grok-1: xAI's release names "314B parameters"; the config's widths give 315.7B (the release rounds, and does
        // not publish an exact count), a quarter of the expert weights active per token
        ParameterCount grok = ModelCatalog.get("grok-1").parameters();
        assertThat(grok.total()).isEqualTo(315_684_820_992L);
        assertThat(grok.total() / 314e9 - 1).isCloseTo(0, within(0.006));
        assertThat(grok.moeActivePerLayer() - grok.moeMlpPerLayer() / 4).isLessThan(grok.moeMlpPerLayer() / 100);
        // Mixtral 8x22B: "141B parameters … 39B active" (Mistral AI, "Cheaper, Better, Faster, Stronger", 2024-04-17)
        ParameterCount mixtral = ModelCatalog.get("mixtral-8x22b").parameters();
        assertThat(mixtral.total() / 141e9 - 1).isCloseTo(0, within(0.005));
        assertThat(mixtral.active() / 39e9 - 1).isCloseTo(0, within(0.013));
        // DeepSeek-V2: "236B total parameters, of which 21B are activated for each token" (arXiv 2405.04434, abstract)
        ParameterCount v2 = ModelCatalog.get("deepseek-v2").parameters();
        assertThat(v2.total() / 236e9 - 1).isCloseTo(0, within(0.002));
        assertThat(v2.active() / 21e9 - 1).isCloseTo(0, within(0.025));
        // Qwen2-57B-A14B: "57B parameters … 14B activated" (Qwen2 technical report, arXiv 2407.10671, Table 1)
        ParameterCount q57 = ModelCatalog.get("qwen2-57b-a14b").parameters();
        assertThat(q57.total() / 57e9 - 1).isCloseTo(0, within(0.008));
        assertThat(q57.active() / 14e9 - 1).isCloseTo(0, within(0.02));
        // MPT as llm-foundry builds it: mosaicml/mpt-7b (vocabulary 50,432) holds 6,649,286,656 parameters
        assertThat(ModelCatalog.mpt("mpt-7b", 32, 4096, 32, 50432, 2048)
                        .parameters()
                        .total())
                .isEqualTo(6_649_286_656L);
    }

    @Test
    void gpt2SmallIsTheFamiliar124M() {
        ModelArchitecture gpt2 = new ModelArchitecture(
                "gpt2",
                "GPT-2",
                12,
                768,
                12,
                12,
                64,
                3072,
                50257,
                1024,
                true,
                Style.GPT,
                true,
                null,
                null,
                "openai-community/gpt2");
        assertThat(gpt2.parameters().total()).isEqualTo(124_439_808L);
    }

    @Test
    void gptMatchesNarayananEquation2PlusTheFinalLayerNorm() {
        // P = 12 l h² (1 + 13/(12h) + (V + s)/(12 l h)) (arXiv 2104.04473, Eq. 2); the
        // paper leaves out the final LayerNorm's 2h
        for (String id : new String[] {"gpt-1.7b", "gpt-175b", "gpt-1t"}) {
            ModelArchitecture m = ModelCatalog.get(id);
            double l = m.layers();
            double h = m.hidden();
            double eq2 = 12 * l * h * h * (1 + 13 / (12 * h) + (m.vocab() + m.maxPositions()) / (12 * l * h));
            assertThat((double) m.parameters().total()).isCloseTo(eq2 + 2 * h, within(1.0));
        }
        assertThat(total("gpt-175b") / 1e9).isCloseTo(175, within(0.5));
    }

    @Test
    void impossibleShapesAreRefused() {
        assertThatThrownBy(() -> new ModelArchitecture(
                        "x", "x", 2, 64, 6, 4, 16, 128, 100, 128, false, Style.LLAMA, false, null, null, ""))
                .hasMessageContaining("multiple of key/value heads");
        assertThatThrownBy(() -> ModelCatalog.get("llama-9")).hasMessageContaining("known: ");
    }

    @Test
    void modelsAnswerToTheNamesPeopleUse() {
        Assertions.assertThat(ModelCatalog.get("meta-llama/Meta-Llama-3-70B").id())
                .isEqualTo("llama-3-70b");
        Assertions.assertThat(ModelCatalog.get("llama3-8b").id()).isEqualTo("llama-3-8b");
        Assertions.assertThat(ModelCatalog.get("Llama-3.3-70B").id()).isEqualTo("llama-3.1-70b");
        Assertions.assertThat(ModelCatalog.get("mistralai/Mixtral-8x22B-v0.1").id())
                .isEqualTo("mixtral-8x22b");
        // Llama 3.1 is Llama 3's architecture with a 128k context
        Assertions.assertThat(ModelCatalog.get("llama-3.1-70b").parameters().total())
                .isEqualTo(ModelCatalog.get("llama-3-70b").parameters().total());
        Assertions.assertThat(ModelCatalog.get("llama-3.1-70b").maxPositions()).isEqualTo(131072);
        Assertions.assertThat(ModelCatalog.find("llama-9-1t")).isEmpty();
    }
}
