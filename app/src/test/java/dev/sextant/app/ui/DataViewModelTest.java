package dev.sextant.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sextant.app.ui.data.DataViewModel;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The Data area's view model over the demo workspace, with a synchronous job runner. */
class DataViewModelTest extends DemoWorkspaceTest {

    DataViewModel vm;

    @BeforeEach
    void open() {
        vm = new DataViewModel(shell);
    }

    /**
     * The demo project's Data area is not empty: a made-up corpus (marked demo) fills the inputs, a real
     * near-duplicate run over it is kept, and the mixture and decontamination run on it (four benchmark items were
     * planted whole). Another project starts empty.
     */
    @Test
    void theDemoProjectHasADemoCorpusEveryTabRunsOn() {
        assertThat(vm.runs()).singleElement().satisfies(r -> {
            assertThat(r.name()).contains("(demo)");
            assertThat(r.summary().documents()).isEqualTo(600);
            assertThat(r.summary().duplicates()).isPositive();
        });
        assertThat(vm.corpus()).singleElement().asString().endsWith("demo-corpus.jsonl");
        assertThat(vm.benchmarks()).singleElement().asString().endsWith("demo-benchmark.jsonl");

        vm.runMix();
        assertThat(vm.mixProperty().get().sources()).hasSize(3);
        assertThat(vm.mixStaleProperty().get()).isFalse();

        vm.deconOutProperty().set(tmp.resolve("clean").toString());
        vm.runDecontamination();
        assertThat(vm.decontaminationProperty().get().items()).hasSize(4);
        assertThat(vm.decontaminationStaleProperty().get()).isFalse();
        assertThat(failures).isEmpty();

        // the corpus changes: both results no longer describe it; working the mixture out again makes it fresh
        Path extra = vm.corpus().get(0);
        vm.corpus().add(extra.resolveSibling("another.jsonl"));
        assertThat(vm.mixStaleProperty().get()).isTrue();
        assertThat(vm.decontaminationStaleProperty().get()).isTrue();
        vm.corpus().remove(1);
        vm.runMix();
        assertThat(vm.mixStaleProperty().get()).isFalse();
        vm.budgetProperty().set("5M");
        assertThat(vm.mixStaleProperty().get()).as("a new budget").isTrue();

        // a second view (the area opened again) does not keep a second demo run
        DataViewModel again = new DataViewModel(shell);
        assertThat(again.runs()).hasSize(1);
        assertThat(again.corpus()).hasSize(1);

        shell.createProject("Mine", "");
        assertThat(vm.corpus()).isEmpty();
        assertThat(vm.runs()).isEmpty();
    }
}
