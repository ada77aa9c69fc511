package dev.sextant.model.monitoring;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Where each model version stands in the loop after launch — launched → monitoring → feedback collected → re-evaluated
 * — with the date of each step, read from what a project keeps: the production traffic (a version is launched the day
 * its first request arrives, monitored while its requests are kept), the feedback rotations (which of its requests
 * went into which rotation), and the gate's evidence (scores for the version imported on or after the rotation's date
 * re-evaluate it). A version the gate names as its candidate is listed even before its first request.
 */
public final class FeedbackLoop {

    /** The version a request belongs to: its {@code version} column, else its {@code model}, else one unnamed. */
    public static final String UNNAMED = "(no version column)";

    /** A version's kept traffic: its first and last request and how many. */
    public record Traffic(String version, long firstMillis, long lastMillis, long requests) {}

    /** A rotation's items of one version; made is when the rotation was made (its date may be set earlier or later). */
    public record RotationUse(String rotation, LocalDate date, Instant made, String version, int items) {}

    /**
     * The gate's evidence on one model: the newest rotation date its scores carry (null: none carries one) and when its
     * latest scores were imported.
     */
    public record Evaluation(String model, LocalDate rotation, Instant imported) {}

    /**
     * One version's loop.
     *
     * @param stage monitoring (launched: traffic kept), feedback collected or re-evaluated, the furthest reached; awaiting
     *              traffic for the gate's candidate before its first request
     * @param next  what the loop needs next, in words
     */
    public record VersionLoop(
            String version,
            boolean candidate,
            LocalDate launched,
            LocalDate monitoredFrom,
            LocalDate monitoredTo,
            long requests,
            String rotation,
            LocalDate feedbackDate,
            int feedbackItems,
            LocalDate reEvaluated,
            String stage,
            String next) {}

    private FeedbackLoop() {}

    /** The version of a request's segments. */
    public static String versionOf(Map<String, String> segments) {
        String v = segments.get("version");
        if (v == null || v.isBlank()) {
            v = segments.get("model");
        }
        return v == null || v.isBlank() ? UNNAMED : v;
    }

    /**
     * Each version's loop, newest launch first (the gate's candidate first among a day's).
     *
     * @param candidate the gate's candidate (null: none set)
     */
    public static List<VersionLoop> of(
            List<Traffic> traffic, List<RotationUse> rotations, List<Evaluation> evaluations, String candidate) {
        Map<String, Traffic> byVersion = new TreeMap<>();
        for (Traffic t : traffic) {
            byVersion.merge(
                    t.version(),
                    t,
                    (a, b) -> new Traffic(
                            a.version(),
                            Math.min(a.firstMillis(), b.firstMillis()),
                            Math.max(a.lastMillis(), b.lastMillis()),
                            a.requests() + b.requests()));
        }
        Set<String> versions = new LinkedHashSet<>(byVersion.keySet());
        if (candidate != null && !candidate.isBlank()) {
            versions.add(candidate);
        }
        List<VersionLoop> out = new ArrayList<>();
        for (String v : versions) {
            Traffic t = byVersion.get(v);
            RotationUse latest = rotations.stream()
                    .filter(r -> r.version().equals(v) && r.items() > 0)
                    .max(Comparator.comparing(RotationUse::date).thenComparing(RotationUse::rotation))
                    .orElse(null);
            int items = latest == null
                    ? 0
                    : rotations.stream()
                            .filter(r -> r.version().equals(v) && r.rotation().equals(latest.rotation()))
                            .mapToInt(RotationUse::items)
                            .sum();
            LocalDate reEvaluated = null;
            if (latest != null) {
                for (Evaluation e : evaluations) {
                    if (!e.model().equals(v)) {
                        continue;
                    }
                    // scores on the rotation itself (they carry its date or a later one), or imported after it was made
                    LocalDate d = e.rotation() != null && !e.rotation().isBefore(latest.date())
                            ? e.rotation()
                            : e.imported() != null && e.imported().isAfter(latest.made())
                                    ? date(e.imported().toEpochMilli())
                                    : null;
                    if (d != null && (reEvaluated == null || d.isAfter(reEvaluated))) {
                        reEvaluated = d;
                    }
                }
            }
            boolean isCandidate = v.equals(candidate);
            String stage;
            String next;
            if (reEvaluated != null) {
                stage = "re-evaluated";
                next = "compare the new scores in the gate; go on monitoring, and rotate again when the traffic moves";
            } else if (latest != null) {
                stage = "feedback collected";
                next = "score the version on " + latest.rotation() + " and import the scores into the gate";
            } else if (t != null) {
                stage = "monitoring";
                next = "send flagged and sampled requests to the next rotation";
            } else {
                stage = "awaiting traffic";
                next = "import or watch its production traffic once it is launched (none kept yet)";
            }
            out.add(new VersionLoop(
                    v,
                    isCandidate,
                    t == null ? null : date(t.firstMillis()),
                    t == null ? null : date(t.firstMillis()),
                    t == null ? null : date(t.lastMillis()),
                    t == null ? 0 : t.requests(),
                    latest == null ? null : latest.rotation(),
                    latest == null ? null : latest.date(),
                    items,
                    reEvaluated,
                    stage,
                    next));
        }
        out.sort(Comparator.comparing((VersionLoop l) -> l.launched() == null ? LocalDate.MAX : l.launched())
                .reversed()
                .thenComparing(l -> !l.candidate())
                .thenComparing(VersionLoop::version));
        return List.copyOf(out);
    }

    static LocalDate date(long millis) {
        return Instant.ofEpochMilli(millis).atZone(ZoneOffset.UTC).toLocalDate();
    }
}
