package dev.sextant.model.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.sextant.model.gate.GatePolicy.Check;
import dev.sextant.model.gate.GatePolicy.Layer;
import dev.sextant.model.gate.GatePolicy.Role;
import dev.sextant.model.gate.GatePolicy.Test;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/** The decision logic on constructed evidence: a clear win, a hidden regression, an inconclusive gain, a contaminated benchmark. */
class GateDecisionTest {

    static final GatePolicy POLICY = new GatePolicy(
            "standard",
            0.95,
            List.of(
                    new Check(
                            "public benchmark",
                            Layer.PUBLIC,
                            "accuracy",
                            true,
                            0.01,
                            0.02,
                            Test.PAIRED,
                            Role.REQUIRED_GAIN),
                    new Check("private suite", Layer.PRIVATE, "accuracy", true, 0, 0.02, Test.PAIRED, Role.BLOCKING),
                    new Check("replay quality", Layer.REPLAY, "quality", true, 0, 0.05, Test.UNPAIRED, Role.BLOCKING),
                    new Check(
                            "blind pairwise",
                            Layer.PAIRWISE,
                            "win rate",
                            true,
                            0.02,
                            0.05,
                            Test.WIN_RATE,
                            Role.REQUIRED_GAIN),
                    new Check("coding", Layer.REGRESSION, "coding", true, 0, 0.02, Test.PAIRED, Role.BLOCKING),
                    new Check("latency", Layer.REPLAY, "latency ms", false, 0, 50, Test.UNPAIRED, Role.INFORMATIVE)));

    /** n items, the incumbent right on the first base·n; the candidate right on those plus (or minus) change·n more. */
    static GateEvidence paired(Layer layer, String metric, int n, double base, double change) {
        double[] inc = new double[n];
        double[] can = new double[n];
        int right = (int) Math.round(base * n);
        int moved = (int) Math.round(Math.abs(change) * n);
        for (int i = 0; i < n; i++) {
            inc[i] = i < right ? 1 : 0;
            can[i] = inc[i];
        }
        for (int k = 0; k < moved; k++) {
            if (change > 0) {
                can[right + k] = 1;
            } else {
                can[right - 1 - k] = 0;
            }
        }
        return GateEvidence.values(layer, metric, can, inc, layer.slug() + ".jsonl");
    }

    static GateEvidence unpaired(
            Layer layer, String metric, int n, double meanInc, double meanCan, double sd, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] inc = new double[n];
        double[] can = new double[n];
        for (int i = 0; i < n; i++) {
            inc[i] = meanInc + sd * gaussian(r);
            can[i] = meanCan + sd * gaussian(r);
        }
        return GateEvidence.values(layer, metric, can, inc, "replay.csv");
    }

    static double gaussian(SplittableRandom r) {
        return Math.sqrt(-2 * Math.log(1 - r.nextDouble())) * Math.cos(2 * Math.PI * r.nextDouble());
    }

    static List<GateEvidence> clearWin() {
        List<GateEvidence> e = new ArrayList<>();
        e.add(paired(Layer.PUBLIC, "accuracy", 2000, 0.7, 0.05));
        e.add(paired(Layer.PRIVATE, "accuracy", 1000, 0.6, 0.03));
        e.add(unpaired(Layer.REPLAY, "quality", 500, 3.9, 3.9, 1.0, 1));
        e.add(GateEvidence.battles("win rate", 260, 180, 60, "arena.jsonl"));
        e.add(paired(Layer.REGRESSION, "coding", 500, 0.5, 0));
        e.add(unpaired(Layer.REPLAY, "latency ms", 500, 800, 820, 200, 2));
        return e;
    }

    @org.junit.jupiter.api.Test
    void aClearWinRollsOutFully() {
        GateDecision d = GateDecision.decide(POLICY, clearWin());
        assertThat(d.decision()).isEqualTo("full");
        assertThat(d.checks())
                .extracting(GateDecision.CheckResult::status)
                .containsExactly("gain", "gain", "non-inferior", "gain", "non-inferior", "non-inferior");
        // the public gain by hand: 100 of 2,000 items flip to right: mean 0.05, SE =
        // sqrt(0.05 · 0.95 / 1999) ... ≈ 0.00487
        GateDecision.CheckResult pub = d.checks().get(0);
        assertThat(pub.estimate()).isCloseTo(0.05, within(1e-12));
        assertThat(pub.ciLow()).isCloseTo(0.05 - 1.959964 * Math.sqrt(0.05 * 0.95 / 1999), within(1e-6));
        // the win rate: (260 + 30) / 500 = 0.58, 0.08 above even
        assertThat(d.checks().get(3).estimate()).isCloseTo(0.08, within(1e-12));
        assertThat(d.reasons().get(0)).startsWith("Full rollout");
    }

    @org.junit.jupiter.api.Test
    void aHiddenRegressionRejectsDespiteTheHeadlineGain() {
        List<GateEvidence> e = clearWin();
        e.set(4, paired(Layer.REGRESSION, "coding", 500, 0.5, -0.06));
        GateDecision d = GateDecision.decide(POLICY, e);
        assertThat(d.decision()).isEqualTo("reject");
        assertThat(d.checks().get(4).status()).isEqualTo("regression");
        assertThat(d.checks().get(0).status()).isEqualTo("gain"); // the public benchmark still looks better
        assertThat(d.reasons())
                .anyMatch(r ->
                        r.startsWith("coding (regression, coding): blocking regression beyond the margin of 0.02"));
    }

    @org.junit.jupiter.api.Test
    void anInconclusiveGainLeadsToACanary() {
        List<GateEvidence> e = clearWin();
        e.set(3, GateEvidence.battles("win rate", 240, 230, 30, "arena.jsonl"));
        GateDecision d = GateDecision.decide(POLICY, e);
        assertThat(d.decision()).isEqualTo("canary");
        assertThat(d.checks().get(3).status()).isIn("non-inferior", "inconclusive");
        assertThat(d.reasons())
                .anyMatch(r ->
                        r.startsWith("blind pairwise (pairwise, win rate): the gain is not statistically supported"));
    }

    @org.junit.jupiter.api.Test
    void aContaminatedBenchmarkIsDownWeightedAndSaidSo() {
        List<GateEvidence> e = clearWin();
        e.set(0, e.get(0).withLowCredibility("contaminated: 38 % of its items occur in the training corpus"));
        GateDecision d = GateDecision.decide(POLICY, e);
        assertThat(d.decision()).isEqualTo("canary");
        assertThat(d.checks().get(0).downWeighted()).startsWith("contaminated");
        assertThat(d.reasons())
                .anyMatch(r -> r.contains("down-weighted, contaminated: 38 %"))
                .anyMatch(r -> r.contains("no credible evidence for a required-gain check"));
    }

    @org.junit.jupiter.api.Test
    void missingEvidenceCannotBeFullAndSaysWhich() {
        List<GateEvidence> e = clearWin();
        e.remove(2);
        GateDecision d = GateDecision.decide(POLICY, e);
        assertThat(d.decision()).isEqualTo("canary");
        assertThat(d.checks().get(2).status()).isEqualTo("missing");
        assertThat(d.reasons())
                .anyMatch(
                        r -> r.equals(
                                "replay quality (replay, quality): no evidence for this blocking check, so not a full rollout"));
    }

    @org.junit.jupiter.api.Test
    void oneLayerAloneCannotPassAFullRollout() {
        GatePolicy single = new GatePolicy(
                "one",
                0.95,
                List.of(new Check(
                        "public", Layer.PUBLIC, "accuracy", true, 0.01, 0.02, Test.PAIRED, Role.REQUIRED_GAIN)));
        GateDecision d = GateDecision.decide(single, List.of(paired(Layer.PUBLIC, "accuracy", 2000, 0.7, 0.05)));
        assertThat(d.decision()).isEqualTo("canary");
        assertThat(d.reasons()).anyMatch(r -> r.contains("no single layer may pass a full rollout alone"));
    }

    @org.junit.jupiter.api.Test
    void contradictoryOrUnreachablePoliciesAreRefused() {
        assertThatThrownBy(() -> new GatePolicy(
                                "p",
                                0.95,
                                List.of(
                                        new Check(
                                                "a", Layer.REPLAY, "latency", true, 0, 1, Test.UNPAIRED, Role.BLOCKING),
                                        new Check(
                                                "b",
                                                Layer.REPLAY,
                                                "latency",
                                                false,
                                                0,
                                                1,
                                                Test.UNPAIRED,
                                                Role.INFORMATIVE)))
                        .validate())
                .hasMessageContaining("cannot be better both higher and lower");
        assertThatThrownBy(() -> new GatePolicy(
                                "p",
                                0.95,
                                List.of(new Check(
                                        "w",
                                        Layer.PAIRWISE,
                                        "win rate",
                                        true,
                                        0.6,
                                        0.05,
                                        Test.WIN_RATE,
                                        Role.REQUIRED_GAIN)))
                        .validate())
                .hasMessageContaining("unreachable");
        assertThatThrownBy(() -> new GatePolicy(
                                "p",
                                0.95,
                                List.of(new Check("m", Layer.PUBLIC, "acc", true, 0, -0.1, Test.PAIRED, Role.BLOCKING)))
                        .validate())
                .hasMessageContaining("must not be negative");
        assertThatThrownBy(() -> new GatePolicy(
                                "p",
                                1.2,
                                List.of(new Check("m", Layer.PUBLIC, "acc", true, 0, 0.1, Test.PAIRED, Role.BLOCKING)))
                        .validate())
                .hasMessageContaining("confidence");
    }

    @org.junit.jupiter.api.Test
    void aLatencyRegressionReadsAsWorseByMillisecondsNotAsANegativeImprovement() {
        GatePolicy policy = new GatePolicy(
                "latency",
                0.95,
                List.of(new Check("latency", Layer.REPLAY, "latency_ms", false, 0, 50, Test.UNPAIRED, Role.BLOCKING)));
        GateDecision slower =
                GateDecision.decide(policy, List.of(unpaired(Layer.REPLAY, "latency_ms", 400, 800, 923, 60, 7)));
        assertThat(slower.decision()).isEqualTo("reject");
        String reason = slower.reasons().stream()
                .filter(r -> r.startsWith("latency ("))
                .findFirst()
                .orElseThrow();
        assertThat(reason)
                .contains("latency worse by 1")
                .contains(" ms (interval of the gain [-1")
                .doesNotContain("improvement");
        assertThat(slower.checks().get(0).estimate()).isLessThan(-100);

        GateDecision faster =
                GateDecision.decide(policy, List.of(unpaired(Layer.REPLAY, "latency_ms", 400, 800, 700, 60, 7)));
        assertThat(faster.reasons().stream()
                        .filter(r -> r.startsWith("latency ("))
                        .findFirst()
                        .orElseThrow())
                .contains("latency better by ")
                .contains(" ms (interval of the gain [+");
    }
}
