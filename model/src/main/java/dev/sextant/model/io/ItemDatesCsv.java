package dev.sextant.model.io;

import java.nio.file.Path;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Benchmark items' dates (their release or creation: LiveCodeBench's contest dates, LiveBench's release dates): CSV
 * {@code item_id,date} with an optional {@code benchmark} column (then only that benchmark's rows are taken). Dates
 * are {@code YYYY-MM-DD}, or an ISO-8601 date-time whose day is taken. An item dated twice is refused.
 */
public final class ItemDatesCsv {

    private ItemDatesCsv() {
    }

    /** @param benchmark the benchmark whose rows to take where the file has a benchmark column (null: all) */
    public static Map<String, LocalDate> read(Path file, String benchmark) {
        Map<String, LocalDate> out = new LinkedHashMap<>();
        try (CsvTable t = CsvTable.open(file, java.util.List.of("item_id", "date"), Set.of("benchmark"))) {
            boolean byBenchmark = t.has("benchmark");
            for (CsvTable.Row r : t) {
                if (byBenchmark && benchmark != null && !benchmark.equals(r.required("benchmark"))) {
                    continue;
                }
                String item = r.required("item_id");
                String text = r.required("date").strip();
                LocalDate d;
                try {
                    d = text.length() <= 10 ? LocalDate.parse(text) : OffsetDateTime.parse(text.replace(' ', 'T')).toLocalDate();
                } catch (DateTimeParseException e) {
                    try {
                        d = java.time.LocalDateTime.parse(text.replace(' ', 'T')).toLocalDate();
                    } catch (DateTimeParseException e2) {
                        throw r.problem("date", "'" + text + "' is not a date (YYYY-MM-DD)");
                    }
                }
                if (out.put(item, d) != null) {
                    throw r.problem("item_id", "item '" + item + "' is dated twice");
                }
            }
        }
        if (out.isEmpty()) {
            throw BadInputException.of(TextInput.name(file), benchmark == null ? "no dated items" : "no dated items of benchmark '" + benchmark + "'");
        }
        return out;
    }
}
