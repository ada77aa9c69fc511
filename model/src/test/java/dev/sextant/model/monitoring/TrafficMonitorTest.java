package dev.sextant.model.monitoring;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sextant.model.io.RequestLogFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.ToDoubleFunction;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

/**
 * The monitor on real arrivals: the head of Azure's 2023 LLM inference trace (2,143 requests over 7.5 minutes, their
 * real prompt and output lengths), with a route, a status and a latency given to each request and regressions planted
 * in known windows: an error burst on the canary, a refusal rise on the stable route, a latency shift on the canary.
 */
class TrafficMonitorTest {

    static final long WINDOW = 30_000;

    static List<Request> trace() throws Exception {
        List<Request> raw = new ArrayList<>();
        RequestLogFile.Summary s = RequestLogFile.read(
                Path.of(TrafficMonitorTest.class
                        .getResource("/traces-real/azure-llm-conv-2023-head.csv")
                        .toURI()),
                Map.of(),
                new HashSet<>(),
                raw::add);
        assertThat(s.requests()).isEqualTo(2143);
        assertThat(s.skipped()).isZero();
        assertThat(s.notes()).anyMatch(n -> n.contains("without a time zone read as UTC"));
        return raw;
    }

    @Test
    void plantedRegressionsAreFoundInTheirWindowAndTracedToTheirRequests() throws Exception {
        List<Request> raw = trace();
        long start = Math.floorDiv(raw.get(0).epochMillis(), WINDOW) * WINDOW;
        SplittableRandom rnd = new SplittableRandom(7);
        List<Request> planted = new ArrayList<>();
        Set<String> errorBurst = new HashSet<>();
        Set<String> refusals = new HashSet<>();
        Set<String> slow = new HashSet<>();
        for (Request r : raw) {
            int w = (int) ((r.epochMillis() - start) / WINDOW);
            boolean canary = rnd.nextDouble() < 0.3;
            String route = canary ? "canary" : "stable";
            double latency = (150 + 18 * r.outputTokens() + 0.05 * r.inputTokens()) * Math.exp(0.15 * gaussian(rnd));
            boolean error = rnd.nextDouble() < 0.005;
            boolean refusal = rnd.nextDouble() < 0.01;
            if (canary && w == 9 && rnd.nextDouble() < 0.4) {
                error = true;
                errorBurst.add(r.id());
            }
            if (!canary && w == 7 && rnd.nextDouble() < 0.2) {
                refusal = true;
                refusals.add(r.id());
            }
            if (canary && w >= 12) {
                latency *= 1.6;
                slow.add(r.id());
            }
            Map<String, String> seg = new LinkedHashMap<>(r.segments());
            seg.put("route", route);
            planted.add(new Request(
                    r.id(),
                    r.epochMillis(),
                    seg,
                    r.inputTokens(),
                    r.outputTokens(),
                    Double.NaN,
                    latency,
                    error,
                    error ? "500" : "200",
                    "stop",
                    refusal,
                    Map.of()));
        }
        TrafficMonitor.Result res =
                TrafficMonitor.analyze(planted, new TrafficMonitor.Settings(WINDOW, List.of("route"), 6));
        assertThat(res.requests()).isEqualTo(2143);
        List<TrafficMonitor.Alert> a = res.alerts();
        // the error burst: canary, window 9, its requests among the planted ones
        TrafficMonitor.Alert burst = find(a, "error_rate", "canary", start + 9 * WINDOW);
        assertThat(burst.requests()).isNotEmpty();
        assertThat(errorBurst)
                .containsAll(
                        burst.requests().stream().filter(errorBurst::contains).toList());
        assertThat(burst.requests().stream().filter(errorBurst::contains).count())
                .isGreaterThanOrEqualTo(burst.requests().size() - 1);
        assertThat(burst.effect().low()).isGreaterThan(0);
        // the refusal rise: stable, window 7
        TrafficMonitor.Alert refused = find(a, "refusal_rate", "stable", start + 7 * WINDOW);
        assertThat(refusals)
                .containsAll(
                        refused.requests().stream().filter(refusals::contains).toList());
        // the latency shift: canary from window 12, found in its first window, a shift of about 60 % of the median
        TrafficMonitor.Alert shift = find(a, "latency_p50", "canary", start + 12 * WINDOW);
        assertThat(shift.effect().value()).isPositive();
        assertThat(slow).containsAll(shift.requests());
        // few false alarms: nothing else on the stable route, and nothing on the canary before window 9
        // the trace's own output lengths and arrival rate move over the minutes: those alerts are real, not false
        List<TrafficMonitor.Alert> stray = a.stream()
                .filter(x -> !x.metric().equals("output_tokens") && !x.metric().equals("request_rate"))
                .filter(x -> !(x.metric().equals("error_rate")
                                && x.segment().get("route").equals("canary")
                                && x.startMillis() >= start + 9 * WINDOW
                                && x.startMillis() < start + 12 * WINDOW)
                        && !(x.metric().equals("refusal_rate")
                                && x.segment().get("route").equals("stable")
                                && x.startMillis() >= start + 7 * WINDOW
                                && x.startMillis() < start + 10 * WINDOW)
                        && !(x.segment().get("route").equals("canary") && x.startMillis() >= start + 12 * WINDOW))
                .toList();
        assertThat(stray).as("alerts outside the planted stretches").hasSizeLessThanOrEqualTo(1);
    }

    @Test
    void latencyIsSetAtEqualPromptAndAnswerLengthsByTheBaselinesLeastSquaresFit() {
        // latency = 100 + 2·out + 0.5·in exactly (hand-made): the fit recovers both slopes, so every adjusted value is
        // the baseline's mean latency, whatever the lengths; a request 300 ms slower stays 300 ms above it
        List<Request> base = new ArrayList<>();
        double sum = 0;
        for (int i = 0; i < 60; i++) {
            double out = 10 + (i * 7) % 50;
            double in = 100 + (i * 13) % 400;
            double lat = 100 + 2 * out + 0.5 * in;
            sum += lat;
            base.add(new Request("b" + i, i, Map.of(), in, out, Double.NaN, lat, false, "", "", false, Map.of()));
        }
        double mean = sum / 60;
        ToDoubleFunction<Request> adj =
                TrafficMonitor.adjustment(base, TrafficMonitor.LATENCY_SIZES, Request::latencyMs);
        Request longer = new Request(
                "x", 0, Map.of(), 2000, 400, Double.NaN, 100 + 800 + 1000 + 300, false, "", "", false, Map.of());
        assertThat(adj.applyAsDouble(base.get(17))).isCloseTo(mean, Assertions.within(1e-6));
        assertThat(adj.applyAsDouble(longer)).isCloseTo(mean + 300, Assertions.within(1e-6));
        // the 2×2 normal equations by Cramer's rule: [[2, 1], [1, 3]] b = [3, 5] → b = (0.8, 1.4)
        assertThat(TrafficMonitor.solve(new double[][] {{2, 1}, {1, 3}}, new double[] {3, 5}))
                .containsExactly(new double[] {0.8, 1.4}, Assertions.within(1e-12));
    }

    @Test
    void theMixsOwnSwingsFromWindowToWindowAreNotShiftsButAShiftBeyondThemIs() {
        // clustered traffic: each minute's answers come from a level of its own (log-normal across minutes, σ 0.25, as
        // one client's batch or a popular prompt sets it); within a minute 300 requests. The rank test alone calls most
        // minutes shifted (p far below 10⁻⁴ at 300 against 3,600); against the minutes' own spread none is. In the last
        // minute answers grow fivefold: beyond any swing, found.
        SplittableRandom r = new SplittableRandom(5);
        List<Request> rs = new ArrayList<>();
        for (int w = 0; w < 40; w++) {
            double level = 150 * Math.exp(0.25 * gaussian(r)) * (w == 39 ? 5 : 1);
            for (int i = 0; i < 300; i++) {
                rs.add(new Request(
                        "w" + w + "r" + i,
                        w * 60_000L + i * 200L,
                        Map.of(),
                        400,
                        level * Math.exp(0.3 * gaussian(r)),
                        Double.NaN,
                        Double.NaN,
                        false,
                        "",
                        "",
                        false,
                        Map.of()));
            }
        }
        TrafficMonitor.Result res = TrafficMonitor.analyze(rs, new TrafficMonitor.Settings(60_000, List.of(), 12));
        List<TrafficMonitor.Alert> shifts = res.alerts().stream()
                .filter(a -> a.metric().equals("output_tokens"))
                .toList();
        assertThat(shifts).extracting(TrafficMonitor.Alert::startMillis).containsExactly(39 * 60_000L);
    }

    @Test
    void theCleanTraceRaisesNoAlarm() throws Exception {
        List<Request> raw = trace();
        SplittableRandom rnd = new SplittableRandom(11);
        List<Request> clean = new ArrayList<>();
        for (Request r : raw) {
            double latency = (150 + 18 * r.outputTokens() + 0.05 * r.inputTokens()) * Math.exp(0.15 * gaussian(rnd));
            boolean error = rnd.nextDouble() < 0.005;
            clean.add(new Request(
                    r.id(),
                    r.epochMillis(),
                    r.segments(),
                    r.inputTokens(),
                    r.outputTokens(),
                    Double.NaN,
                    latency,
                    error,
                    "",
                    "stop",
                    false,
                    Map.of()));
        }
        TrafficMonitor.Result res = TrafficMonitor.analyze(clean, new TrafficMonitor.Settings(WINDOW, List.of(), 6));
        // the trace's own arrivals and lengths change over the minutes (a real workload);
        // the statistics must not call them regressions
        assertThat(res.alerts().stream()
                        .filter(x -> !x.metric().equals("output_tokens")
                                && !x.metric().equals("request_rate"))
                        .toList())
                .isEmpty();
    }

    @Test
    void burnRatesPageWhenBothWindowsBurnFastAndDriftIsThePopulationStabilityIndex() {
        // a 99 % SLO (budget 1 %); from the sixth minute 20 % of requests fail: each such window burns at 20×, and the
        // 12-window stretch ending at window i (hand calculation) at 20 × (erroring windows in it) / (windows in it)
        List<Request> rs = new ArrayList<>();
        for (int i = 0; i < 1800; i++) {
            long t = i * 1000L;
            rs.add(new Request(
                    "r" + i,
                    t,
                    Map.of(),
                    i < 300 ? 100 : 1000,
                    50,
                    Double.NaN,
                    100,
                    i >= 300 && i % 5 == 0,
                    "",
                    "",
                    false,
                    Map.of()));
        }
        TrafficMonitor.Result r = TrafficMonitor.analyze(
                rs, new TrafficMonitor.Settings(60_000, List.of(), 3), new TrafficMonitor.Slo(0.01, null, 0.01));
        List<TrafficMonitor.Alert> burns = r.alerts().stream()
                .filter(a -> a.metric().equals("error_budget_burn"))
                .toList();
        // window 7: its own 20×, the stretch 0–7 has 3 erroring windows of 8: 7.5× ≥
        // 6 → a ticket (windows 5, 6: 3.3×, 5.7×)
        assertThat(burns.get(0).startMillis()).isEqualTo(7 * 60_000);
        assertThat(burns.get(0).baseline()).isCloseTo(7.5, Assertions.within(1e-9));
        assertThat(burns.get(0).severity()).isEqualTo("warning");
        // window 13: the stretch 2–13 has 9 of 12: 15× ≥ 14.4 → a page (window 12: 8 of 12, 13.3×, still a ticket)
        TrafficMonitor.Alert page = burns.stream()
                .filter(a -> a.severity().equals("critical"))
                .findFirst()
                .orElseThrow();
        assertThat(page.startMillis()).isEqualTo(13 * 60_000);
        assertThat(page.baseline()).isCloseTo(15.0, Assertions.within(1e-9));
        assertThat(burns.get(burns.size() - 1).value()).isCloseTo(20.0, Assertions.within(1e-9));
        // prompts ten times longer from the sixth minute: every later window is a large drift; the first ones none
        assertThat(r.drift())
                .isNotEmpty()
                .allMatch(d -> d.column().equals("input_tokens")
                        && d.startMillis() >= 300_000
                        && d.severity().equals("large"));
        // the same distribution against itself: PSI 0
        double[] edges = {1, 2, 3};
        double[] a = TrafficMonitor.shares(new double[] {0, 1.5, 2.5, 4}, edges);
        assertThat(a).containsExactly(0.25, 0.25, 0.25, 0.25);
    }

    @Test
    void smallWindowsOfUnchangedTrafficDoNotDriftByChance() {
        // 30 requests a window from one log-normal: PSI against 120 reference requests is χ²₉·(1/30 + 1/120) ≈ 0.375 on
        // average by sampling alone, far above the 0.1 "moderate" reading, yet nothing changed
        SplittableRandom r = new SplittableRandom(21);
        List<Request> rs = new ArrayList<>();
        for (int i = 0; i < 30 * 200; i++) {
            rs.add(new Request(
                    "r" + i,
                    i * 2000L,
                    Map.of(),
                    300 * Math.exp(0.6 * gaussian(r)),
                    80 * Math.exp(0.4 * gaussian(r)),
                    Double.NaN,
                    Double.NaN,
                    false,
                    "",
                    "",
                    false,
                    Map.of()));
        }
        TrafficMonitor.Result res = TrafficMonitor.analyze(rs, new TrafficMonitor.Settings(60_000, List.of(), 4));
        assertThat(res.windows()).isEqualTo(200);
        assertThat(res.drift())
                .as("at the 99.9th percentile of χ²₉, about 0.4 of 398 window-columns by chance")
                .hasSizeLessThanOrEqualTo(3);
    }

    @Test
    void theDemoTrafficsPlantedRegressionsAreWhatTheMonitorFinds() {
        List<Request> demo = DemoMonitoring.requests();
        TrafficMonitor.Result r = TrafficMonitor.analyze(
                demo, new TrafficMonitor.Settings(300_000, List.of("route"), 12, Map.of("route", "stable")));
        long start = DemoMonitoring.START;
        // the canary's error burst (minutes 35–40) and its slower latency from minute 45, and nothing else
        find(r.alerts(), "error_rate", "canary", start + 35 * 60_000);
        find(r.alerts(), "latency_p50", "canary", start + 45 * 60_000);
        assertThat(r.alerts())
                .allMatch(a -> a.startMillis() == start + 35 * 60_000
                                && a.metric().equals("error_rate")
                        || a.startMillis() >= start + 45 * 60_000 && a.metric().equals("latency_p50"));
    }

    static TrafficMonitor.Alert find(List<TrafficMonitor.Alert> alerts, String metric, String route, long start) {
        return alerts.stream()
                .filter(x ->
                        x.metric().equals(metric) && route.equals(x.segment().get("route")) && x.startMillis() == start)
                .findFirst()
                .orElseThrow(
                        () -> new AssertionError("no " + metric + " alert for " + route + " at " + start + "; alerts: "
                                + alerts.stream()
                                        .map(x -> x.metric() + "/" + x.segment() + "@" + x.startMillis())
                                        .toList()));
    }

    static double gaussian(SplittableRandom r) {
        return Math.sqrt(-2 * Math.log(1 - r.nextDouble())) * Math.cos(2 * Math.PI * r.nextDouble());
    }
}
