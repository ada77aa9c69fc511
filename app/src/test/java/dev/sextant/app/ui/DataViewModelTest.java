package dev.sextant.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sextant.app.ui.data.DataViewModel;
import dev.sextant.app.ui.data.QualityViewModel;
import dev.sextant.model.data.quality.QualityResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
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

    /**
     * Quality filtering from the Data area: a preview on a sample writes nothing and counts by rule; a threshold edit
     * makes it stale; a value out of range is a problem on that input; the run writes the filtered corpus.
     */
    @Test
    void theQualityTabPreviewsOnASampleAndWritesTheFilteredCorpus() throws Exception {
        QualityViewModel q = vm.quality();
        q.preview();
        assertThat(failures).isEmpty();
        QualityResult preview = q.resultProperty().get();
        assertThat(preview.documents()).isPositive();
        assertThat(preview.kept() + preview.removed()).isEqualTo(preview.documents());
        assertThat(preview.byRule().stream()
                        .mapToLong(QualityResult.RuleCount::documents)
                        .sum())
                .isEqualTo(preview.removed());
        assertThat(q.sampleProperty().get()).isTrue();
        assertThat(q.staleProperty().get()).isFalse();

        // every threshold's share on the sample, on its own, follows the value as it is edited
        QualityViewModel.ParamRow stop = q.params().stream()
                .filter(r -> r.key().equals("gopher-quality.min_stop_words"))
                .findFirst()
                .orElseThrow();
        assertThat(q.measured(stop)).hasSize(1);
        assertThat(q.measured(stop).get(0).values()).hasSize((int) preview.documents());
        long stopFirst = preview.byRule().stream()
                .filter(c -> c.rule().equals("gopher_enough_stop_words"))
                .mapToLong(QualityResult.RuleCount::documents)
                .sum();
        long onItsOwn = q.measured(stop).get(0).failing(2);
        assertThat(onItsOwn)
                .as("on its own at least as many as it removed first")
                .isGreaterThanOrEqualTo(stopFirst);
        assertThat(q.previewShare(stop))
                .isEqualTo(String.format(Locale.ROOT, "%.1f %%", 100.0 * onItsOwn / preview.documents()));
        stop.value().set("0");
        assertThat(q.previewShare(stop)).as("Gopher's 0 is off").isEqualTo("off");
        stop.value().set("many");
        assertThat(q.previewShare(stop)).as("a value that does not read").isEmpty();
        stop.value().set("2");

        QualityViewModel.ParamRow sentences = q.params().stream()
                .filter(r -> r.key().equals("c4.min_num_sentences"))
                .findFirst()
                .orElseThrow();
        sentences.value().set("1");
        assertThat(q.staleProperty().get()).as("a threshold changed").isTrue();
        q.preview();
        assertThat(q.resultProperty().get().removed()).isLessThanOrEqualTo(preview.removed());

        QualityViewModel.ParamRow share = q.params().stream()
                .filter(r -> r.key().equals("fineweb.short_line_thr"))
                .findFirst()
                .orElseThrow();
        share.value().set("2");
        q.preview();
        assertThat(vm.problemFieldProperty().get()).isEqualTo("fineweb.short_line_thr");
        share.value().set("0.67");
        q.presetProperty().set("paper");
        assertThat(sentences.value().get())
                .as("the preset's values replace the edits")
                .isEqualTo("3");

        Path out = tmp.resolve("filtered");
        q.outProperty().set(out.toString());
        q.run();
        assertThat(q.sampleProperty().get()).isFalse();
        assertThat(out.resolve("removed.jsonl")).exists();
        assertThat(out.resolve("summary.json")).exists();
        assertThat(Files.list(out.resolve("kept")).count()).isPositive();

        // the run is kept in the project: listed, shown again when picked, deleted without its folder
        assertThat(q.runs()).singleElement().satisfies(r -> {
            assertThat(r.complete()).isTrue();
            assertThat(r.out()).isEqualTo(out.toAbsolutePath().toString());
            assertThat(r.result().removed()).isEqualTo(q.resultProperty().get().removed());
            assertThat(r.recipe().values()).containsEntry("c4.min_num_sentences", "3");
        });
        q.preview();
        assertThat(q.sampleProperty().get()).isTrue();
        q.show(q.runs().get(0));
        assertThat(q.sampleProperty().get()).isFalse();
        assertThat(q.resultProperty().get()).isEqualTo(q.runs().get(0).result());
        q.reload();
        assertThat(q.runs()).hasSize(1);
        q.delete(q.runs().get(0));
        assertThat(q.runs()).isEmpty();
        q.reload();
        assertThat(q.runs()).isEmpty();
        assertThat(out.resolve("summary.json")).exists();
    }

    /**
     * Languages typed choose the language family, whose threshold is off without a fastText model (OpenNLP's likeliest
     * language decides); a preview counts the documents by the language found.
     */
    @Test
    void typingLanguagesIdentifiesThemOnThePreview() throws Exception {
        QualityViewModel q = vm.quality();
        QualityViewModel.ParamRow threshold = q.params().stream()
                .filter(r -> r.key().equals("language.language_threshold"))
                .findFirst()
                .orElseThrow();
        assertThat(threshold.value().get()).isEqualTo("off");
        q.presetProperty().set("paper");
        assertThat(threshold.value().get())
                .as("a preset's 0.65 is fastText's: off without a model")
                .isEqualTo("off");
        q.languageModelProperty().set("lid.176.bin");
        assertThat(threshold.value().get()).isEqualTo("0.65");
        q.languageModelProperty().set("");
        q.presetProperty().set("datatrove");
        assertThat(threshold.value().get()).isEqualTo("off");
        assertThat(q.families().get("language").get()).isFalse();
        q.languagesProperty().set("en");
        assertThat(q.families().get("language").get()).isTrue();
        q.preview();
        assertThat(failures).isEmpty();
        QualityResult r = q.resultProperty().get();
        assertThat(r.byLanguage()).isNotEmpty();
        assertThat(r.byLanguage().stream()
                        .mapToLong(QualityResult.LanguageCount::documents)
                        .sum())
                .isEqualTo(r.documents());
        q.languageModelProperty().set("/no/such/lid.176.bin");
        assertThat(threshold.value().get())
                .as("datatrove's threshold with a fastText model")
                .isEqualTo("0.65");
        q.preview();
        assertThat(vm.problemProperty().get()).contains("lid.176.bin");
        q.languagesProperty().set("English");
        q.preview();
        assertThat(vm.problemFieldProperty().get()).isEqualTo("quality.languages");
        q.languagesProperty().set("");
        assertThat(q.families().get("language").get()).isFalse();
    }
}
