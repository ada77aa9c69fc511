package dev.sextant.model.io;

import dev.sextant.model.evaluation.BenchmarkWeight;
import dev.sextant.model.evaluation.ModelScore;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The three small tables a composite index is analysed with: its weight table ({@code benchmark,weight} with optional
 * {@code category,description,released,refreshed,held_out,source}), the models' scores ({@code model,benchmark,score}
 * with optional {@code se}) and the user's workload mix ({@code category,share}).
 */
public final class IndexTablesCsv {

    private IndexTablesCsv() {
    }

    public static List<BenchmarkWeight> readWeights(Path file) {
        List<BenchmarkWeight> out = new ArrayList<>();
        Map<String, Long> seen = new HashMap<>();
        double total = 0;
        try (CsvTable t = CsvTable.open(file, List.of("benchmark", "weight"),
                Set.of("category", "description", "released", "refreshed", "held_out", "source"))) {
            for (CsvTable.Row r : t) {
                String b = r.required("benchmark");
                double w = r.number("weight");
                if (w < 0) {
                    throw r.problem("weight", "must not be negative, got " + w);
                }
                Long first = seen.putIfAbsent(b, r.line());
                if (first != null) {
                    throw r.problem("benchmark", "duplicate benchmark '" + b + "' (first on line " + first + ")");
                }
                total += w;
                out.add(new BenchmarkWeight(b, w, r.optional("category"), r.optional("description"), date(r, "released"),
                        date(r, "refreshed"), heldOut(r), r.optional("source")));
            }
        }
        if (out.isEmpty()) {
            throw BadInputException.of(TextInput.name(file), "no rows after the header");
        }
        if (total <= 0) {
            throw new BadInputException(TextInput.name(file), 0, "weight", "all weights are zero");
        }
        return out;
    }

    public static List<ModelScore> readScores(Path file) {
        List<ModelScore> out = new ArrayList<>();
        Map<String, Long> seen = new HashMap<>();
        try (CsvTable t = CsvTable.open(file, List.of("model", "benchmark", "score"), Set.of("se"))) {
            for (CsvTable.Row r : t) {
                String m = r.required("model");
                String b = r.required("benchmark");
                double s = r.number("score");
                Double se = r.optionalNumber("se");
                if (se != null && se < 0) {
                    throw r.problem("se", "must not be negative");
                }
                Long first = seen.putIfAbsent(m + '\u0000' + b, r.line());
                if (first != null) {
                    throw r.problem("benchmark", "duplicate score for model '" + m + "' on '" + b + "' (first on line " + first + ")");
                }
                out.add(new ModelScore(m, b, s, se));
            }
        }
        if (out.isEmpty()) {
            throw BadInputException.of(TextInput.name(file), "no rows after the header");
        }
        return out;
    }

    /** Category → share, in file order, not yet normalised. */
    public static Map<String, Double> readMix(Path file) {
        Map<String, Double> out = new LinkedHashMap<>();
        Map<String, Long> seen = new HashMap<>();
        double total = 0;
        try (CsvTable t = CsvTable.open(file, List.of("category", "share"), Set.of())) {
            for (CsvTable.Row r : t) {
                String c = r.required("category");
                double s = r.number("share");
                if (s < 0) {
                    throw r.problem("share", "must not be negative, got " + s);
                }
                Long first = seen.putIfAbsent(c, r.line());
                if (first != null) {
                    throw r.problem("category", "duplicate category '" + c + "' (first on line " + first + ")");
                }
                total += s;
                out.put(c, s);
            }
        }
        if (out.isEmpty()) {
            throw BadInputException.of(TextInput.name(file), "no rows after the header");
        }
        if (total <= 0) {
            throw new BadInputException(TextInput.name(file), 0, "share", "all shares are zero");
        }
        return out;
    }

    private static LocalDate date(CsvTable.Row r, String column) {
        String v = r.text(column);
        if (v.isEmpty()) {
            return null;
        }
        try {
            return v.length() == 7 ? YearMonth.parse(v).atDay(1) : v.length() == 4 ? LocalDate.of(Integer.parseInt(v), 1, 1) : LocalDate.parse(v);
        } catch (DateTimeParseException | NumberFormatException e) {
            throw r.problem(column, "not a date (YYYY-MM-DD, YYYY-MM or YYYY): '" + v + "'");
        }
    }

    private static Double heldOut(CsvTable.Row r) {
        String v = r.text("held_out").toLowerCase(Locale.ROOT);
        if (v.isEmpty()) {
            return null;
        }
        switch (v) {
            case "true", "yes", "y" -> {
                return 1.0;
            }
            case "false", "no", "n" -> {
                return 0.0;
            }
            default -> {
                double d = r.number("held_out");
                if (d > 1 && d <= 100) {
                    d /= 100; // a percentage
                }
                if (d < 0 || d > 1) {
                    throw r.problem("held_out", "expected true/false or a share in [0, 1], got '" + v + "'");
                }
                return d;
            }
        }
    }
}
