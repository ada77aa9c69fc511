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

    @Test
    void aScanThatFailsOnAFileShowsWhyAndResumesSkippingIt() throws Exception {
        shell.createProject("Mine", "");
        Path bench = Files.writeString(tmp.resolve("b.txt"), "the quick brown fox jumps over the lazy dog while seven wizards judge\n");
        Path corpus = Files.createDirectories(tmp.resolve("corpus"));
        Files.writeString(corpus.resolve("c.txt"), "THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG while seven wizards judge!\n");
        Path bad = Files.write(corpus.resolve("d.txt.gz"), new byte[] {0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 1, 2});
        vm.benchmarkFiles().add(bench);
        vm.corpusPaths().add(corpus);
        vm.ngramProperty().set("8");
        vm.run();
        assertThat(vm.problemProperty().get()).startsWith(bad + ": cannot read: ").contains("Resume skipping it");
        SavedScan failed = vm.selectedProperty().get();
        assertThat(failed.state()).isEqualTo(SavedScan.FAILED);
        assertThat(ContaminationViewModel.stateLabel(failed)).isEqualTo("failed");
        assertThat(ContaminationViewModel.stateDetail(failed)).startsWith("failed on " + bad + ": cannot read: ");
        assertThat(ContaminationViewModel.unfinishedLine(failed)).contains("failed on " + bad).endsWith("or Resume skipping it.");
        assertThat(vm.canResume(failed)).isTrue();
        assertThat(vm.skipAction(failed)).isEqualTo("Resume skipping d.txt.gz");
        assertThat(vm.resultProperty().get()).isNull();

        vm.resumeSkippingFailedFile(failed);
        SavedScan done = vm.selectedProperty().get();
        assertThat(done.state()).isEqualTo(SavedScan.COMPLETE);
        assertThat(vm.canResume(done)).isFalse();
        assertThat(vm.skipAction(done)).isNull();
        ScanResult r = vm.resultProperty().get();
        assertThat(r.items().get(0).status()).isEqualTo(ScanResult.Status.DIRTY);
        assertThat(r.summary().skippedFiles()).extracting(ScanResult.SkippedFile::path).containsExactly(bad.toString());
        assertThat(ContaminationViewModel.fileNotes(r.summary())).startsWith(" Skipped " + bad + ": cannot read: ");
    }
}
