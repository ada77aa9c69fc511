package dev.sextant.model.io;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * When an lm-evaluation-harness run produced its files: the results file's top-level {@code date} (Unix seconds,
 * harness 0.4+), else the timestamp the harness puts in its file names ({@code results_2024-05-01T12-00-00.123.json},
 * {@code samples_task_2024-05-01T12-00-00.123.jsonl}). Days are in UTC.
 */
final class RunDates {

    private static final Pattern STAMP = Pattern.compile("(\\d{4}-\\d{2}-\\d{2})T\\d{2}-\\d{2}-\\d{2}");

    private RunDates() {}

    /** The day in a harness file name, or null. */
    static LocalDate fromFileName(String name) {
        Matcher m = STAMP.matcher(name);
        if (!m.find()) {
            return null;
        }
        try {
            return LocalDate.parse(m.group(1));
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    /** The results file's {@code date}, else its name's timestamp, else null. */
    static LocalDate fromResults(JsonNode root, String fileName) {
        JsonNode d = root.get("date");
        if (d != null && d.isNumber() && d.asDouble() > 0 && d.asDouble() < 32503680000d) { // before year 3000
            return Instant.ofEpochSecond((long) d.asDouble())
                    .atZone(ZoneOffset.UTC)
                    .toLocalDate();
        }
        return fromFileName(fileName);
    }
}
