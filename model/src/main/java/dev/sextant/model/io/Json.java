package dev.sextant.model.io;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.deser.std.NumberDeserializers;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import dev.sextant.model.BadInputException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.temporal.Temporal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The project's one JSON mapper: specs and results stored in workspaces, archive manifests, settings and the CLI's
 * {@code --json} output all go through it, so that a record reads the same everywhere. The users' JSON files are read
 * through {@link #readFile}, {@link #readLine} and {@link #toValue}: strictly (a field named twice in an object, NaN
 * and text after the document are refused) and with any problem as one plain {@link BadInputException}.
 */
public final class Json {

    private static final ObjectMapper MAPPER = builder().addModule(nullAsNaN()).build();

    /**
     * Users' files bound to records ({@link #toValue}): as the stored records' mapper, but a null number reads as 0, as
     * it always has, for the reader's own checks to judge; NaN is what Sextant itself writes as null.
     */
    private static final ObjectMapper USERS = builder().build();

    private static JsonMapper.Builder builder() {
        return JsonMapper.builder()
                .addModule(new JavaTimeModule())
                .addModule(nonFiniteAsNull())
                .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    }

    private Json() {}

    /** NaN and infinities are not JSON: they are written as null ("no value"), never as the strings "NaN". */
    private static SimpleModule nonFiniteAsNull() {
        JsonSerializer<Double> ser = new JsonSerializer<>() {
            @Override
            public void serialize(Double v, JsonGenerator g, SerializerProvider p) throws IOException {
                if (v == null || !Double.isFinite(v)) {
                    g.writeNull();
                } else {
                    g.writeNumber(v);
                }
            }
        };
        SimpleModule m = new SimpleModule("non-finite-as-null");
        m.addSerializer(Double.class, ser);
        m.addSerializer(double.class, ser);
        return m;
    }

    /** And read back: a null where a stored record has a primitive double was a NaN (no value), not 0. */
    private static SimpleModule nullAsNaN() {
        SimpleModule m = new SimpleModule("null-as-nan");
        m.addDeserializer(double.class, new NumberDeserializers.DoubleDeserializer(Double.TYPE, Double.NaN));
        return m;
    }

    /** Users' files: a field given twice would silently keep one of its values; trailing text would be ignored. */
    private static final ObjectReader STRICT = MAPPER.reader()
            .with(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    /**
     * The JSON document in a user's file (strict UTF-8), or a missing node when the file is empty.
     *
     * @throws BadInputException naming the file, line and column of a syntax error, or an unreadable file
     */
    public static JsonNode readFile(Path file) {
        return readFile(file, STRICT);
    }

    /**
     * The same, for files Python's {@code json} module wrote as they are: it writes {@code NaN} and {@code Infinity} for
     * non-finite floats (lm-evaluation-harness results carry them for a stderr that could not be computed), so here they
     * read as numbers that the reader must then check, rather than as a syntax error.
     */
    public static JsonNode readFileAllowingNaN(Path file) {
        return readFile(file, PYTHON);
    }

    private static final ObjectReader PYTHON = STRICT.with(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS);

    private static JsonNode readFile(Path file, ObjectReader reader) {
        long size = sizeOf(file);
        if (size > MAX_DOCUMENT_BYTES) {
            throw BadInputException.of(
                    TextInput.name(file),
                    String.format(
                            Locale.ROOT,
                            "%,d MB is too large for a JSON document of this kind"
                                    + " (the limit is %,d MB; a config, profile, policy or results file is far smaller)",
                            size >> 20,
                            MAX_DOCUMENT_BYTES >> 20));
        }
        try (BufferedReader r = TextInput.open(file)) {
            r.mark(1);
            if (r.read() != '\uFEFF') {
                r.reset();
            }
            return reader.readTree(r);
        } catch (JsonProcessingException e) {
            if (e.getCause() instanceof IOException io) {
                throw TextInput.readError(file, line(e), io);
            }
            throw badInput(TextInput.name(file), 0, e);
        } catch (IOException e) {
            throw TextInput.readError(file, 0, e);
        }
    }

    /**
     * The largest single JSON document read whole into memory: configs, profiles, policies and results files are
     * kilobytes to a few megabytes; anything near this is not one of them and would only exhaust the memory.
     */
    static final long MAX_DOCUMENT_BYTES = 256L << 20;

    private static long sizeOf(Path file) {
        try {
            return Files.isRegularFile(file) ? Files.size(file) : 0;
        } catch (IOException e) {
            return 0; // the open below reports it
        }
    }

    /** Elements of a streamed array: the trailing-token check would read into the next element. */
    private static final ObjectReader ELEMENT = STRICT.without(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    /** What one element of a streamed JSON array is handed to: the element, its 0-based index, the line it starts on. */
    @FunctionalInterface
    public interface ElementVisitor {
        void accept(JsonNode element, long index, long line);
    }

    /**
     * Streams a file holding one JSON array (FastChat's {@code clean_battle_*.json}, millions of elements), one element
     * at a time, never holding the whole array: the same strict reading as {@link #readFile}, any size.
     *
     * @return the number of elements
     * @throws BadInputException for an empty file, a document that is not an array, or a syntax error (naming its line)
     */
    public static long forEachElement(Path file, ElementVisitor each) {
        return streaming(file, STRICT, (p, name) -> {
            JsonToken t = p.nextToken();
            if (t == null) {
                throw BadInputException.of(name, "the file is empty");
            }
            if (t != JsonToken.START_ARRAY) {
                throw new BadInputException(name, p.currentTokenLocation().getLineNr(), null, "expected a JSON array");
            }
            long n = elements(p, name, null, ELEMENT, each);
            if (p.nextToken() != null) {
                throw new BadInputException(
                        name,
                        p.currentTokenLocation().getLineNr(),
                        null,
                        "invalid JSON: more text after the JSON value");
            }
            return n;
        });
    }

    /** Work on a parser over a user's file; its I/O and syntax errors become the file's {@link BadInputException}. */
    @FunctionalInterface
    private interface ParserWork<T> {
        T run(JsonParser p, String name) throws IOException;
    }

    /** Opens {@code file} (strict UTF-8, a byte-order mark skipped) for {@code work}, errors naming the file and line. */
    private static <T> T streaming(Path file, ObjectReader reader, ParserWork<T> work) {
        String name = TextInput.name(file);
        try (BufferedReader r = TextInput.open(file)) {
            r.mark(1);
            if (r.read() != '\uFEFF') {
                r.reset();
            }
            try (JsonParser p = reader.createParser(r)) {
                return work.run(p, name);
            }
        } catch (JsonProcessingException e) {
            if (e.getCause() instanceof IOException io) {
                throw TextInput.readError(file, line(e), io);
            }
            throw badInput(name, 0, e);
        } catch (IOException e) {
            throw TextInput.readError(file, 0, e);
        }
    }

    /** The elements of the array whose START_ARRAY {@code p} is on, each read whole and handed over; their count. */
    private static long elements(
            JsonParser p, String name, String field, ObjectReader elementReader, ElementVisitor each)
            throws IOException {
        long i = 0;
        JsonToken t;
        while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
            if (t == null) {
                throw new BadInputException(
                        name,
                        p.currentLocation().getLineNr(),
                        field,
                        "invalid JSON: the text ends before the JSON does (an object or list left open?)");
            }
            long line = p.currentTokenLocation().getLineNr();
            each.accept(elementReader.readTree(p), i++, line);
        }
        return i;
    }

    /**
     * Streams the array under the top-level field {@code field} of a file holding one JSON object, as Python's
     * {@code json} writes it (NaN and Infinity read as numbers), one element at a time: a Hugging Face
     * {@code trainer_state.json}'s {@code log_history} of a million steps is never held whole. The other fields are
     * skipped.
     *
     * @return the number of elements, or −1 when the object has no such field
     * @throws BadInputException for an empty file, a document that is not an object, a field that is not an array, or a
     *                           syntax error (naming its line)
     */
    public static long forEachElementOf(Path file, String field, ElementVisitor each) {
        return streaming(file, PYTHON, (p, name) -> {
            JsonToken t = p.nextToken();
            if (t == null) {
                throw BadInputException.of(name, "the file is empty");
            }
            if (t != JsonToken.START_OBJECT) {
                throw new BadInputException(name, p.currentTokenLocation().getLineNr(), null, "expected a JSON object");
            }
            long found = -1;
            while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
                String key = p.currentName();
                t = p.nextToken();
                if (!key.equals(field)) {
                    p.skipChildren();
                    continue;
                }
                if (t != JsonToken.START_ARRAY) {
                    throw new BadInputException(name, p.currentTokenLocation().getLineNr(), field, "expected a list");
                }
                found = elements(p, name, field, PYTHON_ELEMENT, each);
            }
            if (t != JsonToken.END_OBJECT) {
                throw new BadInputException(
                        name,
                        p.currentLocation().getLineNr(),
                        null,
                        "invalid JSON: the text ends before the object does");
            }
            return found;
        });
    }

    private static final ObjectReader PYTHON_ELEMENT = PYTHON.without(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    /** One line of a JSON Lines file written by Python ({@code NaN}, {@code Infinity} allowed); errors name the line. */
    public static JsonNode readLineAllowingNaN(String text, String source, long line) {
        try {
            return PYTHON.readTree(text);
        } catch (JsonProcessingException e) {
            throw badInput(source, line, e);
        }
    }

    /**
     * What a JSON file looks like from its start, without reading it whole: the first character that is not blank
     * ({@code '{'}, {@code '['}, or 0 for an empty file) and the top-level fields of its first object (of a document, or
     * of the first line of a JSON Lines file), in file order, as far as they could be read.
     */
    public record Peek(char first, List<String> fields) {}

    /** The {@link Peek} at a file; a syntax error just ends the list of fields early (the reader reports it). */
    public static Peek peek(Path file) {
        List<String> fields = new ArrayList<>();
        char first = 0;
        try (BufferedReader r = TextInput.open(file)) {
            r.mark(1);
            if (r.read() != '\uFEFF') {
                r.reset();
            }
            try (JsonParser p = PYTHON.createParser(r)) {
                JsonToken t = p.nextToken();
                if (t == JsonToken.START_ARRAY) {
                    first = '[';
                    t = p.nextToken();
                    if (t != JsonToken.START_OBJECT) {
                        return new Peek(first, fields);
                    }
                } else if (t == JsonToken.START_OBJECT) {
                    first = '{';
                } else {
                    return new Peek(t == null ? 0 : '?', fields);
                }
                while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
                    fields.add(p.currentName());
                    p.nextToken();
                    p.skipChildren();
                }
            }
        } catch (IOException | RuntimeException e) {
            // not JSON, or broken part-way: what was seen so far decides
        }
        return new Peek(first, fields);
    }

    /** One line of a JSON Lines file; errors name {@code line} of {@code source} and the column. */
    public static JsonNode readLine(String text, String source, long line) {
        try {
            return STRICT.readTree(text);
        } catch (JsonProcessingException e) {
            throw badInput(source, line, e);
        }
    }

    /** A JSON tree as a record; a field of the wrong type is refused naming its path, e.g. {@code hbmGBs: expected a number}. */
    public static <T> T toValue(JsonNode node, Class<T> type, String source) {
        try {
            return USERS.treeToValue(node, type);
        } catch (JsonProcessingException e) {
            throw badInput(source, 0, e);
        }
    }

    /**
     * A Jackson error as the one line the user sees: {@code file:3: invalid JSON at column 5: unexpected character NUL}
     * for syntax, {@code file: checks[1].margin: expected a number, got text} for a field of the wrong type. No class
     * names, no parser wording.
     *
     * @param line the line of a JSON Lines file the text came from (Jackson's own line is then 1), or 0 for a document
     */
    public static BadInputException badInput(String source, long line, JsonProcessingException e) {
        if (e instanceof JsonMappingException m && !m.getPath().isEmpty() && !(e instanceof JsonParseException)) {
            return new BadInputException(source, line, path(m), mismatch(m));
        }
        JsonLocation at = e.getLocation();
        long where = line > 0 ? line : line(e);
        String message = e.getOriginalMessage() == null ? "" : e.getOriginalMessage();
        // the parser reports the column after a character it refused; the user wants the character's own
        int col = at == null
                ? 0
                : at.getColumnNr()
                        - (CTRL.matcher(message).find() || CHAR.matcher(message).find() ? 1 : 0);
        String column = col < 1 ? "" : " at column " + col;
        return new BadInputException(
                source, where, null, "invalid JSON" + column + ": " + plain(e.getOriginalMessage()));
    }

    private static long line(JsonProcessingException e) {
        return e.getLocation() == null || e.getLocation().getLineNr() < 1
                ? 0
                : e.getLocation().getLineNr();
    }

    /** {@code checks[1].margin} from Jackson's reference chain. */
    private static String path(JsonMappingException m) {
        StringBuilder sb = new StringBuilder();
        for (JsonMappingException.Reference r : m.getPath()) {
            if (r.getFieldName() != null) {
                if (sb.length() > 0) {
                    sb.append('.');
                }
                sb.append(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                sb.append('[').append(r.getIndex()).append(']');
            }
        }
        return sb.toString();
    }

    private static String mismatch(JsonMappingException m) {
        Class<?> t = m instanceof MismatchedInputException mi ? mi.getTargetType() : null;
        String expected = t == null
                ? "a value of another kind"
                : t == double.class || t == Double.class || t == float.class || t == Float.class
                        ? "a number"
                        : t == int.class || t == Integer.class || t == long.class || t == Long.class
                                ? "a whole number"
                                : t == boolean.class || t == Boolean.class
                                        ? "true or false"
                                        : t == String.class
                                                ? "text"
                                                : t.isEnum()
                                                        ? "one of "
                                                                + String.join(
                                                                        ", ",
                                                                        Arrays.stream(t.getEnumConstants())
                                                                                .map(c -> ((Enum<?>) c)
                                                                                        .name()
                                                                                        .toLowerCase(Locale.ROOT)
                                                                                        .replace('_', '-'))
                                                                                .toList())
                                                        : Temporal.class.isAssignableFrom(t)
                                                                ? "a date and time such as 2026-01-31T12:00:00Z"
                                                                : Collection.class.isAssignableFrom(t) || t.isArray()
                                                                        ? "a list"
                                                                        : "an object";
        return "expected " + expected;
    }

    private static final Pattern CTRL = Pattern.compile("\\(CTRL-CHAR, code (\\d+)\\)");
    private static final Pattern CHAR = Pattern.compile("^Unexpected character \\('(.+?)' \\(code (\\d+)");
    private static final Pattern TOKEN = Pattern.compile("^Unrecognized token '(.*?)'");
    /** Jackson's read constraints ("Document nesting depth (1001) exceeds the maximum allowed (1000, from …)"). */
    private static final Pattern LIMIT =
            Pattern.compile("^(.*?) \\(\\d+\\) exceeds the maximum (?:allowed )?\\((\\d+)");

    private static final Pattern DUPLICATE = Pattern.compile("^Duplicate field '(.*?)'");

    /** Jackson's parser wording in plain words; the fallback keeps its first clause, without source excerpts. */
    static String plain(String message) {
        String m = message == null ? "" : message.strip();
        Matcher x;
        if ((x = CTRL.matcher(m)).find()) {
            int code = Integer.parseInt(x.group(1));
            return code == 0 ? "unexpected character NUL" : "unexpected control character (code " + code + ")";
        }
        if ((x = DUPLICATE.matcher(m)).find()) {
            return "field '" + x.group(1) + "' appears twice in the same object";
        }
        if (m.startsWith("Non-standard token") || m.contains("'NaN'") || m.contains("Infinity'")) {
            return "NaN and infinities are not numbers JSON allows";
        }
        if ((x = LIMIT.matcher(m)).find()) {
            String what = x.group(1).toLowerCase(Locale.ROOT);
            String limit = String.format(Locale.ROOT, "%,d", Long.parseLong(x.group(2)));
            return what.contains("nesting")
                    ? "nested deeper than " + limit + " levels"
                    : what.contains("number")
                            ? "a number longer than " + limit + " digits"
                            : what.contains("string") || what.contains("name")
                                    ? "a text value longer than " + limit + " characters"
                                    : "larger than the " + limit + " a JSON file may hold here";
        }
        if (m.startsWith("Unexpected end-of-input")) {
            return "the text ends before the JSON does (an object or list left open?)";
        }
        if (m.startsWith("Trailing token")) {
            return "more text after the JSON value";
        }
        if ((x = CHAR.matcher(m)).find()) {
            return "unexpected character '" + x.group(1) + "'";
        }
        if ((x = TOKEN.matcher(m)).find()) {
            return "unexpected text '" + x.group(1) + "'";
        }
        if (m.contains("Invalid UTF-8")) {
            return "not valid UTF-8 text (save the file as UTF-8)";
        }
        if (m.contains("Illegal unquoted character")) {
            return "a control character inside text (write it escaped, e.g. \\n)";
        }
        int cut = m.indexOf(" at [Source");
        if (cut >= 0) {
            m = m.substring(0, cut);
        }
        cut = m.indexOf('\n');
        if (cut >= 0) {
            m = m.substring(0, cut);
        }
        m = m.replace("`", "")
                .replaceAll("com\\.fasterxml\\.[\\w.$]+", "")
                .replaceAll("\\s*\\([^()]*(?:Feature|enable)[^()]*\\)", "");
        return m.isBlank() ? "malformed JSON" : Character.toLowerCase(m.charAt(0)) + m.substring(1);
    }

    /** A corpus line read to be written again: numbers kept as written (no rounding through double), duplicates refused. */
    private static final ObjectReader EXACT = MAPPER.reader()
            .with(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .with(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .with(JsonNodeFactory.withExactBigDecimals(true));

    /**
     * A JSON line to be changed and written again ({@link #writeBytes}), its numbers exactly as written; null when it is
     * not well-formed JSON (a caller that rewrites corpus lines then leaves the line alone or drops it).
     */
    public static JsonNode readExact(byte[] b, int from, int length) {
        try {
            return EXACT.readTree(b, from, length);
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * The value at a dotted path ({@code meta.source}) of a JSON object held as UTF-8 bytes, as text (a string's value, a
     * number or literal as written), or null when the line is not JSON, the path is absent, or it leads to an object,
     * an array or null.
     */
    public static String textAt(byte[] b, int from, int length, String dottedPath) {
        JsonNode n = readExact(b, from, length);
        for (String part : dottedPath.split("\\.")) {
            n = n == null ? null : n.get(part);
        }
        return n == null || n.isContainerNode() || n.isNull() ? null : n.asText();
    }

    /**
     * Writes {@code value} to {@code file} as indented JSON, whole or not at all ({@link AtomicFile}).
     *
     * @throws BadInputException naming the file when it cannot be written
     */
    public static void writeFile(Path file, Object value) {
        try {
            AtomicFile.write(file, out -> {
                MAPPER.writerWithDefaultPrettyPrinter()
                        .without(JsonGenerator.Feature.AUTO_CLOSE_TARGET)
                        .writeValue(out, value);
                return null;
            });
        } catch (IOException e) {
            throw BadInputException.of(TextInput.name(file), "cannot write: " + IoFailures.plain(e));
        }
    }

    /** Compact JSON as UTF-8 bytes (non-ASCII text unescaped). */
    public static byte[] writeBytes(Object value) {
        try {
            return MAPPER.writeValueAsBytes(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static ObjectMapper mapper() {
        return MAPPER;
    }

    /** Compact single-line JSON. */
    public static String write(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Indented JSON for people and files they may read. */
    /** Writes {@code value} indented to {@code out}, streamed (no whole-document string), leaving {@code out} open. */
    public static void writePretty(Writer out, Object value) {
        try {
            MAPPER.writerWithDefaultPrettyPrinter()
                    .without(JsonGenerator.Feature.AUTO_CLOSE_TARGET)
                    .writeValue(out, value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static String writePretty(Object value) {
        try {
            return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
