package dev.sextant.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sextant.app.ui.contamination.ContaminationViewModel;
import dev.sextant.model.contamination.ScanResult;
import dev.sextant.workspaces.SavedScan;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The Contamination area's view model over a real workspace with a synchronous job runner. */
class ContaminationViewModelTest extends DemoWorkspaceTest {

    ContaminationViewModel vm;

    @BeforeEach
    void open() {
        vm = new ContaminationViewModel(shell);
    }

    @Test
    void theDemoScanIsShownWithItsRescore() {
        assertThat(vm.scans()).singleElement().matches(SavedScan::demo);
        ScanResult r = vm.resultProperty().get();
        assertThat(r.summary().dirty()).isGreaterThanOrEqualTo(12);
        assertThat(vm.rescore()).hasSize(3);
        assertThat(vm.rescore()).anyMatch(row -> row.verdict().contains("likely inflated"));
        assertThat(vm.itemText("GPQA Diamond", "gpqa-3")).startsWith("Suppose");
    }

    @Test
    void runAScanFromTheArea() throws Exception {
        shell.createProject("Mine", "");
        Path bench = Files.writeString(tmp.resolve("b.txt"), "the quick brown fox jumps over the lazy dog while seven wizards judge\n");
        Path corpus = Files.writeString(tmp.resolve("c.txt"), "THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG while seven wizards judge!\n");
        vm.benchmarkFiles().add(bench);
        vm.corpusPaths().add(corpus);
        vm.ngramProperty().set("8");
        vm.run();
        assertThat(failures).isEmpty();
        assertThat(vm.scans()).singleElement().satisfies(s -> assertThat(s.state()).isEqualTo(SavedScan.COMPLETE));
        assertThat(vm.resultProperty().get().items().get(0).status()).isEqualTo(ScanResult.Status.DIRTY);
        vm.ngramProperty().set("3");
        vm.run();
        assertThat(vm.problemProperty().get()).contains("8..50");
    }
}
