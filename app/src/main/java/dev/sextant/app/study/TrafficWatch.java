package dev.sextant.app.study;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sextant.model.io.Json;
import dev.sextant.model.io.RequestLogFile;
import dev.sextant.model.monitoring.CanaryWatch;
import dev.sextant.model.monitoring.LiveMonitor;
import dev.sextant.model.monitoring.Request;
import dev.sextant.model.monitoring.TrafficMonitor;
import dev.sextant.workspaces.Workspace;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Production traffic watched as it arrives, for every face: requests from followed log files and received OTLP exports
 * go through one {@link LiveMonitor} (and, with a canary, one {@link CanaryWatch}); each window judged is handed to the
 * listener with its alerts and drift, and the canary's verdict after it. With a project, each judged window's requests
 * are kept in it as they are judged (one import, a transaction a window), so a watch stopped at any moment leaves whole
 * windows behind.
 */
public final class TrafficWatch {

    /** What the watch reports, from whichever thread delivered the request that closed a window. */
    public interface Listener {
        void window(LiveMonitor.Closed window);

        /** The canary's verdict after each window (with a canary): the same one again until it changes. */
        default void verdict(CanaryWatch.Verdict verdict) {}

        default void note(String message) {}
    }

    /** Where judged windows are kept: a project of a workspace, under an import name. */
    public record Keep(Workspace workspace, UUID projectId, String name) {}

    /** A stream is live when its first request is this close to the clock: then windows also close as the clock passes. */
    static final long LIVE_WITHIN = 3_600_000;

    private final LiveMonitor live;
    private final CanaryWatch canary;
    private final Listener listener;
    private final Keep keep;
    private final Set<String> ids = new HashSet<>();
    private final List<RequestLogFile.Lines> sources = new ArrayList<>();
    private final AtomicLong exports = new AtomicLong();
    private Boolean liveStream;
    private UUID keptImport;
    private long kept;

    public TrafficWatch(
            TrafficMonitor.Settings settings,
            TrafficMonitor.Slo slo,
            long graceMillis,
            CanaryWatch canary,
            Listener listener,
            Keep keep) {
        this.live = new LiveMonitor(settings, slo, graceMillis);
        this.canary = canary;
        this.listener = listener;
        this.keep = keep;
    }

    /** A source of lines (a followed file): its own reading state, ids unique across all sources. */
    public synchronized Source source(String name, Map<String, String> rename) {
        RequestLogFile.Lines lines = RequestLogFile.lines(name, rename, ids, this::accept);
        sources.add(lines);
        return new Source(lines);
    }

    /** One source's records, read under the watch's one lock (sources are fed from several threads). */
    public final class Source {
        private final RequestLogFile.Lines lines;

        Source(RequestLogFile.Lines lines) {
            this.lines = lines;
        }

        /** Line {@code n} of a followed file. */
        public void line(long n, String text) {
            synchronized (TrafficWatch.this) {
                lines.line(n, text);
            }
        }

        /** The followed file was rotated or truncated: a new file follows. */
        public void restart() {
            synchronized (TrafficWatch.this) {
                lines.restart();
            }
        }

        /** A received OTLP export request, numbered as the source's next record. */
        public void export(JsonNode export) {
            synchronized (TrafficWatch.this) {
                lines.otlp(exports.incrementAndGet(), export);
            }
        }
    }

    private synchronized void accept(Request r) {
        if (liveStream == null) {
            liveStream = Math.abs(r.epochMillis() - System.currentTimeMillis()) < LIVE_WITHIN;
            if (!liveStream) {
                listener.note("the requests are from " + Instant.ofEpochMilli(r.epochMillis())
                        + ", not now: windows close as later requests arrive (a replay), not by the clock");
            }
        }
        deliver(live.add(r));
    }

    /** The clock: on a live stream, windows whose end (and grace) has passed are judged even when no request follows. */
    public synchronized void tick(long nowMillis) {
        if (Boolean.TRUE.equals(liveStream)) {
            deliver(live.tick(nowMillis));
        }
    }

    /** The stream ended (the watch was stopped): every open window judged. */
    public synchronized void finish() {
        deliver(live.flush());
    }

    private void deliver(List<LiveMonitor.Closed> closed) {
        for (LiveMonitor.Closed c : closed) {
            keep(c.windowRequests());
            listener.window(c);
            if (canary != null && c.requests() > 0) {
                listener.verdict(canary.window(c.endMillis(), c.windowRequests()));
            }
        }
    }

    private void keep(List<Request> requests) {
        if (keep == null || requests.isEmpty()) {
            return;
        }
        String summary = Json.write(summaries());
        if (keptImport == null) {
            keptImport = keep.workspace()
                    .monitoring()
                    .save(
                            keep.projectId(),
                            keep.name(),
                            sources.stream().map(s -> s.summary().file()).toList(),
                            summary,
                            requests,
                            false);
        } else {
            keep.workspace().monitoring().append(keptImport, summary, requests);
        }
        kept += requests.size();
    }

    /** Each source's reading so far: requests, skipped records and why, the mapping. */
    public synchronized List<RequestLogFile.Summary> summaries() {
        return sources.stream().map(RequestLogFile.Lines::summary).toList();
    }

    public synchronized long received() {
        return live.received();
    }

    public synchronized long late() {
        return live.late();
    }

    /** Requests kept in the project so far. */
    public synchronized long kept() {
        return kept;
    }

    /** The canary's verdict now (null without a canary). */
    public synchronized CanaryWatch.Verdict verdict(long nowMillis) {
        return canary == null ? null : canary.verdict(nowMillis);
    }
}
