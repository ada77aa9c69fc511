package dev.sextant.model.io.trainlog;

import dev.sextant.model.BadInputException;
import dev.sextant.model.io.IoFailures;
import dev.sextant.model.io.TextInput;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.runhealth.TrainingLog;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * CSV exports of a run's metrics, in the shapes the trackers write:
 * <ul>
 *   <li><b>wide</b> (W&amp;B's "Export CSV" of a panel or its run history): a step column ({@link StepColumns}) and one
 *       column a metric; W&amp;B's {@code <run> - train/loss} headers name the metric after the dash, and its
 *       {@code __MIN}/{@code __MAX} band columns and {@code _runtime} are passed over ({@code _timestamp} is the wall clock);</li>
 *   <li><b>long</b> (MLflow's metric history): {@code key,value,step[,timestamp]}, one row a metric and step, or
 *       {@code step,value[,timestamp]} for one metric named by the file.</li>
 * </ul>
 * An empty cell is a step the metric was not logged at.
 */
final class MetricsCsvReader {

    private MetricsCsvReader() {}

    static List<TrainingLog.Segment> read(Path file, CancellationToken cancel) {
        String name = TextInput.name(file);
        SegmentBuilder b = new SegmentBuilder(name);
        CSVFormat format =
                CSVFormat.RFC4180.builder().setIgnoreSurroundingSpaces(true).get();
        long line = 1;
        try (BufferedReader r = TextInput.open(file);
                CSVParser parser = format.parse(r)) {
            var it = parser.iterator();
            if (!it.hasNext()) {
                throw BadInputException.of(name, "the file is empty; expected a header row with a step column");
            }
            List<String> header = it.next().toList();
            if (!header.isEmpty()) {
                header.set(0, TextInput.stripBom(header.get(0)));
            }
            int step = index(
                    header,
                    StepColumns.find(header)
                            .orElseThrow(() -> new BadInputException(
                                    name, 1, null, "no step column; expected one of " + StepColumns.NAMES)));
            int key = indexOf(header, "key", "metric");
            int value = indexOf(header, "value");
            String single = value >= 0 && key < 0 ? stem(name) : null;
            long rows = 0;
            while (it.hasNext()) {
                CSVRecord rec = it.next();
                line = parser.getCurrentLineNumber();
                if ((++rows & 0xFFFF) == 0) {
                    cancel.throwIfCancelled();
                }
                if (rec.size() == 1 && rec.get(0).isBlank()) {
                    continue;
                }
                if (rec.size() != header.size()) {
                    throw new BadInputException(
                            name, line, null, "has " + rec.size() + " fields, the header has " + header.size());
                }
                String stepText = rec.get(step).strip();
                if (stepText.isEmpty()) {
                    continue;
                }
                long s = wholeStep(stepText, name, line, header.get(step));
                if (key >= 0 && value >= 0) {
                    b.addText(rec.get(key).strip(), s, rec.get(value), line);
                } else if (single != null) {
                    b.addText(single, s, rec.get(value), line);
                } else {
                    for (int c = 0; c < header.size(); c++) {
                        String metric = metricName(header.get(c));
                        if (c != step && metric != null && !rec.get(c).isBlank()) {
                            b.addText(metric, s, rec.get(c), line);
                        }
                    }
                }
            }
        } catch (UncheckedIOException e) {
            if (e.getCause() instanceof CharacterCodingException) {
                throw TextInput.readError(file, line + 1, e.getCause());
            }
            throw new BadInputException(name, line + 1, null, "not valid CSV: " + IoFailures.plain(e.getCause()));
        } catch (IOException e) {
            throw TextInput.readError(file, line + 1, e);
        }
        return b.build();
    }

    /** The metric a wide column holds, or null for the columns that are not metrics. */
    static String metricName(String header) {
        String h = header.strip();
        int dash = h.lastIndexOf(" - ");
        if (dash >= 0) {
            h = h.substring(dash + 3).strip();
        }
        String lower = h.toLowerCase(Locale.ROOT);
        if (lower.endsWith("__min")
                || lower.endsWith("__max")
                || lower.equals("_runtime")
                || lower.equals("timestamp")
                || StepColumns.NAMES.contains(lower)
                || lower.isEmpty()) {
            return null;
        }
        return h;
    }

    private static long wholeStep(String text, String name, long line, String column) {
        Double d = LogNumbers.parse(text);
        if (d == null || !Double.isFinite(d) || d != Math.rint(d) || d < 0) {
            throw new BadInputException(name, line, column, "'" + text + "' is not a step number");
        }
        return d.longValue();
    }

    private static int index(List<String> header, String column) {
        return header.indexOf(column);
    }

    private static int indexOf(List<String> header, String... names) {
        for (int i = 0; i < header.size(); i++) {
            for (String n : names) {
                if (header.get(i).strip().equalsIgnoreCase(n)) {
                    return i;
                }
            }
        }
        return -1;
    }

    private static String stem(String fileName) {
        int slash = Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\'));
        String base = fileName.substring(slash + 1);
        int dot = base.indexOf('.');
        return dot > 0 ? base.substring(0, dot) : base;
    }
}
