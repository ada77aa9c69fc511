package dev.sextant.model.monitoring;

import dev.sextant.model.InputError;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The traffic monitor on a stream: requests arrive in any order (as a log is written or spans are exported), windows
 * are held open until the stream's time — the latest request's, or the clock's for a live stream — has passed their end
 * by a grace period, and each window is then judged once, as {@link TrafficMonitor} judges it in a whole log, against
 * the windows before it. Requests for a window already judged are late: counted, kept for the later windows' baselines,
 * never judged. Only the windows a judgement needs are held (the baseline's and the burn rate's long stretch, and the
 * first windows the drift is measured against), so memory stays bounded however long it runs.
 */
public final class LiveMonitor {

    /** A window judged: its span, its requests, the alerts and drift found in it, and late requests so far. */
    public record Closed(
            long startMillis,
            long endMillis,
            int requests,
            List<TrafficMonitor.Alert> alerts,
            List<TrafficMonitor.Drift> drift,
            long lateSoFar,
            List<Request> windowRequests) {}

    private final TrafficMonitor.Settings settings;
    private final TrafficMonitor.Slo slo;
    private final long graceMillis;
    private final TreeMap<Long, List<Request>> open = new TreeMap<>();
    private final TreeMap<Long, List<Request>> judged = new TreeMap<>();
    private final TreeMap<Long, List<Request>> reference = new TreeMap<>();
    private long watermark = Long.MIN_VALUE;
    private long firstWindow = Long.MIN_VALUE;
    private long late;
    private long received;

    /**
     * @param graceMillis how long after a window's end requests for it are still awaited (exporters batch spans for
     *                    seconds; a log is written when a request ends)
     */
    public LiveMonitor(TrafficMonitor.Settings settings, TrafficMonitor.Slo slo, long graceMillis) {
        if (graceMillis < 0) {
            throw new InputError("monitor.grace", "the grace period cannot be negative");
        }
        this.settings = settings;
        this.slo = slo;
        this.graceMillis = graceMillis;
    }

    /** Takes one request; returns the windows its time closes (usually none), judged. */
    public synchronized List<Closed> add(Request r) {
        received++;
        long w = windowOf(r.epochMillis());
        if (firstWindow == Long.MIN_VALUE) {
            firstWindow = w;
        }
        if (w < firstWindow) { // before the stream's first window: only a baseline for nothing; counted as late
            late++;
            return List.of();
        }
        if (judged.containsKey(w) || !judged.isEmpty() && w < judged.lastKey()) {
            late++;
            judged.computeIfAbsent(w, k -> new ArrayList<>()).add(r);
            if (reference.containsKey(w)
                    || w < firstWindow + (long) settings.baselineWindows() * settings.windowMillis()) {
                reference.computeIfAbsent(w, k -> new ArrayList<>()).add(r);
            }
            return List.of();
        }
        open.computeIfAbsent(w, k -> new ArrayList<>()).add(r);
        watermark = Math.max(watermark, r.epochMillis());
        return closeUpTo(watermark - graceMillis);
    }

    /** The clock's time on a live stream: windows whose end plus the grace has passed are judged, even with no traffic after them. */
    public synchronized List<Closed> tick(long nowMillis) {
        return closeUpTo(nowMillis - graceMillis);
    }

    /** The stream ended: every window still open is judged. */
    public synchronized List<Closed> flush() {
        return closeUpTo(Long.MAX_VALUE - settings.windowMillis());
    }

    public synchronized long late() {
        return late;
    }

    public synchronized long received() {
        return received;
    }

    /** Requests held for judgements to come (open windows, trailing windows, the drift's reference). */
    public synchronized long held() {
        Set<List<Request>> lists = Collections.newSetFromMap(new IdentityHashMap<>());
        lists.addAll(open.values());
        lists.addAll(judged.values());
        lists.addAll(reference.values());
        return lists.stream().mapToLong(List::size).sum();
    }

    public synchronized int openWindows() {
        return open.size();
    }

    private long windowOf(long t) {
        return Math.floorDiv(t, settings.windowMillis()) * settings.windowMillis();
    }

    /** Judges every open window ending at or before {@code time}, oldest first. */
    private List<Closed> closeUpTo(long time) {
        List<Closed> out = new ArrayList<>();
        while (!open.isEmpty() && open.firstKey() + settings.windowMillis() <= time) {
            Map.Entry<Long, List<Request>> e = open.pollFirstEntry();
            // windows with no requests between the judged ones and this one are
            // empty windows, judged as such (a silence)
            judged.put(e.getKey(), e.getValue());
            if (e.getKey() < firstWindow + (long) settings.baselineWindows() * settings.windowMillis()) {
                reference.put(e.getKey(), e.getValue());
            }
            out.add(judge(e.getKey(), e.getValue()));
            long keepFrom = e.getKey()
                    - (long) Math.max(settings.baselineWindows(), TrafficMonitor.LONG_WINDOWS)
                            * settings.windowMillis();
            judged.headMap(keepFrom).clear();
        }
        return out;
    }

    private Closed judge(long start, List<Request> now) {
        List<Request> all = new ArrayList<>();
        reference.forEach((w, rs) -> {
            if (!judged.containsKey(w)) {
                all.addAll(rs); // the drift's reference, when it has left the trailing windows
            }
        });
        judged.values().forEach(all::addAll);
        long end = start + settings.windowMillis();
        if (now.isEmpty() || all.isEmpty()) {
            return new Closed(start, end, now.size(), List.of(), List.of(), late, List.copyOf(now));
        }
        TrafficMonitor.Result r = TrafficMonitor.analyze(all, settings, slo, start);
        List<TrafficMonitor.Alert> alerts =
                r.alerts().stream().filter(a -> a.startMillis() == start).toList();
        List<TrafficMonitor.Drift> drift =
                r.drift().stream().filter(d -> d.startMillis() == start).toList();
        return new Closed(start, end, now.size(), alerts, drift, late, List.copyOf(now));
    }
}
