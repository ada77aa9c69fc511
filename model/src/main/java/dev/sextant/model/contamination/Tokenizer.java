package dev.sextant.model.contamination;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Splits UTF-8 text into normalised tokens in one pass over the bytes, with an ASCII fast path; the same code serves
 * the benchmark side and the corpus side, so both normalise alike. Each token reaches the {@link Sink} as its
 * normalised bytes and a 64-bit hash of them.
 *
 * <p>Not thread-safe: one tokenizer per thread.
 */
public final class Tokenizer {

    /** Receives tokens in order. The byte array is reused: copy what must be kept. */
    public interface Sink {
        void token(long hash, byte[] bytes, int length, long sourceOffset);
    }

    private static final long FNV_OFFSET = 0xcbf29ce484222325L;
    private static final long FNV_PRIME = 0x100000001b3L;
    private static final byte DELETE = 0;
    private static final byte KEEP = 1;
    private static final byte SPLIT = 2;
    private static final byte[] ASCII = new byte[128];
    private static final byte[] LOWER = new byte[128];

    static {
        for (int c = 0; c < 128; c++) {
            LOWER[c] = (byte) c;
            if (Character.isLetterOrDigit(c)) {
                ASCII[c] = KEEP;
            } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == 0x0B || c == 0x0C || c < 0x20 || c == 0x7F) {
                ASCII[c] = SPLIT;
            } else {
                ASCII[c] = DELETE; // string.punctuation: !"#$%&'()*+,-./:;<=>?@[\]^_`{|}~
            }
        }
        for (int c = 'A'; c <= 'Z'; c++) {
            LOWER[c] = (byte) (c + 32);
        }
    }

    private final boolean lowercase;
    private final boolean strip;
    private byte[] token = new byte[64];
    private int length;
    private long fnv = FNV_OFFSET; // FNV-1a of the token so far
    private long tokenStart = -1;

    public Tokenizer(Normalization n) {
        this.lowercase = n.lowercase();
        this.strip = n.stripPunctuation();
    }

    /**
     * Tokenizes {@code bytes[from, to)} as one continuous text, then ends the last token.
     *
     * @param baseOffset added to positions within the array to give each token's source offset
     */
    public void tokenize(byte[] bytes, int from, int to, long baseOffset, Sink sink) {
        feed(bytes, from, to, baseOffset, sink);
        flush(sink);
    }

    /** Like {@link #tokenize} but keeps a token open across calls: the text continues in the next call. */
    public void feed(byte[] bytes, int from, int to, long baseOffset, Sink sink) {
        int i = from;
        while (i < to) {
            int b = bytes[i];
            if (b >= 0) {
                byte kind = ASCII[b];
                if (kind == KEEP) {
                    if (length == 0) {
                        tokenStart = baseOffset + i;
                    }
                    // the common case: a run of ASCII letters and digits, kept in locals
                    byte[] tok = token;
                    int len = length;
                    long h = fnv;
                    while (true) {
                        byte c = lowercase ? LOWER[b] : (byte) b;
                        if (len == tok.length) {
                            tok = java.util.Arrays.copyOf(tok, len * 2);
                        }
                        tok[len++] = c;
                        h = (h ^ (c & 0xFF)) * FNV_PRIME;
                        if (++i >= to) {
                            break;
                        }
                        b = bytes[i];
                        if (b < 0 || ASCII[b] != KEEP) {
                            break;
                        }
                    }
                    token = tok;
                    length = len;
                    fnv = h;
                    continue;
                } else if (kind == SPLIT || !strip) {
                    if (kind == SPLIT) {
                        flush(sink);
                    } else {
                        if (length == 0) {
                            tokenStart = baseOffset + i;
                        }
                        append((byte) b);
                    }
                }
                i++;
                continue;
            }
            // multi-byte UTF-8
            int lead = b & 0xFF;
            int need = lead >= 0xF0 ? 3 : lead >= 0xE0 ? 2 : lead >= 0xC0 ? 1 : -1;
            if (need < 0 || i + need >= to) {
                flush(sink); // a stray continuation byte, or a sequence cut off by the end: a boundary
                i++;
                continue;
            }
            int cp = lead & (need == 1 ? 0x1F : need == 2 ? 0x0F : 0x07);
            boolean ok = true;
            for (int k = 1; k <= need; k++) {
                int c = bytes[i + k] & 0xFF;
                if ((c & 0xC0) != 0x80) {
                    ok = false;
                    break;
                }
                cp = (cp << 6) | (c & 0x3F);
            }
            if (!ok) {
                flush(sink);
                i++;
                continue;
            }
            handleCodePoint(cp, baseOffset + i, sink);
            i += need + 1;
        }
    }

    private void handleCodePoint(int cp, long offset, Sink sink) {
        if (Character.isWhitespace(cp) || Character.isSpaceChar(cp)) {
            flush(sink);
            return;
        }
        int type = Character.getType(cp);
        if (strip && isPunctuation(type)) {
            return;
        }
        if (type == Character.CONTROL || type == Character.FORMAT && cp != 0x200D) {
            flush(sink);
            return;
        }
        if (length == 0) {
            tokenStart = offset;
        }
        appendCodePoint(lowercase ? Character.toLowerCase(cp) : cp);
    }

    static boolean isPunctuation(int type) {
        return type == Character.CONNECTOR_PUNCTUATION || type == Character.DASH_PUNCTUATION
                || type == Character.START_PUNCTUATION || type == Character.END_PUNCTUATION
                || type == Character.INITIAL_QUOTE_PUNCTUATION || type == Character.FINAL_QUOTE_PUNCTUATION
                || type == Character.OTHER_PUNCTUATION;
    }

    /** Ends the current token, if any. */
    public void flush(Sink sink) {
        if (length > 0) {
            sink.token(mix(fnv), token, length, tokenStart);
            length = 0;
            fnv = FNV_OFFSET;
        }
    }

    private void append(byte b) {
        if (length == token.length) {
            token = java.util.Arrays.copyOf(token, length * 2);
        }
        token[length++] = b;
        fnv = (fnv ^ (b & 0xFF)) * FNV_PRIME;
    }

    private void appendCodePoint(int cp) {
        if (cp < 0x80) {
            append((byte) cp);
        } else if (cp < 0x800) {
            append((byte) (0xC0 | (cp >> 6)));
            append((byte) (0x80 | (cp & 0x3F)));
        } else if (cp < 0x10000) {
            append((byte) (0xE0 | (cp >> 12)));
            append((byte) (0x80 | ((cp >> 6) & 0x3F)));
            append((byte) (0x80 | (cp & 0x3F)));
        } else {
            append((byte) (0xF0 | (cp >> 18)));
            append((byte) (0x80 | ((cp >> 12) & 0x3F)));
            append((byte) (0x80 | ((cp >> 6) & 0x3F)));
            append((byte) (0x80 | (cp & 0x3F)));
        }
    }

    /** FNV-1a over the token's bytes, finished with the SplitMix64 mixer so that similar tokens spread. */
    static long hash(byte[] b, int len) {
        long h = FNV_OFFSET;
        for (int i = 0; i < len; i++) {
            h ^= b[i] & 0xFF;
            h *= FNV_PRIME;
        }
        return mix(h);
    }

    private static long mix(long h) {
        h ^= h >>> 30;
        h *= 0xbf58476d1ce4e5b9L;
        h ^= h >>> 27;
        h *= 0x94d049bb133111ebL;
        h ^= h >>> 31;
        return h;
    }

    /** The normalised tokens of a string, for the benchmark side and for tests. */
    public static List<String> tokens(String text, Normalization n) {
        List<String> out = new ArrayList<>();
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        new Tokenizer(n).tokenize(bytes, 0, bytes.length, 0,
                (h, b, len, off) -> out.add(new String(b, 0, len, StandardCharsets.UTF_8)));
        return out;
    }
}
