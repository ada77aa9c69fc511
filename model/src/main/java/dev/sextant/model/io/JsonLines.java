package dev.sextant.model.io;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sextant.model.BadInputException;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.function.BiConsumer;

/** Reads a JSON Lines file one object at a time, with line numbers, strict UTF-8 and errors naming the line. */
public final class JsonLines {

    private JsonLines() {}

    /**
     * Calls {@code each} with every non-blank line's object and its 1-based line number.
     *
     * @return the number of objects read
     * @throws BadInputException for an empty file, a line that is not a JSON object, or bad bytes
     */
    public static long forEach(Path file, BiConsumer<JsonNode, Long> each) {
        return forEachRecord(file, (node, line, number) -> each.accept(node, line));
    }

    /** Receives a record: its object, the line it starts on, and its number (JSON Lines: the line; an array: the element's). */
    @FunctionalInterface
    public interface RecordVisitor {
        void accept(JsonNode node, long line, long number);
    }

    /**
     * Calls {@code each} with every record of a JSON Lines file, or of a file holding one JSON array of objects (the
     * way many datasets are published), streamed. In an array, a problem with an element is named by its place,
     * {@code [12].field}, and the line the element starts on.
     *
     * @return the number of objects read
     * @throws BadInputException for an empty file, a record that is not a JSON object, or bad bytes
     */
    public static long forEachRecord(Path file, RecordVisitor each) {
        if (Json.peek(file).first() == '[') {
            String name = TextInput.name(file);
            long n = Json.forEachElement(file, (node, index, line) -> {
                String at = "[" + (index + 1) + "]";
                if (!node.isObject()) {
                    throw new BadInputException(name, line, at, "expected a JSON object");
                }
                try {
                    each.accept(node, line, index + 1);
                } catch (BadInputException e) {
                    if (e.line() != line || !e.source().equals(name)) {
                        throw e;
                    }
                    throw new BadInputException(
                            name, line, at + e.field().map(f -> "." + f).orElse(""), e.problem(), e);
                }
            });
            if (n == 0) {
                throw BadInputException.of(name, "an empty JSON array: no records");
            }
            return n;
        }
        long line = 0;
        long objects = 0;
        try (BufferedReader r = TextInput.open(file)) {
            String text;
            while ((text = r.readLine()) != null) {
                line++;
                if (line == 1) {
                    text = TextInput.stripBom(text);
                }
                if (text.isBlank()) {
                    continue;
                }
                JsonNode node = Json.readLine(text, TextInput.name(file), line);
                if (node == null || !node.isObject()) {
                    throw new BadInputException(TextInput.name(file), line, null, "expected a JSON object");
                }
                each.accept(node, line, line);
                objects++;
            }
        } catch (IOException e) {
            throw TextInput.readError(file, line + 1, e);
        }
        if (objects == 0) {
            throw BadInputException.of(
                    TextInput.name(file), line == 0 ? "the file is empty" : "no JSON objects in the file");
        }
        return objects;
    }

    /** A required id or name (at most {@link FieldChecks#MAX_ID} characters). */
    public static String text(JsonNode node, String field, Path file, long line) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            throw new BadInputException(TextInput.name(file), line, field, "missing");
        }
        if (!v.isValueNode() || v.asText().isBlank()) {
            throw new BadInputException(TextInput.name(file), line, field, "expected text, got " + v);
        }
        return FieldChecks.at(TextInput.name(file), line)
                .identifier(field, v.asText().strip());
    }

    /** An optional id or name, or null (at most {@link FieldChecks#MAX_ID} characters). */
    public static String optionalId(JsonNode node, String field, Path file, long line) {
        return FieldChecks.at(TextInput.name(file), line).identifier(field, optionalText(node, field));
    }

    /** A required number, checked finite (JSON has no NaN, but {@code 1e999} overflows to infinity). */
    public static double number(JsonNode node, String field, Path file, long line) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            throw new BadInputException(TextInput.name(file), line, field, "missing");
        }
        if (!v.isNumber()) {
            throw new BadInputException(TextInput.name(file), line, field, "expected a number, got " + v);
        }
        return FieldChecks.at(TextInput.name(file), line).finite(field, v.doubleValue());
    }

    /** An optional text field, or null. */
    public static String optionalText(JsonNode node, String field) {
        JsonNode v = node.get(field);
        return v == null || v.isNull() || !v.isValueNode() || v.asText().isBlank()
                ? null
                : v.asText().strip();
    }
}
