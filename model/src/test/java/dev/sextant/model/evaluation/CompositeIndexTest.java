package dev.sextant.model.evaluation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CompositeIndexTest {

    static final List<BenchmarkWeight> WEIGHTS = List.of(
            new BenchmarkWeight("mmlu", 2, "knowledge", null, null, null, null, null),
            new BenchmarkWeight("gsm8k", 1, "math", null, null, null, null, null),
            new BenchmarkWeight("humaneval", 1, "coding", null, null, null, null, null));
    static final List<ModelScore> SCORES = List.of(
            new ModelScore("A", "mmlu", 0.80, 0.01),
            new ModelScore("A", "gsm8k", 0.60, 0.02),
            new ModelScore("A", "humaneval", 0.50, 0.03),
            new ModelScore("B", "mmlu", 0.70, 0.01),
            new ModelScore("B", "gsm8k", 0.90, 0.02),
            new ModelScore("B", "humaneval", 0.70, 0.03));

    static CompositeIndexResult run(Map<String, Double> mix, int samples) {
        return CompositeIndex.analyse(
                new CompositeIndexSpec(
                        WEIGHTS, SCORES, CompositeIndexSpec.Normalization.RAW, null, mix, samples, 100, 1, 7),
                ProgressListener.NONE,
                CancellationToken.none());
    }

    /**
     * Tokens per item weighted as the index weights the benchmarks (.5/.25/.25): A = .5·400 + .25·2000 + .25·1200 = 1000,
     * B = .5·1200 + .25·6000 + .25·3600 = 3000; score per 1k tokens A = .675 / 1 = .675, B = .75 / 3 = .25. B leads
     * the index by 7.5 points at three times the tokens.
     */
    @Test
    void tokenEfficiencyByHand() {
        List<ModelScore> scores = List.of(
                new ModelScore("A", "mmlu", 0.80, 0.01, 400.0),
                new ModelScore("A", "gsm8k", 0.60, 0.02, 2000.0),
                new ModelScore("A", "humaneval", 0.50, 0.03, 1200.0),
                new ModelScore("B", "mmlu", 0.70, 0.01, 1200.0),
                new ModelScore("B", "gsm8k", 0.90, 0.02, 6000.0),
                new ModelScore("B", "humaneval", 0.70, 0.03, 3600.0),
                new ModelScore("C", "mmlu", 0.70, 0.01, 1200.0),
                new ModelScore("C", "gsm8k", 0.90, 0.02, null),
                new ModelScore("C", "humaneval", 0.70, 0.03, 3600.0));
        CompositeIndexResult r = CompositeIndex.analyse(
                new CompositeIndexSpec(WEIGHTS, scores, CompositeIndexSpec.Normalization.RAW, null, null, 0, 100, 1, 7),
                ProgressListener.NONE,
                CancellationToken.none());
        Map<String, CompositeIndexResult.ModelRow> byModel = new HashMap<>();
        r.models().forEach(m -> byModel.put(m.model(), m));
        assertThat(byModel.get("A").tokens()).isCloseTo(1000, within(1e-9));
        assertThat(byModel.get("A").scorePerKiloToken()).isCloseTo(0.675, within(1e-12));
        assertThat(byModel.get("B").tokens()).isCloseTo(3000, within(1e-9));
        assertThat(byModel.get("B").scorePerKiloToken()).isCloseTo(0.25, within(1e-12));
        assertThat(byModel.get("C").tokens()).isNull();
        assertThat(r.notes()).anyMatch(n -> n.startsWith("no token efficiency for C"));
        assertThat(run(null, 0).models()).allMatch(m -> m.tokens() == null && m.scorePerKiloToken() == null);
    }

    @Test
    void compositeRanksAndSpreadSharesByHand() {
        CompositeIndexResult r = run(null, 0);
        // weights renormalised to .5/.25/.25: A = .4 + .15 + .125 = .675, B = .35 + .225 + .175 = .75
        assertThat(r.models()).extracting(CompositeIndexResult.ModelRow::model).containsExactly("B", "A");
        assertThat(r.models().get(0).score()).isCloseTo(0.75, within(1e-12));
        assertThat(r.models().get(1).score()).isCloseTo(0.675, within(1e-12));
        assertThat(r.models().get(0).pTop1()).isNull();
        assertThat(r.divergence()).isNull();
        // two models: share_b = w_b (s_Bb − s_Ab) / (C_B − C_A): mmlu .5·(−.1)/.075,
        // gsm8k .25·.3/.075, humaneval .25·.2/.075
        assertThat(r.benchmarks())
                .extracting(CompositeIndexResult.BenchmarkRow::spreadShare)
                .satisfiesExactly(
                        s -> assertThat(s).isCloseTo(-2.0 / 3, within(1e-9)),
                        s -> assertThat(s).isCloseTo(1.0, within(1e-9)),
                        s -> assertThat(s).isCloseTo(2.0 / 3, within(1e-9)));
    }

    @Test
    void reweightingToTheMixAndDivergenceByHand() {
        Map<String, Double> mix = new LinkedHashMap<>();
        mix.put("coding", 70.0);
        mix.put("math", 20.0);
        mix.put("knowledge", 10.0);
        CompositeIndexResult r = run(mix, 0);
        // mix weights .1/.2/.7: A = .08 + .12 + .35 = .55; B = .07 + .18 + .49 = .74
        assertThat(r.models().get(0).scoreMix()).isCloseTo(0.74, within(1e-12));
        assertThat(r.models().get(1).scoreMix()).isCloseTo(0.55, within(1e-12));
        // index categories .5/.25/.25 vs mix .1/.2/.7: TV = ½(.4 + .05 + .45) = .45
        assertThat(r.divergence().totalVariation()).isCloseTo(0.45, within(1e-12));
        double js = 0.5 * (0.5 * log2(0.5 / 0.3) + 0.25 * log2(0.25 / 0.225) + 0.25 * log2(0.25 / 0.475))
                + 0.5 * (0.1 * log2(0.1 / 0.3) + 0.2 * log2(0.2 / 0.225) + 0.7 * log2(0.7 / 0.475));
        assertThat(r.divergence().jensenShannon()).isCloseTo(js, within(1e-12));
    }

    @Test
    void aMixWithAnUnknownCategoryIsNotedAndRenormalised() {
        Map<String, Double> mix = Map.of("coding", 1.0, "legal", 1.0);
        CompositeIndexResult r = run(mix, 0);
        assertThat(r.notes()).anyMatch(n -> n.contains("'legal' has no benchmark"));
        // all of the covered mix is coding
        assertThat(r.benchmarks().get(2).weightMix()).isCloseTo(1.0, within(1e-12));
        assertThat(r.models().get(0).scoreMix()).isCloseTo(0.70, within(1e-12));
    }

    @Test
    void rankStabilityIsSeededAndSensible() {
        CompositeIndexResult a = run(null, 2000);
        CompositeIndexResult b = run(null, 2000);
        assertThat(a).isEqualTo(b);
        // B leads by .075 with SEs of a few hundredths: almost always first
        assertThat(a.models().get(0).pTop1()).isGreaterThan(0.95);
        assertThat(a.models().get(0).pTop1() + a.models().get(1).pTop1()).isCloseTo(1, within(1e-12));
        assertThat(a.kendallTau()).isGreaterThan(0.9);
        for (var row : a.models()) {
            assertThat(row.rankProbabilities()).hasSize(2);
            assertThat(row.rankProbabilities().get(0)).isEqualTo(row.pTop1());
            assertThat(row.rankProbabilities().stream()
                            .mapToDouble(Double::doubleValue)
                            .sum())
                    .isCloseTo(1, within(1e-12));
        }
    }

    @Test
    void randomBaselineNormalisationFloorsAtZero() {
        assertThat(CompositeIndex.normalize(0.5, 0.25)).isCloseTo(1.0 / 3, within(1e-12));
        assertThat(CompositeIndex.normalize(0.2, 0.25)).isZero();
        assertThat(CompositeIndex.normalize(0.7, 0)).isEqualTo(0.7);
    }

    @Test
    void aMissingScoreIsNamed() {
        List<ModelScore> partial = SCORES.subList(0, 5);
        assertThatThrownBy(() -> CompositeIndex.analyse(
                        new CompositeIndexSpec(
                                WEIGHTS, partial, CompositeIndexSpec.Normalization.RAW, null, null, 0, 100, 1, 0),
                        ProgressListener.NONE,
                        CancellationToken.none()))
                .hasMessage("model 'B' has no score for benchmark 'humaneval', which the index weights 1.0");
    }

    static double log2(double x) {
        return Math.log(x) / Math.log(2);
    }
}
