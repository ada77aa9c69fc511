package dev.sextant.model.contamination;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Where a document contains benchmark n-grams: each confirmed occurrence with its byte span in the document's text, as
 * decontamination needs to drop or mask it. The same tokens, rolling hash and token-by-token confirmation as a scan
 * ({@link ScanWorker}); a document is first hashed only, and tokenized again with its bytes only when one of its
 * n-gram hashes is in the index, which most documents never are.
 *
 * <p>Not thread-safe: one matcher per thread.
 */
public final class NgramMatcher {

    /**
     * One occurrence of an item's n-gram.
     *
     * @param item     the item's index in {@link NgramIndex#items()}
     * @param position the n-gram's first token in the item
     * @param from     the byte in the text where its first token begins
     * @param to       the byte after its last token (trailing spaces and line breaks excluded)
     */
    public record Match(int item, int position, int from, int to) {}

    private final NgramIndex index;
    private final Normalization normalization;
    private final Tokenizer hashing;
    private long[] hashes = new long[1024];
    private final int[] count = new int[1];

    public NgramMatcher(NgramIndex index, Normalization normalization) {
        this.index = index;
        this.normalization = normalization;
        this.hashing = new Tokenizer(normalization, false, 4096);
    }

    /** Every confirmed occurrence of an indexed n-gram in {@code text[0, length)}, in text order. */
    public List<Match> find(byte[] text, int length) {
        if (!mayMatch(text, length)) {
            return List.of();
        }
        int n = index.n();
        long basePowN = index.basePowN();
        Tokenizer t = Tokenizer.all(text, 0, length, normalization);
        List<Match> out = new ArrayList<>();
        long roll = 0;
        for (int k = 0; k < t.count; k++) {
            roll = roll * NgramIndex.BASE + t.hashes[k] - (k >= n ? t.hashes[k - n] * basePowN : 0);
            if (k < n - 1) {
                continue;
            }
            int first = k - n + 1;
            for (int p = index.head(roll); p >= 0; p = index.nextPosting(p)) {
                int item = index.postingItem(p);
                int pos = index.postingPosition(p);
                if (confirm(t, first, item, pos)) {
                    out.add(new Match(item, pos, (int) t.starts[first], end(text, length, t, k)));
                }
            }
        }
        return out;
    }

    /**
     * Whether any n-gram's hash is in the index (the Bloom filter first, then the table): the hashing pass alone. The
     * filter alone would send most documents on to the second pass — at 8–16 bits an n-gram it passes a fraction of a
     * percent of them, and a document has hundreds.
     */
    private boolean mayMatch(byte[] text, int length) {
        hashes = hashing.tokenHashes(text, 0, length, hashes, count);
        int n = index.n();
        long basePowN = index.basePowN();
        long roll = 0;
        int c = count[0];
        for (int k = 0; k < c; k++) {
            roll = roll * NgramIndex.BASE + hashes[k] - (k >= n ? hashes[k - n] * basePowN : 0);
            if (k >= n - 1 && index.mayContain(roll) && index.headOfTable(roll) >= 0) {
                return true;
            }
        }
        return false;
    }

    private boolean confirm(Tokenizer t, int first, int item, int pos) {
        for (int j = 0; j < index.n(); j++) {
            int from = t.tokenStart(first + j);
            if (!index.tokenEquals(item, pos + j, t.text, from, t.ends[first + j] - from)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The end of token {@code k} in the text: where the next token's span starts, less the spaces and punctuation
     * before it (which the tokenizer counts into the token's span but not its text).
     */
    private int end(byte[] text, int length, Tokenizer t, int k) {
        int start = (int) t.starts[k];
        int e = k + 1 < t.count ? (int) t.starts[k + 1] : length;
        while (e > start) {
            int b = text[e - 1] & 0xFF;
            if (b < 0x80) {
                if (b <= 0x20 || normalization.stripPunctuation() && !Character.isLetterOrDigit(b)) {
                    e--;
                    continue;
                }
                break;
            }
            int cs = e - 1;
            while (cs > start && (text[cs] & 0xC0) == 0x80) {
                cs--; // back to the sequence's lead byte
            }
            int cp = new String(text, cs, e - cs, StandardCharsets.UTF_8).codePointAt(0);
            if (Character.isWhitespace(cp)
                    || Character.isSpaceChar(cp)
                    || normalization.stripPunctuation() && Tokenizer.isPunctuation(Character.getType(cp))) {
                e = cs;
                continue;
            }
            break;
        }
        return e;
    }
}
