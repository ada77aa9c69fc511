package dev.sextant.model.io;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sextant.model.BadInputException;
import dev.sextant.model.contamination.BenchmarkItem;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;
import org.apache.commons.csv.CSVFormat;

/**
 * Benchmark items to scan for: lm-evaluation-harness samples ({@code samples_<task>_<date>.jsonl}: the text is the
 * question the model was asked, {@link QuestionFields}, the id {@code doc_id}); other JSON Lines with chosen text fields
 * and an id field, chat lines ({@code messages} or {@code conversations}) read as their messages' text; CSV with chosen
 * columns; Parquet rows, read as JSON Lines records are; or plain text, one item per line. The benchmark's name is the file's (or the harness task's).
 */
public final class BenchmarkItemFiles {

    private BenchmarkItemFiles() {}

    /**
     * @param fields  fields or columns whose text is checked, joined by spaces; dotted paths into JSON ({@code
     *                choices.text}; for harness samples, paths into {@code doc}); empty for the defaults (lm-eval: the
     *                doc's question field, else all of it; JSONL: {@code text}, else the chat messages' text, else all
     *                string fields; CSV: all but the id column)
     * @param idField field or column naming each item; null for {@code id} if present, else the line number
     */
    public static List<BenchmarkItem> read(Path file, List<String> fields, String idField) {
        String name = file.getFileName().toString();
        String lower = name.toLowerCase(Locale.ROOT);
        if (LmEvalSamples.matches(file)) {
            return lmEval(file, fields);
        }
        if (lower.endsWith(".jsonl") || lower.endsWith(".ndjson") || lower.endsWith(".json")) {
            return jsonl(file, stem(name), fields, idField);
        }
        if (lower.endsWith(".csv")) {
            return csv(file, stem(name), fields, idField);
        }
        if (ParquetFiles.matches(file)) {
            return parquet(file, parquetName(file), fields, idField);
        }
        return text(file, stem(name));
    }

    private static final Pattern SHARD =
            Pattern.compile("[\\w.]+-\\d{5}-of-\\d{5}\\.parquet", Pattern.CASE_INSENSITIVE);
    private static final Set<String> LAYOUT_FOLDERS = Set.of("data", "main", "default");

    /**
     * A Hugging Face shard ({@code gsm8k/main/test-00000-of-00001.parquet}) is named after its dataset folder, the
     * nearest one that is not {@code data}, {@code main} or {@code default}; any other file after itself.
     */
    private static String parquetName(Path file) {
        String name = file.getFileName().toString();
        if (SHARD.matcher(name).matches()) {
            for (Path p = file.toAbsolutePath().getParent(); p != null && p.getFileName() != null; p = p.getParent()) {
                String folder = p.getFileName().toString();
                if (!LAYOUT_FOLDERS.contains(folder.toLowerCase(Locale.ROOT))) {
                    return folder;
                }
            }
        }
        return stem(name);
    }

    private static String stem(String name) {
        int dot = name.indexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }

    /** One item per document: a document repeated under another filter (gsm8k's two) is the same text, read once. */
    private static List<BenchmarkItem> lmEval(Path file, List<String> fields) {
        String task = LmEvalSamples.task(file);
        String name = TextInput.name(file);
        List<BenchmarkItem> out = new ArrayList<>();
        UniqueKeys ids = new UniqueKeys();
        String[] filter = {null};
        boolean[] first = {true};
        JsonLines.forEach(file, (node, line) -> {
            JsonNode id = node.get("doc_id");
            if (id == null || !id.isValueNode()) {
                throw new BadInputException(name, line, "doc_id", "missing");
            }
            String lineFilter = JsonLines.optionalText(node, "filter");
            if (first[0]) {
                filter[0] = lineFilter;
                first[0] = false;
            }
            if (!Objects.equals(filter[0], lineFilter)) {
                return;
            }
            JsonNode doc = node.get("doc");
            if (doc == null || doc.isNull()) {
                throw new BadInputException(name, line, "doc", "missing: the item's text comes from doc");
            }
            List<String> used = fields.isEmpty() ? QuestionFields.of(task, doc) : fields;
            String text = used.isEmpty() ? strings(doc) : selected(doc, used, file, line, "doc.");
            String itemId = FieldChecks.at(name, line).identifier("doc_id", id.asText());
            ids.add(name, line, lineFilter == null ? "doc_id" : "doc_id, filter", itemId, lineFilter);
            out.add(new BenchmarkItem(
                    task,
                    itemId,
                    text,
                    used.isEmpty()
                            ? List.of("doc")
                            : used.stream().map(f -> "doc." + f).toList()));
        });
        return out;
    }

    private static List<BenchmarkItem> jsonl(Path file, String benchmark, List<String> fields, String idField) {
        List<BenchmarkItem> out = new ArrayList<>();
        UniqueKeys ids = new UniqueKeys();
        JsonLines.forEachRecord(
                file, (node, line, number) -> out.add(item(node, line, number, file, benchmark, fields, idField, ids)));
        return out;
    }

    /** A Parquet benchmark file: each row as a JSON Lines record would be; problems name the row. */
    private static List<BenchmarkItem> parquet(Path file, String benchmark, List<String> fields, String idField) {
        List<BenchmarkItem> out = new ArrayList<>();
        UniqueKeys ids = new UniqueKeys();
        ParquetFiles.forEachRow(file, (node, row) -> {
            try {
                out.add(item(node, row, row, file, benchmark, fields, idField, ids));
            } catch (BadInputException e) {
                if (e.line() != row) {
                    throw e;
                }
                throw new BadInputException(
                        e.source(),
                        0,
                        "row " + row + e.field().map(f -> ": " + f).orElse(""),
                        e.problem(),
                        e);
            }
        });
        if (out.isEmpty()) {
            throw BadInputException.of(TextInput.name(file), "no rows");
        }
        return out;
    }

    /** One JSON record's item: the named fields, else {@code text}, else a chat's messages, else every string. */
    private static BenchmarkItem item(
            JsonNode node,
            long line,
            long number,
            Path file,
            String benchmark,
            List<String> fields,
            String idField,
            UniqueKeys ids) {
        String text;
        List<String> used;
        if (!fields.isEmpty()) {
            text = selected(node, fields, file, line, "");
            used = fields;
        } else if (node.has("text")) {
            text = strings(node.get("text"));
            used = List.of("text");
        } else if (ChatText.isChat(node)) {
            ChatText chat = ChatText.of(node, TextInput.name(file), line);
            text = chat.text();
            used = List.of(chat.path());
        } else {
            // every string but the id's: an item's name is not its text
            ObjectNode rest = node.deepCopy();
            rest.remove(idField == null ? "id" : idField);
            text = strings(rest);
            used = List.of();
        }
        String id = idOf(node, idField, line, number, file);
        ids.add(TextInput.name(file), line, idField == null ? "id" : idField, id);
        return new BenchmarkItem(benchmark, id, text, used);
    }

    /** The id field's value; without one, the record's number (its line; in an array, its place). */
    private static String idOf(JsonNode node, String idField, long line, long number, Path file) {
        String f = idField == null ? "id" : idField;
        JsonNode v = node.get(f);
        if (v == null || v.isNull()) {
            if (idField != null) {
                throw new BadInputException(TextInput.name(file), line, idField, "missing");
            }
            return String.valueOf(number);
        }
        return FieldChecks.at(TextInput.name(file), line).identifier(f, v.isValueNode() ? v.asText() : v.toString());
    }

    /**
     * The text of the named fields, joined by spaces. A field is a dotted path ({@code choices.text}); a path through a
     * list takes the field of each element.
     *
     * @param prefix how the fields are named in messages ({@code doc.} for a harness sample's doc)
     */
    private static String selected(JsonNode node, List<String> fields, Path file, long line, String prefix) {
        StringBuilder sb = new StringBuilder();
        for (String f : fields) {
            List<JsonNode> found = new ArrayList<>();
            if (!path(node, f.split("\\.", -1), 0, found)) {
                throw new BadInputException(TextInput.name(file), line, prefix + f, "missing");
            }
            for (JsonNode v : found) {
                String t = strings(v);
                if (!t.isEmpty()) {
                    if (sb.length() > 0) {
                        sb.append(' ');
                    }
                    sb.append(t);
                }
            }
        }
        return sb.toString();
    }

    /** Collects the values at {@code parts[at..]} below {@code node}; false when some part is not there. */
    private static boolean path(JsonNode node, String[] parts, int at, List<JsonNode> out) {
        if (at == parts.length) {
            out.add(node);
            return true;
        }
        if (node.isArray()) {
            boolean any = node.isEmpty();
            for (JsonNode e : node) {
                any |= path(e, parts, at, out);
            }
            return any;
        }
        JsonNode v = node.get(parts[at]);
        if (v == null && at == 0 && parts.length > 1 && parts[0].equals("doc")) {
            return path(node, parts, 1, out); // doc.question names the doc's own field
        }
        return v != null && path(v, parts, at + 1, out);
    }

    /** Every string and number in a JSON value, in order, joined by spaces (choices lists, nested docs). */
    static String strings(JsonNode v) {
        StringBuilder sb = new StringBuilder();
        collect(v, sb);
        return sb.toString();
    }

    private static void collect(JsonNode v, StringBuilder sb) {
        if (v.isTextual() || v.isNumber()) {
            if (sb.length() > 0) {
                sb.append(' ');
            }
            sb.append(v.asText());
        } else if (v.isContainerNode()) {
            v.forEach(c -> collect(c, sb));
        }
    }

    private static List<BenchmarkItem> csv(Path file, String benchmark, List<String> fields, String idField) {
        List<BenchmarkItem> out = new ArrayList<>();
        List<String> header;
        try (BufferedReader r = TextInput.open(file)) {
            String first = TextInput.stripBom(r.readLine());
            if (first == null) {
                throw BadInputException.of(TextInput.name(file), "the file is empty");
            }
            header = new ArrayList<>();
            for (String c : CSVFormat.RFC4180
                    .parse(new StringReader(first))
                    .getRecords()
                    .get(0)) {
                header.add(c.strip().toLowerCase(Locale.ROOT));
            }
        } catch (IOException e) {
            throw TextInput.readError(file, 1, e);
        }
        String id = idField == null ? (header.contains("id") ? "id" : null) : idField.toLowerCase(Locale.ROOT);
        if (id != null && !header.contains(id)) {
            throw new BadInputException(TextInput.name(file), 1, idField, "missing column");
        }
        List<String> text = new ArrayList<>();
        if (fields.isEmpty()) {
            header.stream().filter(h -> !h.equals(id)).forEach(text::add);
        } else {
            fields.forEach(f -> text.add(f.toLowerCase(Locale.ROOT)));
        }
        Set<String> all = new LinkedHashSet<>(header);
        UniqueKeys ids = new UniqueKeys();
        try (CsvTable t = CsvTable.open(file, text, all)) {
            for (CsvTable.Row row : t) {
                StringBuilder sb = new StringBuilder();
                for (String f : text) {
                    if (sb.length() > 0) {
                        sb.append(' ');
                    }
                    sb.append(row.text(f));
                }
                String itemId = id == null ? String.valueOf(row.line()) : row.required(id);
                ids.add(TextInput.name(file), row.line(), id == null ? "id" : id, itemId);
                out.add(new BenchmarkItem(benchmark, itemId, sb.toString()));
            }
        }
        if (out.isEmpty()) {
            throw BadInputException.of(TextInput.name(file), "no rows after the header");
        }
        return out;
    }

    private static List<BenchmarkItem> text(Path file, String benchmark) {
        List<BenchmarkItem> out = new ArrayList<>();
        long line = 0;
        try (BufferedReader r = TextInput.open(file)) {
            String s;
            while ((s = r.readLine()) != null) {
                line++;
                if (line == 1) {
                    s = TextInput.stripBom(s);
                }
                if (!s.isBlank()) {
                    out.add(new BenchmarkItem(benchmark, String.valueOf(line), s));
                }
            }
        } catch (IOException e) {
            throw TextInput.readError(file, line + 1, e);
        }
        if (out.isEmpty()) {
            throw BadInputException.of(
                    TextInput.name(file), line == 0 ? "the file is empty" : "no items (all lines are blank)");
        }
        return out;
    }
}
