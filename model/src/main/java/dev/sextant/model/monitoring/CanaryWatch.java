package dev.sextant.model.monitoring;

import dev.sextant.model.InputError;
import dev.sextant.model.gate.CanaryPlan;
import dev.sextant.model.statistics.Normal;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.commons.math3.distribution.BinomialDistribution;

/**
 * A canary's live verdict against rollback thresholds (the gate's canary plan, or the user's), judged as each window of
 * traffic closes, and "roll back" the moment a threshold is crossed with evidence — the canary's value beyond the
 * threshold, and beyond the baseline by a one-sided test. Each threshold is judged over two stretches: the window just
 * closed (a burst) and the latest windows that together hold the plan's samples (a lasting regression too small for
 * one window); either rolls back.
 *
 * <p>The tests are repeated looks, so every look rolls back only at p &lt; 0.001 but one: the planned analysis, the first
 * time the stretch holds a threshold's planned samples, at the plan's α (the Haybittle–Peto boundary: Haybittle, Br J
 * Radiol 1971; Peto et al., Br J Cancer 1976). False rollbacks then stay near α plus about 0.001 a look. Rates (errors, refusals) by the exact binomial test against the baseline rate; the P99 latency as the share of
 * canary requests beyond the threshold (P99 above it ⟺ more than 1 % beyond it), by the exact binomial test against
 * 1 %; a quality proxy's mean by a one-sided z-test against the baseline's mean.
 */
public final class CanaryWatch {

    /** The interim boundary (Haybittle–Peto). */
    public static final double INTERIM_P = 0.001;

    public enum Metric {
        ERROR_RATE("error_rate"),
        REFUSAL_RATE("refusal_rate"),
        LATENCY_P99_MS("latency_p99_ms"),
        QUALITY("quality");

        public final String key;

        Metric(String key) {
            this.key = key;
        }

        public static Metric parse(String s) {
            String k = s.strip().toLowerCase(Locale.ROOT).replace(' ', '_');
            for (Metric m : values()) {
                if (m.key.equals(k)
                        || k.equals("latency_p99") && m == LATENCY_P99_MS
                        || k.equals("errors") && m == ERROR_RATE) {
                    return m;
                }
            }
            throw new InputError(
                    "canary.rollback",
                    "'" + s + "' is not a rollback metric: error_rate, refusal_rate, latency_p99_ms or quality");
        }
    }

    /**
     * @param rollbackAt      the value that rolls back (a rate, milliseconds, a quality score: lower is worse)
     * @param baseline        the baseline's value from the plan (null: the live baseline group's)
     * @param samplesPerSide  the canary requests the plan needs to judge it at α (0: judged at α from the start)
     */
    public record Threshold(Metric metric, double rollbackAt, Double baseline, long samplesPerSide) {
        public Threshold {
            InputError.require(Double.isFinite(rollbackAt), "canary.rollback", "a rollback threshold must be a number");
            InputError.require(
                    metric == Metric.QUALITY || rollbackAt > 0,
                    "canary.rollback",
                    "the " + metric.key + " threshold must be positive");
            InputError.require(
                    metric == Metric.QUALITY || metric == Metric.LATENCY_P99_MS || rollbackAt < 1,
                    "canary.rollback",
                    "the " + metric.key + " threshold is a share: below 1 (0.02 for 2 %)");
        }
    }

    /** One threshold now: the canary's value, the baseline's, the test's p and the boundary it must pass, and its state. */
    public record Check(
            String metric,
            double canary,
            double baseline,
            double rollbackAt,
            long canaryRequests,
            long samplesPerSide,
            double pValue,
            double boundary,
            String state) {}

    /** The verdict: "watching" (too few canary requests yet), "within thresholds", or "roll back" (sticky), and why. */
    public record Verdict(String verdict, List<Check> checks, String reason, long atMillis) {}

    private final Map<String, String> canary;
    private final Map<String, String> baseline;
    private final List<Threshold> thresholds;
    private final String qualityProxy;
    private final double alpha;
    /** Windows held for the stretches (the oldest dropped beyond this). */
    static final int MAX_WINDOWS = 240;

    /** Each closed window's canary and baseline sides, newest last. */
    private final ArrayDeque<Side[]> windows = new ArrayDeque<>();

    private Verdict rolledBack;
    /** Thresholds whose planned analysis (at α) has been made. */
    private final Set<Threshold> planned = new HashSet<>();

    /**
     * @param canary       the canary's segment (e.g. route=canary); a request is the canary's when its columns match
     * @param baseline     the baseline's segment (null: every request that is not the canary's)
     * @param qualityProxy the proxy the quality threshold reads (null when none is set)
     */
    public CanaryWatch(
            Map<String, String> canary,
            Map<String, String> baseline,
            List<Threshold> thresholds,
            String qualityProxy,
            double alpha) {
        InputError.require(
                canary != null && !canary.isEmpty(), "canary.segment", "name the canary's segment (e.g. route=canary)");
        InputError.require(!thresholds.isEmpty(), "canary.rollback", "give at least one rollback threshold");
        InputError.require(alpha > 0 && alpha < 0.5, "canary.alpha", "α must lie in (0, 0.5)");
        InputError.require(
                thresholds.stream().noneMatch(t -> t.metric() == Metric.QUALITY) || qualityProxy != null,
                "canary.quality",
                "a quality threshold needs the quality proxy it reads (a rating, a judge score)");
        this.canary = Map.copyOf(canary);
        this.baseline = baseline == null ? null : Map.copyOf(baseline);
        this.thresholds = List.copyOf(thresholds);
        this.qualityProxy = qualityProxy;
        this.alpha = alpha;
    }

    /**
     * The rollback thresholds of a canary plan (the gate's), each with the plan's baseline and the samples it planned
     * for: error and refusal rates, the P99 latency, the quality mean.
     */
    public static List<Threshold> thresholds(CanaryPlan plan) {
        List<Threshold> out = new ArrayList<>();
        for (CanaryPlan.Threshold t : plan.thresholds()) {
            Metric m =
                    switch (t.metric()) {
                        case "error rate" -> Metric.ERROR_RATE;
                        case "refusal rate" -> Metric.REFUSAL_RATE;
                        case "latency P99 ms" -> Metric.LATENCY_P99_MS;
                        case "quality" -> Metric.QUALITY;
                        default -> throw new IllegalArgumentException("a canary plan threshold on " + t.metric());
                    };
            out.add(new Threshold(m, t.rollbackAt(), t.baseline(), t.samplesPerSide()));
        }
        return out;
    }

    /**
     * A window closed: its requests counted to their sides (neither: left aside) and every threshold judged. Once rolled
     * back, the verdict stays rolled back.
     */
    public synchronized Verdict window(long endMillis, List<Request> requests) {
        Side c = new Side();
        Side b = new Side();
        for (Request r : requests) {
            if (matches(r, canary)) {
                c.add(r);
            } else if (baseline == null || matches(r, baseline)) {
                b.add(r);
            }
        }
        windows.addLast(new Side[] {c, b});
        if (windows.size() > MAX_WINDOWS) {
            windows.removeFirst();
        }
        return verdict(endMillis);
    }

    /** The verdict as of the last window closed. */
    public synchronized Verdict verdict(long atMillis) {
        if (rolledBack != null) {
            return rolledBack;
        }
        List<Check> checks = new ArrayList<>();
        Check crossed = null;
        boolean watching = false;
        for (Threshold t : thresholds) {
            Side[] last = windows.isEmpty() ? new Side[] {new Side(), new Side()} : windows.peekLast();
            Side[] stretch = stretch(t.samplesPerSide());
            Check now = check(t, last[0], last[1], INTERIM_P);
            boolean plannedLook = stretch[0].n >= t.samplesPerSide() && planned.add(t);
            Check over = check(t, stretch[0], stretch[1], plannedLook ? alpha : INTERIM_P);
            Check k = now.state().equals("crossed") && !over.state().equals("crossed") ? now : over;
            checks.add(k);
            if (k.state().equals("crossed") && crossed == null) {
                crossed = k;
            }
            watching |= k.state().equals("watching");
        }
        if (crossed != null) {
            rolledBack = new Verdict(
                    "roll back",
                    List.copyOf(checks),
                    String.format(
                            Locale.ROOT,
                            "the canary's %s is %s against the threshold %s (baseline %s) on %,d requests (p %s, below the boundary %.2g)",
                            crossed.metric(),
                            show(crossed.metric(), crossed.canary()),
                            show(crossed.metric(), crossed.rollbackAt()),
                            show(crossed.metric(), crossed.baseline()),
                            crossed.canaryRequests(),
                            crossed.pValue() < 1e-16
                                    ? "< 1e-16"
                                    : String.format(Locale.ROOT, "= %.2g", crossed.pValue()),
                            crossed.boundary()),
                    atMillis);
            return rolledBack;
        }
        long have = stretch(Long.MAX_VALUE)[0].n;
        return new Verdict(
                watching ? "watching" : "within thresholds",
                List.copyOf(checks),
                watching
                        ? String.format(
                                Locale.ROOT,
                                "%,d canary requests so far; the plan judges at α after %,d",
                                have,
                                thresholds.stream()
                                        .mapToLong(Threshold::samplesPerSide)
                                        .max()
                                        .orElse(0))
                        : "every threshold holds on the planned samples",
                atMillis);
    }

    /** The latest windows that together hold at least {@code samples} canary requests (all held, when they do not), merged. */
    private Side[] stretch(long samples) {
        Side c = new Side();
        Side b = new Side();
        var it = windows.descendingIterator();
        while (it.hasNext() && c.n < Math.max(samples, 1)) {
            Side[] w = it.next();
            c.merge(w[0]);
            b.merge(w[1]);
        }
        return new Side[] {c, b};
    }

    private Check check(Threshold t, Side c, Side b, double boundary) {
        return switch (t.metric()) {
            case ERROR_RATE -> rate(t, c, b, c.errors, b.errors, boundary);
            case REFUSAL_RATE -> rate(t, c, b, c.refusals, b.refusals, boundary);
            case LATENCY_P99_MS -> p99(t, c, b, boundary);
            case QUALITY -> quality(t, c, b, boundary);
        };
    }

    private Check rate(Threshold t, Side c, Side b, long x, long baseX, double boundary) {
        double p0 = t.baseline() != null ? t.baseline() : (baseX + 1.0) / (b.n + 2.0);
        double rate = c.n == 0 ? Double.NaN : (double) x / c.n;
        double p = x == 0
                ? 1
                : 1
                        - new BinomialDistribution(
                                        null, (int) Math.min(c.n, Integer.MAX_VALUE), Math.min(p0, 1 - 1e-12))
                                .cumulativeProbability((int) x - 1);
        return new Check(
                t.metric().key,
                rate,
                t.baseline() != null ? t.baseline() : b.n == 0 ? Double.NaN : (double) baseX / b.n,
                t.rollbackAt(),
                c.n,
                t.samplesPerSide(),
                p,
                boundary,
                state(c, c.n > 0 && rate >= t.rollbackAt() && p < boundary, t));
    }

    private Check p99(Threshold t, Side c, Side b, double boundary) {
        long n = c.latencies.n;
        long beyond = c.latencies.beyond(t.rollbackAt());
        double p = beyond == 0
                ? 1
                : 1
                        - new BinomialDistribution(null, (int) Math.min(n, Integer.MAX_VALUE), 0.01)
                                .cumulativeProbability((int) beyond - 1);
        double canaryP99 = c.latencies.quantile(0.99);
        double baseP99 = t.baseline() != null ? t.baseline() : b.latencies.quantile(0.99);
        return new Check(
                t.metric().key,
                canaryP99,
                baseP99,
                t.rollbackAt(),
                n,
                t.samplesPerSide(),
                p,
                boundary,
                state(c, n > 0 && beyond > 0.01 * n && p < boundary, t));
    }

    private Check quality(Threshold t, Side c, Side b, double boundary) {
        Side.Moments q = c.quality;
        Side.Moments qb = b.quality;
        double mean = q.n == 0 ? Double.NaN : q.sum / q.n;
        double baseMean = t.baseline() != null ? t.baseline() : qb.n == 0 ? Double.NaN : qb.sum / qb.n;
        double p = 1;
        if (q.n >= 2 && Double.isFinite(baseMean)) {
            double var = (q.sumSq - q.sum * q.sum / q.n) / (q.n - 1);
            double se = Math.sqrt(Math.max(var, 1e-12) / q.n
                    + (t.baseline() == null && qb.n >= 2
                            ? Math.max((qb.sumSq - qb.sum * qb.sum / qb.n) / (qb.n - 1), 0) / qb.n
                            : 0));
            p = Normal.cdf((mean - baseMean) / se);
        }
        return new Check(
                t.metric().key,
                mean,
                baseMean,
                t.rollbackAt(),
                q.n,
                t.samplesPerSide(),
                p,
                boundary,
                state(c, q.n > 0 && mean <= t.rollbackAt() && p < boundary, t));
    }

    private static String state(Side c, boolean crossed, Threshold t) {
        return crossed ? "crossed" : c.n < t.samplesPerSide() ? "watching" : "holds";
    }

    private static String show(String metric, double v) {
        if (!Double.isFinite(v)) {
            return "n/a";
        }
        return metric.endsWith("_rate")
                ? String.format(Locale.ROOT, "%.2f %%", 100 * v)
                : metric.endsWith("_ms")
                        ? String.format(Locale.ROOT, "%.0f ms", v)
                        : String.format(Locale.ROOT, "%.3g", v);
    }

    private static boolean matches(Request r, Map<String, String> seg) {
        for (Map.Entry<String, String> e : seg.entrySet()) {
            if (!e.getValue().equals(r.segments().get(e.getKey()))) {
                return false;
            }
        }
        return true;
    }

    /** One side's counts in a window or a stretch, in bounded memory however many requests. */
    private final class Side {
        long n;
        long errors;
        long refusals;
        final Latencies latencies = new Latencies();
        final Moments quality = new Moments();

        void merge(Side o) {
            n += o.n;
            errors += o.errors;
            refusals += o.refusals;
            latencies.merge(o.latencies);
            quality.n += o.quality.n;
            quality.sum += o.quality.sum;
            quality.sumSq += o.quality.sumSq;
        }

        void add(Request r) {
            n++;
            errors += r.error() ? 1 : 0;
            refusals += r.refusal() ? 1 : 0;
            if (Double.isFinite(r.latencyMs())) {
                latencies.add(r.latencyMs());
            }
            if (qualityProxy != null) {
                Double v = r.proxies().get(qualityProxy);
                if (v != null && Double.isFinite(v)) {
                    quality.n++;
                    quality.sum += v;
                    quality.sumSq += v * v;
                }
            }
        }

        final class Moments {
            long n;
            double sum;
            double sumSq;
        }
    }

    /**
     * Latencies counted beyond each latency threshold exactly, and in log-spaced bins 1 % wide (0.01 ms to 10⁸ ms) for
     * the quantile shown, which is then within 1 % of the exact one.
     */
    private final class Latencies {
        static final double RATIO = 1.01;
        static final double LOWEST = 0.01;
        static final int BINS = (int) Math.ceil(Math.log(1e10) / Math.log(RATIO)) + 2;
        final TreeMap<Integer, Long> bins = new TreeMap<>();
        final long[] beyond = new long[thresholds.size()];
        long n;

        void merge(Latencies o) {
            n += o.n;
            o.bins.forEach((k, v) -> bins.merge(k, v, Long::sum));
            for (int i = 0; i < beyond.length; i++) {
                beyond[i] += o.beyond[i];
            }
        }

        void add(double ms) {
            n++;
            int k = ms <= LOWEST
                    ? 0
                    : (int) Math.min(BINS - 1, 1 + Math.floor(Math.log(ms / LOWEST) / Math.log(RATIO)));
            bins.merge(k, 1L, Long::sum);
            for (int i = 0; i < thresholds.size(); i++) {
                if (thresholds.get(i).metric() == Metric.LATENCY_P99_MS
                        && ms > thresholds.get(i).rollbackAt()) {
                    beyond[i]++;
                }
            }
        }

        long beyond(double at) {
            for (int i = 0; i < thresholds.size(); i++) {
                if (thresholds.get(i).metric() == Metric.LATENCY_P99_MS
                        && thresholds.get(i).rollbackAt() == at) {
                    return beyond[i];
                }
            }
            throw new IllegalStateException("no latency threshold at " + at);
        }

        /** The upper edge of the bin holding the q-quantile (NaN with no latencies). */
        double quantile(double q) {
            if (n == 0) {
                return Double.NaN;
            }
            long rank = (long) Math.min(n - 1, Math.floor(q * n));
            long seen = 0;
            for (var e : bins.entrySet()) {
                seen += e.getValue();
                if (seen > rank) {
                    return e.getKey() == 0 ? LOWEST : LOWEST * Math.pow(RATIO, e.getKey());
                }
            }
            return LOWEST * Math.pow(RATIO, BINS - 1);
        }
    }
}
