package dev.sextant.model.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.sextant.model.evaluation.BenchmarkWeight;
import dev.sextant.model.evaluation.CompositeIndex;
import dev.sextant.model.evaluation.CompositeIndexResult;
import dev.sextant.model.evaluation.CompositeIndexSpec;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IndexTemplatesTest {

    @TempDir
    Path tmp;

    /**
     * The templates read back as the tables they illustrate, and the weight table's baseline column normalises as the
     * Open LLM Leaderboard v2 does, (v − b)/(1 − b). Hand calculation: weights 2 and 1 → 2/3 and 1/3; model-a
     * (0.71 − 0.1)/0.9 = 0.67778 and 0.44 raw → 0.59852; model-b (0.68 − 0.1)/0.9 = 0.64444 and 0.52 → 0.60296.
     */
    @Test
    void templatesReadBackAndTheirBaselinesNormalise() {
        List<Path> files = IndexTemplates.write(tmp);
        assertThat(files)
                .extracting(p -> p.getFileName().toString())
                .containsExactly(IndexTemplates.WEIGHTS, IndexTemplates.SCORES, IndexTemplates.MIX);
        List<BenchmarkWeight> w = IndexTablesCsv.readWeights(tmp.resolve(IndexTemplates.WEIGHTS));
        assertThat(w).hasSize(2);
        assertThat(w.get(0).baseline()).isEqualTo(0.1);
        assertThat(w.get(0).released()).isEqualTo(LocalDate.of(2024, 6, 1));
        assertThat(w.get(1).baseline()).isNull();
        assertThat(w.get(1).heldOut()).isEqualTo(0.5);
        var scores = IndexTablesCsv.readScores(tmp.resolve(IndexTemplates.SCORES));
        Map<String, Double> mix = IndexTablesCsv.readMix(tmp.resolve(IndexTemplates.MIX));
        assertThat(mix).containsOnlyKeys("knowledge", "coding");

        CompositeIndexResult r = CompositeIndex.analyse(
                new CompositeIndexSpec(
                        w, scores, CompositeIndexSpec.Normalization.RANDOM_BASELINE, null, null, 0, 100, 1, 0),
                ProgressListener.NONE,
                CancellationToken.none());
        assertThat(r.models().stream()
                        .filter(m -> m.model().equals("model-a"))
                        .findFirst()
                        .orElseThrow()
                        .score())
                .isCloseTo(2.0 / 3 * (0.61 / 0.9) + 0.44 / 3, within(1e-9));
        assertThat(r.models().stream()
                        .filter(m -> m.model().equals("model-b"))
                        .findFirst()
                        .orElseThrow()
                        .score())
                .isCloseTo(2.0 / 3 * (0.58 / 0.9) + 0.52 / 3, within(1e-9));
        assertThat(r.notes()).anyMatch(n -> n.contains("no random-guess baseline for my-coding-benchmark"));
        // a baseline given on the command line wins over the table's
        CompositeIndexResult over = CompositeIndex.analyse(
                new CompositeIndexSpec(
                        w,
                        scores,
                        CompositeIndexSpec.Normalization.RANDOM_BASELINE,
                        Map.of("my-knowledge-benchmark", 0.25),
                        null,
                        0,
                        100,
                        1,
                        0),
                ProgressListener.NONE,
                CancellationToken.none());
        assertThat(over.models().stream()
                        .filter(m -> m.model().equals("model-a"))
                        .findFirst()
                        .orElseThrow()
                        .score())
                .isCloseTo(2.0 / 3 * (0.46 / 0.75) + 0.44 / 3, within(1e-9));
    }

    @Test
    void aBaselineIsAShareOrAFractionBelowOne() throws Exception {
        Path ok = Files.writeString(tmp.resolve("w.csv"), "benchmark,weight,baseline\nmmlu,1,1/4\ngpqa,1,0.25\n");
        assertThat(IndexTablesCsv.readWeights(ok))
                .extracting(BenchmarkWeight::baseline)
                .containsExactly(0.25, 0.25);
        Path bad = Files.writeString(tmp.resolve("bad.csv"), "benchmark,weight,baseline\nmmlu,1,1\n");
        assertThatThrownBy(() -> IndexTablesCsv.readWeights(bad))
                .hasMessageContaining("bad.csv:2")
                .hasMessageContaining("baseline");
        Path junk = Files.writeString(tmp.resolve("junk.csv"), "benchmark,weight,baseline\nmmlu,1,a/b\n");
        assertThatThrownBy(() -> IndexTablesCsv.readWeights(junk))
                .hasMessageContaining("baseline")
                .hasMessageContaining("a/b");
    }
}
