package dev.sextant.model.io;

import dev.sextant.model.BadInputException;
import dev.sextant.model.evaluation.BenchmarkWeight;
import dev.sextant.model.evaluation.ModelScore;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The three small tables a composite index is analysed with: its weight table ({@code benchmark,weight} with optional
 * {@code category,baseline,description,released,refreshed,held_out,source}), the models' scores ({@code model,benchmark,score}
 * with optional {@code se,tokens}) and the user's workload mix ({@code category,share}).
 */
public final class IndexTablesCsv {

    private IndexTablesCsv() {}

    /** A weight table: one row per benchmark (a benchmark listed twice would get two weights). */
    public static List<BenchmarkWeight> readWeights(Path file) {
        return readWeights(file, new UniqueKeys());
    }

    /** @param keys benchmarks already read, from other files read together with this one */
    static List<BenchmarkWeight> readWeights(Path file, UniqueKeys keys) {
        List<BenchmarkWeight> out = new ArrayList<>();
        double total = 0;
        try (CsvTable t = CsvTable.open(
                file,
                List.of("benchmark", "weight"),
                Set.of("category", "description", "released", "refreshed", "held_out", "source", "baseline"))) {
            for (CsvTable.Row r : t) {
                String b = r.required("benchmark");
                double w = r.at().nonNegative("weight", r.number("weight"));
                keys.add(TextInput.name(file), r.line(), "benchmark", b);
                total += w;
                out.add(new BenchmarkWeight(
                        b,
                        w,
                        r.optionalId("category"),
                        r.optional("description"),
                        date(r, "released"),
                        date(r, "refreshed"),
                        heldOut(r),
                        r.optional("source"),
                        baseline(r)));
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

    /**
     * Model scores: one row per model and benchmark (a second row would contradict the first); an optional
     * {@code tokens} column gives the model's output tokens per item of the benchmark.
     */
    public static List<ModelScore> readScores(Path file) {
        return readScores(file, new UniqueKeys());
    }

    /** @param keys (model, benchmark) pairs already read, from other files read together with this one */
    static List<ModelScore> readScores(Path file, UniqueKeys keys) {
        List<ModelScore> out = new ArrayList<>();
        try (CsvTable t = CsvTable.open(file, List.of("model", "benchmark", "score"), Set.of("se", "tokens"))) {
            for (CsvTable.Row r : t) {
                String m = r.required("model");
                String b = r.required("benchmark");
                double s = r.number("score");
                Double se = r.at().nonNegative("se", r.optionalNumber("se"));
                Double tokens = r.at().nonNegative("tokens", r.optionalNumber("tokens"));
                keys.add(TextInput.name(file), r.line(), "model, benchmark", m, b);
                out.add(new ModelScore(m, b, s, se, tokens));
            }
        }
        if (out.isEmpty()) {
            throw BadInputException.of(TextInput.name(file), "no rows after the header");
        }
        return out;
    }

    /** Category → share, in file order, not yet normalised; one row per category. */
    public static Map<String, Double> readMix(Path file) {
        return readMix(file, new UniqueKeys());
    }

    /** @param keys categories already read, from other files read together with this one */
    static Map<String, Double> readMix(Path file, UniqueKeys keys) {
        Map<String, Double> out = new LinkedHashMap<>();
        double total = 0;
        try (CsvTable t = CsvTable.open(file, List.of("category", "share"), Set.of())) {
            for (CsvTable.Row r : t) {
                String c = r.required("category");
                double s = r.at().nonNegative("share", r.number("share"));
                keys.add(TextInput.name(file), r.line(), "category", c);
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
            return v.length() == 7
                    ? YearMonth.parse(v).atDay(1)
                    : v.length() == 4 ? LocalDate.of(Integer.parseInt(v), 1, 1) : LocalDate.parse(v);
        } catch (DateTimeParseException | NumberFormatException e) {
            throw r.problem(column, "not a date (YYYY-MM-DD, YYYY-MM or YYYY): '" + v + "'");
        }
    }

    /** A random-guess baseline: a share in [0, 1) or a fraction such as 1/4. */
    private static Double baseline(CsvTable.Row r) {
        String v = r.text("baseline");
        if (v.isEmpty()) {
            return null;
        }
        double b;
        int slash = v.indexOf('/');
        if (slash > 0) {
            try {
                b = Double.parseDouble(v.substring(0, slash).strip())
                        / Double.parseDouble(v.substring(slash + 1).strip());
            } catch (NumberFormatException e) {
                throw r.problem("baseline", "expected a share in [0, 1) or a fraction such as 1/4, got '" + v + "'");
            }
        } else {
            b = r.number("baseline");
        }
        if (!(b >= 0 && b < 1)) {
            throw r.problem("baseline", "a random-guess baseline lies in [0, 1), got '" + v + "'");
        }
        return b;
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
