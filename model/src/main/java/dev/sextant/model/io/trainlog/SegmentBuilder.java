package dev.sextant.model.io.trainlog;

import dev.sextant.model.BadInputException;
import dev.sextant.model.runhealth.MetricNames;
import dev.sextant.model.runhealth.MetricSeries;
import dev.sextant.model.runhealth.TrainingLog;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Collects one file's metric points as they stream past, each under its canonical name, in primitive arrays (millions
 * of steps). A step logged again replaces its value; a metric whose step goes back is a restart within the file (a
 * resumed job appending to its log, a TensorBoard writer reopened in the same folder): the points so far become one
 * segment and the rest another, merged as the files of a restarted run are ({@link TrainingLog#merge}).
 */
final class SegmentBuilder {

    /** Canonical metrics whose value must be a number wherever they appear. */
    private static final Set<String> KNOWN = Set.of(
            MetricNames.LOSS,
            MetricNames.VALIDATION_LOSS,
            MetricNames.GRAD_NORM,
            MetricNames.LOSS_SCALE,
            MetricNames.LEARNING_RATE,
            MetricNames.STEP_TIME,
            MetricNames.NAN_ITERATIONS,
            MetricNames.SKIPPED_ITERATIONS);

    private final String file;
    private Map<String, Growing> metrics = new LinkedHashMap<>();
    private final List<TrainingLog.Segment> done = new ArrayList<>();
    private final Set<String> numericFields = new HashSet<>();

    SegmentBuilder(String file) {
        this.file = file;
    }

    String file() {
        return file;
    }

    /**
     * A field's text: a number (or nan/inf) is added; text in a field that is a known metric, or that held numbers
     * before in this file, is an error; other text (a run name, a tag) is left alone.
     *
     * @param record the line or record number, for errors
     */
    void addText(String field, long step, String text, long record) {
        Double v = LogNumbers.parse(text);
        if (v == null) {
            if (!text.isBlank()
                    && (numericFields.contains(field)
                            || KNOWN.contains(MetricNames.canonical(field).name()))) {
                throw new BadInputException(file, record, field, "'" + abbreviate(text) + "' is not a number");
            }
            return;
        }
        add(field, step, v, record);
    }

    void add(String field, long step, double value, long record) {
        numericFields.add(field);
        MetricNames.Canonical c = MetricNames.canonical(field);
        Growing g = metrics.computeIfAbsent(c.name(), Growing::new);
        if (g.size > 0 && step < g.steps[g.size - 1]) {
            done.add(segment());
            metrics = new LinkedHashMap<>();
            g = metrics.computeIfAbsent(c.name(), Growing::new);
        }
        g.add(step, value * c.scale(), field, record);
    }

    List<TrainingLog.Segment> build() {
        done.add(segment());
        return List.copyOf(done);
    }

    private TrainingLog.Segment segment() {
        Map<String, MetricSeries> out = new LinkedHashMap<>();
        for (Growing g : metrics.values()) {
            out.put(g.name, new MetricSeries(g.name, Arrays.copyOf(g.steps, g.size), Arrays.copyOf(g.values, g.size)));
        }
        return new TrainingLog.Segment(file, out);
    }

    private static String abbreviate(String text) {
        String t = text.strip();
        return t.length() > 40 ? t.substring(0, 40) + "…" : t;
    }

    private final class Growing {
        final String name;
        long[] steps = new long[64];
        double[] values = new double[64];
        int size;

        Growing(String name) {
            this.name = name;
        }

        void add(long step, double value, String field, long record) {
            if (size > 0 && step == steps[size - 1]) {
                values[size - 1] = value;
                return;
            }
            if (size == steps.length) {
                steps = Arrays.copyOf(steps, size * 2);
                values = Arrays.copyOf(values, size * 2);
            }
            steps[size] = step;
            values[size] = value;
            size++;
        }
    }
}
