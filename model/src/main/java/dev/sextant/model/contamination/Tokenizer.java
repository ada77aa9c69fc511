package dev.sextant.model.contamination;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
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
     * A token's hash: its normalised bytes packed little-endian into 8-byte chunks, Σ chunk_k · POS[k mod 256] (random
     * odd 64-bit constants), finished with the SplitMix64 mixer. Packing bytes needs only shifts, and a token of up
     * to eight ASCII letters hashes from one masked 8-byte load (see {@link #feedHashing}).
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

    /** Eight bytes of an array as one little-endian long. */
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private static final long ONES = 0x0101010101010101L;
    private static final long HIGHS = 0x8080808080808080L;
    private static final long LOWER = 0x2020202020202020L;

    /** Table entries: a positive value is a byte kept (already lowercased); the others say what the byte does. */
    private static final int DELETE = 0;

    private static final int SPLIT = -1;
    private static final int MULTIBYTE = -2;

    private final boolean lowercase;
    private final boolean strip;
    private final boolean keepText;
    private final int[] table;

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

    /**
     * Corpus side: bytes that were not part of well-formed UTF-8 (each is read as a boundary between tokens, never
     * an error), counted only at source offsets in {@code [invalidFrom, invalidBefore)} so
     * that neighbouring units of one file, which read a little of each other's range, do not count a byte twice.
     */
    long invalidBytes;

    private long invalidFrom = Long.MIN_VALUE;
    private long invalidBefore = Long.MAX_VALUE;

    private final boolean growing;
    private long hash = EMPTY; // Σ chunk_k · POS[k] over the open token's complete chunks
    private long acc; // the open token's bytes since its last complete chunk, packed little-endian
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
        this.table = TABLES[(lowercase ? 1 : 0) | (strip ? 2 : 0)];
    }

    /** The byte tables of the four normalisations, indexed by lowercase (1) | strip (2): shared, never written. */
    private static final int[][] TABLES = new int[4][];

    static {
        for (int k = 0; k < 4; k++) {
            int[] t = new int[256];
            for (int b = 0; b < 256; b++) {
                t[b] = b >= 128 ? MULTIBYTE : asciiEntry(b, (k & 1) != 0, (k & 2) != 0);
            }
            TABLES[k] = t;
        }
    }

    private static int asciiEntry(int c, boolean lowercase, boolean strip) {
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

    /**
     * High bit of each byte of {@code x} (all bytes below 0x80) that lies in {@code [lo, hi]}: adding 0x80 − lo sets a
     * byte's high bit when it is at least lo, adding 0x7F − hi when it is above hi; no byte carries into the next.
     */
    private static long inRange(long x, int lo, int hi) {
        return (x + (0x80 - lo) * ONES) & ~(x + (0x7F - hi) * ONES) & HIGHS;
    }

    /** The high bit of each byte of {@code v} (a value with no other bits) as one bit each, byte k at bit k. */
    private static long byteMask(long v) {
        return ((v >>> 7) * 0x0102040810204080L) >>> 56;
    }

    /** Bytes [0, m) of a word, 1 ≤ m ≤ 8. */
    private static long firstBytes(long w, int m) {
        return w & (-1L >>> (64 - (m << 3)));
    }

    /** The hash sum (before {@link #mix}) of the ASCII letters and digits at the bits of {@code kept}, lowercased. */
    private static long keptHash(byte[] b, int block, long kept) {
        long sum = EMPTY;
        long chunk = 0;
        int l = 0;
        for (long bits = kept; bits != 0; bits &= bits - 1, l++) {
            chunk |= (long) ((b[block + Long.numberOfTrailingZeros(bits)] | 0x20) & 0xFF) << ((l & 7) << 3);
            if ((l & 7) == 7) {
                sum += chunk * POS[(l >>> 3) & 255];
                chunk = 0;
            }
        }
        if ((l & 7) != 0) {
            sum += chunk * POS[(l >>> 3) & 255];
        }
        return sum;
    }

    /**
     * The corpus side: hashes and start offsets only, state in locals. Between tokens, with the default normalisation,
     * it reads 64 bytes at a time: three masks, one bit a byte (letters and digits, whitespace, non-ASCII), found with
     * word-wide arithmetic on eight 8-byte loads, give each token's run of bytes with a few bit operations, and the runs
     * inside the block that are all ASCII are cut and hashed there: a run whose letters and digits lie together and
     * number up to sixteen from one or two 8-byte loads, any other from its kept bits. Runs with non-ASCII bytes, and
     * what is left at the end of the input, go byte by byte.
     */
    private int feedHashing(byte[] b, int from, int to, long base, boolean more) {
        final int[] table = this.table;
        final long[] pos = POS;
        final long[] hs = hashes;
        final long[] st = starts;
        final int capacity = hs.length; // a hashing tokenizer never grows (see the constructor)
        final boolean swar = lowercase && strip; // the block path knows the default normalisation only
        int n = count;
        long h = hash;
        long ac = acc;
        int len = openLength;
        long start = openStart;
        int i = from;
        int block = -64; // where the block of the masks begins (none yet: i only grows, so i − block ≥ 64 says stale)
        long keepBits = 0;
        long splitBits = 0;
        long wideBits = 0;
        int byteByByteTo = -1; // a run with non-ASCII bytes goes byte by byte through the boundary that ends it
        outer:
        while (i < to) {
            if (len == 0 && swar && i > byteByByteTo) {
                while (true) {
                    if (i - block >= 64) {
                        if (i + 64 > to) {
                            break; // the end of the input: byte by byte
                        }
                        block = i;
                        keepBits = 0;
                        splitBits = 0;
                        wideBits = 0;
                        for (int q = 0; q < 8; q++) {
                            long w = (long) LONGS.get(b, i + (q << 3));
                            long wide = w & HIGHS;
                            long x = w & ~HIGHS;
                            long keep = inRange(x | LOWER, 'a', 'z') | inRange(x, '0', '9');
                            // at most 0x20, or 0x7F
                            long split = ~(x + 0x5F * ONES) & HIGHS | (x + ONES) & HIGHS;
                            keepBits |= byteMask(keep & ~wide) << (q << 3);
                            splitBits |= byteMask(split & ~wide) << (q << 3);
                            wideBits |= byteMask(wide) << (q << 3);
                        }
                    }
                    int p = i - block; // where the run being cut begins in the block
                    // the boundaries still ahead, taken one by one: the loop carries them alone, so the next run is
                    // found without waiting for this one
                    long ahead = splitBits & (-1L << p);
                    if (ahead == 0 && p == 0) {
                        byteByByteTo = block + 63; // a run of over 64 bytes: byte by byte
                        break;
                    }
                    boolean wideRun = false;
                    for (; ahead != 0; ahead &= ahead - 1) {
                        int e = Long.numberOfTrailingZeros(ahead); // the run is [p, e)
                        long run = (-1L << p) & ~(-1L << e);
                        if ((wideBits & run) != 0) {
                            byteByByteTo = block + e;
                            wideRun = true;
                            break;
                        }
                        long kept = keepBits & run;
                        if (kept != 0) {
                            int a = Long.numberOfTrailingZeros(kept);
                            long together = kept >>> a;
                            int m = Long.bitCount(kept);
                            int at = block + a;
                            long sum;
                            if ((together & (together + 1)) == 0 && m <= 16 && at + 16 <= to) {
                                long first = (long) LONGS.get(b, at) | LOWER; // letters and digits: | 0x20 lowercases
                                if (m <= 8) {
                                    sum = firstBytes(first, m) * pos[0];
                                } else {
                                    long second = (long) LONGS.get(b, at + 8) | LOWER;
                                    sum = first * pos[0] + firstBytes(second, m - 8) * pos[1];
                                }
                            } else {
                                sum = keptHash(b, block, kept);
                            }
                            hs[n] = mix(sum);
                            st[n] = start;
                            n++;
                        }
                        p = e + 1;
                        start = base + block + p;
                        if (n == capacity) {
                            i = block + p;
                            break outer;
                        }
                    }
                    i = block + p;
                    if (wideRun) {
                        break;
                    }
                    block = -64; // the run goes on past the block: the next block begins with it
                }
                if (i >= to) {
                    break;
                }
            }
            int c = table[b[i] & 0xFF];
            if (c > 0) {
                ac |= (long) c << ((len & 7) << 3);
                if ((len & 7) == 7) {
                    h += ac * pos[(len >>> 3) & 255];
                    ac = 0;
                }
                len++;
                i++;
            } else if (c == SPLIT) {
                i++;
                long next = base + i; // a token starts after the last boundary before it
                if (len > 0) {
                    if ((len & 7) != 0) {
                        h += ac * pos[(len >>> 3) & 255];
                    }
                    hs[n] = mix(h);
                    st[n] = start;
                    n++;
                    h = EMPTY;
                    ac = 0;
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
                // F5..FF, C0, C1: never valid
                int need = lead >= 0xF5 ? -1 : lead >= 0xF0 ? 3 : lead >= 0xE0 ? 2 : lead >= 0xC2 ? 1 : -1;
                if (need > 0 && i + need >= to && more) {
                    break; // cut off: read it again with what follows
                }
                int cp = need < 0 || i + need >= to ? -1 : codePoint(b, i, need, lead);
                if (cp < 0 && base + i >= invalidFrom && base + i < invalidBefore) {
                    invalidBytes++;
                }
                i += cp < 0 ? 1 : need + 1;
                count = n;
                hash = h;
                acc = ac;
                openLength = len;
                openStart = start;
                boolean split = boundary(cp);
                boolean emitted = split && end();
                n = count;
                h = hash;
                ac = acc;
                len = openLength;
                start = split ? base + i : openStart;
                if (emitted && n == capacity) {
                    break;
                }
            }
        }
        count = n;
        hash = h;
        acc = ac;
        openLength = len;
        openStart = start;
        return i;
    }

    /** The benchmark side and the replay of hits: also keeps each token's normalised bytes. */
    private int feedKeeping(byte[] b, int from, int to, long base, boolean more) {
        final int[] table = this.table;
        final int capacity = growing ? Integer.MAX_VALUE : hashes.length;
        long h = hash;
        long ac = acc;
        int len = openLength;
        int i = from;
        while (i < to) {
            int c = table[b[i] & 0xFF];
            if (c > 0) {
                // the common case: a run of ASCII letters and digits
                do {
                    ac |= (long) c << ((len & 7) << 3);
                    if ((len & 7) == 7) {
                        h += ac * POS[(len >>> 3) & 255];
                        ac = 0;
                    }
                    len++;
                    appendText((byte) c);
                } while (++i < to && (c = table[b[i] & 0xFF]) > 0);
            } else if (c == SPLIT) {
                i++;
                if (len > 0) {
                    hash = h;
                    acc = ac;
                    openLength = len;
                    emit();
                    h = EMPTY;
                    ac = 0;
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
                // F5..FF, C0, C1: never valid
                int need = lead >= 0xF5 ? -1 : lead >= 0xF0 ? 3 : lead >= 0xE0 ? 2 : lead >= 0xC2 ? 1 : -1;
                if (need > 0 && i + need >= to && more) {
                    break; // cut off: read it again with what follows
                }
                int cp = need < 0 || i + need >= to ? -1 : codePoint(b, i, need, lead);
                i += cp < 0 ? 1 : need + 1;
                hash = h;
                acc = ac;
                openLength = len;
                boolean split = boundary(cp);
                boolean emitted = split && end();
                h = hash;
                ac = acc;
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
        acc = ac;
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
        return cp > 0x10FFFF ? -1 : cp;
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
        return type == Character.CONNECTOR_PUNCTUATION
                || type == Character.DASH_PUNCTUATION
                || type == Character.START_PUNCTUATION
                || type == Character.END_PUNCTUATION
                || type == Character.INITIAL_QUOTE_PUNCTUATION
                || type == Character.FINAL_QUOTE_PUNCTUATION
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
        emit();
        hash = EMPTY;
        acc = 0;
        openLength = 0;
        return true;
    }

    /** Adds the open token (its state in the fields) to the batch. */
    private void emit() {
        long h = hash;
        if ((openLength & 7) != 0) {
            h += acc * POS[(openLength >>> 3) & 255];
        }
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

    /**
     * The hashes of a whole text's normalised tokens, in order (deduplication shingles them): the same tokens and hashes
     * a scan sees. {@code into} is reused when large enough; the count is written to {@code count[0]}.
     */
    public long[] tokenHashes(byte[] b, int from, int to, long[] into, int[] count) {
        reset();
        long[] out = into == null || into.length == 0 ? new long[256] : into;
        int n = 0;
        int pos = from;
        while (true) {
            if (pos < to) {
                pos = feed(b, pos, to, 0, false);
            } else {
                finish();
            }
            if (n + this.count > out.length) {
                out = Arrays.copyOf(out, Math.max(out.length * 2, n + this.count));
            }
            System.arraycopy(hashes, 0, out, n, this.count);
            n += this.count;
            clear();
            if (pos >= to && openLength == 0) {
                break;
            }
        }
        count[0] = n;
        return out;
    }

    /** Empties the batch and drops any open token: a new text begins. */
    public void reset() {
        textBegins = true;
        count = 0;
        textLength = 0;
        openLength = 0;
        hash = EMPTY;
        acc = 0;
    }

    /** Counts invalid bytes only at source offsets in {@code [from, before)} from now on. */
    void countInvalidIn(long from, long before) {
        invalidFrom = from;
        invalidBefore = before;
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
        acc |= (long) (c & 0xFF) << ((openLength & 7) << 3);
        if ((openLength & 7) == 7) {
            hash += acc * POS[(openLength >>> 3) & 255];
            acc = 0;
        }
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
        long chunk = 0;
        for (int i = 0; i < len; i++) {
            chunk |= (long) (b[i] & 0xFF) << ((i & 7) << 3);
            if ((i & 7) == 7) {
                h += chunk * POS[(i >>> 3) & 255];
                chunk = 0;
            }
        }
        if ((len & 7) != 0) {
            h += chunk * POS[(len >>> 3) & 255];
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
