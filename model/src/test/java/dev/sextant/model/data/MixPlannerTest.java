package dev.sextant.model.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.sextant.model.InputError;
import dev.sextant.model.contamination.BenchmarkItem;
import dev.sextant.model.contamination.NgramIndex;
import dev.sextant.model.contamination.Normalization;
import dev.sextant.model.io.CorpusFiles;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MixPlannerTest {

    @TempDir
    Path tmp;

    /**
     * By hand: web 600 tokens, code 300, books 100 (1,000). Target web 50 %, code 30 %, books 20 % of 2,000 tokens: drawn
     * 1,000 / 600 / 400; epochs 1.667 / 2 / 4; weights 0.5/0.6, 0.3/0.3, 0.2/0.1 = 0.833 / 1 / 2.
     */
    @Test
    void epochsAndWeightsFollowTheTargetAndTheBudget() {
        List<MixPlanner.Counted> c = List.of(
                new MixPlanner.Counted("web", 60, 6000, 600, 0, 0),
                new MixPlanner.Counted("code", 30, 3000, 300, 3, 0),
                new MixPlanner.Counted("books", 10, 1000, 100, 0, 0));
        // percent: normalised
        Map<String, Double> target = new LinkedHashMap<>(Map.of("web", 50.0, "code", 30.0, "books", 20.0));
        List<MixSource> s = MixPlanner.plan(c, target, 2000L, false);
        MixSource web = s.get(0);
        MixSource code = s.get(1);
        MixSource books = s.get(2);
        assertThat(web.share()).isCloseTo(0.6, within(1e-12));
        assertThat(web.targetShare()).isCloseTo(0.5, within(1e-12));
        assertThat(web.epochs()).isCloseTo(1000.0 / 600, within(1e-12));
        assertThat(web.weight()).isCloseTo(0.5 / 0.6, within(1e-12));
        assertThat(code.epochs()).isCloseTo(2, within(1e-12));
        assertThat(code.weight()).isCloseTo(1, within(1e-12));
        assertThat(code.duplicateShare()).isCloseTo(0.1, within(1e-12));
        assertThat(code.contaminatedShare()).isNull();
        assertThat(books.epochs()).isCloseTo(4, within(1e-12));
        assertThat(books.weight()).isCloseTo(2, within(1e-12));
        assertThat(books.drawnTokens()).isCloseTo(400, within(1e-9));
        assertThat(s).allMatch(x -> x.warning() == null); // 4 epochs: still within what costs little
    }

    /**
     * Muennighoff et al. 2023, eq. 5 with R* = 15.4, by hand: 5 epochs → R = 4, 1 + 15.4·(1 − e^(−4/15.4)) = 1 + 15.4 ×
     * 0.22876 = 4.523; 41 epochs → R = 40, 1 + 15.4 × (1 − e^(−2.597)) = 1 + 15.4 × 0.92553 = 15.25.
     */
    @Test
    void repetitionIsWorthLessPastFourEpochsAndIsWarnedAbout() {
        assertThat(MixPlanner.effectiveEpochs(0.5)).isEqualTo(0.5);
        assertThat(MixPlanner.effectiveEpochs(1)).isEqualTo(1);
        assertThat(MixPlanner.effectiveEpochs(5)).isCloseTo(4.523, within(0.001));
        assertThat(MixPlanner.effectiveEpochs(41)).isCloseTo(15.25, within(0.01));
        List<MixPlanner.Counted> c = List.of(
                new MixPlanner.Counted("big", 1, 1, 1000, 0, 0),
                new MixPlanner.Counted("small", 1, 1, 10, 0, 0),
                new MixPlanner.Counted("tiny", 1, 1, 1, 0, 0),
                new MixPlanner.Counted("unused", 1, 1, 50, 0, 0));
        List<MixSource> s =
                MixPlanner.plan(c, Map.of("big", 0.9, "small", 0.05, "tiny", 0.04, "absent", 0.01), 1000L, true);
        assertThat(s.get(0).warning()).isNull();
        assertThat(s.get(1).epochs()).isCloseTo(5, within(1e-9));
        assertThat(s.get(1).warning()).contains("repeated 5.0×", "worth 4.5 new epochs", "Muennighoff");
        assertThat(s.get(2).epochs()).isCloseTo(40, within(1e-9));
        assertThat(s.get(2).warning()).contains("far past");
        assertThat(s.get(3).warning()).contains("not in the target");
        assertThat(s.get(3).targetShare()).isZero();
        assertThat(s.get(4).name()).isEqualTo("absent");
        assertThat(s.get(4).warning()).contains("not in the corpus");
        assertThat(s.get(4).epochs()).isNull();
        assertThat(s.get(0).contaminatedShare()).isZero();
    }

    @Test
    void badTargetsAreRefusedBeforeTheCorpusIsRead() {
        assertThatThrownBy(() -> new MixSpec("source", "text", Map.of("a", -1.0), 10L, null, false, 4))
                .isInstanceOf(InputError.class)
                .hasMessageContaining("'a'");
        assertThatThrownBy(() -> new MixSpec("source", "text", null, 10L, null, false, 4))
                .hasMessageContaining("goes with a target");
        assertThatThrownBy(() -> new MixSpec("source", "text", Map.of("a", 0.0), null, null, false, 4))
                .hasMessageContaining("sum to zero");
    }

    /**
     * A corpus of three sources (web: 40 documents of 10 words, code: 20 of 20, a nested meta.lang field), 4 exact
     * copies in code, one planted benchmark passage in web; words × 1 as the token count, so every count is known.
     */
    @Test
    void aCorpusIsCountedBySourceWithDuplicatesContaminationAndACurriculum() throws Exception {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            String text =
                    i == 7 ? "one two three four five six seven eight nine ten eleven twelve thirteen" : words(i, 10);
            lines.add("{\"text\":\"" + text + "\",\"source\":\"web\",\"meta\":{\"lang\":\"en\"},\"difficulty\":"
                    + (i % 4) + "}");
        }
        for (int i = 0; i < 20; i++) {
            String text = i < 4 ? words(100, 20) : words(200 + i, 20);
            lines.add("{\"text\":\"" + text + "\",\"source\":\"code\",\"meta\":{\"lang\":\"py\"},\"difficulty\":\""
                    + (10 + i) + "\"}");
        }
        lines.add("{\"text\":\"no source here at all\"}");
        Path corpus = Files.write(tmp.resolve("c.jsonl"), lines);
        NgramIndex bench = NgramIndex.build(
                List.of(new BenchmarkItem(
                        "b", "1", "one two three four five six seven eight nine ten eleven twelve thirteen")),
                13,
                Normalization.defaults());

        MixResult r = CorpusMix.run(
                CorpusFiles.units(List.of(corpus), CorpusFiles.DEFAULT_CHUNK),
                new MixSpec("source", "text", Map.of("web", 1.0, "code", 1.0), 1000L, "difficulty", false, 2),
                TokenCounting.wordsTimes(1),
                bench,
                2,
                ProgressListener.NONE,
                CancellationToken.none());

        assertThat(r.documents()).isEqualTo(61);
        assertThat(r.exactTokens()).isFalse();
        assertThat(r.tokenCounting()).isEqualTo("estimate: words × 1");
        MixSource web = r.sources().get(0);
        MixSource code = r.sources().get(1);
        MixSource none = r.sources().get(2);
        assertThat(web.name()).isEqualTo("web");
        assertThat(web.tokens()).isEqualTo(39 * 10 + 13);
        assertThat(web.contaminatedShare()).isCloseTo(1.0 / 40, within(1e-12));
        assertThat(code.tokens()).isEqualTo(400);
        assertThat(code.duplicateShare()).isCloseTo(3.0 / 20, within(1e-12));
        assertThat(code.epochs()).isCloseTo(500.0 / 400, within(1e-12));
        assertThat(none.name()).isEqualTo("(none)");
        assertThat(none.warning()).contains("not in the target");
        // curriculum: web's difficulty 0..3 in two halves, code's 10..29 (strings holding numbers count too)
        assertThat(r.phases()).hasSize(2);
        MixResult.Slice web1 = r.phases().get(0).sources().get(0);
        assertThat(web1.name()).isEqualTo("web");
        assertThat(web1.from()).isEqualTo(0.0);
        assertThat(r.phases().get(1).sources().get(0).to()).isEqualTo(3.0);
        assertThat(r.phases().get(0).sources().get(1).from()).isEqualTo(10.0);
        assertThat(r.phases().get(1).sources().get(1).to()).isEqualTo(29.0);
        assertThat(r.phases().stream().mapToDouble(MixResult.Phase::tokens).sum())
                .isCloseTo(1000, within(1e-6));
        assertThat(r.unordered()).isEqualTo(1);

        // a nested field
        MixResult byLang = CorpusMix.run(
                CorpusFiles.units(List.of(corpus), CorpusFiles.DEFAULT_CHUNK),
                new MixSpec("meta.lang", "text", null, null, null, false, 1),
                TokenCounting.wordsTimes(1),
                null,
                1,
                ProgressListener.NONE,
                CancellationToken.none());
        assertThat(byLang.sources()).extracting(MixSource::name).containsExactly("en", "py", "(none)");
        assertThat(byLang.sources().get(0).contaminatedShare()).isNull();
        assertThat(byLang.sources().get(0).epochs()).isCloseTo(1, within(1e-12));
    }

    static String words(int seed, int n) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            sb.append(i == 0 ? "" : " ").append("w").append(seed).append('x').append(i);
        }
        return sb.toString();
    }
}
