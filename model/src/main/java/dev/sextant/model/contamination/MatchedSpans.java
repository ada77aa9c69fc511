package dev.sextant.model.contamination;

import dev.sextant.model.contamination.ScanResult.Span;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * Maps an item's matched tokens back to its original text. Run once per item with a match, after the scan: the
 * corpus loop records only which n-gram starts matched.
 */
public final class MatchedSpans {

    private MatchedSpans() {}

    /**
     * The matched regions of an item: runs of tokens inside a matched n-gram (the union of the matched windows
     * {@code [start, start + n)}), each with the characters of the original text it covers.
     *
     * @param starts the item's matched n-gram starts (token indices)
     */
    public static List<Span> of(String text, Normalization normalization, BitSet starts, int n) {
        int[][] extents = tokenExtents(text, normalization);
        int tokens = extents.length;
        BitSet covered = new BitSet(tokens);
        for (int p = starts.nextSetBit(0); p >= 0 && p < tokens; p = starts.nextSetBit(p + 1)) {
            covered.set(p, Math.min(tokens, p + n));
        }
        List<Span> out = new ArrayList<>();
        for (int p = covered.nextSetBit(0); p >= 0; ) {
            int end = covered.nextClearBit(p);
            out.add(new Span(p, end, extents[p][0], extents[end - 1][1]));
            p = covered.nextSetBit(end);
        }
        return out;
    }

    /**
     * Where each normalised token of {@code text} lies in it: {@code [start, end)} in UTF-16 indices, from just after
     * the word break before the token (leading punctuation, deleted by normalisation, included) to the next word
     * break. The tokens are the {@link Tokenizer}'s, one for one.
     */
    public static int[][] tokenExtents(String text, Normalization normalization) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        Tokenizer t = Tokenizer.all(bytes, 0, bytes.length, normalization);
        int[] charAt = charIndexOfBytes(text, bytes.length);
        int[][] out = new int[t.count][];
        for (int k = 0; k < t.count; k++) {
            int start = charAt[(int) t.starts[k]];
            int end = start;
            while (end < text.length()) {
                int cp = text.codePointAt(end);
                if (isBreak(cp, normalization)) {
                    break;
                }
                end += Character.charCount(cp);
            }
            out[k] = new int[] {start, end};
        }
        return out;
    }

    /** For each byte offset of the string's UTF-8 form, the index of the char its code point starts at. */
    private static int[] charIndexOfBytes(String text, int byteLength) {
        int[] charAt = new int[byteLength + 1];
        int b = 0;
        for (int c = 0; c < text.length(); ) {
            int cp = text.codePointAt(c);
            // an unpaired surrogate is written as one '?' by String.getBytes
            int len = Character.isSurrogate((char) cp) && cp <= 0xFFFF
                    ? 1
                    : cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
            for (int i = 0; i < len && b < byteLength; i++) {
                charAt[b++] = c;
            }
            c += Character.charCount(cp);
        }
        charAt[byteLength] = text.length();
        return charAt;
    }

    /** Whether a code point breaks tokens, as the {@link Tokenizer} decides (its table and its non-ASCII rule). */
    static boolean isBreak(int cp, Normalization normalization) {
        if (cp < 0x80) {
            return cp <= 0x20 || cp == 0x7F;
        }
        if (Character.isSurrogate((char) cp) && cp <= 0xFFFF) {
            return false; // written as '?': punctuation
        }
        if (Character.isWhitespace(cp) || Character.isSpaceChar(cp)) {
            return true;
        }
        int type = Character.getType(cp);
        if (normalization.stripPunctuation() && Tokenizer.isPunctuation(type)) {
            return false;
        }
        return type == Character.CONTROL || type == Character.FORMAT && cp != 0x200D;
    }
}
