package dev.sextant.model.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sextant.model.BadInputException;
import dev.sextant.model.architecture.AttentionKind;
import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.contamination.BenchmarkItem;
import dev.sextant.model.contamination.CorpusScanner;
import dev.sextant.model.contamination.NgramIndex;
import dev.sextant.model.contamination.Normalization;
import dev.sextant.model.contamination.ScanSpec;
import dev.sextant.model.io.trainlog.TrainingLogFiles;
import dev.sextant.model.io.trainlog.TrainingLogFormat;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 33, parts 8, 9 and 12: shapes of files users download that the readers refused or misnamed. */
class RealFileShapesTest {

    @TempDir
    Path tmp;

    /** A pointer as Git LFS writes it (Git LFS specification, docs/spec.md). */
    static final String POINTER = "version https://git-lfs.github.com/spec/v1\n"
            + "oid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\nsize 12345\n";

    @Test
    void aGitLfsPointerIsNamedAsSuchWhateverTheFileClaimsToBe() throws Exception {
        Path gz = Files.writeString(tmp.resolve("train-00000.jsonl.gz"), POINTER);
        ScanSpec spec = new ScanSpec(13, 0.8, Normalization.defaults(), "text", null, 1, 3);
        NgramIndex index = NgramIndex.build(
                List.of(new BenchmarkItem(
                        "b", "1", "one two three four five six seven eight nine ten eleven " + "twelve thirteen")),
                13,
                spec.normalization());
        assertThatThrownBy(() -> CorpusScanner.scan(
                        index,
                        CorpusFiles.units(List.of(gz), CorpusFiles.DEFAULT_CHUNK),
                        spec,
                        ProgressListener.NONE,
                        CancellationToken.none()))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("train-00000.jsonl.gz: cannot read: a Git LFS pointer, not the file");
        Path parquet = Files.writeString(tmp.resolve("test-00000-of-00001.parquet"), POINTER);
        assertThatThrownBy(() -> BenchmarkItemFiles.read(parquet, List.of(), null))
                .hasMessageContaining("a Git LFS pointer, not the file");
        Path config = Files.writeString(tmp.resolve("config.json"), POINTER);
        assertThatThrownBy(() -> HfModelConfig.read(config))
                .hasMessageContaining("config.json: a Git LFS pointer, not the file");
        Path events = Files.writeString(tmp.resolve("events.out.tfevents.1700000000.host"), POINTER);
        assertThatThrownBy(() -> TrainingLogFiles.read(
                        List.of(events), TrainingLogFormat.AUTO, ProgressListener.NONE, CancellationToken.none()))
                .hasMessageContaining("a Git LFS pointer, not the file");
        assertThatThrownBy(() -> TrainingLogFiles.read(
                        List.of(events),
                        TrainingLogFormat.TENSORBOARD,
                        ProgressListener.NONE,
                        CancellationToken.none()))
                .hasMessageContaining("a Git LFS pointer, not the file");
    }

    private ObjectNode fixture(String name) throws Exception {
        return (ObjectNode) Json.readFile(Path.of(RealFileShapesTest.class
                .getResource("/hf-configs/" + name + ".json")
                .toURI()));
    }

    @Test
    void multimodalWrappersArePlannedByTheirLanguageModelAndSaySo() throws Exception {
        ModelArchitecture mistral = HfModelConfigTest.fixture("mistral-7b");
        for (String key : List.of("text_config", "llm_config", "language_config")) {
            ObjectNode wrapper = Json.mapper().createObjectNode();
            wrapper.put("model_type", "internvl_chat");
            wrapper.set(key, fixture("mistral-7b"));
            ObjectNode vision = wrapper.putObject("vision_config");
            vision.put("hidden_size", 1024).put("num_hidden_layers", 24).put("patch_size", 14);
            Path f = Files.createDirectories(tmp.resolve(key)).resolve("config.json");
            Files.writeString(f, Json.writePretty(wrapper));
            assertThat(HfModelConfig.read(f).parameters()).as(key).isEqualTo(mistral.parameters());
            assertThat(HfModelConfig.notes(f))
                    .contains(
                            "the language model under " + key
                                    + " is planned; the vision tower (vision_config) is not counted in parameters, memory or FLOPs");
            assertThat(HfModelConfig.read(f).name()).isEqualTo(key);
            assertThat(HfModelConfig.notes(f))
                    .as("the name's origin is said")
                    .contains("named '" + key + "' after its folder (a config.json does not name its model)");
        }
    }

    @Test
    void pythonsInfinityAndNaNInAConfigAreReadAsPythonReadsThemAndNamed() throws Exception {
        String text = Json.writePretty(fixture("mistral-7b"))
                .replaceFirst("\\{", "{\n  \"max_grad\": Infinity,\n  \"rope_scaling\": {\"beta\": NaN},");
        Path f = Files.writeString(tmp.resolve("config.json"), text);
        assertThat(HfModelConfig.read(f).parameters())
                .isEqualTo(HfModelConfigTest.fixture("mistral-7b").parameters());
        assertThat(HfModelConfig.notes(f))
                .contains("Infinity or NaN (written by Python's json module, not JSON) read as Python "
                        + "reads them at max_grad (Infinity), rope_scaling.beta (NaN)");
        // where the planner needs the value, a non-finite one is named with its field
        Path bad = Files.writeString(
                tmp.resolve("bad.json"),
                text.replaceFirst("\"num_hidden_layers\" : 32", "\"num_hidden_layers\" : Infinity"));
        assertThatThrownBy(() -> HfModelConfig.read(bad))
                .hasMessageContaining("num_hidden_layers: expected a positive whole number, got Infinity");
    }

    /**
     * Issue 33, part 11: Mistral-7B-v0.1's sliding_window 4096 on every layer, as vLLM applies it (its V1 KV cache
     * manager keeps at most the window's blocks a request: vllm/v1/kv_cache_interface.py, SlidingWindowSpec); Mistral
     * v0.3's null is none; Qwen2's only with use_sliding_window, from max_window_layers on.
     */
    @Test
    void mistralsSlidingWindowIsAppliedAsVllmAppliesIt() throws Exception {
        ModelArchitecture v01 = HfModelConfigTest.fixture("mistral-7b");
        assertThat(v01.block().attention()).hasSize(32).allMatch(a -> a.equals(new AttentionKind.SlidingWindow(4096)));
        // a 32,768-token request holds 4,096 tokens' blocks on each layer: ⌈4095/16⌉ + 1 = 257 blocks, not 2,048
        assertThat(v01.block().attention().get(0).blocksHeld(32_768, 16)).isEqualTo(257);
        assertThat(HfModelConfig.notes(Path.of(RealFileShapesTest.class
                        .getResource("/hf-configs/mistral-7b.json")
                        .toURI())))
                .anySatisfy(n -> assertThat(n).startsWith("sliding_window 4096 applied as vLLM applies it"));
        ObjectNode v03 = fixture("mistral-7b");
        v03.putNull("sliding_window");
        Path f = Files.writeString(tmp.resolve("v03.json"), Json.writePretty(v03));
        assertThat(HfModelConfig.read(f).block().attention()).isEmpty();
        ObjectNode qwen = fixture("mistral-7b");
        qwen.put("model_type", "qwen2").put("use_sliding_window", true).put("max_window_layers", 28);
        Path q = Files.writeString(tmp.resolve("qwen.json"), Json.writePretty(qwen));
        List<AttentionKind> kinds = HfModelConfig.read(q).block().attention();
        assertThat(kinds.subList(0, 28)).allMatch(a -> a instanceof AttentionKind.Full);
        assertThat(kinds.subList(28, 32)).allMatch(a -> a instanceof AttentionKind.SlidingWindow);
    }

    /**
     * Issue 33, part 10, on published configs (hf-configs/SOURCES.md). Expected counts: LLaVA-1.5-7B's language model is
     * Vicuna-7B, Llama 2 7B's 6,738,415,616 with 64 more vocabulary rows in its untied embedding and head (+2 × 64 × 4,096,
     * hand calculation); Qwen1.5-MoE-A2.7B "14.3B total, 2.7B activated" (Qwen's release, NVIDIA NeMo's model page);
     * Kimi K2, a DeepSeek-V3 architecture of 384 experts and 64 heads, by hand from its config: MLA attention
     * 101,116,160 a layer with its two norms, 385 experts of 3 × 7,168 × 2,048 plus the router (384 × 7,168 weights and
     * 384 biases) in 60 layers, one dense layer of 3 × 7,168 × 18,432, untied 163,840 × 7,168 embedding and head:
     * 1,026,408,232,448 (the card rounds to "1T total, 32B activated").
     */
    @Test
    void currentFamiliesArePlannedWithTheirPublishedCountsOrRefusedNamingTheField() throws Exception {
        ModelArchitecture llava = HfModelConfigTest.fixture("llava-1.5-7b");
        assertThat(llava.parameters().total()).isEqualTo(6_738_415_616L + 2L * 64 * 4096);
        ModelArchitecture qwenMoe = HfModelConfigTest.fixture("qwen1.5-moe-a2.7b");
        assertThat(qwenMoe.parameters().total() / 1e9).isCloseTo(14.3, Assertions.within(0.1));
        assertThat(qwenMoe.parameters().active() / 1e9).isCloseTo(2.7, Assertions.within(0.1));
        ModelArchitecture kimi = HfModelConfigTest.fixture("kimi-k2");
        assertThat(kimi.parameters().total()).isEqualTo(1_026_408_232_448L);
        assertThat(kimi.parameters().active() / 1e9).isCloseTo(32, Assertions.within(1.0));
        assertThat(HfModelConfigTest.fixture("mistral-7b-v0.3").block().attention())
                .isEmpty();
        assertThatThrownBy(() -> HfModelConfigTest.fixture("nemotron-h-56b"))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining(
                        "nemotron-h-56b.json: hybrid_override_pattern: a hybrid of attention and Mamba state-space layers (")
                .hasMessageContaining("the planners do not model it yet");
        assertThatThrownBy(() -> HfModelConfigTest.fixture("jamba-v0.1"))
                .hasMessageContaining("jamba-v0.1.json: attn_layer_period: a hybrid");
        assertThatThrownBy(() -> HfModelConfigTest.fixture("qwen3-next-80b-a3b"))
                .hasMessageContaining(
                        "full_attention_interval: a hybrid of attention and linear-attention (Gated DeltaNet) layers");
    }
}
