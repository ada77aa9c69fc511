package dev.sextant.model.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sextant.model.BadInputException;
import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.architecture.ModelCatalog;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Hugging Face config.json files (the published models' fields) read into architectures with the published counts. */
class HfModelConfigTest {

    @TempDir
    Path tmp;

    static ModelArchitecture fixture(String name) throws URISyntaxException {
        return HfModelConfig.read(Path.of(HfModelConfigTest.class
                .getResource("/hf-configs/" + name + ".json")
                .toURI()));
    }

    @Test
    void publishedConfigsGiveThePublishedCounts() throws Exception {
        assertThat(fixture("gpt2").parameters().total()).isEqualTo(124_439_808L);
        assertThat(fixture("mistral-7b").parameters().total()).isEqualTo(7_241_732_096L);
        assertThat(fixture("llama-3-8b").parameters().total()).isEqualTo(8_030_261_248L);
        assertThat(fixture("qwen2.5-72b").parameters().total()).isEqualTo(72_706_203_648L);
        ModelArchitecture mixtral = fixture("mixtral-8x7b");
        assertThat(mixtral.parameters().total()).isEqualTo(46_702_792_704L);
        assertThat(mixtral.parameters().active()).isEqualTo(12_879_925_248L);
        ModelArchitecture v3 = fixture("deepseek-v3");
        assertThat(v3.parameters()).isEqualTo(ModelCatalog.get("deepseek-v3").parameters());
    }

    @Test
    void missingKeysAndUnknownArchitecturesNameTheProblem() throws Exception {
        Path noLayers =
                Files.writeString(tmp.resolve("config.json"), "{\"model_type\": \"llama\", \"hidden_size\": 4096}");
        assertThatThrownBy(() -> HfModelConfig.read(noLayers))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("config.json")
                .hasMessageContaining("num_attention_heads")
                .hasMessageContaining("missing");
        Path mamba = Files.writeString(tmp.resolve("mamba.json"), "{\"model_type\": \"mamba\", \"d_model\": 768}");
        assertThatThrownBy(() -> HfModelConfig.read(mamba))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("unsupported architecture 'mamba'")
                .hasMessageContaining("llama");
        Path badHeads = Files.writeString(
                tmp.resolve("heads.json"),
                "{\"model_type\": \"llama\", \"hidden_size\": 100, \"num_attention_heads\": 3, \"num_hidden_layers\": 2,"
                        + " \"intermediate_size\": 10, \"vocab_size\": 10}");
        assertThatThrownBy(() -> HfModelConfig.read(badHeads))
                .hasMessageContaining("num_attention_heads (3) must divide hidden_size");
        Path notJson = Files.writeString(tmp.resolve("broken.json"), "{\n\"a\": ");
        assertThatThrownBy(() -> HfModelConfig.read(notJson))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("broken.json:2: invalid JSON at column");
    }
}
