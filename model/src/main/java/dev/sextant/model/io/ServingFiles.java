package dev.sextant.model.io;

import dev.sextant.model.BadInputException;
import dev.sextant.model.monitoring.Request;
import dev.sextant.model.serving.BatchingSimulator;
import dev.sextant.model.serving.Capacity;
import dev.sextant.model.serving.LengthDistribution;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The serving planner's input files: token counts ({@code file:PATH} distributions, one count per line), request
 * traces (arrival seconds, prompt tokens, output tokens) and a day's traffic (start, rate). Errors name file, line and
 * field; {@code #} comments, blank lines and a header line are allowed.
 */
public final class ServingFiles {

    private ServingFiles() {}

    /**
     * {@code const:N}, {@code uniform:A:B}, {@code lognormal:MEAN:SD} or {@code file:PATH}: a spec that does not read is
     * an {@link dev.sextant.model.InputError} about {@code field} ({@code serving.promptTokens}, …), a bad file names
     * its line.
     */
    public static LengthDistribution distribution(String field, String spec) {
        if (!spec.startsWith("file:")) {
            return LengthDistribution.parse(field, spec);
        }
        Path file = Path.of(spec.substring(5));
        List<Integer> values = new ArrayList<>();
        // no natural key: the lines are samples of a distribution, and a count may recur
        forEachLine(file, (fields, line) -> values.add(positiveInt(fields[0], file, line, "tokens")));
        if (values.isEmpty()) {
            throw BadInputException.of(file.toString(), "no token counts in the file");
        }
        return new LengthDistribution.Empirical(values);
    }

    /**
     * Requests in arrival order: arrival seconds, prompt tokens, output tokens. No natural key: requests carry no id,
     * and two may arrive at the same second with the same lengths. A request log as production or a public trace writes
     * it (timestamps and named columns: Azure's {@code TIMESTAMP, ContextTokens, GeneratedTokens}, Mooncake's JSON
     * Lines, any log {@code monitor import} reads) is read by {@link RequestLogFile} instead, arrivals counted from its
     * first request.
     */
    public static List<BatchingSimulator.Request> trace(Path file) {
        List<String> lines = readLines(file);
        if (isRequestLog(lines)) {
            return traceFromRequestLog(file);
        }
        List<BatchingSimulator.Request> out = new ArrayList<>();
        forEachLine(lines, file.toString(), (f, line) -> {
            if (f.length < 3) {
                throw new BadInputException(
                        file.toString(), line, null, "expected arrival,prompt_tokens,output_tokens");
            }
            double at =
                    FieldChecks.at(file.toString(), line).nonNegative("arrival", number(f[0], file, line, "arrival"));
            if (at < (out.isEmpty() ? 0 : out.get(out.size() - 1).arrival())) {
                throw new BadInputException(file.toString(), line, "arrival", "arrivals must not go back in time");
            }
            out.add(new BatchingSimulator.Request(
                    at,
                    positiveInt(f[1], file, line, "prompt_tokens"),
                    positiveInt(f[2], file, line, "output_tokens")));
        });
        if (out.isEmpty()) {
            throw BadInputException.of(file.toString(), "no requests in the trace");
        }
        return out;
    }

    /** Whether the first record is JSON, or the first line under a header does not start with a number of seconds. */
    private static boolean isRequestLog(List<String> lines) {
        boolean header = false;
        for (String raw : lines) {
            String line = TextInput.stripBom(raw).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            if (line.startsWith("{") || line.startsWith("[")) {
                return true;
            }
            if (!header && Character.isLetter(line.charAt(0))) {
                header = true;
                continue;
            }
            try {
                Double.parseDouble(line.split(",")[0].strip());
                return false;
            } catch (NumberFormatException e) {
                return header;
            }
        }
        return false;
    }

    /**
     * A request log's requests with both token counts, in arrival order from 0 s; an output of no tokens is taken as
     * one (the request was still prefilled and sampled once), a request without a prompt is left out.
     */
    private static List<BatchingSimulator.Request> traceFromRequestLog(Path file) {
        List<Request> read = new ArrayList<>();
        RequestLogFile.read(file, Map.of(), new HashSet<>(), read::add);
        read.sort(Comparator.comparingLong(Request::epochMillis));
        List<BatchingSimulator.Request> out = new ArrayList<>();
        for (Request r : read) {
            if (Double.isNaN(r.inputTokens()) || Double.isNaN(r.outputTokens())) {
                throw BadInputException.of(
                        file.toString(),
                        "a trace to simulate needs each request's prompt and output tokens; this log lacks them");
            }
            long prompt = Math.round(r.inputTokens());
            if (prompt >= 1) {
                double at = (r.epochMillis() - read.get(0).epochMillis()) / 1000.0;
                out.add(new BatchingSimulator.Request(
                        at, (int) prompt, (int) Math.max(1, Math.round(r.outputTokens()))));
            }
        }
        if (out.isEmpty()) {
            throw BadInputException.of(file.toString(), "no requests with a prompt in the trace");
        }
        return out;
    }

    /** Traffic windows: start (HH:MM or hours from midnight), rate (requests/s); each lasts until the next, the last until 24:00. */
    public static List<Capacity.Window> traffic(Path file) {
        return traffic(readLines(file), file.toString());
    }

    /** Traffic windows from CSV text (as typed in the workbench); errors name {@code source}, the line and the field. */
    public static List<Capacity.Window> traffic(String csv, String source) {
        return traffic(csv.lines().toList(), source);
    }

    /** A window's start is its key: two windows starting at the same time would give that hour two rates. */
    private static List<Capacity.Window> traffic(List<String> lines, String file) {
        List<double[]> points = new ArrayList<>();
        UniqueKeys starts = new UniqueKeys();
        forEachLine(lines, file, (f, line) -> {
            if (f.length < 2) {
                throw new BadInputException(file, line, null, "expected start,rate");
            }
            double start = hours(f[0], file, line);
            double rate = FieldChecks.at(file, line).nonNegative("rate", number(f[1], file, line, "rate"));
            // to the minute, as the traffic CSV is written back: two starts within a minute would become one
            int minute = (int) Math.round(start * 60);
            starts.add(file, line, "start", String.format(Locale.ROOT, "%02d:%02d", minute / 60, minute % 60));
            if (!points.isEmpty() && start <= points.get(points.size() - 1)[0]) {
                throw new BadInputException(file, line, "start", "windows must be in increasing order of start");
            }
            points.add(new double[] {start, rate});
        });
        if (points.isEmpty()) {
            throw BadInputException.of(file, "no traffic windows (start,rate)");
        }
        List<Capacity.Window> windows = new ArrayList<>();
        for (int k = 0; k < points.size(); k++) {
            double start = points.get(k)[0];
            double end = k + 1 < points.size() ? points.get(k + 1)[0] : 24;
            windows.add(new Capacity.Window(start, end - start, points.get(k)[1]));
        }
        return windows;
    }

    /** Windows as the traffic CSV: a header, then start (HH:MM) and rate per line. */
    public static String trafficCsv(List<Capacity.Window> windows) {
        StringBuilder sb = new StringBuilder("start,rate\n");
        for (Capacity.Window w : windows) {
            int minutes = (int) Math.round(w.startHour() * 60);
            sb.append(String.format(
                    Locale.ROOT,
                    "%02d:%02d,%s%n",
                    minutes / 60,
                    minutes % 60,
                    new BigDecimal(w.rate())
                            .round(new MathContext(6))
                            .stripTrailingZeros()
                            .toPlainString()));
        }
        return sb.toString();
    }

    private interface LineHandler {
        void line(String[] fields, int lineNumber);
    }

    private static List<String> readLines(Path file) {
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw BadInputException.of(file.toString(), "cannot read: " + IoFailures.plain(e));
        }
    }

    private static void forEachLine(Path file, LineHandler handler) {
        forEachLine(readLines(file), file.toString(), handler);
    }

    private static void forEachLine(List<String> lines, String file, LineHandler handler) {
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#") || i == 0 && Character.isLetter(line.charAt(0))) {
                continue;
            }
            String[] fields = line.split(",");
            for (int k = 0; k < fields.length; k++) {
                fields[k] = fields[k].strip();
            }
            handler.line(fields, i + 1);
        }
    }

    private static int positiveInt(String s, Path file, int line, String field) {
        return positiveInt(s, file.toString(), line, field);
    }

    private static int positiveInt(String s, String file, int line, String field) {
        try {
            int v = Integer.parseInt(s);
            if (v >= 1) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new BadInputException(file, line, field, "expected a token count of at least 1, got '" + s + "'");
    }

    private static double number(String s, Path file, int line, String field) {
        return number(s, file.toString(), line, field);
    }

    private static double number(String s, String file, int line, String field) {
        double v;
        try {
            v = Double.parseDouble(s);
        } catch (NumberFormatException e) {
            throw new BadInputException(file, line, field, "expected a number, got '" + s + "'");
        }
        return FieldChecks.at(file, line).finite(field, v);
    }

    private static double hours(String s, String file, int line) {
        try {
            if (s.contains(":")) {
                String[] p = s.split(":");
                int h = Integer.parseInt(p[0]);
                int m = Integer.parseInt(p[1]);
                if (h >= 0 && h <= 23 && m >= 0 && m <= 59) {
                    return h + m / 60.0;
                }
            } else {
                double h = Double.parseDouble(s);
                if (h >= 0 && h < 24) {
                    return h;
                }
            }
        } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
            // reported below
        }
        throw new BadInputException(
                file, line, "start", "expected HH:MM or hours from midnight (0–24), got '" + s + "'");
    }
}
