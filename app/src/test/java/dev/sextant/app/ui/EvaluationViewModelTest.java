package dev.sextant.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sextant.app.ui.evaluation.EvaluationViewModel;
import dev.sextant.app.ui.evaluation.IndexEditor;
import dev.sextant.model.evaluation.CompositeIndexSpec;
import dev.sextant.model.evaluation.ScoreSummarySpec;
import dev.sextant.model.evaluation.Scorecard;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The Evaluation area's view model over a real workspace, with a synchronous job runner. */
class EvaluationViewModelTest extends DemoWorkspaceTest {

    EvaluationViewModel vm;

    @BeforeEach
    void open() {
        vm = new EvaluationViewModel(shell);
    }

    @Test
    void theDemoProjectShowsEveryAnalysis() {
        assertThat(vm.emptyProperty().get()).isFalse();
        assertThat(vm.sources()).hasSize(7).allMatch(s -> s.demo());
        assertThat(vm.summaries()).hasSize(6);
        assertThat(vm.indexProperty().get().models()).hasSize(5);
        assertThat(vm.indexProperty().get().divergence()).isNotNull();
        assertThat(vm.arenaProperty().get().models()).hasSize(5);
        assertThat(vm.scorecardProperty().get().benchmarks()).isNotEmpty();
        assertThat(vm.benchmarks()).containsExactly("GPQA Diamond", "LiveCodeBench");
        vm.compare();
        assertThat(vm.comparisonProperty().get().n()).isEqualTo(198);
        assertThat(failures).isEmpty();
    }

    /**
     * The Samples tab on the demo project: its LiveCodeBench items were answered four times at temperature 0.7, so the
     * tab summarises them without a file; trial files chosen replace them; a bad k names itself.
     */
    @Test
    void theSamplesTabSummarisesTheProjectsRepeatedSamplesOrTheTrialFilesChosen() throws Exception {
        var s = vm.samples();
        assertThat(s.rows())
                .isNotEmpty()
                .allMatch(r -> r.benchmark().equals("LiveCodeBench") && r.samplesPerItem() == 4);
        assertThat(s.rows().get(0).sampling().describe()).contains("temperature=0.7");
        assertThat(s.rows().get(0).notes()).anyMatch(n -> n.contains("clusters"));
        assertThat(s.shownKs()).containsExactly(1, 2, 4);
        s.ksProperty().set("1, two");
        s.summarise();
        assertThat(s.problemProperty().get()).contains("'two' is not a whole number");
        s.ksProperty().set("1,2");
        Path f = Files.writeString(
                tmp.resolve("trials.csv"),
                "model,benchmark,item_id,sample,score,output_tokens\n"
                        + "x,b,q1,0,1,100\nx,b,q1,1,0,300\nx,b,q2,0,1,200\nx,b,q2,1,1,200\n");
        s.files().setAll(List.of(f));
        s.summarise();
        assertThat(s.problemProperty().get()).isEmpty();
        assertThat(s.rows()).singleElement().satisfies(r -> {
            assertThat(r.model()).isEqualTo("x");
            assertThat(r.passHat().get(2).value()).isEqualTo(0.5); // q1 0 of C(2,2), q2 1
            assertThat(r.tokens().perSolved()).isEqualTo(800.0 / 3);
        });
        assertThat(failures).isEmpty();
    }

    /** The Dimensions tab on the demo project: the index's categories place its benchmarks; every mix category is measured. */
    @Test
    void theDimensionsTabProfilesTheDemoEvidence() throws Exception {
        var d = vm.dimensions();
        var r = d.resultProperty().get();
        assertThat(r).isNotNull();
        assertThat(r.cells())
                .extracting(c -> c.dimension())
                .contains("reasoning", "code", "instruction following", "knowledge");
        assertThat(r.unmeasured().get("Ember-405B (demo)")).containsExactly("long context", "refusal/safety");
        assertThat(r.coverage()).isNotEmpty().allMatch(c -> c.measured());
        Path refusals = Files.writeString(
                tmp.resolve("refusals.csv"),
                "model,item_id,should_refuse,refused\nEmber-405B (demo),h1,yes,yes\n" + "Ember-405B (demo),s1,no,no\n");
        d.refusalSets().setAll(List.of(refusals));
        d.refresh();
        assertThat(d.resultProperty().get().refusals()).singleElement().satisfies(x -> assertThat(x.refusedWhenShould())
                .isEqualTo(1.0));
        Path bad = Files.writeString(tmp.resolve("map.csv"), "benchmark,dimension\nIFEval,astrology\n");
        d.mapProperty().set(bad);
        d.refresh();
        assertThat(d.problemProperty().get()).contains("map.csv").contains("astrology");
        assertThat(failures).isEmpty();
    }

    /** The By date tab on the demo's LiveCodeBench: dated problems split at a cut-off, month by month; a bad cut-off names itself. */
    @Test
    void theByDateTabSplitsTheDemosProblemsAtTheCutOff() throws Exception {
        StringBuilder dates = new StringBuilder("item_id,date\n");
        for (int i = 0; i < 240; i++) {
            dates.append("lcb-")
                    .append(i)
                    .append(',')
                    .append(LocalDate.of(2024, 1, 1).plusDays(2L * i))
                    .append('\n');
        }
        var d = vm.byDate();
        d.datesProperty().set(Files.writeString(tmp.resolve("dates.csv"), dates));
        d.modelProperty().set("Ember-405B (demo)");
        d.benchmarkProperty().set("LiveCodeBench");
        d.cutoffProperty().set("mid 2024");
        d.compare();
        assertThat(d.problemProperty().get()).contains("'mid 2024' is not a date");
        d.cutoffProperty().set("2024-06-30");
        d.compare();
        var r = d.resultProperty().get();
        assertThat(r.before().n() + r.after().n()).isEqualTo(240);
        assertThat(r.before().n()).isEqualTo(91); // every other day from Jan 1 to Jun 29, 2024
        assertThat(r.months()).hasSize(16);
        assertThat(failures).isEmpty();
    }

    /**
     * An index built in the editor over imported model scores: the editor starts from the scored benchmarks, a bad row
     * is refused naming it, the kept index is the project's and is analysed, and the baselines count once scores are
     * normalised above random guessing. Hand calculation: weights 3 and 1; A (0.8 − 0.25)/0.75 = 0.7333 and 0.2 →
     * 0.6; B (0.6 − 0.25)/0.75 = 0.4667 and 0.9 → 0.575.
     */
    @Test
    void anIndexBuiltInTheEditorIsKeptAndAnalysed() throws Exception {
        shell.createProject("Index", "");
        Path f = Files.writeString(
                tmp.resolve("model-scores.csv"),
                "model,benchmark,score\nA,mmlu,0.8\nA,code,0.2\nB,mmlu,0.6\nB,code,0.9\n");
        vm.importFiles(List.of(f));
        assertThat(vm.indexProperty().get())
                .as("scores without weights are no index yet")
                .isNull();
        List<IndexEditor.WeightRow> rows =
                IndexEditor.startingRows(null, vm.evidenceProperty().get().scores());
        assertThat(rows).hasSize(2);
        var bad = List.of(new IndexEditor.WeightRow("mmlu", "knowledge", "three", ""));
        Assertions.assertThatThrownBy(() -> IndexEditor.read("Mine", bad, List.of()))
                .hasMessageContaining("row 1")
                .hasMessageContaining("weight of 'mmlu'")
                .hasMessageContaining("three");
        var edited = IndexEditor.read(
                "Mine",
                List.of(
                        new IndexEditor.WeightRow("mmlu", "knowledge", "3", "1/4"),
                        new IndexEditor.WeightRow("code", "coding", "1", "")),
                List.of(new IndexEditor.MixRow("coding", "1")));
        vm.keepIndex(edited.name(), edited.weights(), edited.mix());
        assertThat(vm.sources()).extracting(s -> s.name()).contains("Mine (weights)", "Mine (mix)");
        var index = vm.indexProperty().get();
        assertThat(index.models().get(0).model()).isEqualTo("B"); // raw: A 0.65, B 0.675
        vm.normalizationProperty().set(CompositeIndexSpec.Normalization.RANDOM_BASELINE);
        var normalised = vm.indexProperty().get();
        assertThat(normalised.models().get(0).model()).isEqualTo("A");
        assertThat(normalised.models().get(0).score())
                .isCloseTo(0.75 * (0.55 / 0.75) + 0.25 * 0.2, Assertions.within(1e-9));
        assertThat(failures).isEmpty();
    }

    @Test
    void importRecomputeAndRemove() throws Exception {
        shell.createProject("Mine", "");
        assertThat(vm.emptyProperty().get()).isTrue();
        assertThat(vm.messageProperty().get()).startsWith("No evaluation evidence");
        Path f = Files.writeString(
                tmp.resolve("scores.csv"), "model,benchmark,item_id,score\nA,b,1,1\nA,b,2,0\nB,b,1,1\nB,b,2,1\n");
        vm.importFiles(List.of(f));
        assertThat(vm.sources()).singleElement().satisfies(s -> assertThat(s.rows())
                .isEqualTo(4));
        assertThat(vm.summaries()).hasSize(2);
        vm.ciMethodProperty().set(ScoreSummarySpec.CiMethod.BOOTSTRAP);
        vm.bootstrapRoundsProperty().set(500);
        vm.recompute();
        // A's 1 of 2 is bootstrapped; B's 2 of 2 gets Wilson's interval, which the bootstrap cannot give at n of n
        assertThat(vm.summaries())
                .filteredOn(r -> r.model().equals("A"))
                .singleElement()
                .satisfies(r -> assertThat(r.method()).isEqualTo("bootstrap"));
        assertThat(vm.summaries())
                .filteredOn(r -> r.model().equals("B"))
                .singleElement()
                .satisfies(r -> assertThat(r.method()).isEqualTo("wilson"));
        vm.deleteSource(vm.sources().get(0));
        assertThat(vm.sources()).isEmpty();
        assertThat(vm.emptyProperty().get()).isTrue();

        Path bad = Files.writeString(tmp.resolve("bad.csv"), "model,benchmark,item_id,score\nA,b,1,x\n");
        vm.importFiles(List.of(bad));
        assertThat(failures).singleElement().asString().contains("bad.csv:2: score: expected a number");
        assertThat(vm.sources()).isEmpty();
    }

    /**
     * Imported items' dates and cut-offs stand in for the By date tab's file and field; a run date set on a file dates
     * its results for the scorecard (27 months before today at the latest: stale), a bad one fails naming itself.
     */
    @Test
    void importedDatesCutOffsAndRunDatesReachByDateAndTheScorecard() throws Exception {
        shell.createProject("Dated", "");
        StringBuilder scores = new StringBuilder("model,benchmark,item_id,score\n");
        StringBuilder dates = new StringBuilder("item_id,date\n");
        for (int i = 0; i < 60; i++) {
            scores.append("A,lcb,p")
                    .append(i)
                    .append(',')
                    .append(i < 30 ? (i % 5 == 0 ? 0 : 1) : (i % 5 == 0 ? 1 : 0))
                    .append('\n');
            dates.append('p')
                    .append(i)
                    .append(',')
                    .append(LocalDate.of(2024, 1, 1).plusDays(5L * i))
                    .append('\n');
        }
        vm.importFiles(List.of(
                Files.writeString(tmp.resolve("scores.csv"), scores),
                Files.writeString(tmp.resolve("dates.csv"), dates),
                Files.writeString(tmp.resolve("cutoffs.csv"), "model,cutoff\nA,2024-05\n")));
        assertThat(failures).isEmpty();
        var d = vm.byDate();
        d.modelProperty().set("A");
        d.benchmarkProperty().set("lcb");
        d.cutoffProperty().set("");
        d.compare();
        assertThat(d.problemProperty().get()).isEmpty();
        assertThat(d.resultProperty().get().cutoff()).isEqualTo(LocalDate.of(2024, 5, 31));
        assertThat(d.resultProperty().get().before().n()).isEqualTo(31); // Jan 1 + 5 days × 30 = May 31, inclusive
        var byDate = vm.scorecardProperty().get().benchmarks().get(0).dimensions().get(1).checks().stream()
                .filter(c -> c.name().equals("contamination by date"))
                .findFirst()
                .orElseThrow();
        assertThat(byDate.grade()).isEqualTo(Scorecard.Grade.POOR);

        var source = vm.sources().stream()
                .filter(s -> s.name().equals("scores.csv"))
                .findFirst()
                .orElseThrow();
        String old = LocalDate.now().minusMonths(27).toString();
        vm.setRunDate(source, old);
        assertThat(vm.sources().stream()
                        .filter(s -> s.name().equals("scores.csv"))
                        .findFirst()
                        .orElseThrow()
                        .runDate())
                .hasToString(old);
        var age = vm.scorecardProperty().get().benchmarks().get(0).dimensions().get(1).checks().stream()
                .filter(c -> c.name().equals("result age"))
                .findFirst()
                .orElseThrow();
        assertThat(age.grade()).isEqualTo(Scorecard.Grade.POOR);
        assertThat(age.evidence()).contains("scores.csv 27 months old (run " + old + ")");
        vm.setRunDate(source, "last spring");
        assertThat(failures).singleElement().asString().contains("'last spring' is not a date");
    }

    @Test
    void battlesOfGroupsThatNeverMetWarnOnTheArenaTab() throws Exception {
        shell.createProject("Arena", "");
        assertThat(vm.arenaWarningProperty().get()).isEmpty();
        Path f = Files.writeString(
                tmp.resolve("clean_battle_20240101.json"),
                """
                [
                  {"question_id": "q1", "model_a": "A", "model_b": "B", "winner": "model_a", "anony": true, "turn": 1, "tstamp": 1.0},
                  {"question_id": "q2", "model_a": "B", "model_b": "A", "winner": "tie", "anony": true, "turn": 1, "tstamp": 2.0},
                  {"question_id": "q3", "model_a": "C", "model_b": "D", "winner": "model_b", "anony": true, "turn": 1, "tstamp": 3.0}
                ]
                """);
        vm.importFiles(List.of(f));
        assertThat(vm.arenaProperty().get().components()).hasSize(2);
        assertThat(vm.arenaWarningProperty().get())
                .contains("2 groups of models never met")
                .contains("not comparable");
        Path results = Files.writeString(
                tmp.resolve("hellaswag-v0-res.json"),
                "{\"results\": {\"hellaswag\": {\"acc\": 0.25, \"acc_norm\": 0.3}}, \"versions\": {\"hellaswag\": 0}}");
        vm.importFiles(List.of(results));
        assertThat(vm.messageProperty().get())
                .contains("hellaswag-v0-res.json: hellaswag: scored by accuracy (acc)")
                .contains("after its folder");
        assertThat(vm.summaries()).anySatisfy(r -> assertThat(r.n()).isNull());
        assertThat(failures).isEmpty();
    }

    @Test
    void powerHelpersMatchTheFormula() {
        assertThat(EvaluationViewModel.requiredN(0.5, 0, 1, 0.03)).isEqualTo(2181);
        assertThat(EvaluationViewModel.requiredN(0.5, 0, 0, 0.03)).isEqualTo(-1);
        assertThat(EvaluationViewModel.minDetectableEffect(0.5, 0, 1, 1000)).isBetween(0.044, 0.0445);
    }
}
