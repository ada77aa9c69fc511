package dev.sextant.app.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.sextant.app.ui.contamination.ContaminationViewModel;
import dev.sextant.model.contamination.Normalization;
import dev.sextant.model.contamination.ScanResult;
import dev.sextant.model.contamination.Tokenizer;
import dev.sextant.workspaces.RunState;
import dev.sextant.workspaces.SavedScan;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.beans.value.ChangeListener;
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
    void anItemWithFractionOneIsHighlightedEntirely() {
        ScanResult r = vm.resultProperty().get();
        List<ScanResult.ItemResult> whole =
                r.items().stream().filter(i -> i.tokenFraction() == 1.0).toList();
        assertThat(whole).isNotEmpty();
        for (ScanResult.ItemResult item : whole) {
            String text = vm.itemText(item.benchmark(), item.id());
            ContaminationViewModel.ItemDetail d = vm.detail(item);
            assertThat(String.join(
                            "",
                            d.text().stream()
                                    .map(ContaminationViewModel.Run::text)
                                    .toList()))
                    .isEqualTo(text);
            // every character outside the matched runs is white space: every word is highlighted
            assertThat(d.text()).filteredOn(run -> !run.matched()).allSatisfy(run -> assertThat(run.text())
                    .isBlank());
            assertThat(d.text())
                    .filteredOn(ContaminationViewModel.Run::matched)
                    .singleElement()
                    .satisfies(run -> assertThat(run.text()).isEqualTo(text.strip()));
            assertThat(d.spansLine())
                    .startsWith("1 matched span: " + item.tokens() + " of " + item.tokens() + " words");
            assertThat(d.places()).hasSameSizeAs(item.locations());
        }
        // a partial item: its highlighted words are the spans' words, as many as the table's fraction says
        ScanResult.ItemResult partial = r.items().stream()
                .filter(i -> i.status() == ScanResult.Status.PARTIAL)
                .findFirst()
                .orElseThrow();
        ContaminationViewModel.ItemDetail d = vm.detail(partial);
        long highlightedWords = d.text().stream()
                .filter(ContaminationViewModel.Run::matched)
                .mapToLong(run ->
                        Tokenizer.tokens(run.text(), Normalization.defaults()).size())
                .sum();
        assertThat((double) highlightedWords / partial.tokens()).isCloseTo(partial.tokenFraction(), within(1e-9));
    }

    @Test
    void aScanWithoutSpansSaysSoAndCappedPlacesSayHowManyMore() {
        ScanResult.Location l =
                new ScanResult.Location("web.jsonl", 120, "d1", "… homework help [natalia sold clips] …");
        ScanResult.ItemResult old =
                new ScanResult.ItemResult("gsm", "q", 20, 8, 8, 1.0, 20, ScanResult.Status.DIRTY, List.of(l));
        ContaminationViewModel.ItemDetail d = ContaminationViewModel.detail(old, "Natalia sold clips.");
        assertThat(d.spansLine()).isEqualTo("Matched spans not recorded by this scan (re-run to see every span).");
        assertThat(d.text()).containsExactly(new ContaminationViewModel.Run("Natalia sold clips.", false));
        assertThat(d.places()).singleElement().satisfies(p -> {
            assertThat(p.where()).isEqualTo("web.jsonl @ byte 120 · document d1");
            assertThat(p.snippet())
                    .containsExactly(
                            new ContaminationViewModel.Run("… homework help ", false),
                            new ContaminationViewModel.Run("natalia sold clips", true),
                            new ContaminationViewModel.Run(" …", false));
        });
        assertThat(d.placesLine()).isEmpty();

        ScanResult.ItemResult capped = old.withSpans(List.of(new ScanResult.Span(0, 3, 0, 19)), 5);
        ContaminationViewModel.ItemDetail c = ContaminationViewModel.detail(capped, "Natalia sold clips.");
        assertThat(c.text()).containsExactly(new ContaminationViewModel.Run("Natalia sold clips.", true));
        assertThat(c.placesLine()).isEqualTo("and 5 more places in the corpus (the first 1 are kept).");
    }

    @Test
    void runAScanFromTheArea() throws Exception {
        shell.createProject("Mine", "");
        Path bench = Files.writeString(
                tmp.resolve("b.txt"), "the quick brown fox jumps over the lazy dog while seven wizards judge\n");
        Path corpus = Files.writeString(
                tmp.resolve("c.txt"), "THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG while seven wizards judge!\n");
        vm.benchmarkFiles().add(bench);
        vm.corpusPaths().add(corpus);
        vm.ngramProperty().set("8");
        vm.run();
        assertThat(failures).isEmpty();
        assertThat(vm.scans()).singleElement().satisfies(s -> assertThat(s.state())
                .isEqualTo(RunState.COMPLETE));
        assertThat(vm.resultProperty().get().items().get(0).status()).isEqualTo(ScanResult.Status.DIRTY);
        vm.ngramProperty().set("3");
        vm.run();
        assertThat(vm.problemProperty().get()).contains("8..50");
    }

    @Test
    void aScanThatFailsOnAFileShowsWhyAndResumesSkippingIt() throws Exception {
        shell.createProject("Mine", "");
        Path bench = Files.writeString(
                tmp.resolve("b.txt"), "the quick brown fox jumps over the lazy dog while seven wizards judge\n");
        Path corpus = Files.createDirectories(tmp.resolve("corpus"));
        Files.writeString(
                corpus.resolve("c.txt"), "THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG while seven wizards judge!\n");
        Path bad =
                Files.write(corpus.resolve("d.txt.gz"), new byte[] {0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 1, 2});
        vm.benchmarkFiles().add(bench);
        vm.corpusPaths().add(corpus);
        vm.ngramProperty().set("8");
        vm.run();
        assertThat(vm.problemProperty().get())
                .startsWith(bad + ": cannot read: ")
                .contains("Resume skipping it");
        SavedScan failed = vm.selectedProperty().get();
        assertThat(failed.state()).isEqualTo(RunState.FAILED);
        assertThat(ContaminationViewModel.stateLabel(failed)).isEqualTo("failed");
        assertThat(ContaminationViewModel.stateDetail(failed)).startsWith("failed on " + bad + ": cannot read: ");
        assertThat(ContaminationViewModel.unfinishedLine(failed))
                .contains("failed on " + bad)
                .endsWith("or Resume skipping it.");
        assertThat(vm.canResume(failed)).isTrue();
        assertThat(vm.skipAction(failed)).isEqualTo("Resume skipping d.txt.gz");
        assertThat(vm.resultProperty().get()).isNull();

        vm.resumeSkippingFailedFile(failed);
        SavedScan done = vm.selectedProperty().get();
        assertThat(done.state()).isEqualTo(RunState.COMPLETE);
        assertThat(vm.canResume(done)).isFalse();
        assertThat(vm.skipAction(done)).isNull();
        ScanResult r = vm.resultProperty().get();
        assertThat(r.items().get(0).status()).isEqualTo(ScanResult.Status.DIRTY);
        assertThat(r.summary().skippedFiles())
                .extracting(ScanResult.SkippedFile::path)
                .containsExactly(bad.toString());
        assertThat(ContaminationViewModel.fileNotes(r.summary())).startsWith(" Skipped " + bad + ": cannot read: ");
    }

    /** Issue 33, part 14: a scan cancelled from the area is kept, listed as cancelled and resumed to the end. */
    @Test
    void aCancelledScanIsKeptListedAndResumable() throws Exception {
        shell.createProject("Mine", "");
        Path bench = Files.writeString(
                tmp.resolve("b.txt"), "the quick brown fox jumps over the lazy dog while seven wizards judge\n");
        Path corpus = Files.createDirectories(tmp.resolve("corpus"));
        for (int i = 0; i < 12; i++) {
            Files.writeString(
                    corpus.resolve("c" + i + ".txt"),
                    "THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG while seven wizards judge!\n".repeat(200));
        }
        vm.benchmarkFiles().add(bench);
        vm.corpusPaths().add(corpus);
        vm.ngramProperty().set("8");
        // the user presses Cancel as soon as the first progress shows
        ChangeListener<Number> cancelOnProgress = (o, a, b) -> shell.jobs().cancel();
        shell.jobs().progressProperty().addListener(cancelOnProgress);
        vm.run();
        shell.jobs().progressProperty().removeListener(cancelOnProgress);
        assertThat(failures).isEmpty();
        assertThat(vm.problemProperty().get()).isEmpty();
        SavedScan cancelled = vm.scans().get(0);
        assertThat(cancelled.state()).isEqualTo(RunState.CANCELLED);
        assertThat(vm.canResume(cancelled)).isTrue();
        vm.resume(cancelled);
        assertThat(vm.selectedProperty().get().state()).isEqualTo(RunState.COMPLETE);
        assertThat(vm.resultProperty().get().summary().files()).isEqualTo(12);
    }
}
