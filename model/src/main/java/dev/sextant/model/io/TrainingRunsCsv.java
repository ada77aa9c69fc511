package dev.sextant.model.io;

import dev.sextant.model.InputError;
import dev.sextant.model.hardware.Precision;
import dev.sextant.model.training.Recompute;
import dev.sextant.model.training.validation.Metric;
import dev.sextant.model.training.validation.PublishedRun;
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
 * Published training runs as CSV: one run a row, lines starting with {@code #} are comments (the bundled file documents
 * its columns there). The bundled set, {@code dev/sextant/model/validation/training-runs.csv}, ships with the model.
 */
public final class TrainingRunsCsv {

    /** The bundled validation set. */
    public static final String BUNDLED = "/dev/sextant/model/validation/training-runs.csv";

    /** The columns, in order. */
    public static final List<String> COLUMNS = List.of("id", "source_group", "source", "stack", "model", "gpu", "gpus", "gpus_per_node",
            "network_gbps", "seq", "tp", "pp", "cp", "ep", "dp", "vpp", "micro_batch", "global_batch", "zero", "recompute",
            "sequence_parallel", "attention", "precision", "fp8_recipe", "metric", "measured", "assumed", "set",
            "moe_dispatcher");

    private TrainingRunsCsv() {
    }

    /** The runs that ship with the model. */
    public static List<PublishedRun> bundled() {
        try (InputStream in = TrainingRunsCsv.class.getResourceAsStream(BUNDLED)) {
            if (in == null) {
                throw new IllegalStateException("the bundled training runs are missing from the build");
            }
            return read(new InputStreamReader(in, StandardCharsets.UTF_8), BUNDLED);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static List<PublishedRun> read(Path file) {
        try (Reader r = TextInput.open(file)) {
            return read(r, TextInput.name(file));
        } catch (IOException e) {
            throw TextInput.readError(file, 0, e);
        }
    }

    static List<PublishedRun> read(Reader reader, String name) {
        CSVFormat format = CSVFormat.RFC4180.builder().setCommentMarker('#').setIgnoreSurroundingSpaces(true).setHeader()
                .setSkipHeaderRecord(true).get();
        List<PublishedRun> out = new ArrayList<>();
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

    private static PublishedRun row(CSVRecord rec, String name) {
        long line = rec.getParser().getCurrentLineNumber();
        if (rec.size() != COLUMNS.size()) {
            throw new BadInputException(name, line, null, "has " + rec.size() + " fields, the header has " + COLUMNS.size());
        }
        Cells c = new Cells(rec, name, line);
        String network = c.text("network_gbps");
        String assumed = c.text("assumed");
        String set = c.text("set");
        if (!set.equals("original") && !set.equals("issue16")) {
            throw c.problem("set", "must be original or issue16, got '" + set + "'");
        }
        String attention = c.text("attention");
        if (!attention.equals("fused") && !attention.equals("unfused")) {
            throw c.problem("attention", "must be fused or unfused, got '" + attention + "'");
        }
        Metric metric = Metric.of(c.text("metric"));
        if (metric == null) {
            throw c.problem("metric", "must be one of " + Arrays.stream(Metric.values()).map(Metric::slug).toList());
        }
        try {
            return new PublishedRun(c.required("id"), c.required("source_group"), c.required("source"), c.required("stack"),
                    c.required("model"), c.required("gpu"), c.integer("gpus"), c.integer("gpus_per_node"),
                    network.isEmpty() ? Double.NaN : c.number("network_gbps"), c.integer("seq"), c.integer("tp"), c.integer("pp"),
                    c.integer("cp"), c.integer("ep"), c.integer("dp"), c.integer("vpp"), c.integer("micro_batch"), c.integer("global_batch"),
                    c.integer("zero"), c.choice("recompute", Recompute.class), c.bool("sequence_parallel"), attention.equals("fused"),
                    c.choice("precision", Precision.class), c.required("fp8_recipe"), metric, c.number("measured"),
                    assumed.isEmpty() ? List.of() : List.of(assumed.split(";")), set.equals("original"),
                    dev.sextant.model.training.MoeDispatcher.of(c.text("moe_dispatcher")));
        } catch (InputError e) {
            throw new BadInputException(name, line, e.field(), e.getMessage());
        }
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
                if (i < 0) {
                    throw problem(column, "must not be negative, got " + v);
                }
                return i;
            } catch (NumberFormatException e) {
                throw problem(column, "not a whole number: '" + v + "'");
            }
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

        boolean bool(String column) {
            String v = required(column);
            if (!v.equals("true") && !v.equals("false")) {
                throw problem(column, "must be true or false, got '" + v + "'");
            }
            return v.equals("true");
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
