package dev.sextant.model.monitoring;

import dev.sextant.model.InputError;
import dev.sextant.model.statistics.MannWhitney;
import dev.sextant.model.statistics.Normal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;
import org.apache.commons.math3.distribution.BinomialDistribution;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * Production traffic in time windows, per segment (a combination of the columns grouped by), each window set against
 * the segment's trailing baseline (the windows before it): error and refusal rates by an exact one-sided binomial test
 * against the baseline's rate; latency, time to first token and output length by the canary judge's rank test (Mann-Whitney
 * with the Hodges-Lehmann shift and its interval), latency and time to first token at equal output and prompt length; the request rate by a robust z-score against the baseline windows'
 * counts (the Run health detectors' statistic); with an objective, multi-window burn rates (the SRE Workbook's); and the
 * drift of prompt and output lengths against the first windows (population stability index). An alert names its window,
 * metric and segment, its size with an interval, a severity, and the requests that drove it, the most telling first.
 */
public final class TrafficMonitor {

    /** Significance an alert needs: small, as every window of every segment and metric is a test. */
    public static final double ALPHA = 1e-4;
    /** Below this the evidence is overwhelming: a critical alert when the effect is large too. */
    static final double CRITICAL_P = 1e-8;
    /** A rate must at least rise by this much (absolute) to alert: a significant but tiny rise is not worth a page. */
    static final double MIN_RATE_RISE = 0.01;
    /** A latency or length shift must be at least this share of the baseline median to alert. */
    static final double MIN_SHIFT = 0.10;
    /** Requests a baseline needs before anything is judged against it. */
    static final int MIN_BASELINE = 50;
    /** Requests a window needs to be judged. */
    static final int MIN_WINDOW = 20;
    /**
     * Baseline requests a shift is judged on at most: every k-th of the baseline's, in time order. The rank test thins
     * both sides to 2,000 anyway; the baseline's length line and median need no more than this.
     */
    static final int SHIFT_BASELINE = 20_000;
    /** Requests listed with an alert at most. */
    public static final int LISTED = 50;

    /**
     * @param windowMillis    the window length
     * @param by              the columns segments are made of (empty: all traffic as one)
     * @param baselineWindows windows before each one that form its baseline
     */
    public record Settings(long windowMillis, List<String> by, int baselineWindows, Map<String, String> baselineGroup) {
        public Settings {
            InputError.require(windowMillis >= 1000, "monitor.window", "the window must be a second or longer");
            InputError.require(baselineWindows >= 1, "monitor.baseline", "the baseline needs at least one window");
            by = List.copyOf(by);
            baselineGroup = baselineGroup == null ? null : Map.copyOf(baselineGroup);
            if (baselineGroup != null) {
                InputError.require(
                        by.containsAll(baselineGroup.keySet()),
                        "monitor.baseline",
                        "the baseline group " + baselineGroup + " must be made of the columns grouped by " + by);
            }
        }

        /** Each window against its own segment's trailing windows. */
        public Settings(long windowMillis, List<String> by, int baselineWindows) {
            this(windowMillis, by, baselineWindows, null);
        }
    }

    /** An estimate with its 95 % interval. */
    public record Effect(double value, double low, double high) {}

    /**
     * @param value    the window's value (a rate, a median in ms or tokens, requests)
     * @param baseline the baseline's
     * @param effect   the change: a rate's difference, a rank test's Hodges-Lehmann shift, a count's excess
     * @param pValue   the test's
     * @param requests the ids that drove it, most telling first (at most {@link #LISTED})
     */
    public record Alert(
            long startMillis,
            long endMillis,
            String metric,
            Map<String, String> segment,
            double value,
            double baseline,
            Effect effect,
            double pValue,
            String severity,
            int windowRequests,
            List<String> requests) {}

    /**
     * @param drift each window's shift in the distribution of prompt and output lengths against the first windows'
     *              (the traffic the last evaluation was made on, as far as the log knows)
     */
    public record Result(
            long requests, long firstMillis, long lastMillis, int windows, List<Alert> alerts, List<Drift> drift) {}

    /**
     * A drift episode: consecutive windows whose population stability index of a length against the reference (the first
     * baseline's worth of windows) is beyond noise, from the first of them to the last, at the largest (psi) and the
     * worst reading; windowRequests counts the episode's requests. Per window:
     * PSI = Σ (aᵢ − eᵢ) ln(aᵢ / eᵢ) over the reference's deciles; below 0.1 stable, 0.1–0.25 moderate, above 0.25
     * large (the common reading). Only moderate and large ones beyond what sampling alone would give are listed.
     */
    public record Drift(
            long startMillis,
            long endMillis,
            String column,
            Map<String, String> segment,
            double psi,
            String severity,
            int windowRequests) {}

    /** PSI of a moderate shift; of a large one. */
    static final double PSI_MODERATE = 0.1;

    static final double PSI_LARGE = 0.25;
    /** The 99.9th percentile of χ² with 9 degrees of freedom (ten bins): a PSI below it times (1/n + 1/m) may be chance. */
    static final double PSI_NOISE_CHI2 = 27.877;

    /**
     * An availability or latency objective: the share of requests that may fail (error rate) or be slower than a
     * threshold. Burn rate = the observed bad share / that budget (Google SRE Workbook, "Alerting on SLOs"): alerting when
     * both a long stretch (12 windows) and the last window burn at 14.4× (page) or 6× (ticket).
     */
    public record Slo(double errorBudget, Double latencyMs, double latencyBudget) {
        public Slo {
            InputError.require(
                    errorBudget > 0 && errorBudget < 1,
                    "monitor.slo",
                    "the error budget must lie between 0 and 1 (0.01: a 99 % SLO)");
            InputError.require(
                    latencyMs == null || latencyMs > 0 && latencyBudget > 0 && latencyBudget < 1,
                    "monitor.slo",
                    "a latency objective needs a positive threshold and a budget between 0 and 1");
        }
    }

    /** Burn rates that page and ticket (SRE Workbook: 2 % and 5 % of a 30-day budget spent in an hour and in six). */
    static final double PAGE_BURN = 14.4;

    static final double TICKET_BURN = 6;
    /** Windows in the long stretch of a burn-rate alert. */
    static final int LONG_WINDOWS = 12;

    private TrafficMonitor() {}

    public static Result analyze(List<Request> requests, Settings s) {
        return analyze(requests, s, null);
    }

    /** As above, with burn-rate alerts against {@code slo} (null: none). */
    public static Result analyze(List<Request> requests, Settings s, Slo slo) {
        return analyze(requests, s, slo, Long.MIN_VALUE);
    }

    /** As above, judging only the windows that start at or after {@code judgeFrom} (the others are baselines). */
    static Result analyze(List<Request> requests, Settings s, Slo slo, long judgeFrom) {
        InputError.require(!requests.isEmpty(), "monitor.input", "no requests to analyse");
        List<Request> sorted = new ArrayList<>(requests);
        sorted.sort(Comparator.comparingLong(Request::epochMillis));
        long first = sorted.get(0).epochMillis();
        long last = sorted.get(sorted.size() - 1).epochMillis();
        long start = Math.floorDiv(first, s.windowMillis()) * s.windowMillis();
        int windows = (int) ((last - start) / s.windowMillis()) + 1;
        Map<Map<String, String>, List<List<Request>>> bySegment = bucket(sorted, s, start, windows);
        List<Alert> alerts = new ArrayList<>();
        List<List<Request>> group = null;
        if (s.baselineGroup() != null) {
            group = bySegment.get(new TreeMap<>(s.baselineGroup()));
            InputError.require(
                    group != null,
                    "monitor.baseline",
                    "no requests in the baseline group " + s.baselineGroup() + "; the segments are "
                            + bySegment.keySet());
        }
        Map<List<List<Request>>, int[][]> hitCounts = new IdentityHashMap<>();
        for (Map.Entry<Map<String, String>, List<List<Request>>> e : bySegment.entrySet()) {
            List<List<Request>> w = e.getValue();
            if (w == group) {
                continue;
            }
            for (int i = group == null ? 1 : 0; i < windows; i++) {
                if (start + i * s.windowMillis() < judgeFrom) {
                    continue;
                }
                List<Request> now = w.get(i);
                // against the baseline group over the same stretch (live canary against
                // stable), else the segment's own past
                List<List<Request>> from = group == null ? w : group;
                int[][] hits = group == null
                        ? hitCounts.computeIfAbsent(w, TrafficMonitor::hits)
                        : hitCounts.computeIfAbsent(group, TrafficMonitor::hits);
                int j0 = Math.max(0, i - s.baselineWindows() + (group == null ? 0 : 1));
                int j1 = group == null ? i : i + 1;
                List<Integer> counts = new ArrayList<>();
                long baseN = 0;
                long baseErrors = 0;
                long baseRefusals = 0;
                for (int j = j0; j < j1; j++) {
                    counts.add(from.get(j).size());
                    baseN += from.get(j).size();
                    baseErrors += hits[0][j];
                    baseRefusals += hits[1][j];
                }
                long ws = start + i * s.windowMillis();
                long we = ws + s.windowMillis();
                Map<String, String> seg = e.getKey();
                rate(alerts, "error_rate", now, baseErrors, baseN, Request::error, ws, we, seg);
                rate(alerts, "refusal_rate", now, baseRefusals, baseN, Request::refusal, ws, we, seg);
                List<Request> sample = sample(from.subList(j0, j1), baseN, SHIFT_BASELINE);
                List<List<Request>> baseWindows = from.subList(j0, j1);
                shift(
                        alerts,
                        "latency_p50",
                        now,
                        sample,
                        baseWindows,
                        group == null,
                        Request::latencyMs,
                        LATENCY_SIZES,
                        ws,
                        we,
                        seg);
                shift(
                        alerts,
                        "ttft_p50",
                        now,
                        sample,
                        baseWindows,
                        group == null,
                        Request::ttftMs,
                        TTFT_SIZES,
                        ws,
                        we,
                        seg);
                shift(
                        alerts,
                        "output_tokens",
                        now,
                        sample,
                        baseWindows,
                        group == null,
                        Request::outputTokens,
                        List.of(),
                        ws,
                        we,
                        seg);
                if (group == null) {
                    // another group's volume is no baseline for this one's
                    requestRate(alerts, now, counts, ws, we, seg);
                }
            }
        }
        List<Drift> drift = new ArrayList<>();
        for (Map.Entry<Map<String, String>, List<List<Request>>> e : bySegment.entrySet()) {
            drift(drift, "input_tokens", e.getValue(), Request::inputTokens, s, start, e.getKey(), judgeFrom);
            drift(drift, "output_tokens", e.getValue(), Request::outputTokens, s, start, e.getKey(), judgeFrom);
            if (slo != null) {
                burn(
                        alerts,
                        "error_budget_burn",
                        e.getValue(),
                        Request::error,
                        slo.errorBudget(),
                        start,
                        s.windowMillis(),
                        e.getKey(),
                        judgeFrom);
                if (slo.latencyMs() != null) {
                    double limit = slo.latencyMs();
                    burn(
                            alerts,
                            "latency_budget_burn",
                            e.getValue(),
                            r -> r.latencyMs() > limit,
                            slo.latencyBudget(),
                            start,
                            s.windowMillis(),
                            e.getKey(),
                            judgeFrom);
                }
            }
        }
        alerts.sort(Comparator.comparingLong(Alert::startMillis).thenComparing(Alert::metric));
        return new Result(sorted.size(), first, last, windows, List.copyOf(alerts), List.copyOf(drift));
    }

    /** A rate above the baseline's: P(X ≥ x) for X ~ Binomial(n, p0), p0 the baseline's rate (with one added case). */
    static void rate(
            List<Alert> out,
            String metric,
            List<Request> now,
            long b,
            long baseN,
            Predicate<Request> hit,
            long ws,
            long we,
            Map<String, String> seg) {
        if (now.size() < MIN_WINDOW || baseN < MIN_BASELINE) {
            return;
        }
        int x = (int) now.stream().filter(hit).count();
        // never exactly 0: a first error in a clean baseline is judged, not certain
        double p0 = (b + 1.0) / (baseN + 2.0);
        double rate = (double) x / now.size();
        if (rate - p0 < MIN_RATE_RISE) {
            return;
        }
        double p = x == 0 ? 1 : 1 - new BinomialDistribution(null, now.size(), p0).cumulativeProbability(x - 1);
        if (p >= ALPHA) {
            return;
        }
        double baseRate = (double) b / baseN;
        double se = Math.sqrt(rate * (1 - rate) / now.size() + baseRate * (1 - baseRate) / baseN);
        double z = Normal.quantile(0.975);
        Effect d = new Effect(rate - baseRate, rate - baseRate - z * se, rate - baseRate + z * se);
        List<String> ids =
                now.stream().filter(hit).limit(LISTED).map(Request::id).toList();
        out.add(new Alert(
                ws,
                we,
                metric,
                seg,
                rate,
                baseRate,
                d,
                p,
                p < CRITICAL_P && rate >= 2 * Math.max(baseRate, 0.005) ? "critical" : "warning",
                now.size(),
                ids));
    }

    /**
     * What end-to-end latency grows with: the prompt (prefill) and the answer (a decode step per token) — Splitwise's
     * two phases (Patel et al., ISCA 2024); time to first token with the prompt alone.
     */
    static final List<ToDoubleFunction<Request>> LATENCY_SIZES = List.of(Request::outputTokens, Request::inputTokens);

    static final List<ToDoubleFunction<Request>> TTFT_SIZES = List.of(Request::inputTokens);

    /**
     * A shift of a per-request number: the rank test and the Hodges-Lehmann shift, as the canary judge does. Where the
     * number grows with lengths ({@code sizes}: latency with the output and prompt tokens, time to first token with the
     * prompt's), both samples are first set at equal lengths — each value less the baseline's least-squares fit in those
     * lengths — so a window of longer answers or prompts is not a slower service (real traffic's mix moves by the minute).
     * The rank test takes requests as independent; real traffic comes in clusters (a session's turns, one client's batch),
     * so a shift must also stand out from how much the baseline's own windows move against each other
     * ({@link #beyondWindowToWindow}).
     */
    static void shift(
            List<Alert> out,
            String metric,
            List<Request> now,
            List<Request> base,
            List<List<Request>> baseWindows,
            boolean ownPast,
            ToDoubleFunction<Request> value,
            List<ToDoubleFunction<Request>> sizes,
            long ws,
            long we,
            Map<String, String> seg) {
        List<Request> nowOk = now.stream()
                .filter(r -> Double.isFinite(value.applyAsDouble(r)))
                .toList();
        List<Request> baseOk = base.stream()
                .filter(r -> Double.isFinite(value.applyAsDouble(r)))
                .toList();
        if (nowOk.size() < MIN_WINDOW || baseOk.size() < MIN_BASELINE) {
            return;
        }
        ToDoubleFunction<Request> adjusted = adjustment(baseOk, sizes, value);
        double[] x = nowOk.stream().mapToDouble(adjusted).toArray();
        double[] y = baseOk.stream().mapToDouble(adjusted).toArray();
        // screened by the rank test alone (cheap); the Hodges-Lehmann shift only for the few that may alert
        if (MannWhitney.pValue(x, y) >= ALPHA * (1 + 1e-9)) {
            return;
        }
        MannWhitney mw = MannWhitney.of(x, y, 0.95);
        double baseMedian = median(baseOk.stream().mapToDouble(value).toArray());
        if (mw.pValue() >= ALPHA
                || Math.abs(mw.estimate()) < MIN_SHIFT * Math.max(baseMedian, 1e-9)
                || !beyondWindowToWindow(median(x), baseWindows, value, adjusted, ownPast)) {
            return;
        }
        double[] sortedY = y.clone();
        Arrays.sort(sortedY);
        double tail = mw.estimate() > 0
                ? sortedY[(int) Math.floor(0.95 * (sortedY.length - 1))]
                : sortedY[(int) Math.ceil(0.05 * (sortedY.length - 1))];
        boolean up = mw.estimate() > 0;
        List<String> ids = nowOk.stream()
                .filter(r -> up ? adjusted.applyAsDouble(r) > tail : adjusted.applyAsDouble(r) < tail)
                .sorted(Comparator.comparingDouble((Request r) -> adjusted.applyAsDouble(r) * (up ? -1 : 1)))
                .limit(LISTED)
                .map(Request::id)
                .toList();
        boolean large = Math.abs(mw.estimate()) >= 0.5 * Math.max(baseMedian, 1e-9);
        out.add(new Alert(
                ws,
                we,
                metric,
                seg,
                median(nowOk.stream().mapToDouble(value).toArray()),
                baseMedian,
                new Effect(mw.estimate(), mw.ciLow(), mw.ciHigh()),
                mw.pValue(),
                mw.pValue() < CRITICAL_P && large ? "critical" : "warning",
                now.size(),
                ids));
    }

    /**
     * The requests of consecutive windows ({@code total} of them), or every k-th of them so that at most {@code cap}
     * remain, in time order, without joining the windows first.
     */
    static List<Request> sample(List<List<Request>> windows, long total, int cap) {
        List<Request> out = new ArrayList<>((int) Math.min(total, cap));
        double step = total <= cap ? 1 : (double) total / cap;
        double next = 0;
        long seen = 0;
        for (List<Request> w : windows) {
            while (next < seen + w.size() && out.size() < cap) {
                out.add(w.get((int) ((long) next - seen)));
                next += step;
            }
            seen += w.size();
        }
        return out;
    }

    /** Each window's errors and refusals: {errors[], refusals[]}. */
    static int[][] hits(List<List<Request>> windows) {
        int[][] out = new int[2][windows.size()];
        for (int j = 0; j < windows.size(); j++) {
            for (Request r : windows.get(j)) {
                out[0][j] += r.error() ? 1 : 0;
                out[1][j] += r.refusal() ? 1 : 0;
            }
        }
        return out;
    }

    /**
     * Two-sided level of the window-to-window check: the window's median outside the baseline windows' 99 % prediction
     * interval. A second filter after the rank test's 10⁻⁴, against clustering, not a test of its own.
     */
    static final double WINDOW_ALPHA = 0.01;
    /** Baseline windows (each with {@link #MIN_WINDOW} requests) the spread is measured on at least. */
    static final int SPREAD_WINDOWS = 4;

    /**
     * Whether the window's median (of adjusted values) lies beyond the baseline windows' own window-to-window movement:
     * outside the prediction interval for one more window's median from theirs, mean ± t(1 − α/2, n − 1)·s·√(1 + 1/n)
     * (Student's t; any statistics text, e.g. Hahn and Meeker, "Statistical Intervals", 1991, §4.4). Their spread includes
     * each window's sampling noise, so under independent requests this adds little to the rank test; on clustered real
     * traffic it keeps the ordinary swings of the mix from alerting. Against a segment's own past, too few windows to
     * measure the spread judge nothing; against another group's same stretch (a canary against stable) the rank test
     * alone judges them.
     */
    static boolean beyondWindowToWindow(
            double nowMedian,
            List<List<Request>> baseWindows,
            ToDoubleFunction<Request> value,
            ToDoubleFunction<Request> adjusted,
            boolean ownPast) {
        double[] m = baseWindows.stream()
                .map(w -> w.stream()
                        .filter(r -> Double.isFinite(value.applyAsDouble(r)))
                        .mapToDouble(adjusted)
                        .toArray())
                .filter(a -> a.length >= MIN_WINDOW)
                .mapToDouble(TrafficMonitor::median)
                .toArray();
        if (m.length < SPREAD_WINDOWS) {
            return !ownPast;
        }
        int n = m.length;
        double mean = Arrays.stream(m).average().orElseThrow();
        double sd = Math.sqrt(Arrays.stream(m).map(v -> (v - mean) * (v - mean)).sum() / (n - 1));
        if (sd == 0) {
            return nowMedian != mean;
        }
        double t = new TDistribution(null, n - 1).inverseCumulativeProbability(1 - WINDOW_ALPHA / 2);
        return Math.abs(nowMedian - mean) >= t * sd * Math.sqrt(1 + 1.0 / n);
    }

    /**
     * {@code value} less its least-squares fit on the sizes the baseline logs (those logged for all but a few and varying),
     * centred at the baseline's mean sizes; {@code value} itself when none is. A request missing a size used is set at
     * the baseline's mean of it.
     */
    static ToDoubleFunction<Request> adjustment(
            List<Request> base, List<ToDoubleFunction<Request>> sizes, ToDoubleFunction<Request> value) {
        List<ToDoubleFunction<Request>> used = new ArrayList<>();
        List<double[]> cols = new ArrayList<>();
        for (ToDoubleFunction<Request> f : sizes) {
            double[] x = base.stream().mapToDouble(f).toArray();
            long finite = Arrays.stream(x).filter(Double::isFinite).count();
            if (finite >= Math.max(MIN_BASELINE, 0.9 * x.length)
                    && Arrays.stream(x)
                                    .filter(Double::isFinite)
                                    .distinct()
                                    .limit(2)
                                    .count()
                            == 2) {
                used.add(f);
                cols.add(x);
            }
        }
        if (used.isEmpty()) {
            return value;
        }
        int k = used.size();
        double[] mean = new double[k];
        for (int j = 0; j < k; j++) {
            mean[j] = Arrays.stream(cols.get(j))
                    .filter(Double::isFinite)
                    .average()
                    .orElseThrow();
        }
        double[] y = base.stream().mapToDouble(value).toArray();
        double my = Arrays.stream(y).average().orElseThrow();
        // normal equations of the centred sizes: (XᵀX) b = Xᵀy
        double[][] xtx = new double[k][k];
        double[] xty = new double[k];
        for (int i = 0; i < y.length; i++) {
            for (int a = 0; a < k; a++) {
                double xa = centred(cols.get(a)[i], mean[a]);
                xty[a] += xa * (y[i] - my);
                for (int b = 0; b < k; b++) {
                    xtx[a][b] += xa * centred(cols.get(b)[i], mean[b]);
                }
            }
        }
        double[] slope = solve(xtx, xty);
        if (slope == null) {
            return value;
        }
        return r -> {
            double v = value.applyAsDouble(r);
            for (int j = 0; j < k; j++) {
                v -= slope[j] * centred(used.get(j).applyAsDouble(r), mean[j]);
            }
            return v;
        };
    }

    private static double centred(double x, double mean) {
        return Double.isFinite(x) ? x - mean : 0;
    }

    /** A 1×1 or 2×2 system's solution; null when singular (sizes that move together: no separate slopes). */
    static double[] solve(double[][] a, double[] b) {
        if (a.length == 1) {
            return a[0][0] == 0 ? null : new double[] {b[0] / a[0][0]};
        }
        double det = a[0][0] * a[1][1] - a[0][1] * a[1][0];
        if (Math.abs(det) <= 1e-12 * Math.abs(a[0][0] * a[1][1])) {
            return null;
        }
        return new double[] {(b[0] * a[1][1] - a[0][1] * b[1]) / det, (a[0][0] * b[1] - a[1][0] * b[0]) / det};
    }

    /** The window's request count against the baseline windows' by a robust z-score (median and MAD, as Run health's). */
    static void requestRate(
            List<Alert> out, List<Request> now, List<Integer> counts, long ws, long we, Map<String, String> seg) {
        if (counts.size() < 4) {
            return;
        }
        double[] c = counts.stream().mapToDouble(Integer::doubleValue).toArray();
        double med = median(c);
        double[] dev = Arrays.stream(c).map(v -> Math.abs(v - med)).toArray();
        double mad = Math.max(1.4826 * median(dev), Math.sqrt(Math.max(med, 1))); // never below Poisson noise
        double z = (now.size() - med) / mad;
        if (Math.abs(z) < 6) {
            return;
        }
        double p = 2 * (1 - Normal.cdf(Math.abs(z)));
        out.add(new Alert(
                ws,
                we,
                "request_rate",
                seg,
                now.size(),
                med,
                new Effect(now.size() - med, now.size() - med - 1.96 * mad, now.size() - med + 1.96 * mad),
                p,
                Math.abs(z) >= 10 ? "critical" : "warning",
                now.size(),
                now.stream().limit(LISTED).map(Request::id).toList()));
    }

    /** Each window's PSI against the reference windows (the first {@code baselineWindows}), listed from moderate up. */
    static void drift(
            List<Drift> out,
            String column,
            List<List<Request>> w,
            ToDoubleFunction<Request> value,
            Settings s,
            long start,
            Map<String, String> seg,
            long judgeFrom) {
        List<Double> ref = new ArrayList<>();
        int refWindows = Math.min(s.baselineWindows(), w.size() - 1);
        for (int j = 0; j < refWindows; j++) {
            w.get(j).stream().mapToDouble(value).filter(Double::isFinite).forEach(ref::add);
        }
        if (ref.size() < MIN_BASELINE) {
            return;
        }
        double[] sortedRef =
                ref.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        double[] edges = deciles(sortedRef);
        double[] e = shares(sortedRef, edges);
        for (int i = refWindows; i < w.size(); i++) {
            if (start + i * s.windowMillis() < judgeFrom) {
                continue;
            }
            double[] now = w.get(i).stream()
                    .mapToDouble(value)
                    .filter(Double::isFinite)
                    .toArray();
            if (now.length < MIN_WINDOW) {
                continue;
            }
            double psi = psi(e, shares(now, edges));
            String severity = psiSeverity(psi, now.length, sortedRef.length);
            if (!severity.equals("none")) {
                long ws = start + i * s.windowMillis();
                Drift last = out.isEmpty() ? null : out.get(out.size() - 1);
                if (last != null
                        && last.endMillis() == ws
                        && last.column().equals(column)
                        && last.segment().equals(seg)) {
                    // the same drift going on: one episode, from its first window, at its largest
                    out.set(
                            out.size() - 1,
                            new Drift(
                                    last.startMillis(),
                                    ws + s.windowMillis(),
                                    column,
                                    seg,
                                    Math.max(last.psi(), psi),
                                    last.severity().equals("large") || severity.equals("large") ? "large" : "moderate",
                                    last.windowRequests() + now.length));
                } else {
                    out.add(new Drift(ws, ws + s.windowMillis(), column, seg, psi, severity, now.length));
                }
            }
        }
    }

    /** The nine inner decile edges of a sorted reference. */
    static double[] deciles(double[] sortedRef) {
        double[] edges = new double[9];
        for (int k = 1; k <= 9; k++) {
            edges[k - 1] = sortedRef[(int) Math.floor(k / 10.0 * (sortedRef.length - 1))];
        }
        return edges;
    }

    /** PSI = Σ (aᵢ − eᵢ) ln(aᵢ / eᵢ) of actual shares against expected ones. */
    static double psi(double[] expected, double[] actual) {
        double psi = 0;
        for (int k = 0; k < actual.length; k++) {
            psi += (actual[k] - expected[k]) * Math.log(actual[k] / expected[k]);
        }
        return psi;
    }

    /**
     * none, moderate or large: a PSI counts only beyond sampling noise — PSI·(1/n + 1/m)⁻¹ is about χ² with bins − 1
     * degrees of freedom (Yurdakul, "Statistical properties of the population stability index", 2018), so a small
     * window drifts by chance above 0.1 — and from {@link #PSI_MODERATE}.
     */
    static String psiSeverity(double psi, long n, long m) {
        double noise = PSI_NOISE_CHI2 * (1.0 / n + 1.0 / m);
        return psi <= noise || psi < PSI_MODERATE ? "none" : psi >= PSI_LARGE ? "large" : "moderate";
    }

    /** The shares of {@code v} in the bins the edges make, each with half a count added so no share is zero. */
    static double[] shares(double[] v, double[] edges) {
        double[] c = new double[edges.length + 1];
        for (double x : v) {
            int k = 0;
            while (k < edges.length && x > edges[k]) {
                k++;
            }
            c[k]++;
        }
        double total = v.length + 0.5 * c.length;
        for (int k = 0; k < c.length; k++) {
            c[k] = (c[k] + 0.5) / total;
        }
        return c;
    }

    /**
     * Multi-window burn-rate alerts: a window alerts when its own burn rate and that of the {@link #LONG_WINDOWS} ending
     * with it both reach {@link #PAGE_BURN} (critical) or {@link #TICKET_BURN} (warning).
     */
    static void burn(
            List<Alert> out,
            String metric,
            List<List<Request>> w,
            Predicate<Request> bad,
            double budget,
            long start,
            long windowMillis,
            Map<String, String> seg,
            long judgeFrom) {
        for (int i = 0; i < w.size(); i++) {
            List<Request> now = w.get(i);
            if (start + i * windowMillis < judgeFrom) {
                continue;
            }
            if (now.size() < MIN_WINDOW) {
                continue;
            }
            long badNow = now.stream().filter(bad).count();
            long badLong = 0;
            long nLong = 0;
            for (int j = Math.max(0, i - LONG_WINDOWS + 1); j <= i; j++) {
                badLong += w.get(j).stream().filter(bad).count();
                nLong += w.get(j).size();
            }
            double shortBurn = (double) badNow / now.size() / budget;
            double longBurn = (double) badLong / nLong / budget;
            double both = Math.min(shortBurn, longBurn);
            if (both < TICKET_BURN) {
                continue;
            }
            long ws = start + i * windowMillis;
            List<String> ids =
                    now.stream().filter(bad).limit(LISTED).map(Request::id).toList();
            out.add(new Alert(
                    ws,
                    ws + windowMillis,
                    metric,
                    seg,
                    shortBurn,
                    longBurn,
                    new Effect(both, Math.min(shortBurn, longBurn), Math.max(shortBurn, longBurn)),
                    Double.NaN,
                    both >= PAGE_BURN ? "critical" : "warning",
                    now.size(),
                    ids));
        }
    }

    /** One window of one segment, summarised for a timeline (NaN where the window has no such values). */
    public record Point(
            long startMillis,
            int requests,
            double errorRate,
            double refusalRate,
            double latencyP50,
            double latencyP99,
            double ttftP50,
            double outputTokensP50) {}

    /** Every segment's windows summarised, in time order, for the timelines the alerts are marked on. */
    public static Map<Map<String, String>, List<Point>> timeline(List<Request> requests, Settings s) {
        Map<Map<String, String>, List<Point>> out = new LinkedHashMap<>();
        if (requests.isEmpty()) {
            return out;
        }
        long first = requests.stream().mapToLong(Request::epochMillis).min().orElseThrow();
        long last = requests.stream().mapToLong(Request::epochMillis).max().orElseThrow();
        long start = Math.floorDiv(first, s.windowMillis()) * s.windowMillis();
        int windows = (int) ((last - start) / s.windowMillis()) + 1;
        bucket(requests, s, start, windows).forEach((seg, w) -> {
            List<Point> points = new ArrayList<>();
            for (int i = 0; i < windows; i++) {
                List<Request> rs = w.get(i);
                int n = rs.size();
                points.add(new Point(
                        start + i * s.windowMillis(),
                        n,
                        n == 0 ? Double.NaN : rs.stream().filter(Request::error).count() / (double) n,
                        n == 0
                                ? Double.NaN
                                : rs.stream().filter(Request::refusal).count() / (double) n,
                        quantile(rs, Request::latencyMs, 0.5),
                        quantile(rs, Request::latencyMs, 0.99),
                        quantile(rs, Request::ttftMs, 0.5),
                        quantile(rs, Request::outputTokens, 0.5)));
            }
            out.put(seg, List.copyOf(points));
        });
        return out;
    }

    /** The requests by segment (the grouped columns' values; "(none)" where a request lacks one), then by window from {@code start}. */
    static Map<Map<String, String>, List<List<Request>>> bucket(
            List<Request> requests, Settings s, long start, int windows) {
        Map<Map<String, String>, List<List<Request>>> bySegment = new LinkedHashMap<>();
        // the segment's values joined: one map built per segment
        Map<String, List<List<Request>>> byKey = new HashMap<>();
        StringBuilder key = new StringBuilder();
        for (Request r : requests) {
            key.setLength(0);
            for (String col : s.by()) {
                key.append(r.segments().getOrDefault(col, "(none)")).append('\u0000');
            }
            List<List<Request>> w = byKey.get(key.toString());
            if (w == null) {
                Map<String, String> seg = new TreeMap<>();
                for (String col : s.by()) {
                    seg.put(col, r.segments().getOrDefault(col, "(none)"));
                }
                w = bySegment.computeIfAbsent(seg, k -> {
                    List<List<Request>> l = new ArrayList<>();
                    for (int i = 0; i < windows; i++) {
                        l.add(new ArrayList<>());
                    }
                    return l;
                });
                byKey.put(key.toString(), w);
            }
            w.get((int) ((r.epochMillis() - start) / s.windowMillis())).add(r);
        }
        return bySegment;
    }

    private static double quantile(List<Request> rs, ToDoubleFunction<Request> f, double q) {
        double[] v =
                rs.stream().mapToDouble(f).filter(Double::isFinite).sorted().toArray();
        return v.length == 0 ? Double.NaN : v[(int) Math.min(v.length - 1, Math.floor(q * v.length))];
    }

    static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }
}
