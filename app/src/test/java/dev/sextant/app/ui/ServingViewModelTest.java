package dev.sextant.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sextant.app.ui.serving.ServingViewModel;
import dev.sextant.app.ui.training.TrainingViewModel;
import dev.sextant.model.architecture.ModelCatalog;
import dev.sextant.model.hardware.GpuCatalog;
import dev.sextant.model.serving.WeightFormat;
import dev.sextant.workspaces.SavedServingPlan;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The Serving area's view model over a real workspace with a synchronous job runner. */
class ServingViewModelTest extends DemoWorkspaceTest {

    ServingViewModel vm;

    @BeforeEach
    void open() {
        vm = new ServingViewModel(shell);
    }

    @Test
    void theDemoPlanOpensWithItsInputsAndStudy() {
        assertThat(vm.saved()).singleElement().matches(SavedServingPlan::demo);
        vm.open(vm.saved().get(0));
        assertThat(vm.modelProperty().get().id()).isEqualTo("llama-3-70b");
        assertThat(vm.textInputs().get("tp").get()).isEqualTo("4");
        assertThat(vm.textInputs().get("prefixTokens").get()).isEqualTo("640");
        assertThat(vm.prefixProperty().get().sharedTokens()).isEqualTo(640);
        assertThat(vm.textInputs().get("traffic").get()).startsWith("start,rate\n00:00,3\n");
        assertThat(vm.studyProperty().get().levers()).isNotEmpty();
        assertThat(vm.summaryProperty().get())
                .startsWith("Kept plan")
                .contains("requests/s (80 % interval")
                .contains("within P99 TTFT");
    }

    @Test
    void thePlanIsShownBeforeItsLeversAreJudgedAndThenWhole() {
        vm.open(vm.saved().get(0));
        List<String> seen = new ArrayList<>();
        vm.studyProperty()
                .addListener((o, a, s) -> seen.add(
                        s.levers().isEmpty()
                                ? "without levers, complete "
                                        + vm.studyCompleteProperty().get()
                                : "with " + s.levers().size() + " levers, complete "
                                        + vm.studyCompleteProperty().get()));
        vm.plan();
        assertThat(seen).hasSize(2);
        assertThat(seen.get(0)).isEqualTo("without levers, complete false");
        assertThat(seen.get(1)).startsWith("with ").endsWith("complete true");
        assertThat(vm.studyCompleteProperty().get()).isTrue();
        assertThat(vm.summaryProperty().get()).contains("worked out in").doesNotContain("judging");
    }

    @Test
    void aStudyWhoseInputsChangedIsMarkedStaleAndAProjectSwitchClearsIt() {
        vm.open(vm.saved().get(0));
        assertThat(vm.staleProperty().get())
                .as("a kept plan opens with its own inputs")
                .isFalse();
        vm.modelProperty().set(ModelCatalog.get("llama-3-8b"));
        assertThat(vm.staleProperty().get())
                .as("the headline, Latency and Day tabs still show the 70B")
                .isTrue();
        assertThat(vm.studyProperty().get()).isNotNull();
        shell.createProject("Other", "");
        assertThat(vm.studyProperty().get()).isNull();
        assertThat(vm.summaryProperty().get()).isEmpty();
        assertThat(vm.staleProperty().get()).isFalse();
        assertThat(vm.saved()).isEmpty();
        assertThat(vm.memoryProperty().get())
                .as("the inputs stay: memory follows them")
                .isNotNull();
        assertThat(failures).isEmpty();
    }

    @Test
    void theMemoryPlanFollowsEditsAndAModelThatDoesNotFitIsSaid() {
        vm.modelProperty().set(ModelCatalog.get("llama-3-8b"));
        vm.gpuProperty().set(GpuCatalog.get("h100-sxm"));
        long bf16 = vm.memoryProperty().get().kvTokens();
        vm.weightsProperty().set(WeightFormat.FP8);
        assertThat(vm.memoryProperty().get().kvTokens()).isGreaterThan(bf16);
        vm.modelProperty().set(ModelCatalog.get("llama-3-70b"));
        vm.weightsProperty().set(WeightFormat.BF16);
        assertThat(vm.problemProperty().get()).contains("does not fit").contains("GiB short");
        assertThat(vm.problemFieldProperty().get()).isEqualTo("tp");
        vm.textInputs().get("tp").set("4");
        assertThat(vm.problemProperty().get()).isEmpty();
        assertThat(vm.prefixProperty().get()).isNull();
        vm.textInputs().get("prefixTokens").set("1000");
        vm.textInputs().get("prefixShare").set("0.5");
        assertThat(vm.prefixProperty().get().maxConcurrency())
                .isGreaterThan(vm.memoryProperty().get().maxConcurrency());
        vm.textInputs().get("prefixShare").set("2");
        assertThat(vm.problemFieldProperty().get()).isEqualTo("prefixShare");
        vm.textInputs().get("prefixShare").set("0.5");
        vm.textInputs().get("blockSize").set("0");
        assertThat(vm.problemProperty().get()).startsWith("Block size");
        assertThat(vm.problemFieldProperty().get()).isEqualTo("blockSize");
    }

    /**
     * The engine's defaults, as the CLI applies them (EngineProfile): vLLM V1 on an H100 1,024 sequences and 8,192
     * tokens; TensorRT-LLM 2,048 sequences and a KV cache of 0.9 of the memory the weights leave free — on Llama-3-70B
     * at TP 4 in BF16 (about 33 GiB of weights on a 79.2 GiB card) more KV than vLLM's 0.9 of the whole card. A value
     * the user typed stays.
     */
    @Test
    void theEngineSetsItsOwnBatchLimitsAndMemoryRuleUnlessTheUserTypedThem() {
        vm.modelProperty().set(ModelCatalog.get("llama-3-70b"));
        vm.gpuProperty().set(GpuCatalog.get("h100-sxm"));
        vm.textInputs().get("tp").set("4");
        assertThat(vm.textInputs().get("maxNumSeqs").get()).isEqualTo("1024");
        assertThat(vm.textInputs().get("maxNumBatchedTokens").get()).isEqualTo("8192");
        long vllmKv = vm.memoryProperty().get().kvTokens();
        vm.textInputs().get("maxNumBatchedTokens").set("4096");
        vm.engineProperty().set("trtllm");
        assertThat(vm.textInputs().get("maxNumSeqs").get()).isEqualTo("2048");
        assertThat(vm.textInputs().get("maxNumBatchedTokens").get())
                .as("typed by the user")
                .isEqualTo("4096");
        assertThat(vm.textInputs().get("gpuMemoryUtilization").get()).isEqualTo("0.9");
        assertThat(vm.memoryProperty().get().spec().gpuMemoryUtilization()).isGreaterThan(0.9);
        assertThat(vm.memoryProperty().get().kvTokens()).isGreaterThan(vllmKv);
        vm.engineProperty().set("lmdeploy");
        assertThat(vm.textInputs().get("gpuMemoryUtilization").get()).isEqualTo("0.8");
        vm.engineProperty().set("sglang");
        assertThat(vm.textInputs().get("gpuMemoryUtilization").get()).isEqualTo("0.88");
        assertThat(vm.memoryProperty().get().spec().gpuMemoryUtilization()).isEqualTo(0.88);
    }

    @Test
    void expertParallelismIsAnInputOfTheReplica() {
        vm.modelProperty().set(ModelCatalog.get("llama-3-8b"));
        vm.gpuProperty().set(GpuCatalog.get("h100-sxm"));
        vm.textInputs().get("ep").set("2");
        assertThat(vm.problemProperty().get()).contains("mixtures of experts");
        assertThat(vm.problemFieldProperty().get()).isEqualTo("ep");
        vm.modelProperty().set(ModelCatalog.get("qwen3-30b-a3b"));
        assertThat(vm.problemProperty().get()).isEmpty();
        long ep2 = vm.memoryProperty().get().kvTokens();
        vm.textInputs().get("ep").set("1");
        // TP 1 and EP 2: two attention replicas, each holding the attention layers whole and half the experts
        assertThat(ep2).isNotEqualTo(vm.memoryProperty().get().kvTokens());
    }

    @Test
    void anInvalidTpMarksTheTpField() {
        vm.modelProperty().set(ModelCatalog.get("llama-3-8b"));
        vm.gpuProperty().set(GpuCatalog.get("h100-sxm"));
        vm.textInputs().get("tp").set("3");
        assertThat(vm.problemProperty().get()).isEqualTo("TP (3) must divide the 32 attention heads");
        assertThat(vm.problemFieldProperty().get()).isEqualTo("tp");
        vm.textInputs().get("tp").set("x");
        assertThat(vm.problemProperty().get()).isEqualTo("TP: expected a whole number, got 'x'");
        assertThat(vm.problemFieldProperty().get()).isEqualTo("tp");
        vm.textInputs().get("tp").set("1");
        assertThat(vm.problemProperty().get()).isEmpty();
        assertThat(vm.problemFieldProperty().get()).isEmpty();
    }

    @Test
    void planKeepAndBadTrafficNamesTheLine() throws Exception {
        vm.modelProperty().set(ModelCatalog.get("llama-3-8b"));
        vm.gpuProperty().set(GpuCatalog.get("h100-sxm"));
        vm.textInputs().get("traffic").set("start,rate\n00:00,2\n08:00,x\n");
        vm.plan();
        assertThat(vm.problemProperty().get()).isEqualTo("Traffic:3: rate: expected a number, got 'x'");
        assertThat(vm.problemFieldProperty().get()).isEqualTo("traffic");
        vm.textInputs().get("traffic").set("start,rate\n00:00,2\n08:00,12\n20:00,4\n");
        vm.textInputs().get("promptTokens").set("const:500");
        vm.textInputs().get("outputTokens").set("const:100");
        vm.plan();
        assertThat(failures).isEmpty();
        assertThat(vm.problemProperty().get()).isEmpty();
        var s = vm.studyProperty().get();
        assertThat(s.day().windows()).hasSize(3);
        assertThat(s.goodputPerReplica()).isPositive();
        vm.save("8B on one H100");
        assertThat(vm.saved()).extracting(SavedServingPlan::name).contains("8B on one H100");
        // the engine is an input like the others: TensorRT-LLM's lighter host
        // serves more here, and a kept plan keeps it
        double vllm = s.goodputPerReplica();
        vm.engineProperty().set("trtllm");
        assertThat(vm.staleProperty().get()).isTrue();
        vm.plan();
        assertThat(vm.studyProperty().get().goodputPerReplica()).isNotEqualTo(vllm);
        vm.save("8B on TensorRT-LLM");
        vm.engineProperty().set("vllm");
        vm.open(vm.saved().stream()
                .filter(p -> p.name().equals("8B on TensorRT-LLM"))
                .findFirst()
                .orElseThrow());
        assertThat(vm.engineProperty().get()).isEqualTo("trtllm");
        // a prompt-length file that is not there is reported, not thrown at the user
        vm.textInputs().get("promptTokens").set("file:" + tmp.resolve("missing.txt"));
        vm.plan();
        assertThat(vm.problemProperty().get()).contains("missing.txt");
        // a traffic file loads into the text
        Path csv = Files.writeString(tmp.resolve("day.csv"), "start,rate\n0,1\n12,5.5\n");
        vm.loadTraffic(csv);
        assertThat(vm.textInputs().get("traffic").get()).isEqualTo("start,rate\n00:00,1\n12:00,5.5\n");
    }

    @Test
    void theEnginesAreComparedOnTheReplicaOnTheFormEachAtItsOwnDefaults() {
        vm.modelProperty().set(ModelCatalog.get("llama-3.1-8b"));
        vm.gpuProperty().set(GpuCatalog.get("l40s"));
        vm.textInputs().get("tp").set("1");
        vm.textInputs().get("promptTokens").set("const:800");
        vm.textInputs().get("outputTokens").set("const:150");
        vm.textInputs().get("sloTtft").set("2");
        vm.textInputs().get("sloTpot").set("0.08");
        vm.textInputs().get("maxModelLen").set("8192");
        // limits the user typed for the chosen engine do not carry over to the others
        vm.textInputs().get("maxNumSeqs").set("7");
        vm.compareEngines();
        assertThat(failures).isEmpty();
        var rows = vm.enginesProperty().get();
        assertThat(rows)
                .extracting(r -> r.name())
                .containsExactly(
                        "vLLM (V1 engine)", "vLLM V0 (0.4–0.6)", "SGLang", "TensorRT-LLM", "LMDeploy (TurboMind)");
        assertThat(rows.get(0).change()).startsWith("max_num_seqs 256,");
        assertThat(rows).allMatch(r -> r.problem() == null && r.goodputPerGpu() > 0);
        assertThat(vm.enginesStaleProperty().get()).isFalse();
        // the engine's own fields do not make the comparison stale; the workload does
        vm.textInputs().get("maxNumSeqs").set("9");
        assertThat(vm.enginesStaleProperty().get()).isFalse();
        vm.textInputs().get("sloTpot").set("0.1");
        assertThat(vm.enginesStaleProperty().get()).isTrue();
        // a bad input names its field and leaves the last comparison
        vm.textInputs().get("sloTtft").set("soon");
        vm.compareEngines();
        assertThat(vm.problemFieldProperty().get()).isEqualTo("sloTtft");
        assertThat(vm.enginesProperty().get()).isSameAs(rows);
    }

    @Test
    void disaggregatedServingIsComparedWithTheReplicaOnTheForm() {
        vm.modelProperty().set(ModelCatalog.get("llama-3.1-8b"));
        vm.gpuProperty().set(GpuCatalog.get("h100-sxm"));
        vm.textInputs().get("tp").set("1");
        vm.textInputs().get("promptTokens").set("const:2000");
        vm.textInputs().get("outputTokens").set("const:200");
        vm.textInputs().get("sloTtft").set("1");
        vm.textInputs().get("sloTpot").set("0.03");
        vm.textInputs().get("prefillTp").set("x");
        vm.compareDisaggregated();
        assertThat(vm.problemFieldProperty().get()).isEqualTo("prefillTp");
        assertThat(vm.disaggregationProperty().get()).isNull();
        vm.textInputs().get("prefillTp").set("1");
        vm.textInputs().get("decodeTp").set("1");
        vm.compareDisaggregated();
        assertThat(failures).isEmpty();
        assertThat(vm.problemProperty().get()).isEmpty();
        var plan = vm.disaggregationProperty().get();
        assertThat(plan.aggregated().replica().spec().tp())
                .as("the replica on the form")
                .isEqualTo(1);
        assertThat(plan.disaggregated().prefill().replica().spec().tp()).isEqualTo(1);
        assertThat(plan.disaggregated().goodputPerGpu()).isPositive();
        assertThat(vm.disaggregationStaleProperty().get()).isFalse();
        vm.textInputs().get("kvLinkGbs").set("10");
        assertThat(vm.disaggregationStaleProperty().get()).isTrue();
        assertThat(vm.staleProperty().get())
                .as("the plan does not depend on the KV link")
                .isFalse();
    }

    @Test
    void anImportedQuantizedCheckpointPlansInItsOwnFormatUntilAnotherIsChosen() throws Exception {
        Path config = Files.writeString(
                tmp.resolve("config.json"),
                """
                {"model_type": "llama", "hidden_size": 4096, "intermediate_size": 14336, "num_hidden_layers": 32,
                 "num_attention_heads": 32, "num_key_value_heads": 8, "vocab_size": 128256, "max_position_embeddings": 8192,
                 "quantization_config": {"quant_method": "awq", "bits": 4, "group_size": 128, "zero_point": true}}
                """);
        vm.importModel(config);
        assertThat(vm.weightsProperty().get()).isEqualTo(WeightFormat.INT4);
        // AWQ 4-bit in groups of 128 with zero points: 0.5 + (2 + 0.5) / 128 bytes a weight
        assertThat(vm.memoryProperty().get().spec().storage().linearBytesPerWeight())
                .isCloseTo(0.5 + 2.5 / 128, Assertions.within(1e-9));
        assertThat(vm.weightSource()).startsWith("int4, 0.5195 bytes a weight").contains("awq 4-bit, groups of 128");
        vm.weightsProperty().set(WeightFormat.BF16);
        assertThat(vm.weightSource()).isEmpty();
        assertThat(vm.memoryProperty().get().spec().storage().linearBytesPerWeight())
                .isEqualTo(2.0);
        vm.modelProperty().set(ModelCatalog.get("llama-3-8b"));
        assertThat(vm.weightsProperty().get()).isEqualTo(WeightFormat.BF16); // a catalog model states nothing
        assertThat(failures).isEmpty();
    }

    /** A config imported in Training is offered in Serving (and the other way round), with its quantization. */
    @Test
    void aModelImportedInTrainingIsOfferedInServing() throws Exception {
        Path config = Files.writeString(
                tmp.resolve("config.json"),
                """
                {"model_type": "llama", "hidden_size": 4096, "intermediate_size": 14336, "num_hidden_layers": 32,
                 "num_attention_heads": 32, "num_key_value_heads": 8, "vocab_size": 128256, "max_position_embeddings": 8192,
                 "quantization_config": {"quant_method": "awq", "bits": 4, "group_size": 128, "zero_point": true}}
                """);
        var training = new TrainingViewModel(shell);
        training.choices().importModel(config);
        var imported = training.choices().modelProperty().get();
        assertThat(vm.choices().models()).contains(imported);
        vm.modelProperty().set(imported);
        assertThat(vm.weightsProperty().get()).isEqualTo(WeightFormat.INT4);
        var later = new ServingViewModel(shell);
        assertThat(later.choices().models()).contains(imported);
        assertThat(failures).isEmpty();
    }
}
