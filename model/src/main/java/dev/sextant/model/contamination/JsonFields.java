package dev.sextant.model.contamination;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Pulls top-level string fields out of one JSON object held as UTF-8 bytes, without building a tree: the corpus side
 * of a scan reads hundreds of megabytes a second and needs only the text (and the id) of each line. Escapes are
 * decoded ({@code \n}, {@code \"}, {@code \\u00e9}, surrogate pairs); numbers and literals are returned as written;
 * other values are skipped.
 */
final class JsonFields {

    /** A reusable byte buffer for one field's decoded value. */
    static final class Value {
        byte[] bytes = new byte[4096];
        int length;
        boolean found;

        void clear() {
            length = 0;
            found = false;
        }

        void addAll(byte[] src, int from, int len) {
            if (length + len > bytes.length) {
                bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + len));
            }
            System.arraycopy(src, from, bytes, length, len);
            length += len;
        }

        void add(byte b) {
            if (length == bytes.length) {
                bytes = Arrays.copyOf(bytes, length * 2);
            }
            bytes[length++] = b;
        }

        String text() {
            return new String(bytes, 0, length, StandardCharsets.UTF_8);
        }
    }

    /** Reads eight bytes of an array as one little-endian long, to test them at once (SWAR). */
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private static final long ONES = 0x0101010101010101L;
    private static final long HIGHS = 0x8080808080808080L;
    private static final long QUOTES = ONES * '"';
    private static final long BACKSLASHES = ONES * '\\';
    private static final long NEWLINES = ONES * '\n';

    private JsonFields() {}

    /** High bit set in each byte of {@code w} that is zero (exact: no false positives below a true zero). */
    private static long zeroBytes(long w) {
        return ~(((w & ~HIGHS) + ~HIGHS) | w | ~HIGHS);
    }

    /** Index of the first {@code v} in {@code b[from, to)}, or -1; eight bytes at a time. */
    static int indexOf(byte[] b, byte v, int from, int to) {
        int i = from;
        long pattern = ONES * (v & 0xFF);
        for (; i + 8 <= to; i += 8) {
            long hit = zeroBytes((long) LONGS.get(b, i) ^ pattern);
            if (hit != 0) {
                return i + (Long.numberOfTrailingZeros(hit) >>> 3);
            }
        }
        for (; i < to; i++) {
            if (b[i] == v) {
                return i;
            }
        }
        return -1;
    }

    /** Index of the first quote or backslash in {@code b[from, to)}, or -1; eight bytes at a time. */
    private static int quoteOrBackslash(byte[] b, int from, int to) {
        int i = from;
        for (; i + 8 <= to; i += 8) {
            long w = (long) LONGS.get(b, i);
            long hit = zeroBytes(w ^ QUOTES) | zeroBytes(w ^ BACKSLASHES);
            if (hit != 0) {
                return i + (Long.numberOfTrailingZeros(hit) >>> 3);
            }
        }
        for (; i < to; i++) {
            if (b[i] == '"' || b[i] == '\\') {
                return i;
            }
        }
        return -1;
    }

    /**
     * @param names field names as UTF-8 bytes
     * @param out   one value per name, cleared first; {@code found} says whether the field was there
     * @return false when the line is not a JSON object this reader understands
     */
    static boolean extract(byte[] b, int from, int to, byte[][] names, Value[] out) {
        for (Value v : out) {
            v.clear();
        }
        int i = skipWs(b, from, to);
        if (i >= to || b[i] != '{') {
            return false;
        }
        i++;
        while (true) {
            i = skipWs(b, i, to);
            if (i >= to) {
                return false;
            }
            if (b[i] == '}') {
                return true;
            }
            if (b[i] == ',') {
                i++;
                continue;
            }
            if (b[i] != '"') {
                return false;
            }
            int keyStart = i + 1;
            int keyEnd = endOfString(b, keyStart, to);
            if (keyEnd < 0) {
                return false;
            }
            i = skipWs(b, keyEnd + 1, to);
            if (i >= to || b[i] != ':') {
                return false;
            }
            i = skipWs(b, i + 1, to);
            if (i >= to) {
                return false;
            }
            int which = match(b, keyStart, keyEnd, names);
            if (which >= 0 && b[i] == '"') {
                int end = decodeString(b, i + 1, to, out[which]);
                if (end < 0) {
                    return false;
                }
                out[which].found = true;
                i = end + 1;
            } else if (which >= 0 && b[i] != '{' && b[i] != '[') {
                int end = endOfLiteral(b, i, to);
                for (int k = i; k < end; k++) {
                    out[which].add(b[k]);
                }
                out[which].found = !(end - i == 4 && b[i] == 'n'); // null is absent
                i = end;
            } else {
                i = skipValue(b, i, to);
                if (i < 0) {
                    return false;
                }
            }
        }
    }

    private static final byte[][] CHAT_LISTS = {
        "messages".getBytes(StandardCharsets.US_ASCII), "conversations".getBytes(StandardCharsets.US_ASCII)
    };
    private static final byte[][] CHAT_TEXT = {
        "content".getBytes(StandardCharsets.US_ASCII), "value".getBytes(StandardCharsets.US_ASCII)
    };
    private static final byte[][] PART_TEXT = {"text".getBytes(StandardCharsets.US_ASCII)};

    /**
     * The text of a chat line: the {@code content} (OpenAI {@code messages}, a string or a list of parts with
     * {@code text}) or {@code value} (ShareGPT {@code conversations}) of each message, joined by line breaks. Roles
     * ({@code role}, {@code from}) are left out so that they make no n-grams.
     *
     * @return false when the line has no top-level {@code messages} or {@code conversations} list
     */
    static boolean chat(byte[] b, int from, int to, Value out) {
        out.clear();
        int i = skipWs(b, from, to);
        if (i >= to || b[i] != '{') {
            return false;
        }
        i++;
        while (true) {
            i = skipWs(b, i, to);
            if (i >= to || b[i] == '}') {
                return false;
            }
            if (b[i] == ',') {
                i++;
                continue;
            }
            if (b[i] != '"') {
                return false;
            }
            int keyStart = i + 1;
            int keyEnd = endOfString(b, keyStart, to);
            if (keyEnd < 0) {
                return false;
            }
            i = skipWs(b, keyEnd + 1, to);
            if (i >= to || b[i] != ':') {
                return false;
            }
            i = skipWs(b, i + 1, to);
            if (i >= to) {
                return false;
            }
            if (b[i] == '[' && match(b, keyStart, keyEnd, CHAT_LISTS) >= 0) {
                return eachElement(b, i, to, out, true) >= 0;
            }
            i = skipValue(b, i, to);
            if (i < 0) {
                return false;
            }
        }
    }

    /**
     * Walks the list opening at {@code i}: each object's text (messages: {@code content} or {@code value}; parts:
     * {@code text}) and, for parts, each bare string, goes to {@code out}. Returns the index after the list, or -1.
     */
    private static int eachElement(byte[] b, int i, int to, Value out, boolean messages) {
        i++;
        while (true) {
            i = skipWs(b, i, to);
            if (i >= to) {
                return -1;
            }
            if (b[i] == ']') {
                return i + 1;
            }
            if (b[i] == ',') {
                i++;
                continue;
            }
            if (b[i] == '{') {
                i = objectText(b, i, to, out, messages ? CHAT_TEXT : PART_TEXT, messages);
            } else if (b[i] == '"' && !messages) {
                i = appendString(b, i, to, out);
            } else {
                i = skipValue(b, i, to);
            }
            if (i < 0) {
                return -1;
            }
        }
    }

    /** The text fields of the object opening at {@code i} (a content list is walked as parts); index after it, or -1. */
    private static int objectText(byte[] b, int i, int to, Value out, byte[][] names, boolean parts) {
        i++;
        while (true) {
            i = skipWs(b, i, to);
            if (i >= to) {
                return -1;
            }
            if (b[i] == '}') {
                return i + 1;
            }
            if (b[i] == ',') {
                i++;
                continue;
            }
            if (b[i] != '"') {
                return -1;
            }
            int keyStart = i + 1;
            int keyEnd = endOfString(b, keyStart, to);
            if (keyEnd < 0) {
                return -1;
            }
            i = skipWs(b, keyEnd + 1, to);
            if (i >= to || b[i] != ':') {
                return -1;
            }
            i = skipWs(b, i + 1, to);
            if (i >= to) {
                return -1;
            }
            boolean text = match(b, keyStart, keyEnd, names) >= 0;
            if (text && b[i] == '"') {
                i = appendString(b, i, to, out);
            } else if (text && parts && b[i] == '[') {
                i = eachElement(b, i, to, out, false);
            } else {
                i = skipValue(b, i, to);
            }
            if (i < 0) {
                return -1;
            }
        }
    }

    /** Appends the string opening at {@code i}, after a line break if {@code out} has text; index after it, or -1. */
    private static int appendString(byte[] b, int i, int to, Value out) {
        int mark = out.length;
        if (mark > 0) {
            out.add((byte) '\n');
        }
        int end = decodeString(b, i + 1, to, out);
        if (end < 0) {
            return -1;
        }
        if (end == i + 1) {
            out.length = mark; // an empty string adds no break
        }
        return end + 1;
    }

    private static int match(byte[] b, int start, int end, byte[][] names) {
        outer:
        for (int k = 0; k < names.length; k++) {
            byte[] n = names[k];
            if (n.length != end - start) {
                continue;
            }
            for (int j = 0; j < n.length; j++) {
                if (b[start + j] != n[j]) {
                    continue outer;
                }
            }
            return k;
        }
        return -1;
    }

    private static int skipWs(byte[] b, int i, int to) {
        while (i < to && (b[i] == ' ' || b[i] == '\t' || b[i] == '\r' || b[i] == '\n')) {
            i++;
        }
        return i;
    }

    /** Index of the closing quote of a string whose content starts at {@code i}, or -1. */
    private static int endOfString(byte[] b, int i, int to) {
        while (true) {
            int j = quoteOrBackslash(b, i, to);
            if (j < 0 || b[j] == '"') {
                return j;
            }
            i = j + 2; // an escape: the next byte is never the end
        }
    }

    private static int endOfLiteral(byte[] b, int i, int to) {
        while (i < to
                && b[i] != ','
                && b[i] != '}'
                && b[i] != ']'
                && b[i] != ' '
                && b[i] != '\t'
                && b[i] != '\r'
                && b[i] != '\n') {
            i++;
        }
        return i;
    }

    private static int skipValue(byte[] b, int i, int to) {
        byte c = b[i];
        if (c == '"') {
            int end = endOfString(b, i + 1, to);
            return end < 0 ? -1 : end + 1;
        }
        if (c != '{' && c != '[') {
            return endOfLiteral(b, i, to);
        }
        int depth = 0;
        while (i < to) {
            c = b[i];
            if (c == '"') {
                int end = endOfString(b, i + 1, to);
                if (end < 0) {
                    return -1;
                }
                i = end + 1;
                continue;
            }
            if (c == '{' || c == '[') {
                depth++;
            } else if (c == '}' || c == ']') {
                depth--;
                if (depth == 0) {
                    return i + 1;
                }
            }
            i++;
        }
        return -1;
    }

    /**
     * Decodes a string whose content starts at {@code from} into {@code out}, copying the stretches between escapes
     * in one go; returns the index of the closing quote, or -1 when there is none.
     */
    private static int decodeString(byte[] b, int from, int to, Value out) {
        int i = from;
        while (true) {
            int j = quoteOrBackslash(b, i, to);
            if (j < 0) {
                return -1;
            }
            out.addAll(b, i, j - i);
            if (b[j] == '"') {
                return j;
            }
            if (j + 1 >= to) {
                return -1;
            }
            byte e = b[j + 1];
            i = j + 2;
            switch (e) {
                case 'n' -> out.add((byte) '\n');
                case 't' -> out.add((byte) '\t');
                case 'r' -> out.add((byte) '\r');
                case 'b' -> out.add((byte) '\b');
                case 'f' -> out.add((byte) '\f');
                case 'u' -> {
                    if (j + 6 > to) {
                        return -1;
                    }
                    int cp = hex4(b, j + 2);
                    i = j + 6;
                    if (cp >= 0xD800 && cp <= 0xDBFF && i + 6 <= to && b[i] == '\\' && b[i + 1] == 'u') {
                        int low = hex4(b, i + 2);
                        if (low >= 0xDC00 && low <= 0xDFFF) {
                            cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
                            i += 6;
                        }
                    }
                    utf8(cp < 0 ? 0xFFFD : cp, out);
                }
                default -> out.add(e); // \" \\ \/ and anything else literally
            }
        }
    }

    private static int hex4(byte[] b, int i) {
        int v = 0;
        for (int k = 0; k < 4; k++) {
            int d = Character.digit(b[i + k], 16);
            if (d < 0) {
                return -1;
            }
            v = (v << 4) | d;
        }
        return v;
    }

    private static void utf8(int cp, Value out) {
        if (cp < 0x80) {
            out.add((byte) cp);
        } else if (cp < 0x800) {
            out.add((byte) (0xC0 | (cp >> 6)));
            out.add((byte) (0x80 | (cp & 0x3F)));
        } else if (cp < 0x10000) {
            out.add((byte) (0xE0 | (cp >> 12)));
            out.add((byte) (0x80 | ((cp >> 6) & 0x3F)));
            out.add((byte) (0x80 | (cp & 0x3F)));
        } else {
            out.add((byte) (0xF0 | (cp >> 18)));
            out.add((byte) (0x80 | ((cp >> 12) & 0x3F)));
            out.add((byte) (0x80 | ((cp >> 6) & 0x3F)));
            out.add((byte) (0x80 | (cp & 0x3F)));
        }
    }
}
