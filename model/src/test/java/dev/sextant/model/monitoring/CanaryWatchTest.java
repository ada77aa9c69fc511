package dev.sextant.model.monitoring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.sextant.model.gate.CanaryPlan;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class CanaryWatchTest {

    static final Map<String, String> CANARY = Map.of("route", "canary");
    static final Map<String, String> STABLE = Map.of("route", "stable");

    @Test
    void anErrorRateBeyondTheThresholdRollsBackWithItsExactBinomialP() {
        // plan: baseline 1 %, roll back at 2 %, 500 requests a side; 30 errors in 1,000 canary requests:
        // P(X ≥ 30 | n = 1000, p = 0.01) = 2.06e-7 (scipy.stats.binom.sf(29, 1000, 0.01))
        CanaryWatch w = new CanaryWatch(
                CANARY,
                STABLE,
                List.of(new CanaryWatch.Threshold(CanaryWatch.Metric.ERROR_RATE, 0.02, 0.01, 500)),
                null,
                0.05);
        List<Request> window = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            window.add(req("c" + i, "canary", i < 30, 500, null));
        }
        CanaryWatch.Verdict v = w.window(60_000, window);
        assertThat(v.verdict()).isEqualTo("roll back");
        assertThat(v.atMillis()).isEqualTo(60_000);
        CanaryWatch.Check k = v.checks().get(0);
        assertThat(k.canary()).isEqualTo(0.03);
        assertThat(k.pValue()).isCloseTo(2.059988850971949e-07, within(1e-12));
        assertThat(k.boundary()).as("the planned analysis").isEqualTo(0.05);
        assertThat(v.reason())
                .contains("error_rate is 3.00 %")
                .contains("threshold 2.00 %")
                .contains("1,000 requests");
        // sticky: good traffic after the rollback does not undo it
        List<Request> good = new ArrayList<>();
        for (int i = 0; i < 5000; i++) {
            good.add(req("d" + i, "canary", false, 500, null));
        }
        assertThat(w.window(120_000, good).verdict()).isEqualTo("roll back");
    }

    @Test
    void beforeThePlannedSamplesOnlyOverwhelmingEvidenceRollsBack() {
        CanaryWatch.Threshold t = new CanaryWatch.Threshold(CanaryWatch.Metric.ERROR_RATE, 0.02, 0.01, 2000);
        // 3 errors in 100: 3 % is beyond 2 %, but P(X ≥ 3 | 100, 0.01) = 0.079 is no evidence at the interim boundary
        // 0.001
        CanaryWatch few = new CanaryWatch(CANARY, STABLE, List.of(t), null, 0.05);
        List<Request> three = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            three.add(req("c" + i, "canary", i < 3, 500, null));
        }
        CanaryWatch.Verdict v = few.window(0, three);
        assertThat(v.verdict()).isEqualTo("watching");
        assertThat(v.checks().get(0).pValue()).isCloseTo(0.07937320225218046, within(1e-9));
        assertThat(v.checks().get(0).boundary()).isEqualTo(CanaryWatch.INTERIM_P);
        // 10 in 100: P = 7.6e-8, rolled back at once
        CanaryWatch burst = new CanaryWatch(CANARY, STABLE, List.of(t), null, 0.05);
        List<Request> ten = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            ten.add(req("c" + i, "canary", i < 10, 500, null));
        }
        assertThat(burst.window(0, ten).verdict()).isEqualTo("roll back");
    }

    @Test
    void aCanaryAsGoodAsTheBaselineIsRarelyRolledBackHoweverOftenItIsLookedAt() {
        // 400 canaries with the baseline's own 1 % errors, each looked at after
        // every 100 requests up to 6,000 (60 looks)
        SplittableRandom r = new SplittableRandom(11);
        int rolledBack = 0;
        for (int run = 0; run < 400; run++) {
            CanaryWatch w = new CanaryWatch(
                    CANARY,
                    null,
                    List.of(new CanaryWatch.Threshold(CanaryWatch.Metric.ERROR_RATE, 0.015, 0.01, 3000)),
                    null,
                    0.05);
            for (int look = 0; look < 60; look++) {
                List<Request> window = new ArrayList<>();
                for (int i = 0; i < 100; i++) {
                    window.add(req("c" + i, "canary", r.nextDouble() < 0.01, 500, null));
                }
                if (w.window(look, window).verdict().equals("roll back")) {
                    rolledBack++;
                    break;
                }
            }
        }
        // α = 0.05 at the one planned analysis (here less: the rate must also reach 1.5 %), about 0.001 at each of the
        // 120 other looks (60 windows, 60 stretches, much of it overlapping)
        assertThat(rolledBack / 400.0).as("false rollbacks").isLessThan(0.08);
    }

    @Test
    void theP99IsBeyondItsThresholdWhenMoreThanOnePercentOfRequestsAre() {
        // threshold 1,100 ms on 5,000 planned requests; the canary sends 3 % of its requests beyond it
        CanaryWatch w = new CanaryWatch(
                CANARY,
                STABLE,
                List.of(new CanaryWatch.Threshold(CanaryWatch.Metric.LATENCY_P99_MS, 1100, 1000.0, 5000)),
                null,
                0.05);
        SplittableRandom r = new SplittableRandom(2);
        List<Request> slow = new ArrayList<>();
        for (int i = 0; i < 6000; i++) {
            slow.add(req("s" + i, "stable", false, 500 + 400 * r.nextDouble(), null));
            slow.add(req("c" + i, "canary", false, i % 100 < 3 ? 1500 : 500 + 400 * r.nextDouble(), null));
        }
        CanaryWatch.Verdict v = w.window(0, slow);
        assertThat(v.verdict()).isEqualTo("roll back");
        assertThat(v.checks().get(0).canary())
                .as("the canary's P99, within 1 % (the bins' width)")
                .isCloseTo(1500, within(15.0));
        // a canary whose tail stays under the threshold holds
        CanaryWatch ok = new CanaryWatch(
                CANARY,
                STABLE,
                List.of(new CanaryWatch.Threshold(CanaryWatch.Metric.LATENCY_P99_MS, 1100, null, 5000)),
                null,
                0.05);
        List<Request> fine = new ArrayList<>();
        for (int i = 0; i < 6000; i++) {
            fine.add(req("c" + i, "canary", false, 500 + 400 * r.nextDouble(), null));
            fine.add(req("s" + i, "stable", false, 500 + 400 * r.nextDouble(), null));
        }
        CanaryWatch.Verdict held = ok.window(0, fine);
        assertThat(held.verdict()).isEqualTo("within thresholds");
        assertThat(held.checks().get(0).baseline())
                .as("the live baseline's P99")
                .isCloseTo(896, within(12.0));
    }

    @Test
    void aQualityProxyFallingBelowItsThresholdRollsBack() {
        CanaryWatch w = new CanaryWatch(
                CANARY,
                STABLE,
                List.of(new CanaryWatch.Threshold(CanaryWatch.Metric.QUALITY, 3.8, null, 400)),
                "rating",
                0.05);
        SplittableRandom r = new SplittableRandom(4);
        List<Request> worse = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            worse.add(req("s" + i, "stable", false, 500, 4.0 + r.nextGaussian() * 0.5));
            worse.add(req("c" + i, "canary", false, 500, 3.6 + r.nextGaussian() * 0.5));
        }
        CanaryWatch.Verdict v = w.window(0, worse);
        assertThat(v.verdict()).isEqualTo("roll back");
        assertThat(v.checks().get(0).canary()).isCloseTo(3.6, within(0.05));
        assertThat(v.checks().get(0).baseline()).isCloseTo(4.0, within(0.05));
    }

    @Test
    void aLastingRegressionTooSmallForOneWindowIsFoundOverThePlannedSamples() {
        // 3 % errors against a 1 % baseline, 100 canary requests a window: no single window is evidence at p < 0.001,
        // the
        // stretch of the latest windows holding the plan's 2,000 requests is (P(X ≥ 60 | 2000, 0.01) ≈ 1e-13)
        CanaryWatch w = new CanaryWatch(
                CANARY,
                null,
                List.of(new CanaryWatch.Threshold(CanaryWatch.Metric.ERROR_RATE, 0.02, 0.01, 2000)),
                null,
                0.05);
        String verdict = null;
        int windows = 0;
        while (windows < 40 && !"roll back".equals(verdict)) {
            List<Request> window = new ArrayList<>();
            for (int i = 0; i < 100; i++) {
                window.add(req("c" + i, "canary", i % 100 < 3, 500, null));
            }
            verdict = w.window(windows++, window).verdict();
        }
        assertThat(verdict).isEqualTo("roll back");
        assertThat(windows)
                .as("rolled back once the stretch held enough requests to be evidence")
                .isBetween(3, 20);
    }

    @Test
    void thresholdsComeFromTheGatesCanaryPlan() {
        // baseline 1 %, +1 point; one-sided α 0.05, power 0.8 (Fleiss §4.2): n = (1.645·√(2·0.015·0.985) +
        // 0.8416·√(0.01·0.99 + 0.02·0.98))² / 0.01² = 1,826 a side (hand calculation)
        var spec = new CanaryPlan.Spec(
                10, List.of(1.0, 5.0), 10, 0.05, 0.8, 0.01, 0.01, null, null, null, null, 50, null, null, null);
        List<CanaryWatch.Threshold> t = CanaryWatch.thresholds(CanaryPlan.of(spec));
        assertThat(t).hasSize(1);
        assertThat(t.get(0).metric()).isEqualTo(CanaryWatch.Metric.ERROR_RATE);
        assertThat(t.get(0).rollbackAt()).isEqualTo(0.02);
        assertThat(t.get(0).baseline()).isEqualTo(0.01);
        assertThat(t.get(0).samplesPerSide()).isBetween(1820L, 1830L);
    }

    static Request req(String id, String route, boolean error, double latency, Double rating) {
        return new Request(
                id,
                0,
                Map.of("route", route),
                100,
                50,
                Double.NaN,
                latency,
                error,
                error ? "error" : "ok",
                "stop",
                false,
                rating == null ? Map.of() : Map.of("rating", rating));
    }
}
