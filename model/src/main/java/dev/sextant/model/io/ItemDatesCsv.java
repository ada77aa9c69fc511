package dev.sextant.model.io;

import dev.sextant.model.BadInputException;
import dev.sextant.model.evaluation.ItemDate;
import dev.sextant.model.evaluation.ModelCutoff;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.YearMonth;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Benchmark items' dates (their release or creation: LiveCodeBench's contest dates, LiveBench's release dates): CSV
 * {@code item_id,date} with an optional {@code benchmark} column (then only that benchmark's rows are taken). Dates
 * are {@code YYYY-MM-DD}, or an ISO-8601 date-time whose day is taken. An item dated twice is refused.
 */
public final class ItemDatesCsv {

    private ItemDatesCsv() {}

    /** @param benchmark the benchmark whose rows to take where the file has a benchmark column (null: all) */
    public static Map<String, LocalDate> read(Path file, String benchmark) {
        Map<String, LocalDate> out = new LinkedHashMap<>();
        for (ItemDate d : readAll(file)) {
            if (d.benchmark() == null || benchmark == null || benchmark.equals(d.benchmark())) {
                if (out.put(d.itemId(), d.date()) != null) {
                    throw BadInputException.of(TextInput.name(file), "item '" + d.itemId() + "' is dated twice");
                }
            }
        }
        if (out.isEmpty()) {
            throw BadInputException.of(TextInput.name(file), "no dated items of benchmark '" + benchmark + "'");
        }
        return out;
    }

    /** Every row, each item (of a benchmark, where the file names them) dated once. */
    public static List<ItemDate> readAll(Path file) {
        List<ItemDate> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        try (CsvTable t = CsvTable.open(file, List.of("item_id", "date"), Set.of("benchmark"))) {
            boolean byBenchmark = t.has("benchmark");
            for (CsvTable.Row r : t) {
                String benchmark = byBenchmark ? r.required("benchmark") : null;
                String item = r.required("item_id");
                if (!seen.add(benchmark + "\u0000" + item)) {
                    throw r.problem("item_id", "item '" + item + "' is dated twice");
                }
                out.add(new ItemDate(benchmark, item, date(r, "date")));
            }
        }
        if (out.isEmpty()) {
            throw BadInputException.of(TextInput.name(file), "no dated items");
        }
        return out;
    }

    /**
     * Models' training cut-offs: CSV {@code model,cutoff}, one row per model. A month ({@code YYYY-MM}, how
     * publishers state them) is read as its last day.
     */
    public static List<ModelCutoff> readCutoffs(Path file) {
        List<ModelCutoff> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        try (CsvTable t = CsvTable.open(file, List.of("model", "cutoff"), Set.of())) {
            for (CsvTable.Row r : t) {
                String model = r.required("model");
                if (!seen.add(model)) {
                    throw r.problem("model", "model '" + model + "' has a second cut-off");
                }
                out.add(new ModelCutoff(model, date(r, "cutoff")));
            }
        }
        if (out.isEmpty()) {
            throw BadInputException.of(TextInput.name(file), "no rows after the header");
        }
        return out;
    }

    /** YYYY-MM-DD, YYYY-MM (its last day), or an ISO-8601 date-time whose day is taken. */
    private static LocalDate date(CsvTable.Row r, String column) {
        String text = r.required(column).strip();
        try {
            if (text.matches("\\d{4}-\\d{2}")) {
                return YearMonth.parse(text).atEndOfMonth();
            }
            return text.length() <= 10
                    ? LocalDate.parse(text)
                    : OffsetDateTime.parse(text.replace(' ', 'T')).toLocalDate();
        } catch (DateTimeParseException e) {
            try {
                return LocalDateTime.parse(text.replace(' ', 'T')).toLocalDate();
            } catch (DateTimeParseException e2) {
                throw r.problem(column, "'" + text + "' is not a date (YYYY-MM-DD)");
            }
        }
    }
}
