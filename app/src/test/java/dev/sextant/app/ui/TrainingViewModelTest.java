package dev.sextant.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sextant.app.study.TrainingStudy;
import dev.sextant.app.ui.training.TrainingViewModel;
import dev.sextant.model.architecture.ModelCatalog;
import dev.sextant.model.hardware.GpuCatalog;
import dev.sextant.model.training.TrainingPlan;
import dev.sextant.workspaces.SavedTrainingPlan;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The Training area's view model over a real workspace with a synchronous job runner. */
class TrainingViewModelTest extends DemoWorkspaceTest {

    TrainingViewModel vm;

    @BeforeEach
    void open() {
        vm = new TrainingViewModel(shell);
    }

    @Test
    void aSmallClusterRunCalibratesTheSearch() throws Exception {
        Path measured = Files.writeString(
                tmp.resolve("small.csv"),
                "gpus,tp,pp,micro_batch,global_batch,seq_len,tokens_per_gpu_per_second\n64,8,2,1,128,8192,200\n");
        vm.calibrateFrom(measured);
        assertThat(vm.problemProperty().get()).isEmpty();
        assertThat(vm.summaryProperty().get())
                .startsWith("Calibrated from small.csv: kernels ×")
                .contains("Measured TP8 PP2 DP4 on 64 GPUs");
        assertThat(vm.plans()).isNotEmpty();
        assertThat(vm.plans().get(0).efficiency()).contains("from a measured small-cluster run");
        Path bad = Files.writeString(tmp.resolve("bad.csv"), "gpus,tp\n64,8\n");
        vm.calibrateFrom(bad);
        assertThat(vm.problemProperty().get()).contains("bad.csv");
        assertThat(failures).isEmpty();
    }

    @Test
    void theDemoPlansAreKeptInTheDemoProject() {
        assertThat(vm.saved()).hasSize(2).allMatch(SavedTrainingPlan::demo);
        vm.open(vm.saved().get(0));
        assertThat(vm.plans()).hasSize(1);
        assertThat(vm.faultsProperty().get()).isNotNull();
        assertThat(vm.summaryProperty().get()).startsWith("Kept plan");
    }

    @Test
    void layoutsWhoseInputsChangedAreMarkedStaleAndAProjectSwitchClearsThem() {
        vm.open(vm.saved().get(0));
        assertThat(vm.staleProperty().get()).isFalse();
        vm.form().gpusProperty().set("128");
        assertThat(vm.staleProperty().get()).isTrue();
        vm.failuresPerGpuDayProperty().set("0.01");
        shell.createProject("Other", "");
        assertThat(vm.plans()).isEmpty();
        assertThat(vm.selectedProperty().get()).isNull();
        assertThat(vm.summaryProperty().get()).isEmpty();
        assertThat(vm.staleProperty().get()).isFalse();
        assertThat(vm.saved()).isEmpty();
        assertThat(failures).isEmpty();
    }

    @Test
    void theStackChoiceReachesTheRequestMarksLayoutsStaleAndComesBackWithAKeptPlan() {
        assertThat(TrainingViewModel.stacks()).contains("megatron-core", "megatron-lm", "torchtitan-fsdp");
        vm.open(vm.saved().get(0));
        assertThat(vm.form().stackProperty().get()).isEqualTo("megatron-core");
        vm.form().stackProperty().set("megatron-lm");
        assertThat(vm.staleProperty().get()).isTrue();
        vm.modelProperty().set(ModelCatalog.get("llama-2-7b"));
        vm.gpuProperty().set(GpuCatalog.get("a100-sxm-80gb"));
        vm.form().gpusProperty().set("16");
        vm.form().seqLenProperty().set("4096");
        vm.form().globalBatchProperty().set("64");
        vm.search();
        assertThat(failures).isEmpty();
        vm.save("7B, Megatron-LM 2021");
        vm.form().stackProperty().set("nemo");
        vm.open(vm.saved().stream()
                .filter(s -> s.name().equals("7B, Megatron-LM 2021"))
                .findFirst()
                .orElseThrow());
        assertThat(vm.form().stackProperty().get()).isEqualTo("megatron-lm");
    }

    /** Opening a kept plan puts back what its search kept fixed, so Re-run asks the same question again. */
    @Test
    void openingAKeptPlanRestoresTheFixedChoices() {
        vm.modelProperty().set(ModelCatalog.get("llama-2-7b"));
        vm.gpuProperty().set(GpuCatalog.get("a100-sxm-80gb"));
        vm.form().gpusProperty().set("16");
        vm.form().seqLenProperty().set("4096");
        vm.form().globalBatchProperty().set("64");
        vm.form().tpProperty().set("2");
        vm.form().zeroProperty().set("1");
        vm.form().attentionProperty().set("unfused");
        vm.search();
        assertThat(failures).isEmpty();
        vm.save("TP 2 fixed");
        vm.form().tpProperty().set("");
        vm.form().zeroProperty().set(TrainingViewModel.ANY);
        vm.form().attentionProperty().set("fused");
        vm.open(vm.saved().stream()
                .filter(s -> s.name().equals("TP 2 fixed"))
                .findFirst()
                .orElseThrow());
        assertThat(vm.form().tpProperty().get()).isEqualTo("2");
        assertThat(vm.form().ppProperty().get()).isEmpty();
        assertThat(vm.form().zeroProperty().get()).isEqualTo("1");
        assertThat(vm.form().attentionProperty().get()).isEqualTo("unfused");
        assertThat(vm.staleProperty().get()).isFalse();
    }

    @Test
    void searchPickFaultToleranceSave() {
        vm.modelProperty().set(ModelCatalog.get("llama-2-7b"));
        vm.gpuProperty().set(GpuCatalog.get("a100-sxm-80gb"));
        vm.form().gpusProperty().set("16");
        vm.form().seqLenProperty().set("4096");
        vm.form().globalBatchProperty().set("64");
        vm.search();
        assertThat(failures).isEmpty();
        assertThat(vm.plans()).isNotEmpty();
        TrainingPlan best = vm.plans().get(0);
        assertThat(vm.selectedProperty().get()).isSameAs(best);
        assertThat(vm.plans()).allMatch(TrainingPlan::fits);
        assertThat(vm.sensitivityProperty().get().tensorParallel()).isNotEmpty();
        assertThat(vm.summaryProperty().get()).contains("layouts searched").contains("Best: TP");
        // the headline carries the best plan's prediction interval on step time and days, and says where it comes from
        var interval = TrainingStudy.interval(vm.requestProperty().get());
        double[] step = interval.stepSeconds(best.stepTimeSeconds());
        double[] days = interval.days(best.trainingDays());
        assertThat(vm.summaryProperty().get())
                .contains(String.format(
                        Locale.ROOT,
                        "80 %% interval: %.3g–%.3g s per step, %,.0f–%,.0f days",
                        step[0],
                        step[1],
                        days[0],
                        days[1]))
                .contains("dense · A100, ")
                .contains(" runs from ");
        // and the note above the layouts says how many of the best it cannot rank
        int k = interval.indistinguishable(vm.plans());
        assertThat(k)
                .as("llama-2-7b on 16 A100s: ZeRO and recompute variants lie within the interval of the best")
                .isGreaterThan(1);
        assertThat(vm.indistinguishableProperty().get())
                .startsWith("The best " + k + " layouts")
                .contains("are within ±")
                .contains("cannot rank them");
        // fault tolerance follows the chosen plan and its inputs
        assertThat(vm.faultsProperty().get().checkpointBytes()).isEqualTo(14.0 * 6_738_415_616L);
        double goodput = vm.faultsProperty().get().checkpointing().goodput();
        vm.failuresPerGpuDayProperty().set("0.01");
        assertThat(vm.faultsProperty().get().checkpointing().goodput()).isLessThan(goodput);
        vm.save("7B on 16 A100");
        assertThat(vm.saved())
                .anyMatch(s -> s.name().equals("7B on 16 A100") && s.plan().equals(best));
    }

    @Test
    void badInputNamesTheField() {
        vm.form().gpusProperty().set("sixteen");
        vm.search();
        assertThat(vm.problemProperty().get()).isEqualTo("GPUs: expected a whole number, got 'sixteen'");
        assertThat(vm.problemFieldProperty().get()).isEqualTo("gpus");
        vm.form().gpusProperty().set("12");
        vm.form().gpusPerNodeProperty().set("8");
        vm.search();
        assertThat(vm.problemProperty().get()).isEqualTo("GPUs (12) must be a multiple of the GPUs per node (8)");
        assertThat(vm.problemFieldProperty().get()).isEqualTo("gpusPerNode");
        vm.form().gpusProperty().set("8");
        vm.modelProperty().set(ModelCatalog.get("llama-3.1-405b"));
        vm.gpuProperty().set(GpuCatalog.get("rtx-4090"));
        vm.search();
        assertThat(vm.plans()).isEmpty();
        assertThat(vm.problemProperty().get()).startsWith("no layout fits");
        // a fixed degree that cannot work marks that degree
        vm.modelProperty().set(ModelCatalog.get("llama-2-7b"));
        vm.gpuProperty().set(GpuCatalog.get("a100-sxm-80gb"));
        vm.form().tpProperty().set("3");
        vm.form().gpusProperty().set("24");
        vm.form().globalBatchProperty().set("24");
        vm.search();
        assertThat(vm.problemProperty().get()).contains("TP (3) must divide the 32 attention heads");
        assertThat(vm.problemFieldProperty().get()).isEqualTo("tp");
    }

    @Test
    void anInvalidTpMarksTheTpField() {
        vm.modelProperty().set(ModelCatalog.get("llama-2-7b"));
        vm.gpuProperty().set(GpuCatalog.get("a100-sxm-80gb"));
        vm.form().gpusProperty().set("8");
        vm.form().seqLenProperty().set("4096");
        vm.form().globalBatchProperty().set("64");
        vm.form().tpProperty().set("0");
        vm.search();
        assertThat(vm.problemProperty().get()).isEqualTo("TP: must be at least 1");
        assertThat(vm.problemFieldProperty().get()).isEqualTo("tp");
        vm.form().tpProperty().set("two");
        vm.search();
        assertThat(vm.problemProperty().get()).isEqualTo("TP: expected a whole number, got 'two'");
        assertThat(vm.problemFieldProperty().get()).isEqualTo("tp");
        // every degree fixed: the search's refusal of the one layout marks TP too
        vm.form().tpProperty().set("3");
        vm.form().gpusProperty().set("24");
        vm.form().globalBatchProperty().set("24");
        vm.form().ppProperty().set("1");
        vm.form().cpProperty().set("1");
        vm.form().microBatchProperty().set("1");
        vm.search();
        assertThat(vm.problemProperty().get())
                .isEqualTo("no valid layout; most often: TP (3) must divide the 32 attention heads");
        assertThat(vm.problemFieldProperty().get()).isEqualTo("tp");
        // a problem that names no input of this area clears the mark
        vm.form().tpProperty().set("");
        vm.form().ppProperty().set("");
        vm.form().cpProperty().set("");
        vm.form().microBatchProperty().set("");
        vm.search();
        assertThat(vm.problemProperty().get()).isEmpty();
        assertThat(vm.problemFieldProperty().get()).isEmpty();
    }

    @Test
    void aUserDefinedGpuCanBeImportedAndPlannedOn() throws Exception {
        Path json = Files.writeString(
                tmp.resolve("gpu.json"),
                "{\"id\": \"lab-card\", \"name\": \"Lab card\", \"bf16Tflops\": 400, \"memoryGB\": 96, \"hbmGBs\": 2000,"
                        + " \"linkGBs\": 100, \"networkGbps\": 200}");
        vm.importGpu(json);
        assertThat(vm.gpuProperty().get().name()).isEqualTo("Lab card");
        assertThat(vm.gpuChoices()).contains(vm.gpuProperty().get());
        vm.modelProperty().set(ModelCatalog.get("llama-2-7b"));
        vm.form().gpusProperty().set("8");
        vm.form().seqLenProperty().set("4096");
        vm.form().globalBatchProperty().set("32");
        vm.search();
        assertThat(vm.plans()).isNotEmpty();
        assertThat(vm.requestProperty().get().gpu().id()).isEqualTo("lab-card");
    }
}
