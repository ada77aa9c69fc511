package dev.sextant.model.runhealth;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A training run's metrics, merged from one or more log files.
 *
 * @param format   the format they were read as
 * @param metrics  each metric's series, by canonical name ({@link MetricNames}), in the order first seen
 * @param files    the files read, in the order they were merged
 * @param restarts files that began at or before the step where the run had got to (a restart from a checkpoint); their
 *                 steps replace the earlier files' from their first step on
 */
public record TrainingLog(String format, Map<String, MetricSeries> metrics, List<String> files, int restarts) {

    public TrainingLog {
        metrics = Collections.unmodifiableMap(new LinkedHashMap<>(metrics));
        files = List.copyOf(files);
    }

    public Optional<MetricSeries> metric(String name) {
        return Optional.ofNullable(metrics.get(name));
    }

    public List<String> metricNames() {
        return new ArrayList<>(metrics.keySet());
    }

    /** Distinct steps at which any metric was logged (the metrics' sorted steps merged, linear in their length). */
    public int steps() {
        long[] union = new long[0];
        for (MetricSeries m : metrics.values()) {
            union = union(union, m);
        }
        return union.length;
    }

    private static long[] union(long[] a, MetricSeries m) {
        long[] out = new long[a.length + m.size()];
        int i = 0;
        int j = 0;
        int n = 0;
        while (i < a.length || j < m.size()) {
            long next = j >= m.size() || i < a.length && a[i] <= m.step(j) ? a[i] : m.step(j);
            if (i < a.length && a[i] == next) {
                i++;
            }
            if (j < m.size() && m.step(j) == next) {
                j++;
            }
            out[n++] = next;
        }
        return Arrays.copyOf(out, n);
    }

    public long firstStep() {
        return metrics.values().stream()
                .filter(m -> m.size() > 0)
                .mapToLong(MetricSeries::firstStep)
                .min()
                .orElse(-1);
    }

    public long lastStep() {
        return metrics.values().stream().mapToLong(MetricSeries::lastStep).max().orElse(-1);
    }

    /**
     * One run from the logs of its segments, each a map of metric series: taken in order of their first step (then of
     * their last, so that of two cumulative logs starting together the longer is the later), each later one replacing
     * every metric's points from its own first step on, as a restart from a checkpoint re-runs those steps.
     */
    public static TrainingLog merge(String format, List<Segment> segments) {
        List<Segment> ordered = new ArrayList<>(segments);
        ordered.sort((a, b) -> a.firstStep() != b.firstStep()
                ? Long.compare(a.firstStep(), b.firstStep())
                : Long.compare(a.lastStep(), b.lastStep()));
        Map<String, MetricSeries> merged = new LinkedHashMap<>();
        List<String> files = new ArrayList<>();
        int restarts = 0;
        long reached = Long.MIN_VALUE;
        for (Segment s : ordered) {
            if (s.metrics().isEmpty()) {
                files.add(s.file());
                continue;
            }
            long first = s.firstStep();
            if (first <= reached) {
                restarts++;
            }
            for (Map.Entry<String, MetricSeries> e : merged.entrySet()) {
                e.setValue(e.getValue().before(first));
            }
            for (MetricSeries m : s.metrics().values()) {
                merged.merge(m.name(), m, MetricSeries::append);
            }
            reached = Math.max(reached, s.lastStep());
            files.add(s.file());
        }
        return new TrainingLog(format, merged, files, restarts);
    }

    /** What one file held. */
    public record Segment(String file, Map<String, MetricSeries> metrics) {

        public long firstStep() {
            return metrics.values().stream()
                    .filter(m -> m.size() > 0)
                    .mapToLong(MetricSeries::firstStep)
                    .min()
                    .orElse(Long.MAX_VALUE);
        }

        public long lastStep() {
            return metrics.values().stream()
                    .mapToLong(MetricSeries::lastStep)
                    .max()
                    .orElse(Long.MIN_VALUE);
        }
    }
}
