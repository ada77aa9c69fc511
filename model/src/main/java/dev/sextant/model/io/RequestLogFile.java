package dev.sextant.model.io;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sextant.model.BadInputException;
import dev.sextant.model.monitoring.Request;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * Request-level logs of a production service, streamed: JSON Lines (one object a request) or CSV with a header. Our
 * fields are {@code request_id, timestamp, model, version, route, input_tokens, output_tokens, ttft_ms, latency_ms,
 * status, finish_reason, refusal} and any quality proxy (a numeric column mapped to {@code proxy:NAME}, or
 * one of rating, thumbs, regenerate, judge_score); the usual other names are recognised (the public traces' too: Azure's
 * {@code TIMESTAMP, ContextTokens, GeneratedTokens}, Mooncake's {@code timestamp, input_length, output_length},
 * BurstGPT's {@code Timestamp, Model, Request tokens, Response tokens}), the user's mapped with {@code rename}, and the
 * mapping used is returned so it can be shown.
 *
 * <p>Timestamps: ISO-8601 with or without a zone (without: UTC, said), {@code yyyy-MM-dd HH:mm:ss[.f…]}, or epoch numbers
 * in seconds, milliseconds, microseconds or nanoseconds (by magnitude, said). A record that cannot be read (a line cut
 * short, a number that is not one, a missing or repeated id) is skipped and counted with its file, line and reason —
 * never dropped silently; timestamps out of order are counted (the analysis orders them).
 */
public final class RequestLogFile {

    /** Our fields and the names they are recognised by (lower case, spaces and dashes as underscores). */
    static final Map<String, List<String>> SYNONYMS = new LinkedHashMap<>();

    static {
        SYNONYMS.put(
                "request_id",
                List.of("request_id", "requestid", "id", "trace_id", "span_id", "response_id", "gen_ai_response_id"));
        SYNONYMS.put(
                "timestamp", List.of("timestamp", "time", "ts", "start_time", "created_at", "arrival_time", "date"));
        SYNONYMS.put("model", List.of("model", "model_name", "gen_ai_request_model", "gen_ai_response_model"));
        SYNONYMS.put("version", List.of("version", "model_version", "deployment", "release"));
        SYNONYMS.put("route", List.of("route", "endpoint", "arm", "group", "variant"));
        SYNONYMS.put(
                "input_tokens",
                List.of(
                        "input_tokens",
                        "prompt_tokens",
                        "contexttokens",
                        "context_tokens",
                        "input_length",
                        "request_tokens",
                        "gen_ai_usage_input_tokens"));
        SYNONYMS.put(
                "output_tokens",
                List.of(
                        "output_tokens",
                        "completion_tokens",
                        "generatedtokens",
                        "generated_tokens",
                        "output_length",
                        "response_tokens",
                        "gen_ai_usage_output_tokens"));
        SYNONYMS.put("ttft_ms", List.of("ttft_ms", "time_to_first_token_ms", "first_token_ms"));
        SYNONYMS.put(
                "latency_ms", List.of("latency_ms", "duration_ms", "e2e_latency_ms", "end_to_end_ms", "total_time_ms"));
        SYNONYMS.put("status", List.of("status", "status_code", "http_status", "outcome", "error_type", "error"));
        SYNONYMS.put("finish_reason", List.of("finish_reason", "stop_reason", "gen_ai_response_finish_reasons"));
        SYNONYMS.put("refusal", List.of("refusal", "refused", "is_refusal"));
        SYNONYMS.put(
                "prompt",
                List.of(
                        "prompt",
                        "prompt_text",
                        "input_text",
                        "question",
                        "query",
                        "messages",
                        "gen_ai_input_messages",
                        "gen_ai_prompt"));
    }

    /** Proxy columns recognised without a mapping. */
    static final Set<String> PROXIES =
            Set.of("rating", "thumbs", "thumbs_up", "regenerate", "regenerated", "judge_score", "score");

    /** Numeric timestamps below this (2001-09-09 as epoch seconds) are offsets from a trace's start, not epochs. */
    static final double RELATIVE_BELOW = 1e9;

    /** Skipped records listed one by one, at most; the rest are counted. */
    static final int LISTED = 20;

    /** A record left out: where and why. */
    public record Skip(String file, long line, String field, String reason) {
        public String describe() {
            return file + ":" + line + (field == null ? "" : ": " + field) + ": " + reason;
        }
    }

    /**
     * What a read did: requests read, records skipped (the first {@link #LISTED} listed, all counted by reason), how
     * many arrived before the one above them, and the mapping used (our field → their column).
     */
    public record Summary(
            String file,
            String format,
            long requests,
            long skipped,
            List<Skip> firstSkips,
            Map<String, Long> skipsByReason,
            long outOfOrder,
            Map<String, String> mapping,
            List<String> notes) {}

    private RequestLogFile() {}

    /**
     * Reads {@code file} into {@code sink}, one request at a time.
     *
     * @param rename their lower-case column → ours ({@code proxy:NAME} for a quality proxy)
     * @param seenIds ids read so far across the files of one import, for repeats (added to)
     */
    public static Summary read(Path file, Map<String, String> rename, Set<String> seenIds, Consumer<Request> sink) {
        String name = TextInput.name(file);
        Lines r = new Lines(
                name, file.getFileName() == null ? name : file.getFileName().toString(), rename, seenIds, sink);
        JsonNode whole = Json.peek(file).first() == '{' || Json.peek(file).first() == '[' ? wholeExport(file) : null;
        // one OTLP export request written over many lines (an exporter's request body, pretty-printed)
        if (whole != null) {
            r.otlp(1, whole);
        } else {
            try (BufferedReader in = TextInput.open(file)) {
                if (Json.peek(file).first() == '{' || Json.peek(file).first() == '[') {
                    String line;
                    long n = 0;
                    while ((line = in.readLine()) != null) {
                        r.line(++n, line);
                    }
                } else { // CSV through the parser, so that a quoted cell may span lines
                    r.format = "csv";
                    CSVParser csv = CSV.parse(in);
                    List<String> header = csv.getHeaderNames();
                    for (CSVRecord rec : csv) {
                        r.csvRecord(rec.getRecordNumber() + 1, header, rec);
                    }
                }
            } catch (IOException | UncheckedIOException e) {
                throw BadInputException.of(name, "cannot be read: " + e.getMessage());
            }
        }
        if (r.requests == 0) {
            throw BadInputException.of(
                    name,
                    "no requests read"
                            + (r.skipped > 0
                                    ? " (" + r.skipped + " records skipped; the first: "
                                            + r.firstSkips.get(0).describe() + ")"
                                    : "")
                            + "; a request log needs a timestamp column"
                            + (r.mapping == null || r.mapping.isEmpty() ? "" : " (read: " + r.mapping + ")"));
        }
        return r.summary();
    }

    private static final CSVFormat CSV = CSVFormat.DEFAULT
            .builder()
            .setHeader()
            .setSkipHeaderRecord(true)
            .setIgnoreSurroundingSpaces(true)
            .setAllowMissingColumnNames(true)
            .get();
    private static final CSVFormat CSV_ROW =
            CSVFormat.DEFAULT.builder().setIgnoreSurroundingSpaces(true).get();

    /**
     * A request log read as it grows, a line at a time (a file followed as {@code tail -f} does, or spans received over
     * the network): JSON Lines, OTLP/JSON export requests (one a line, or given whole) or CSV whose first line is its
     * header. Its state is one file's: the column mapping, counts, skips. Not thread-safe: one thread at a time, or
     * the caller's lock.
     */
    public static Lines lines(String file, Map<String, String> rename, Set<String> seenIds, Consumer<Request> sink) {
        return new Lines(file, file.replaceAll(".*[/\\\\]", ""), rename, seenIds, sink);
    }

    /**
     * The file as one OTLP export request when its first line is not a whole JSON object but the file is, with
     * {@code resourceSpans}; else null (JSON Lines).
     */
    static JsonNode wholeExport(Path file) {
        try (BufferedReader in = TextInput.open(file)) {
            String line = in.readLine();
            while (line != null && line.isBlank()) {
                line = in.readLine();
            }
            try {
                Json.mapper().readTree(line);
                return null; // a whole object on its first line: JSON Lines
            } catch (IOException e) {
                // not a line of its own: maybe one document
            }
        } catch (IOException e) {
            return null;
        }
        try (BufferedReader in = TextInput.open(file)) {
            JsonNode n = Json.mapper().readTree(in);
            return n != null && n.has("resourceSpans") ? n : null;
        } catch (IOException e) {
            return null;
        }
    }

    /** One file's reading state: the mapping (fixed by the first record's columns), counts and the sink. */
    public static final class Lines {
        final String file;
        final String shortName;
        final Map<String, String> rename;
        final Set<String> seen;
        final Consumer<Request> sink;
        String format;
        Map<String, String> mapping; // ours → theirs
        Map<String, String> proxyColumns; // proxy name → theirs
        long requests;
        long skipped;
        long outOfOrder;
        long last = Long.MIN_VALUE;
        final List<Skip> firstSkips = new ArrayList<>();
        final Map<String, Long> byReason = new LinkedHashMap<>();
        final List<String> notes = new ArrayList<>();
        String epochUnit;
        boolean zoneless;
        long ignoredSpans;

        List<String> csvHeader;

        Lines(String file, String shortName, Map<String, String> rename, Set<String> seen, Consumer<Request> sink) {
            this.file = file;
            this.shortName = shortName;
            this.rename = rename;
            this.seen = seen;
            this.sink = sink;
        }

        /** Line {@code n} of the file (numbered from 1): a JSON object, an OTLP export request, a CSV header or row. */
        public void line(long n, String line) {
            if (line.isBlank()) {
                return;
            }
            if (format == null) {
                format = line.stripLeading().startsWith("{") ? "jsonl" : "csv";
            }
            if (format.equals("csv")) {
                List<String> cells;
                try (CSVParser p = CSV_ROW.parse(new StringReader(line))) {
                    List<CSVRecord> recs = p.getRecords();
                    cells = recs.isEmpty() ? List.of() : recs.get(0).toList();
                } catch (IOException | UncheckedIOException e) {
                    skip(n, null, "not a CSV row (a quote left open?)");
                    return;
                }
                if (csvHeader == null) {
                    csvHeader = cells;
                    return;
                }
                csvCells(n, csvHeader, cells);
                return;
            }
            JsonNode node;
            try {
                node = Json.mapper().readTree(line);
            } catch (IOException e) {
                skip(n, null, "not a whole JSON object (a line cut short?)");
                return;
            }
            if (node == null || !node.isObject()) {
                skip(n, null, "not a JSON object");
                return;
            }
            if (node.has("resourceSpans")) {
                otlp(n, node);
                return;
            }
            Map<String, String> cells = new LinkedHashMap<>();
            node.fields()
                    .forEachRemaining(e -> cells.put(
                            e.getKey(),
                            e.getValue().isNull()
                                    ? ""
                                    : e.getValue().isValueNode()
                                            ? e.getValue().asText()
                                            : e.getValue().toString()));
            record(n, cells);
        }

        /** One OTLP export request (ExportTraceServiceRequest as OTLP/JSON) received as record {@code n}: its model-call spans. */
        public void otlp(long n, JsonNode export) {
            format = "otlp";
            for (Map<String, String> span : OtlpSpans.requests(export)) {
                record(n, span);
            }
            ignoredSpans += OtlpSpans.otherSpans(export);
        }

        void csvRecord(long n, List<String> header, CSVRecord rec) {
            csvCells(n, header, rec.toList());
        }

        private void csvCells(long n, List<String> header, List<String> row) {
            Map<String, String> cells = new LinkedHashMap<>();
            for (int i = 0; i < header.size() && i < row.size(); i++) {
                cells.put(header.get(i), row.get(i));
            }
            if (row.size() != header.size()) {
                skip(n, null, row.size() + " cells under " + header.size() + " columns (a line cut short?)");
                return;
            }
            record(n, cells);
        }

        /** The file was rotated or truncated: what follows is a new file (a CSV's header first again). */
        public void restart() {
            csvHeader = null;
        }

        /** Requests read so far. */
        public long requests() {
            return requests;
        }

        /** What has been read so far. */
        public Summary summary() {
            List<String> n = new ArrayList<>(notes);
            if (ignoredSpans > 0) {
                n.add(String.format(
                        Locale.ROOT,
                        "%s: %,d spans without gen_ai attributes (not model calls) left aside",
                        file,
                        ignoredSpans));
            }
            return new Summary(
                    file,
                    format == null ? "jsonl" : format,
                    requests,
                    skipped,
                    List.copyOf(firstSkips),
                    Map.copyOf(byReason),
                    outOfOrder,
                    mapping == null ? Map.of() : Map.copyOf(mapping),
                    List.copyOf(n));
        }

        void skip(long line, String field, String reason) {
            skipped++;
            byReason.merge(reason.replaceAll("'[^']*'", "…"), 1L, Long::sum);
            if (firstSkips.size() < LISTED) {
                firstSkips.add(new Skip(file, line, field, reason));
            }
        }

        /** The columns seen so far (JSON Lines records need not all have the same keys: the mapping grows with them). */
        final Set<String> columns = new LinkedHashSet<>();

        void map(Set<String> cellNames) {
            Map<String, String> cells = new LinkedHashMap<>();
            cellNames.forEach(c -> cells.put(c, ""));
            mapping = new LinkedHashMap<>();
            proxyColumns = new LinkedHashMap<>();
            Map<String, String> norm = new LinkedHashMap<>();
            for (String c : cells.keySet()) {
                norm.put(
                        c.strip()
                                .toLowerCase(Locale.ROOT)
                                .replace(' ', '_')
                                .replace('-', '_')
                                .replace('.', '_'),
                        c);
            }
            rename.forEach((theirs, ours) -> {
                String col = cells.keySet().stream()
                        .filter(c -> c.strip().equalsIgnoreCase(theirs))
                        .findFirst()
                        .orElse(null);
                if (col == null) {
                    throw BadInputException.of(
                            file,
                            "the column mapping names a column '" + theirs + "' the file does not have; it has "
                                    + cells.keySet());
                }
                if (ours.startsWith("proxy:")) {
                    proxyColumns.put(ours.substring(6), col);
                } else {
                    mapping.put(ours, col);
                }
            });
            SYNONYMS.forEach((ours, names) -> {
                if (!mapping.containsKey(ours)) {
                    names.stream().filter(norm::containsKey).findFirst().ifPresent(n -> mapping.put(ours, norm.get(n)));
                }
            });
            norm.forEach((n, col) -> {
                if (PROXIES.contains(n) && !mapping.containsValue(col) && !proxyColumns.containsValue(col)) {
                    proxyColumns.put(n, col);
                }
            });
            proxyColumns.forEach((p, col) -> mapping.put("proxy:" + p, col));
            if (!mapping.containsKey("timestamp")) {
                throw BadInputException.of(
                        file, "no timestamp column among " + cells.keySet() + "; map one of them to timestamp");
            }
            if (!mapping.containsKey("request_id")) {
                notes.add(file + ": no request id column: requests are named by their line");
            }
        }

        void record(long line, Map<String, String> cells) {
            if (mapping == null || !columns.containsAll(cells.keySet())) {
                columns.addAll(cells.keySet());
                map(columns);
            }
            String id;
            if (mapping.containsKey("request_id")) {
                id = cells.getOrDefault(mapping.get("request_id"), "").strip();
                if (id.isEmpty()) {
                    skip(line, "request_id", "no request id");
                    return;
                }
            } else {
                id = shortName + ":" + line;
            }
            if (!seen.add(id)) {
                skip(line, "request_id", "request id '" + id + "' repeated");
                return;
            }
            long at;
            try {
                at = time(cells.getOrDefault(mapping.get("timestamp"), "").strip());
            } catch (IllegalArgumentException e) {
                seen.remove(id);
                skip(line, "timestamp", e.getMessage());
                return;
            }
            double[] nums = new double[4];
            String[] numeric = {"input_tokens", "output_tokens", "ttft_ms", "latency_ms"};
            for (int i = 0; i < numeric.length; i++) {
                try {
                    nums[i] = number(cells, numeric[i]);
                } catch (IllegalArgumentException e) {
                    seen.remove(id);
                    skip(line, numeric[i], e.getMessage());
                    return;
                }
            }
            String status = text(cells, "status");
            boolean error = isError(status);
            if (status == null && nums[1] == 0 && burstGpt()) {
                // BurstGPT logs a failed request as one with no response tokens
                // (HPMLL/BurstGPT README, "Response tokens")
                status = "failed";
                error = true;
                if (!burstFailuresNoted) {
                    burstFailuresNoted = true;
                    notes.add(
                            file + ": BurstGPT's rows with 0 response tokens read as failed requests (its convention)");
                }
            }
            Map<String, Double> proxies = new LinkedHashMap<>();
            for (Map.Entry<String, String> p : proxyColumns.entrySet()) {
                String t = cells.getOrDefault(p.getValue(), "").strip();
                if (t.isEmpty()) {
                    continue;
                }
                Double v = proxyValue(t);
                if (v == null) {
                    seen.remove(id);
                    skip(line, p.getKey(), "'" + t + "' is not a number or a yes/no");
                    return;
                }
                proxies.put(p.getKey(), v);
            }
            Map<String, String> segments = new LinkedHashMap<>();
            for (String s : new String[] {"model", "version", "route"}) {
                String v = text(cells, s);
                if (v != null && !v.isEmpty()) {
                    segments.put(s, v);
                }
            }
            // any other text column is a category the user may group by
            Set<String> used = new HashSet<>(mapping.values());
            cells.forEach((col, v) -> {
                if (!used.contains(col) && v != null && !v.isBlank() && v.length() <= 64 && !looksNumeric(v)) {
                    segments.putIfAbsent(col.strip().toLowerCase(Locale.ROOT), v.strip());
                }
            });
            String refusal = text(cells, "refusal");
            String finish = text(cells, "finish_reason");
            boolean refused = refusal != null && proxyValue(refusal) != null && proxyValue(refusal) > 0
                    || finish != null && finish.toLowerCase(Locale.ROOT).contains("content_filter");
            if (at < last) {
                outOfOrder++;
            }
            last = Math.max(last, at);
            requests++;
            String prompt = text(cells, "prompt");
            sink.accept(new Request(
                    id,
                    at,
                    segments,
                    nums[0],
                    nums[1],
                    nums[2],
                    nums[3],
                    error,
                    status,
                    finish,
                    refused,
                    proxies,
                    prompt == null || prompt.isEmpty() ? null : prompt));
        }

        private boolean burstFailuresNoted;

        /** BurstGPT's files: its {@code Log Type} and {@code Response tokens} columns. */
        boolean burstGpt() {
            return columns.stream().map(c -> c.toLowerCase(Locale.ROOT)).anyMatch(c -> c.equals("log type"))
                    && columns.stream().map(c -> c.toLowerCase(Locale.ROOT)).anyMatch(c -> c.equals("response tokens"));
        }

        String text(Map<String, String> cells, String ours) {
            String col = mapping.get(ours);
            return col == null ? null : cells.getOrDefault(col, "").strip();
        }

        double number(Map<String, String> cells, String ours) {
            String t = text(cells, ours);
            if (t == null || t.isEmpty() || t.equalsIgnoreCase("null")) {
                return Double.NaN;
            }
            try {
                double v = Double.parseDouble(t);
                if (!Double.isFinite(v) || v < 0) {
                    throw new IllegalArgumentException("'" + t + "' is not a count or a duration");
                }
                return v;
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("'" + t + "' is not a number");
            }
        }

        long time(String t) {
            if (t.isEmpty()) {
                throw new IllegalArgumentException("no timestamp");
            }
            if (looksNumeric(t)) {
                double v = Double.parseDouble(t);
                if (epochUnit == null && v < RELATIVE_BELOW) {
                    // not an epoch (before 2001 in seconds, January 1970 in ms): offsets from the trace's start, as the
                    // public traces give them. Mooncake documents milliseconds (kvcache-ai/Mooncake, FAST25-release
                    // README: "timestamp: relative request arrival time in milliseconds"); BurstGPT seconds
                    // (HPMLL/BurstGPT README). Mooncake's files are known by their input_length / hash_ids fields.
                    boolean mooncake = columns.stream()
                            .map(c -> c.toLowerCase(Locale.ROOT))
                            .anyMatch(c -> c.equals("hash_ids") || c.equals("input_length"));
                    epochUnit = mooncake ? "relative milliseconds" : "relative seconds";
                    notes.add(file + ": timestamps are offsets from the trace's start, read as "
                            + (mooncake ? "milliseconds (Mooncake's unit)" : "seconds")
                            + " and placed from 1970-01-01 00:00 UTC");
                }
                if (epochUnit != null && epochUnit.startsWith("relative")) {
                    return Math.round(epochUnit.endsWith("milliseconds") ? v : v * 1000);
                }
                String unit =
                        v < 1e11 ? "seconds" : v < 1e14 ? "milliseconds" : v < 1e17 ? "microseconds" : "nanoseconds";
                if (epochUnit == null) {
                    epochUnit = unit;
                    notes.add(file + ": epoch timestamps read as " + unit + " (by their size)");
                } else if (!epochUnit.equals(unit)) {
                    throw new IllegalArgumentException("'" + t + "' looks like " + unit
                            + " where the file's earlier timestamps were " + epochUnit);
                }
                return switch (unit) {
                    case "seconds" -> Math.round(v * 1000);
                    case "milliseconds" -> Math.round(v);
                    case "microseconds" -> Math.round(v / 1000);
                    default -> Math.round(v / 1e6);
                };
            }
            try {
                return OffsetDateTime.parse(t.replace(' ', 'T'), ISO_ZONED)
                        .toInstant()
                        .toEpochMilli();
            } catch (DateTimeParseException e) {
                try {
                    long ms = LocalDateTime.parse(t.replace(' ', 'T'), ISO_LOCAL)
                            .toInstant(ZoneOffset.UTC)
                            .toEpochMilli();
                    if (!zoneless) {
                        zoneless = true;
                        notes.add(file + ": timestamps without a time zone read as UTC");
                    }
                    return ms;
                } catch (DateTimeParseException e2) {
                    throw new IllegalArgumentException(
                            "'" + t + "' is not a timestamp (ISO-8601, yyyy-MM-dd HH:mm:ss, or epoch seconds or ms)");
                }
            }
        }
    }

    private static final DateTimeFormatter ISO_LOCAL = new DateTimeFormatterBuilder()
            .append(DateTimeFormatter.ISO_LOCAL_DATE)
            .appendLiteral('T')
            .appendPattern("HH:mm[:ss]")
            .optionalStart()
            .appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true)
            .optionalEnd()
            .toFormatter();
    private static final DateTimeFormatter ISO_ZONED = new DateTimeFormatterBuilder()
            .append(ISO_LOCAL)
            .appendPattern("[XXX][X]")
            .toFormatter();

    static boolean looksNumeric(String t) {
        return t.matches("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");
    }

    /** ok, success, 2xx: not an error; error, failed, 4xx/5xx, an exception's name: an error; blank: not logged. */
    static boolean isError(String status) {
        if (status == null || status.isEmpty()) {
            return false;
        }
        String s = status.toLowerCase(Locale.ROOT);
        if (looksNumeric(s)) {
            return Double.parseDouble(s) >= 400;
        }
        return !(s.equals("ok")
                || s.equals("success")
                || s.equals("succeeded")
                || s.equals("completed")
                || s.equals("false")
                || s.equals("none"));
    }

    static Double proxyValue(String t) {
        String s = t.strip().toLowerCase(Locale.ROOT);
        if (looksNumeric(s)) {
            return Double.parseDouble(s);
        }
        return switch (s) {
            case "true", "yes", "up", "y" -> 1.0;
            case "false", "no", "down", "n" -> 0.0;
            default -> null;
        };
    }
}
