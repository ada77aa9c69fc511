package dev.sextant.model.io;

import dev.sextant.model.BadInputException;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * CSV files of one row per record with a fixed header, {@code #} comments and blank lines skipped (the bundled
 * validation sets); every error names the file, the line and the column.
 */
final class CsvRows {

    private CsvRows() {}

    /** The rows of {@code reader}, each made by {@code row}; the header must be {@code columns} exactly. */
    static <T> List<T> read(Reader reader, String name, List<String> columns, Function<Cells, T> row) {
        CSVFormat format = CSVFormat.RFC4180
                .builder()
                .setCommentMarker('#')
                .setIgnoreSurroundingSpaces(true)
                .setHeader()
                .setSkipHeaderRecord(true)
                .get();
        List<T> out = new ArrayList<>();
        try (CSVParser parser = format.parse(reader)) {
            List<String> header = parser.getHeaderNames();
            if (!header.equals(columns)) {
                throw new BadInputException(
                        name,
                        1,
                        null,
                        "the header must be " + String.join(",", columns) + "; got " + String.join(",", header));
            }
            for (CSVRecord rec : parser) {
                if (rec.size() == 1 && rec.get(0).isBlank()) {
                    continue;
                }
                long line = rec.getParser().getCurrentLineNumber();
                if (rec.size() != columns.size()) {
                    throw new BadInputException(
                            name, line, null, "has " + rec.size() + " fields, the header has " + columns.size());
                }
                out.add(row.apply(new Cells(rec, name, line)));
            }
        } catch (IOException e) {
            throw BadInputException.of(name, "cannot read: " + IoFailures.plain(e));
        } catch (UncheckedIOException | IllegalStateException e) {
            throw BadInputException.of(name, "malformed CSV: " + e.getMessage());
        }
        return out;
    }

    /** Typed access to one record's fields; errors name file, line and column. */
    record Cells(CSVRecord rec, String name, long line) {
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

        /** A whole number of at least {@code min}. */
        int integer(String column, int min) {
            String v = required(column);
            try {
                int i = Integer.parseInt(v);
                if (i < min) {
                    throw problem(
                            column,
                            min == 0 ? "must not be negative, got " + v : "must be at least " + min + ", got " + v);
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
                throw problem(
                        column,
                        "unknown value '" + v + "'; expected one of "
                                + Arrays.stream(type.getEnumConstants())
                                        .map(x -> x.name().toLowerCase(Locale.ROOT))
                                        .toList());
            }
        }

        BadInputException problem(String column, String message) {
            return new BadInputException(name, line, column, message);
        }
    }
}
