package dev.sextant.model.io;

import dev.sextant.model.InputError;
import dev.sextant.model.serving.EngineProfile;
import dev.sextant.model.serving.WeightFormat;
import dev.sextant.model.serving.validation.PublishedServingRun;
import dev.sextant.model.serving.validation.ServingLoad;
import dev.sextant.model.serving.validation.ServingMetric;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * Published serving measurements as CSV: one a row, lines starting with {@code #} are comments (the bundled file
 * documents its columns there). The bundled set, {@code dev/sextant/model/validation/serving-runs.csv}, ships with the
 * model. Errors name the file, the line and the column.
 */
public final class ServingRunsCsv {

    /** The bundled validation set. */
    public static final String BUNDLED = "/dev/sextant/model/validation/serving-runs.csv";

    /** The columns, in order. */
    public static final List<String> COLUMNS = List.of("id", "source_group", "organisation", "source", "engine", "engine_version", "model",
            "gpu", "gpus", "tp", "ep", "weights", "kv", "load", "client", "requests", "prompt_tokens", "output_tokens", "max_num_seqs",
            "max_num_batched_tokens", "metric", "measured", "assumed");

    private ServingRunsCsv() {
    }

    /** The measurements that ship with the model. */
    public static List<PublishedServingRun> bundled() {
        try (InputStream in = ServingRunsCsv.class.getResourceAsStream(BUNDLED)) {
            if (in == null) {
                throw new IllegalStateException("the bundled serving measurements are missing from the build");
            }
            return read(new InputStreamReader(in, StandardCharsets.UTF_8), BUNDLED);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static List<PublishedServingRun> read(Path file) {
        try (Reader r = TextInput.open(file)) {
            return read(r, TextInput.name(file));
        } catch (IOException e) {
            throw TextInput.readError(file, 0, e);
        }
    }

    static List<PublishedServingRun> read(Reader reader, String name) {
        CSVFormat format = CSVFormat.RFC4180.builder().setCommentMarker('#').setIgnoreSurroundingSpaces(true).setHeader()
                .setSkipHeaderRecord(true).get();
        List<PublishedServingRun> out = new ArrayList<>();
        try (CSVParser parser = format.parse(reader)) {
            List<String> header = parser.getHeaderNames();
            if (!header.equals(COLUMNS)) {
                throw new BadInputException(name, 1, null, "the header must be " + String.join(",", COLUMNS) + "; got " + String.join(",", header));
            }
            for (CSVRecord rec : parser) {
                if (rec.size() == 1 && rec.get(0).isBlank()) {
                    continue;
                }
                out.add(row(rec, name));
            }
        } catch (IOException e) {
            throw BadInputException.of(name, "cannot read: " + IoFailures.plain(e));
        } catch (UncheckedIOException | IllegalStateException e) {
            throw BadInputException.of(name, "malformed CSV: " + e.getMessage());
        }
        return out;
    }

    private static PublishedServingRun row(CSVRecord rec, String name) {
        long line = rec.getParser().getCurrentLineNumber();
        if (rec.size() != COLUMNS.size()) {
            throw new BadInputException(name, line, null, "has " + rec.size() + " fields, the header has " + COLUMNS.size());
        }
        Cells c = new Cells(rec, name, line);
        ServingMetric metric = ServingMetric.of(c.text("metric"));
        if (metric == null) {
            throw c.problem("metric", "must be one of " + Arrays.stream(ServingMetric.values()).map(ServingMetric::slug).toList());
        }
        String kv = c.required("kv");
        if (!kv.equals("auto") && !kv.equals("fp8")) {
            throw c.problem("kv", "must be auto or fp8, got '" + kv + "'");
        }
        String client = c.required("client");
        if (!client.equals("offline") && !client.equals("server")) {
            throw c.problem("client", "must be offline or server, got '" + client + "'");
        }
        String weights = c.required("weights");
        WeightFormat format = weights.equals("fp16") ? WeightFormat.BF16 : c.choice("weights", WeightFormat.class);
        String assumed = c.text("assumed");
        try {
            EngineProfile engine = EngineProfile.of(c.required("engine"));
            ServingLoad load = ServingLoad.parse(c.required("load"));
            return new PublishedServingRun(c.required("id"), c.required("source_group"), c.required("organisation"), c.required("source"),
                    engine, c.text("engine_version"), c.required("model"), c.required("gpu"), c.integer("gpus"), c.integer("tp"),
                    c.integer("ep"), format, kv.equals("fp8"), load, client.equals("server"), c.integer("requests"), c.integer("prompt_tokens"),
                    c.integer("output_tokens"), c.optionalInteger("max_num_seqs"), c.optionalInteger("max_num_batched_tokens"), metric,
                    c.number("measured"), assumed.isEmpty() ? List.of() : List.of(assumed.split(";")));
        } catch (InputError e) {
            throw new BadInputException(name, line, column(e.field()), e.getMessage());
        }
    }

    /** The CSV column an error's field key is about. */
    private static String column(String field) {
        return switch (field == null ? "" : field) {
            case "serving.engine" -> "engine";
            case "validation.load" -> "load";
            case "validation.measured" -> "measured";
            case "validation.gpus" -> "gpus";
            case "validation.ep" -> "ep";
            case "validation.requests" -> "requests";
            default -> field;
        };
    }

    /** Typed access to one record's fields; errors name file, line and column. */
    private record Cells(CSVRecord rec, String name, long line) {
        String text(String column) {
            return rec.get(column).strip();
        }

        String required(String column) {
            String v = text(column);
            if (v.isEmpty()) {
                throw problem(column, "empty");
            }
            return v;
        }

        int integer(String column) {
            String v = required(column);
            try {
                int i = Integer.parseInt(v);
                if (i < 1) {
                    throw problem(column, "must be at least 1, got " + v);
                }
                return i;
            } catch (NumberFormatException e) {
                throw problem(column, "not a whole number: '" + v + "'");
            }
        }

        Integer optionalInteger(String column) {
            return text(column).isEmpty() ? null : integer(column);
        }

        double number(String column) {
            String v = required(column);
            try {
                double d = Double.parseDouble(v);
                if (!(d > 0) || Double.isInfinite(d)) {
                    throw problem(column, "must be a positive number, got " + v);
                }
                return d;
            } catch (NumberFormatException e) {
                throw problem(column, "not a number: '" + v + "'");
            }
        }

        <E extends Enum<E>> E choice(String column, Class<E> type) {
            String v = required(column);
            try {
                return Enum.valueOf(type, v.toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw problem(column, "unknown value '" + v + "'; expected one of " + Arrays.stream(type.getEnumConstants())
                        .map(x -> x.name().toLowerCase(Locale.ROOT)).toList());
            }
        }

        BadInputException problem(String column, String message) {
            return new BadInputException(name, line, column, message);
        }
    }
}
