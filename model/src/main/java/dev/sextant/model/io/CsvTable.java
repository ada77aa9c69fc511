package dev.sextant.model.io;

import dev.sextant.model.BadInputException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.function.Function;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * A CSV file with a header row, checked against the columns a format requires and allows. Rows come with their line
 * numbers and typed accessors whose errors name file, line and column. Column names are matched case-insensitively.
 */
public final class CsvTable implements AutoCloseable, Iterable<CsvTable.Row> {

    private final Path file;
    private final BufferedReader reader;
    private final CSVParser parser;
    private final Map<String, Integer> columns = new LinkedHashMap<>();

    private CsvTable(Path file, BufferedReader reader, CSVParser parser) {
        this.file = file;
        this.reader = reader;
        this.parser = parser;
    }

    /**
     * @param required columns that must be present
     * @param optional columns that may be present; any other column is an error (a typo would otherwise be ignored)
     */
    public static CsvTable open(Path file, List<String> required, Set<String> optional) {
        return open(file, required, optional, Map.of());
    }

    /**
     * As {@link #open(Path, List, Set)}, the header's names first renamed by {@code rename} (lower-case keys: a user's
     * own column names mapped onto the format's).
     */
    public static CsvTable open(Path file, List<String> required, Set<String> optional, Map<String, String> rename) {
        BufferedReader reader = TextInput.open(file);
        CSVParser parser;
        List<String> header;
        try {
            reader.mark(4);
            int first = reader.read();
            if (first == -1) {
                reader.close();
                throw BadInputException.of(
                        TextInput.name(file),
                        "the file is empty; expected a header row with " + String.join(",", required));
            }
            if (first != '\uFEFF') {
                reader.reset();
            }
            parser = CSVFormat.RFC4180
                    .builder()
                    .setIgnoreSurroundingSpaces(true)
                    .get()
                    .parse(reader);
            Iterator<CSVRecord> it = parser.iterator();
            if (!it.hasNext()) {
                throw BadInputException.of(TextInput.name(file), "the file is empty");
            }
            header = it.next().toList();
        } catch (IOException e) {
            throw TextInput.readError(file, 1, e);
        } catch (UncheckedIOException e) {
            throw TextInput.readError(file, 1, e.getCause());
        }
        CsvTable t = new CsvTable(file, reader, parser);
        for (int i = 0; i < header.size(); i++) {
            String name = header.get(i).strip().toLowerCase(Locale.ROOT);
            name = rename.getOrDefault(name, name);
            if (name.isEmpty()) {
                throw new BadInputException(
                        TextInput.name(file), 1, "column " + (i + 1), "empty column name in the header");
            }
            if (!required.contains(name) && !optional.contains(name)) {
                throw new BadInputException(
                        TextInput.name(file),
                        1,
                        name,
                        "unknown column; expected " + String.join(",", required)
                                + (optional.isEmpty() ? "" : " and optionally " + String.join(",", optional)));
            }
            if (t.columns.put(name, i) != null) {
                throw new BadInputException(TextInput.name(file), 1, name, "column appears twice in the header");
            }
        }
        for (String r : required) {
            if (!t.columns.containsKey(r)) {
                throw new BadInputException(
                        TextInput.name(file),
                        1,
                        r,
                        "missing required column (header has " + String.join(",", t.columns.keySet()) + ")");
            }
        }
        return t;
    }

    public boolean has(String column) {
        return columns.containsKey(column);
    }

    @Override
    public Iterator<Row> iterator() {
        Iterator<CSVRecord> records = parser.iterator();
        return new Iterator<>() {
            Row next;

            @Override
            public boolean hasNext() {
                while (next == null) {
                    CSVRecord r;
                    try {
                        if (!records.hasNext()) {
                            return false;
                        }
                        r = records.next();
                    } catch (UncheckedIOException e) {
                        throw TextInput.readError(file, parser.getCurrentLineNumber() + 1, e.getCause());
                    } catch (IllegalStateException e) {
                        throw new BadInputException(
                                TextInput.name(file),
                                parser.getCurrentLineNumber(),
                                null,
                                "malformed CSV: " + e.getMessage());
                    }
                    long line = lineOf(r);
                    if (r.size() == 1 && r.get(0).isBlank()) {
                        continue; // blank line
                    }
                    if (r.size() != columns.size()) {
                        throw new BadInputException(
                                TextInput.name(file),
                                line,
                                null,
                                "has " + r.size() + " fields, the header has " + columns.size());
                    }
                    next = new Row(r, line);
                }
                return true;
            }

            @Override
            public Row next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                Row r = next;
                next = null;
                return r;
            }
        };
    }

    private long lineOf(CSVRecord r) {
        // the parser's line count is at the end of the record; a record spans one line unless a field holds newlines
        long newlines = 0;
        for (String v : r.values()) {
            newlines += v.chars().filter(ch -> ch == '\n').count();
        }
        return parser.getCurrentLineNumber() - newlines;
    }

    /** Reads every row with {@code mapper}. */
    public <T> List<T> readAll(Function<Row, T> mapper) {
        List<T> out = new ArrayList<>();
        for (Row r : this) {
            out.add(mapper.apply(r));
        }
        return out;
    }

    @Override
    public void close() {
        try {
            parser.close();
            reader.close();
        } catch (IOException ignored) {
            // nothing was written
        }
    }

    /** One data row with its 1-based line number in the file. */
    public final class Row {
        private final CSVRecord record;
        private final long line;

        Row(CSVRecord record, long line) {
            this.record = record;
            this.line = line;
        }

        public long line() {
            return line;
        }

        /** The field's text, stripped; empty when the column is absent. */
        public String text(String column) {
            Integer i = columns.get(column);
            return i == null ? "" : record.get(i).strip();
        }

        /** Non-empty text: an id, a name or a number (at most {@link FieldChecks#MAX_ID} characters). */
        public String required(String column) {
            String v = text(column);
            if (v.isEmpty()) {
                throw problem(column, "empty");
            }
            return at().identifier(column, v);
        }

        /** Free text, or null when empty or absent (at most {@link FieldChecks#MAX_TEXT} characters). */
        public String optional(String column) {
            String v = text(column);
            return v.isEmpty() ? null : at().text(column, v, FieldChecks.MAX_TEXT);
        }

        /** An optional id or name, or null (at most {@link FieldChecks#MAX_ID} characters). */
        public String optionalId(String column) {
            String v = text(column);
            return v.isEmpty() ? null : at().identifier(column, v);
        }

        /** A finite number. */
        public double number(String column) {
            String v = required(column);
            double d;
            try {
                d = Double.parseDouble(v);
            } catch (NumberFormatException e) {
                throw problem(column, "expected a number, got '" + v + "'");
            }
            if (!Double.isFinite(d)) {
                throw problem(column, "must be a finite number, got '" + v + "'");
            }
            return d;
        }

        /** A finite number, or null when empty or absent. */
        public Double optionalNumber(String column) {
            return text(column).isEmpty() ? null : number(column);
        }

        public Long optionalInteger(String column) {
            String v = text(column);
            if (v.isEmpty()) {
                return null;
            }
            try {
                return Long.parseLong(v);
            } catch (NumberFormatException e) {
                throw problem(column, "not a whole number: '" + v + "'");
            }
        }

        /** Range checks on this row's numbers, naming file, line and column. */
        public FieldChecks at() {
            return FieldChecks.at(TextInput.name(file), line);
        }

        public BadInputException problem(String column, String what) {
            return new BadInputException(TextInput.name(file), line, column, what);
        }
    }
}
