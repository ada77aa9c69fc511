package dev.sextant.model.io;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * A corpus stored as one JSON array of documents or conversations ({@code [{"text": …}, {"messages": […]}, …]}, the
 * way Alpaca- and ShareGPT-style datasets are published) read as JSON Lines: each element written compactly on a line
 * of its own, so that every reader of JSON Lines (scan, deduplication, decontamination, mixtures, on one machine or on
 * Spark) reads it unchanged, streamed, at any size. The element's number in the array (1-based) is its "line"; a file
 * of several arrays, or of arrays and objects one after another, is read the same way.
 */
final class JsonArrayLines extends InputStream {

    private static final JsonFactory FACTORY = JsonFactory.builder()
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .build();
    /** Bytes looked at to tell an array from JSON Lines: whitespace and a byte-order mark before the first value. */
    static final int PEEK = 1 << 12;

    private final JsonParser parser;
    private final Lines out = new Lines();
    private final JsonGenerator generator;
    private int pos;
    private boolean inArray;
    private boolean done;

    JsonArrayLines(InputStream in) throws IOException {
        this.parser = FACTORY.createParser(in);
        this.generator = FACTORY.createGenerator(out);
        this.generator.setRootValueSeparator(null);
    }

    /**
     * Whether the bytes a file starts with open a JSON array: its first character, after a byte-order mark and
     * whitespace, is {@code [}.
     */
    static boolean startsArray(byte[] head, int length) {
        int i = length >= 3 && (head[0] & 0xFF) == 0xEF && (head[1] & 0xFF) == 0xBB && (head[2] & 0xFF) == 0xBF ? 3 : 0;
        while (i < length && (head[i] == ' ' || head[i] == '\t' || head[i] == '\n' || head[i] == '\r')) {
            i++;
        }
        return i < length && head[i] == '[';
    }

    /** Whether a stream that supports mark/reset starts with an array; the stream is left where it was. */
    static boolean startsArray(InputStream in) throws IOException {
        in.mark(PEEK);
        byte[] head = new byte[PEEK];
        int n = 0;
        int r;
        while (n < head.length && (r = in.read(head, n, head.length - n)) > 0) {
            n += r;
        }
        in.reset();
        return startsArray(head, n);
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        while (pos == out.size()) {
            if (!nextLine()) {
                return -1;
            }
        }
        int n = Math.min(len, out.size() - pos);
        System.arraycopy(out.bytes(), pos, b, off, n);
        pos += n;
        return n;
    }

    /** Writes the next element as a line; false at the end of the input. */
    private boolean nextLine() throws IOException {
        out.reset();
        pos = 0;
        try {
            while (!done) {
                JsonToken t = parser.nextToken();
                if (t == null) {
                    done = true;
                } else if (!inArray && t == JsonToken.START_ARRAY) {
                    inArray = true;
                } else if (inArray && t == JsonToken.END_ARRAY) {
                    inArray = false;
                } else {
                    generator.copyCurrentStructure(parser);
                    generator.flush();
                    out.write('\n');
                    return true;
                }
            }
            if (inArray) {
                throw new InvalidJson("invalid JSON: the array is not closed (the file ends early)", null);
            }
            return false;
        } catch (JsonEOFException e) {
            throw new InvalidJson("invalid JSON: the array is not closed (the file ends early)", e);
        } catch (JsonProcessingException e) {
            throw new InvalidJson(
                    "invalid JSON at line " + parser.currentLocation().getLineNr() + " of the array: "
                            + e.getOriginalMessage(),
                    e);
        }
    }

    @Override
    public void close() throws IOException {
        parser.close();
    }

    /** The array's text is not JSON: a problem of the file's content, not of reading or decompressing it. */
    static final class InvalidJson extends IOException {
        private static final long serialVersionUID = 1L;

        InvalidJson(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** A byte buffer whose array is read in place. */
    private static final class Lines extends ByteArrayOutputStream {
        byte[] bytes() {
            return buf;
        }
    }
}
