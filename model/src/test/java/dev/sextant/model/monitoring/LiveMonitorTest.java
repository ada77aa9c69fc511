package dev.sextant.model.monitoring;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class LiveMonitorTest {

    static final long WINDOW = 300_000;

    @Test
    void aStreamArrivingOutOfOrderWithinTheGraceIsJudgedAsTheWholeLogIs() {
        List<Request> demo = DemoMonitoring.requests();
        TrafficMonitor.Settings s =
                new TrafficMonitor.Settings(WINDOW, List.of("route"), 12, Map.of("route", "stable"));
        TrafficMonitor.Slo slo = new TrafficMonitor.Slo(0.01, 8000.0, 0.05);
        TrafficMonitor.Result whole = TrafficMonitor.analyze(demo, s, slo);
        // arrival order: each request up to 20 s late (an exporter's batches), so neighbours swap
        SplittableRandom r = new SplittableRandom(3);
        List<Request> arrival = new ArrayList<>(demo);
        Map<Request, Long> at = new IdentityHashMap<>();
        arrival.forEach(x -> at.put(x, x.epochMillis() + r.nextLong(20_000)));
        arrival.sort(Comparator.comparingLong(at::get));
        LiveMonitor live = new LiveMonitor(s, slo, 30_000);
        List<TrafficMonitor.Alert> alerts = new ArrayList<>();
        List<LiveMonitor.Closed> closed = new ArrayList<>();
        for (Request x : arrival) {
            closed.addAll(live.add(x));
        }
        int beforeFlush = closed.size();
        closed.addAll(live.flush());
        closed.forEach(c -> alerts.addAll(c.alerts()));
        assertThat(beforeFlush)
                .as("windows judged while the stream ran, not only at its end")
                .isGreaterThanOrEqualTo(whole.windows() - 2);
        assertThat(closed).hasSize(whole.windows());
        assertThat(live.late()).isZero();
        // the same alerts (sums taken in another order may differ in the last digits)
        assertThat(alerts)
                .isNotEmpty()
                .extracting(LiveMonitorTest::key)
                .containsExactlyInAnyOrderElementsOf(
                        whole.alerts().stream().map(LiveMonitorTest::key).toList());
        assertThat(live.openWindows()).isZero();
    }

    @Test
    void aRequestForAWindowAlreadyJudgedIsLateCountedAndNotJudged() {
        TrafficMonitor.Settings s = new TrafficMonitor.Settings(60_000, List.of(), 3);
        LiveMonitor live = new LiveMonitor(s, null, 5_000);
        for (int i = 0; i < 130; i++) {
            live.add(req("a" + i, i * 1000L));
        }
        // 130 s in: minute 0 closed at 65 s, minute 1 at 125 s; minute 2 open
        assertThat(live.openWindows()).isEqualTo(1);
        assertThat(live.add(req("late", 30_000))).isEmpty();
        assertThat(live.late()).isEqualTo(1);
        // the clock has moved on with no traffic: minute 2 is judged when 185 s have passed
        assertThat(live.tick(184_000)).isEmpty();
        List<LiveMonitor.Closed> c = live.tick(185_000);
        assertThat(c).hasSize(1);
        assertThat(c.get(0).startMillis()).isEqualTo(120_000);
        assertThat(c.get(0).requests()).isEqualTo(10);
        assertThat(c.get(0).lateSoFar()).isEqualTo(1);
    }

    @Test
    void memoryHoldsOnlyTheWindowsAJudgementNeeds() {
        TrafficMonitor.Settings s = new TrafficMonitor.Settings(60_000, List.of(), 4);
        LiveMonitor live = new LiveMonitor(s, null, 0);
        long judged = 0;
        for (int i = 0; i < 24 * 3600; i += 2) { // a day, a request every two seconds
            judged += live.add(req("r" + i, i * 1000L)).size();
        }
        assertThat(judged).isEqualTo(24 * 60 - 1);
        assertThat(live.held())
                .as("12 trailing windows, the one judged and 4 reference windows")
                .isLessThanOrEqualTo(18 * 30 + 30);
    }

    static String key(TrafficMonitor.Alert a) {
        return String.format(
                Locale.ROOT,
                "%d %s %s %s %.6g %.6g %d %s",
                a.startMillis(),
                a.metric(),
                a.segment(),
                a.severity(),
                a.value(),
                a.baseline(),
                a.windowRequests(),
                a.requests().size());
    }

    static Request req(String id, long t) {
        return new Request(id, t, Map.of(), 100, 50, Double.NaN, 500, false, "ok", "stop", false, Map.of());
    }
}
