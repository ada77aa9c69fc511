package dev.sextant.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sextant.app.ui.gpu.GpuViewModel;
import dev.sextant.app.ui.serving.ServingViewModel;
import dev.sextant.app.ui.training.TrainingViewModel;
import dev.sextant.gpu.GpuProbe;
import dev.sextant.model.architecture.ModelCatalog;
import dev.sextant.model.hardware.GpuCatalog;
import dev.sextant.model.io.CalibrationFiles;
import dev.sextant.workspaces.DemoSeed;
import java.nio.file.Files;
import java.nio.file.Path;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

/** The GPU area's view model, and the planning areas on a chosen profile, over a real workspace. */
class GpuViewModelTest extends DemoWorkspaceTest {

    @Test
    void theDemoProfileAgainstItsDatasheetAndTwoProfilesSideBySide() throws Exception {
        GpuViewModel vm = new GpuViewModel(shell);
        assertThat(vm.statusProperty().get()).isEqualTo(GpuProbe.status());
        assertThat(vm.saved()).singleElement().satisfies(s -> assertThat(s.name())
                .isEqualTo(DemoSeed.DEMO_PROFILE));
        vm.open(vm.saved().get(0));
        assertThat(vm.rates().get(0).share()).isCloseTo(2950 / 3350.0, Assertions.within(1e-9));
        assertThat(vm.comparisonTitleProperty().get()).contains("datasheet");
        assertThat(vm.comparison().get(0).ratio()).isCloseTo(2950 / 3350.0, Assertions.within(1e-9));
        // a second profile, imported from a file, compared with the first
        Path file = tmp.resolve("other.json");
        CalibrationFiles.write(file, CalibrationFiles.demo());
        vm.importFile(file, "Other H100");
        assertThat(vm.saved()).hasSize(2);
        vm.compare(vm.saved().get(0), vm.saved().get(1));
        assertThat(vm.comparison()).allMatch(c -> c.ratio() == null || Math.abs(c.ratio() - 1) < 1e-12);
        // a broken file is said, with its name
        Path broken = Files.writeString(tmp.resolve("broken.json"), "{\"device\": 3}");
        vm.importFile(broken, "Broken");
        assertThat(vm.problemProperty().get()).contains("broken.json");
        assertThat(vm.saved()).hasSize(2);
        assertThat(failures).isEmpty();
    }

    @Test
    void thePlannersRunOnAChosenProfileAndSaySo() {
        TrainingViewModel training = new TrainingViewModel(shell);
        training.modelProperty().set(ModelCatalog.get("llama-2-7b"));
        training.gpuProperty().set(GpuCatalog.get("h100-sxm"));
        training.form().gpusProperty().set("8");
        training.form().seqLenProperty().set("4096");
        training.form().globalBatchProperty().set("32");
        training.profiles().choose(DemoSeed.DEMO_PROFILE);
        training.search();
        assertThat(training.selectedProperty().get().efficiency())
                .startsWith("calibration profile “" + DemoSeed.DEMO_PROFILE + "”");
        training.gpuProperty().set(GpuCatalog.get("a100-sxm-80gb"));
        training.search();
        assertThat(training.problemProperty().get()).contains("was measured on NVIDIA H100");

        ServingViewModel serving = new ServingViewModel(shell);
        serving.modelProperty().set(ModelCatalog.get("llama-3-8b"));
        serving.gpuProperty().set(GpuCatalog.get("h100-sxm"));
        serving.textInputs().get("promptTokens").set("const:500");
        serving.textInputs().get("outputTokens").set("const:100");
        serving.textInputs().get("specAcceptance").set("");
        serving.smallModelProperty().set(null);
        serving.profiles().choose(DemoSeed.DEMO_PROFILE);
        serving.plan();
        assertThat(serving.studyProperty().get().latencySource())
                .startsWith("calibration profile “" + DemoSeed.DEMO_PROFILE + "”");
        assertThat(serving.summaryProperty().get()).contains("Step latency: calibration profile");
        serving.gpuProperty().set(GpuCatalog.get("l40s"));
        serving.plan();
        assertThat(serving.problemProperty().get()).contains("was measured on NVIDIA H100");
        assertThat(failures).isEmpty();
    }
}
