package dev.sextant.model.monitoring;

import dev.sextant.model.gate.DemoGateData;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The demo project's production traffic, generated (and said to be): an hour of a chat service at about three requests
 * a second, a fifth of them on a canary of the next version (the demo gate's candidate; the rest its incumbent), with a regression planted on the canary — an error burst
 * from minute 35 to 40 and latency 40 % slower at equal length from minute 45 — so the Monitoring area has something to
 * find.
 */
public final class DemoMonitoring {

    public static final String NAME = "Demo chat traffic, one hour (generated)";
    public static final long START = 1_764_583_200_000L; // 2025-12-01T10:00:00Z
    private static final long SEED = 35L;

    private DemoMonitoring() {}

    public static List<Request> requests() {
        SplittableRandom r = new SplittableRandom(SEED);
        List<Request> out = new ArrayList<>();
        double t = 0;
        int i = 0;
        while (t < 3_600_000) {
            t += -Math.log(1 - r.nextDouble()) / 3.0 * 1000; // Poisson arrivals, 3 a second
            boolean canary = r.nextDouble() < 0.2;
            double minute = t / 60_000;
            double in = Math.round(Math.exp(5.5 + 1.0 * gaussian(r)));
            double outTokens = Math.round(Math.exp(5.0 + 0.6 * gaussian(r)));
            double ttft = (120 + 0.08 * in) * Math.exp(0.2 * gaussian(r));
            double latency = (ttft + 22 * outTokens) * Math.exp(0.1 * gaussian(r));
            if (canary && minute >= 45) {
                latency *= 1.4;
            }
            boolean error = r.nextDouble() < (canary && minute >= 35 && minute < 40 ? 0.15 : 0.004);
            boolean refusal = r.nextDouble() < 0.01;
            Map<String, String> seg = new LinkedHashMap<>();
            // the canary serves the demo gate's candidate, the stable route its incumbent:
            // the same models the Rollout area decides on
            seg.put("model", canary ? DemoGateData.CANDIDATE : DemoGateData.INCUMBENT);
            seg.put("route", canary ? "canary" : "stable");
            out.add(new Request(
                    String.format(Locale.ROOT, "demo-%06d", i++),
                    START + Math.round(t),
                    seg,
                    in,
                    outTokens,
                    ttft,
                    latency,
                    error,
                    error ? "500" : "200",
                    refusal ? "content_filter" : "stop",
                    refusal,
                    Map.of()));
        }
        return List.copyOf(out);
    }

    private static double gaussian(SplittableRandom r) {
        return Math.sqrt(-2 * Math.log(1 - r.nextDouble())) * Math.cos(2 * Math.PI * r.nextDouble());
    }
}
