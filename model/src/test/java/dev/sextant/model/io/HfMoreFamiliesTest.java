package dev.sextant.model.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sextant.model.BadInputException;
import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.architecture.ParameterCount;
import dev.sextant.model.hardware.GpuCatalog;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.serving.BatchingSimulator;
import dev.sextant.model.serving.ServingMemory;
import dev.sextant.model.serving.ServingReplica;
import dev.sextant.model.serving.WeightFormat;
import dev.sextant.model.training.ComputeEfficiency;
import dev.sextant.model.training.LayoutSearch;
import dev.sextant.model.training.TrainingRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The families added for issue 38 (GPT-J, GPT-NeoX and Pythia, Phi-2, Command R, StarCoder2, DBRX, OLMoE), read from
 * their published config.json files (hf-configs/SOURCES.md), counted against the published parameter counts, and
 * planned end to end: a serving memory plan, a simulated run and a training layout search each must come out.
 */
class HfMoreFamiliesTest {

    @TempDir
    Path tmp;

    static ModelArchitecture fixture(String name) throws Exception {
        return HfModelConfigTest.fixture(name);
    }

    /**
     * GPT-NeoX-20B: 20,554,567,680 parameters and Pythia-12B: 11,846,072,320 (EleutherAI's model cards), exactly: 2 V h
     * for the untied embedding and output, and per layer 4h² + 4h (q, k, v, o with biases), 2 · 2h (two LayerNorms) and
     * 2 h f + f + h (the GELU MLP with biases), plus the final LayerNorm's 2h.
     */
    @Test
    void gptNeoxCountsAsPublished() throws Exception {
        assertThat(fixture("gpt-neox-20b").parameters().total()).isEqualTo(20_554_567_680L);
        assertThat(fixture("pythia-12b").parameters().total()).isEqualTo(11_846_072_320L);
        // Pythia's card also gives the non-embedding count: without the embedding and output matrices
        ParameterCount p = fixture("pythia-12b").parameters();
        assertThat(p.total() - p.embedding() - p.output()).isEqualTo(11_327_027_200L);
    }

    /**
     * GPT-J-6B: by hand 2 · 50,400 · 4,096 (untied) + 28 · (4 · 4,096² + 2 · 4,096 + 2 · 4,096 · 16,384 + 16,384 +
     * 4,096) + 2 · 4,096 = 6,050,832,384 (the output layer's 50,400 biases left out); the model card says
     * 6,053,381,344, 0.04 % more.
     */
    @Test
    void gptjCountsByHandAndNearTheCard() throws Exception {
        ModelArchitecture m = fixture("gpt-j-6b");
        assertThat(m.layers()).isEqualTo(28);
        assertThat(m.ffn()).isEqualTo(4 * 4096); // n_inner null: 4 n_embd
        assertThat(m.block().norms()).isEqualTo(1); // attention and MLP read one LayerNorm
        assertThat(m.parameters().total()).isEqualTo(6_050_832_384L);
        assertThat((double) m.parameters().total() / 6_053_381_344L).isBetween(0.999, 1.0);
    }

    /** Published sizes in the model cards and papers, to their stated precision. */
    @ParameterizedTest
    @CsvSource({
        // file, total, active (0: dense), relative tolerance
        "phi-2, 2.78e9, 0, 0.01", // Microsoft: "2.7 billion"; 2,779,683,840 by the same count
        "command-r-v01, 35e9, 0, 0.02", // Cohere: "35 billion parameters"
        "starcoder2-15b, 16.0e9, 0, 0.03", // BigCode: "15B"; untied, biased, 15.96 B
        "dbrx-instruct, 132e9, 36e9, 0.02", // Databricks: 132 B total, 36 B active
        "olmoe-1b-7b, 6.92e9, 1.28e9, 0.02" // Muennighoff et al. 2024 (arXiv 2409.02060) §2: 6.9 B, 1.3 B active
    })
    void sizesMatchThePublishedFigures(String file, double total, double active, double tolerance) throws Exception {
        ParameterCount p = fixture(file).parameters();
        assertThat(p.total() / total).isBetween(1 - tolerance, 1 + tolerance);
        if (active > 0) {
            assertThat(p.active() / active).isBetween(1 - tolerance, 1 + tolerance);
        }
    }

    @Test
    void theFamiliesKeepTheirShapes() throws Exception {
        ModelArchitecture dbrx = fixture("dbrx-instruct");
        assertThat(dbrx.kvHeads()).isEqualTo(8); // attn_config.kv_n_heads
        assertThat(dbrx.moe().experts()).isEqualTo(16);
        assertThat(dbrx.moe().topK()).isEqualTo(4);
        assertThat(dbrx.moeLayers()).isEqualTo(40);
        ModelArchitecture starcoder = fixture("starcoder2-15b");
        assertThat(starcoder.kvHeads()).isEqualTo(4);
        assertThat(starcoder.tiedEmbeddings()).isFalse();
        assertThat(starcoder.block().attention()).hasSize(40); // every layer a 4,096-token window
        ModelArchitecture cohere = fixture("command-r-v01");
        assertThat(cohere.tiedEmbeddings()).isTrue();
        assertThat(cohere.block().gatedMlp()).isTrue();
        ModelArchitecture olmoe = fixture("olmoe-1b-7b");
        assertThat(olmoe.moe().experts()).isEqualTo(64);
        assertThat(olmoe.moe().topK()).isEqualTo(8);
    }

    /** Every added family plans and simulates: a memory plan that fits, a short run, and a training layout. */
    @ParameterizedTest
    @CsvSource({
        "gpt-j-6b, 1",
        "gpt-neox-20b, 2",
        "pythia-12b, 1",
        "phi-2, 1",
        "command-r-v01, 2",
        "starcoder2-15b, 1",
        "dbrx-instruct, 4",
        "olmoe-1b-7b, 1"
    })
    void everyFamilyPlansAndSimulates(String file, int tp) throws Exception {
        ModelArchitecture m = fixture(file);
        ServingReplica r =
                ServingReplica.of(m, GpuCatalog.get("h100-sxm"), tp, WeightFormat.BF16, false, 256, 8192, true);
        ServingMemory memory = r.memory();
        assertThat(memory.fits()).as(memory.doesNotFit()).isTrue();
        List<BatchingSimulator.Request> burst = new ArrayList<>();
        for (int i = 0; i < 32; i++) {
            burst.add(new BatchingSimulator.Request(0, 1000, 100));
        }
        BatchingSimulator.Outcome o = r.simulate(burst, 1, 0, false, CancellationToken.none());
        assertThat(o.outputTokens()).isEqualTo(32L * 100);
        assertThat(o.throughputTokensPerSecond()).isPositive();

        TrainingRequest request = TrainingRequest.builder(m, GpuCatalog.get("h100-sxm"))
                .cluster(64, 8)
                .batch(Math.min(2048, m.maxPositions()), 512)
                .fixed(LayoutSearch.Fixed.none())
                .build();
        assertThat(request.search(ComputeEfficiency.DEFAULTS).plans()).isNotEmpty();
    }

    @Test
    void aNestedKeyIsNamedWithItsObject() throws Exception {
        Path f = Files.writeString(
                tmp.resolve("config.json"),
                "{\"model_type\": \"dbrx\", \"d_model\": 64, \"n_heads\": 4, \"n_layers\": 2, \"vocab_size\": 100,"
                        + " \"attn_config\": {\"kv_n_heads\": 2}, \"ffn_config\": {\"ffn_hidden_size\": 128,"
                        + " \"moe_num_experts\": 4}}");
        assertThatThrownBy(() -> HfModelConfig.read(f))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("ffn_config.moe_top_k: missing");
    }
}
