package dev.sextant.model.monitoring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.sextant.model.io.RequestLogFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The monitor against whole public request traces (their real arrivals and prompt and output lengths), with four
 * regressions planted and the rest of the hour left clean: an error burst on the canary for one window, a refusal rise
 * on the stable route for three, a latency shift on the canary from then on, and a drift of the traffic (prompts 2.5×
 * longer on both routes) near the end. Each must be found in its first window and traced to the planted requests; every
 * other alert on a stretch where nothing was planted is counted as a false alarm.
 *
 * <p>The traces are not in the repository (their owners publish them): give a folder of them with
 * {@code -Dsextant.traces=DIR} and the report is written to {@code docs/validation/monitoring-traces.md}. Without it
 * the test is skipped. Readable: the Azure LLM inference traces 2023 ({@code AzureLLMInferenceTrace_code.csv},
 * {@code _conv.csv}, github.com/Azure/AzurePublicDataset), Mooncake's FAST'25 traces ({@code conversation_trace.jsonl},
 * {@code synthetic_trace.jsonl}, github.com/kvcache-ai/Mooncake), BurstGPT ({@code BurstGPT_1.csv}, github.com/HPMLL/BurstGPT).
 *
 * <pre>mvn -o -q test -pl model -Dtest=PublicTraceValidationTest -Dsextant.traces=/path/to/traces</pre>
 */
class PublicTraceValidationTest {

    static final long W = 60_000;
    /** At most this much of a long trace is used: an hour of 1-minute windows. */
    static final int WINDOWS = 60;

    record Planted(String metric, String route, int from, int to, Set<String> ids) {
        boolean covers(String m, String r, int w) {
            return metricMatches(m) && (route == null || route.equals(r)) && w >= from && w <= to;
        }

        boolean metricMatches(String m) {
            return m.equals(metric)
                    || metric.equals("latency") && (m.startsWith("latency") || m.startsWith("error_budget"))
                    || metric.equals("error_rate") && m.startsWith("error_budget");
        }
    }

    record Row(
            String trace,
            int requests,
            int windows,
            String finding,
            String tracing,
            int falseAlarms,
            int trafficAlerts,
            int cleanCells) {}

    @Test
    void plantedRegressionsInPublicTracesAreFoundInTheirFirstWindowWithFewFalseAlarms() throws Exception {
        String dir = System.getProperty("sextant.traces");
        assumeTrue(
                dir != null && !dir.isBlank(), "give -Dsextant.traces=DIR to run the validation against public traces");
        List<Path> files;
        try (Stream<Path> s = Files.list(Path.of(dir))) {
            files = s.filter(Files::isRegularFile)
                    .filter(p -> p.toString().matches(".*\\.(csv|jsonl)$"))
                    .sorted()
                    .toList();
        }
        assertThat(files).as("trace files in " + dir).isNotEmpty();
        List<Row> rows = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        for (Path f : files) {
            rows.add(validate(f, failures));
        }
        write(rows, failures);
        assertThat(failures).as("planted regressions missed or mistraced").isEmpty();
        assertThat(rows).allSatisfy(r -> assertThat(r.falseAlarms())
                .as(r.trace() + ": false alarms")
                .isLessThanOrEqualTo(Math.max(2, r.cleanCells() / 100)));
    }

    static Row validate(Path file, List<String> failures) {
        List<Request> raw = new ArrayList<>();
        RequestLogFile.read(file, Map.of(), new HashSet<>(), raw::add);
        raw.sort(Comparator.comparingLong(Request::epochMillis));
        long start = Math.floorDiv(raw.get(0).epochMillis(), W) * W;
        raw = raw.stream().filter(r -> r.epochMillis() < start + WINDOWS * W).toList();
        // the plants where an hour's trace has them, scaled to a shorter trace: a fifth of it baseline, then a refusal
        // rise, an error burst, a slower canary and a drift in its second, third, fourth and fifth sixths
        int n = (int) ((raw.get(raw.size() - 1).epochMillis() - start) / W) + 1;
        int baseline = Math.min(12, Math.max(TrafficMonitor.SPREAD_WINDOWS, n / 5));
        int refusalFrom = n / 3;
        int refusalTo = refusalFrom + 2;
        int burst = n / 2;
        int slowFrom = 2 * n / 3;
        int driftFrom = 5 * n / 6;
        SplittableRandom rnd = new SplittableRandom(20261206L);
        Map<String, Planted> plants = new LinkedHashMap<>();
        plants.put("refusal", new Planted("refusal_rate", "stable", refusalFrom, refusalTo, new HashSet<>()));
        plants.put("burst", new Planted("error_rate", "canary", burst, burst, new HashSet<>()));
        plants.put("slow", new Planted("latency", "canary", slowFrom, n, new HashSet<>()));
        plants.put("drift", new Planted("input_tokens", null, driftFrom, n, new HashSet<>()));
        List<Request> planted = new ArrayList<>();
        int stableSeen = 0;
        int burstSeen = 0;
        for (Request r : raw) {
            int w = (int) ((r.epochMillis() - start) / W);
            boolean canary = rnd.nextDouble() < 0.3;
            String route = canary ? "canary" : "stable";
            double in = Double.isNaN(r.inputTokens()) ? 500 : r.inputTokens();
            double out = Double.isNaN(r.outputTokens()) ? 100 : r.outputTokens();
            if (w >= driftFrom) {
                // longer prompts from a new use: the traffic moved; the service serves them at its usual speed
                in *= 2.5;
                plants.get("drift").ids().add(r.id());
            }
            // a serving time of the usual shape: a fixed part, a decode step per output
            // token, a prefill share per prompt token
            double latency = (150 + 18 * out + 0.05 * in) * Math.exp(0.15 * gaussian(rnd));
            boolean error = r.error() || rnd.nextDouble() < 0.005;
            boolean refusal = rnd.nextDouble() < 0.01;
            // the plants' shares exactly (every 12th, every 3rd request), so the
            // test measures the detector, not the draw
            if (!canary && w >= refusalFrom && w <= refusalTo && stableSeen++ % 12 == 0) {
                refusal = true;
                plants.get("refusal").ids().add(r.id());
            }
            if (canary && w == burst && burstSeen++ % 3 == 0) {
                error = true;
                plants.get("burst").ids().add(r.id());
            }
            if (canary && w >= slowFrom) {
                latency *= 1.3;
                plants.get("slow").ids().add(r.id());
            }
            Map<String, String> seg = new LinkedHashMap<>(r.segments());
            seg.put("route", route);
            planted.add(new Request(
                    r.id(),
                    r.epochMillis(),
                    seg,
                    in,
                    out,
                    Double.NaN,
                    latency,
                    error,
                    error ? "500" : "200",
                    "stop",
                    refusal,
                    Map.of()));
        }
        TrafficMonitor.Result res =
                TrafficMonitor.analyze(planted, new TrafficMonitor.Settings(W, List.of("route"), baseline));
        String name = file.getFileName().toString();
        StringBuilder finding = new StringBuilder();
        StringBuilder tracing = new StringBuilder();
        for (Map.Entry<String, Planted> e : plants.entrySet()) {
            Planted p = e.getValue();
            // a bursty trace may have no traffic when a plant begins: it is due in the
            // first window where its routes have some
            long at = start + firstWithTraffic(planted, start, p.from(), p.route()) * W;
            if (e.getKey().equals("drift")) {
                // an episode that begins with the plant, or one of the trace's own already
                // under way that the plant makes larger
                List<TrafficMonitor.Drift> d = res.drift().stream()
                        .filter(x -> x.column().equals("input_tokens"))
                        .filter(x -> x.startMillis() <= at + W && x.endMillis() > at)
                        .toList();
                boolean both =
                        d.stream().map(x -> x.segment().get("route")).distinct().count() == 2;
                finding.append(String.format(
                        Locale.ROOT,
                        "drift: %s; ",
                        both ? "found, both routes, PSI " + psiRange(d) : d.isEmpty() ? "MISSED" : "one route only"));
                if (!both) {
                    failures.add(name + ": drift from window " + p.from()
                            + " not found on both routes in its first window (episodes: "
                            + res.drift().stream()
                                    .filter(x -> x.column().equals("input_tokens"))
                                    .map(x -> x.segment().get("route") + " " + (x.startMillis() - start) / W + "–"
                                            + ((x.endMillis() - start) / W - 1))
                                    .toList()
                            + ")");
                }
                continue;
            }
            String metric = e.getKey().equals("slow") ? "latency_p50" : p.metric();
            TrafficMonitor.Alert a = res.alerts().stream()
                    .filter(x -> x.metric().equals(metric)
                            && p.route().equals(x.segment().get("route")))
                    .filter(x -> x.startMillis() >= at && x.startMillis() <= at + W)
                    .min(Comparator.comparingLong(TrafficMonitor.Alert::startMillis))
                    .orElse(null);
            if (a == null) {
                failures.add(name + ": " + e.getKey() + " (" + metric + " on " + p.route() + " from window " + p.from()
                        + ") not found in its first" + " window");
                finding.append(e.getKey()).append(": MISSED; ");
                continue;
            }
            int lag = (int) ((a.startMillis() - at) / W);
            long hits = a.requests().stream().filter(p.ids()::contains).count();
            finding.append(String.format(
                    Locale.ROOT,
                    "%s: window +%d%s, %s; ",
                    e.getKey(),
                    lag,
                    at > start + p.from() * W ? " (of the first with" + " traffic, " + (at - start) / W + ")" : "",
                    a.severity()));
            tracing.append(String.format(
                    Locale.ROOT, "%s %d/%d; ", e.getKey(), hits, a.requests().size()));
            if (a.requests().isEmpty() || hits < a.requests().size() * 0.8) {
                failures.add(name + ": " + e.getKey() + " traced to " + hits + " planted requests of "
                        + a.requests().size());
            }
        }
        // everything else on a clean stretch (a window and route where nothing of the kind was planted) is a false
        // alarm; the request rate and output lengths are the trace's own (real arrivals and answers): counted apart
        int falseAlarms = 0;
        int traffic = 0;
        List<String> examples = new ArrayList<>();
        for (TrafficMonitor.Alert a : res.alerts()) {
            int w = (int) ((a.startMillis() - start) / W);
            String route = a.segment().get("route");
            boolean explained = plants.values().stream().anyMatch(p -> p.covers(a.metric(), route, w))
                    // a rise still under way in the window after the planted ones (requests at its edge)
                    || a.metric().equals("refusal_rate") && "stable".equals(route) && w == refusalTo + 1;
            if (explained) {
                continue;
            }
            if (a.metric().equals("request_rate") || a.metric().equals("output_tokens")) {
                traffic++;
            } else {
                falseAlarms++;
                if (examples.size() < 8) {
                    examples.add(String.format(Locale.ROOT, "%s@%d/%s %s", a.metric(), w, route, a.severity()));
                }
            }
        }
        List<String> own = new ArrayList<>();
        for (TrafficMonitor.Drift d : res.drift()) {
            if (!(d.column().equals("input_tokens") && d.endMillis() > start + driftFrom * W)) {
                // the trace's own prompt and output mix against its first minutes: real, counted apart
                traffic++;
                if (d.column().equals("input_tokens") && own.size() < 4) {
                    own.add(String.format(
                            Locale.ROOT,
                            "%s windows %d–%d PSI %.2f",
                            d.segment().get("route"),
                            (d.startMillis() - start) / W,
                            (d.endMillis() - start) / W - 1,
                            d.psi()));
                }
            }
        }
        if (!examples.isEmpty()) {
            tracing.append(" false: ").append(String.join(", ", examples)).append(';');
        }
        if (!own.isEmpty()) {
            tracing.append(" the trace's own prompt drift: ").append(String.join(", ", own));
        }
        int judged = Math.max(0, res.windows() - 1);
        return new Row(
                name,
                planted.size(),
                res.windows(),
                finding.toString().strip(),
                tracing.toString().strip(),
                falseAlarms,
                traffic,
                2 * judged * 5);
    }

    /** The first window from {@code from} in which {@code route} (null: every route) has enough requests to be judged. */
    static int firstWithTraffic(List<Request> rs, long start, int from, String route) {
        Map<String, int[]> counts = new LinkedHashMap<>();
        for (Request r : rs) {
            int w = (int) ((r.epochMillis() - start) / W);
            if (w >= from) {
                counts.computeIfAbsent(r.segments().get("route"), k -> new int[WINDOWS + 1])[Math.min(w, WINDOWS)]++;
            }
        }
        for (int w = from; w <= WINDOWS; w++) {
            int ww = w;
            boolean enough = route == null
                    ? counts.values().stream().allMatch(c -> c[ww] >= TrafficMonitor.MIN_WINDOW)
                    : counts.containsKey(route) && counts.get(route)[ww] >= TrafficMonitor.MIN_WINDOW;
            if (enough) {
                return w;
            }
        }
        return from;
    }

    static String psiRange(List<TrafficMonitor.Drift> d) {
        double lo = d.stream().mapToDouble(TrafficMonitor.Drift::psi).min().orElse(Double.NaN);
        double hi = d.stream().mapToDouble(TrafficMonitor.Drift::psi).max().orElse(Double.NaN);
        return String.format(Locale.ROOT, "%.2f–%.2f", lo, hi);
    }

    static void write(List<Row> rows, List<String> failures) throws Exception {
        StringBuilder md = new StringBuilder();
        md.append("# Monitoring: planted regressions in public request traces\n\n");
        md.append(
                "Written by `PublicTraceValidationTest` (`mvn -o -q test -pl model -Dtest=PublicTraceValidationTest -Dsextant.traces=DIR`,"
                        + " DIR holding the traces named below as their owners publish them).\n\n");
        md.append(
                "Each trace's first hour in 1-minute windows, by route, each window against the 12 before it (a fifth of a shorter, at least 4)"
                        + " trace): 30 % of requests on a canary, a serving time of the usual shape (150 ms + 18 ms an output token + 0.05 ms a prompt"
                        + " token, log-normal noise σ 0.15), 0.5 % errors and 1 % refusals at random (the traces log lengths and arrivals only)."
                        + " Planted, at a third, a half, two thirds and five sixths of the trace (the first window there with traffic, for a bursty"
                        + " one): refusals +8 points on the stable route for three windows (every 12th request); a third of the canary failing for one; the canary 30 % slower"
                        + " from then on; prompts 2.5× longer on both routes from then on (served at the usual speed per token: a drift of the"
                        + " traffic only). Found = an alert of the planted kind on its route in the planted window (+0) or the next (+1); traced = of"
                        + " the requests the alert lists, how many were planted ones. False alarms = alerts of the planted kinds (error, refusal,"
                        + " latency, time to first token) where nothing was planted. The trace's own changes — its request rate, output lengths,"
                        + " and prompt mix against its first minutes (drift episodes) — are real and counted apart.\n\n");
        md.append(
                "| Trace | Requests | Windows | Found (window after the plant, severity) | Traced (planted / listed) | False alarms | Trace's own"
                        + " changes | Judged cells |\n|---|---:|---:|---|---|---:|---:|---:|\n");
        for (Row r : rows) {
            md.append(String.format(
                    Locale.ROOT,
                    "| %s | %,d | %d | %s | %s | %d | %d | %,d |%n",
                    r.trace(),
                    r.requests(),
                    r.windows(),
                    r.finding(),
                    r.tracing(),
                    r.falseAlarms(),
                    r.trafficAlerts(),
                    r.cleanCells()));
        }
        md.append(
                "\nJudged cells: windows after the first × 2 routes × 5 tests (error, refusal, latency, time to first token where logged,"
                        + " prompt drift).\n");
        md.append(
                "\nThe traces: Azure LLM inference trace 2023, `data/AzureLLMInferenceTrace_code.csv` and `_conv.csv` of"
                        + " github.com/Azure/AzurePublicDataset (CC-BY 4.0; Patel et al., \"Splitwise\", ISCA 2024); Mooncake's FAST'25"
                        + " `traces/conversation_trace.jsonl` and `synthetic_trace.jsonl` of github.com/kvcache-ai/Mooncake (`FAST25-release`, Apache-2.0;"
                        + " Qin et al., \"Mooncake\", FAST 2025). Named here as they were read; the files are not in this repository.\n");
        if (!failures.isEmpty()) {
            md.append("\nMissed or mistraced:\n\n");
            failures.forEach(x -> md.append("- ").append(x).append('\n'));
        }
        Path out = Path.of(System.getProperty("sextant.validation.out", "../docs/validation/monitoring-traces.md"));
        if (Files.isDirectory(out.toAbsolutePath().getParent())) {
            Files.writeString(out, md.toString());
        }
        System.out.print(md);
    }

    static double gaussian(SplittableRandom r) {
        return Math.sqrt(-2 * Math.log(1 - r.nextDouble())) * Math.cos(2 * Math.PI * r.nextDouble());
    }
}
