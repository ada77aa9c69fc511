package dev.sextant.model.contamination;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Splits UTF-8 text into normalised tokens in one pass over the bytes, with an ASCII fast path driven by one table;
 * the same code serves the benchmark side and the corpus side, so both normalise alike.
 *
 * <p>Tokens come out in batches: {@link #feed} fills {@link #hashes} (a 64-bit hash of each token's normalised bytes)
 * and {@link #starts} (where each token begins in the source) until the batch is full or the input ends; the caller
 * reads them and calls {@link #clear()}. A token may stay open across feeds: the text continues in the next call until
 * {@link #finish()}. A tokenizer made with {@code keepText} also keeps each token's normalised bytes ({@link #text},
 * {@link #ends}); the corpus side does not, and reads them again from the source only for the rare hash hit.
 *
 * <p>Not thread-safe: one tokenizer per thread.
 */
public final class Tokenizer {

    /**
     * A token's hash before mixing is Σ byte_i · POS[i mod 256]: one multiply-add per byte whose multiply does not
     * wait for the previous byte (an FNV-style chain would make every byte wait for the last one's multiply). POS holds
     * random odd 64-bit constants; the SplitMix64 finaliser then spreads the sum.
     */
    private static final long[] POS = new long[256];
    private static final long EMPTY = 0;

    static {
        long x = 0x5EC7A47L;
        for (int i = 0; i < POS.length; i++) {
            x += 0x9E3779B97F4A7C15L;
            POS[i] = mix(x) | 1;
        }
    }
    /** Table entries: a positive value is a byte kept (already lowercased); the others say what the byte does. */
    private static final int DELETE = 0;
    private static final int SPLIT = -1;
    private static final int MULTIBYTE = -2;

    private final boolean lowercase;
    private final boolean strip;
    private final boolean keepText;
    private final int[] table = new int[256];

    /** Hash of each token in the batch. */
    long[] hashes;
    /**
     * Where each token starts in the source (the {@code base} given to {@link #feed} plus an index): just after the
     * boundary before it, or where the text begins. Deleted punctuation between the boundary and the token's first kept
     * byte belongs to the token's span, so tokenizing again from a start gives the same tokens.
     */
    long[] starts;
    /** Tokens in the batch. */
    int count;
    /** With {@code keepText}: the batch's normalised token bytes, back to back, and where each token ends. */
    byte[] text;
    int[] ends;
    private int textLength; // bytes in text, including the open token's

    private final boolean growing;
    private long hash = EMPTY; // Σ byte_i · POS[i] of the open token so far
    private int openLength; // bytes of the open token; 0 when none is open
    private long openStart;
    private boolean textBegins = true;

    /**
     * @param capacity tokens per batch; {@link #feed} returns when the batch is full. 0: the batch grows as needed.
     */
    public Tokenizer(Normalization n, boolean keepText, int capacity) {
        this.lowercase = n.lowercase();
        this.strip = n.stripPunctuation();
        this.keepText = keepText;
        this.growing = capacity == 0;
        if (growing && !keepText) {
            throw new IllegalArgumentException("a tokenizer that keeps no text needs a batch capacity");
        }
        int c = growing ? 64 : capacity;
        hashes = new long[c];
        starts = new long[c];
        if (keepText) {
            text = new byte[Math.max(64, c * 8)];
            ends = new int[c];
        }
        for (int b = 0; b < 256; b++) {
            table[b] = b >= 128 ? MULTIBYTE : asciiEntry(b);
        }
    }

    private int asciiEntry(int c) {
        if (Character.isLetterOrDigit(c)) {
            return lowercase && c >= 'A' && c <= 'Z' ? c + 32 : c;
        }
        if (c <= 0x20 || c == 0x7F) {
            return SPLIT; // whitespace and control characters
        }
        return strip ? DELETE : c; // string.punctuation: !"#$%&'()*+,-./:;<=>?@[\]^_`{|}~
    }

    /**
     * Tokenizes {@code b[from, to)} as the continuation of the text fed so far, until the batch is full.
     *
     * @param base added to indices into {@code b} to give source offsets
     * @param more whether more of the text follows in a later call: then a UTF-8 sequence cut off at {@code to} is
     *             left unread (the caller passes it again with what follows) instead of ending the token
     * @return the index where reading stopped: {@code to}, the start of a cut-off sequence, or the point after the
     *         token that filled the batch
     */
    public int feed(byte[] b, int from, int to, long base, boolean more) {
        if (textBegins) {
            openStart = base + from; // the first token starts where the text does
            textBegins = false;
        }
        // two copies of the loop, so that the JIT profiles and compiles the corpus side's hashing alone, not mixed with
        // the benchmark side's text keeping
        return keepText ? feedKeeping(b, from, to, base, more) : feedHashing(b, from, to, base, more);
    }

    /** The corpus side: hashes and start offsets only, state in locals. */
    private int feedHashing(byte[] b, int from, int to, long base, boolean more) {
        final int[] table = this.table;
        final long[] pos = POS;
        final long[] hs = hashes;
        final long[] st = starts;
        final int capacity = hs.length; // a hashing tokenizer never grows (see the constructor)
        int n = count;
        long h = hash;
        int len = openLength;
        long start = openStart;
        int i = from;
        while (i < to) {
            int c = table[b[i] & 0xFF];
            if (c > 0) {
                h += c * pos[len & 255];
                len++;
                i++;
            } else if (c == SPLIT) {
                i++;
                long next = base + i; // a token starts after the last boundary before it
                if (len > 0) {
                    hs[n] = mix(h);
                    st[n] = start;
                    n++;
                    h = EMPTY;
                    len = 0;
                    if (n == capacity) {
                        start = next;
                        break;
                    }
                }
                start = next;
            } else if (c == DELETE) {
                i++;
            } else {
                int lead = b[i] & 0xFF; // MULTIBYTE
                int need = lead >= 0xF0 ? 3 : lead >= 0xE0 ? 2 : lead >= 0xC0 ? 1 : -1;
                if (need > 0 && i + need >= to && more) {
                    break; // cut off: read it again with what follows
                }
                int cp = need < 0 || i + need >= to ? -1 : codePoint(b, i, need, lead);
                i += cp < 0 ? 1 : need + 1;
                count = n;
                hash = h;
                openLength = len;
                openStart = start;
                boolean split = boundary(cp);
                boolean emitted = split && end();
                n = count;
                h = hash;
                len = openLength;
                start = split ? base + i : openStart;
                if (emitted && n == capacity) {
                    break;
                }
            }
        }
        count = n;
        hash = h;
        openLength = len;
        openStart = start;
        return i;
    }

    /** The benchmark side and the replay of hits: also keeps each token's normalised bytes. */
    private int feedKeeping(byte[] b, int from, int to, long base, boolean more) {
        final int[] table = this.table;
        final int capacity = growing ? Integer.MAX_VALUE : hashes.length;
        long h = hash;
        int len = openLength;
        int i = from;
        while (i < to) {
            int c = table[b[i] & 0xFF];
            if (c > 0) {
                // the common case: a run of ASCII letters and digits
                do {
                    h += c * POS[len & 255];
                    len++;
                    appendText((byte) c);
                } while (++i < to && (c = table[b[i] & 0xFF]) > 0);
            } else if (c == SPLIT) {
                i++;
                if (len > 0) {
                    emit(h);
                    h = EMPTY;
                    len = 0;
                    if (count == capacity) {
                        openStart = base + i;
                        break;
                    }
                }
                openStart = base + i; // a token starts after the last boundary before it
            } else if (c == DELETE) {
                i++;
            } else {
                int lead = b[i] & 0xFF; // MULTIBYTE
                int need = lead >= 0xF0 ? 3 : lead >= 0xE0 ? 2 : lead >= 0xC0 ? 1 : -1;
                if (need > 0 && i + need >= to && more) {
                    break; // cut off: read it again with what follows
                }
                int cp = need < 0 || i + need >= to ? -1 : codePoint(b, i, need, lead);
                i += cp < 0 ? 1 : need + 1;
                hash = h;
                openLength = len;
                boolean split = boundary(cp);
                boolean emitted = split && end();
                h = hash;
                len = openLength;
                if (split) {
                    openStart = base + i;
                }
                if (emitted && count == capacity) {
                    break;
                }
            }
        }
        hash = h;
        openLength = len;
        return i;
    }

    private static int codePoint(byte[] b, int i, int need, int lead) {
        int cp = lead & (need == 1 ? 0x1F : need == 2 ? 0x0F : 0x07);
        for (int k = 1; k <= need; k++) {
            int c = b[i + k] & 0xFF;
            if ((c & 0xC0) != 0x80) {
                return -1; // malformed: a boundary
            }
            cp = (cp << 6) | (c & 0x3F);
        }
        return cp;
    }

    /** Handles one non-ASCII code point (negative: a malformed sequence); true when it is a boundary between tokens. */
    private boolean boundary(int cp) {
        if (cp < 0 || Character.isWhitespace(cp) || Character.isSpaceChar(cp)) {
            return true;
        }
        int type = Character.getType(cp);
        if (strip && isPunctuation(type)) {
            return false;
        }
        if (type == Character.CONTROL || type == Character.FORMAT && cp != 0x200D) {
            return true;
        }
        appendCodePoint(lowercase ? Character.toLowerCase(cp) : cp);
        return false;
    }

    static boolean isPunctuation(int type) {
        return type == Character.CONNECTOR_PUNCTUATION || type == Character.DASH_PUNCTUATION
                || type == Character.START_PUNCTUATION || type == Character.END_PUNCTUATION
                || type == Character.INITIAL_QUOTE_PUNCTUATION || type == Character.FINAL_QUOTE_PUNCTUATION
                || type == Character.OTHER_PUNCTUATION;
    }

    /** Ends the open token, if any, at the end of a text. The batch must have room for it. */
    public void finish() {
        end();
    }

    private boolean end() {
        if (openLength == 0) {
            return false;
        }
        emit(hash);
        hash = EMPTY;
        openLength = 0;
        return true;
    }

    private void emit(long h) {
        if (count == hashes.length) {
            hashes = Arrays.copyOf(hashes, count * 2);
            starts = Arrays.copyOf(starts, count * 2);
            if (keepText) {
                ends = Arrays.copyOf(ends, count * 2);
            }
        }
        hashes[count] = mix(h);
        starts[count] = openStart;
        if (keepText) {
            ends[count] = textLength;
        }
        count++;
    }

    /** Empties the batch; an open token stays open. */
    public void clear() {
        if (keepText) {
            int open = openLength > 0 ? textLength - (count == 0 ? 0 : ends[count - 1]) : 0;
            System.arraycopy(text, textLength - open, text, 0, open);
            textLength = open;
        }
        count = 0;
    }

    /** Empties the batch and drops any open token: a new text begins. */
    public void reset() {
        textBegins = true;
        count = 0;
        textLength = 0;
        openLength = 0;
        hash = EMPTY;
    }

    /** Source offset where the open token began, or −1 when none is open. */
    long openStart() {
        return openLength > 0 ? openStart : -1;
    }

    /** Normalised bytes of token {@code k} of the batch start at {@code tokenStart(k)} in {@link #text}. */
    int tokenStart(int k) {
        return k == 0 ? 0 : ends[k - 1];
    }

    private void appendText(byte c) {
        if (textLength == text.length) {
            text = Arrays.copyOf(text, textLength * 2);
        }
        text[textLength++] = c;
    }

    private void append(byte c) {
        if (keepText) {
            appendText(c);
        }
        hash += (c & 0xFF) * POS[openLength & 255];
        openLength++;
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

    /** The hash of a token's normalised bytes, as {@link #feed} computes it. */
    static long hash(byte[] b, int len) {
        long h = EMPTY;
        for (int i = 0; i < len; i++) {
            h += (b[i] & 0xFF) * POS[i & 255];
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

    /** All tokens of {@code b[from, to)} as one text, with their bytes, in a growing batch. */
    static Tokenizer all(byte[] b, int from, int to, Normalization n) {
        Tokenizer t = new Tokenizer(n, true, 0);
        t.feed(b, from, to, 0, false);
        t.finish();
        return t;
    }

    /** The normalised tokens of a string, for the benchmark side and for tests. */
    public static List<String> tokens(String text, Normalization n) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        Tokenizer t = all(bytes, 0, bytes.length, n);
        List<String> out = new ArrayList<>(t.count);
        for (int k = 0; k < t.count; k++) {
            out.add(new String(t.text, t.tokenStart(k), t.ends[k] - t.tokenStart(k), StandardCharsets.UTF_8));
        }
        return out;
    }
}
