package dev.sextant.model.data;

import dev.sextant.model.contamination.Normalization;
import dev.sextant.model.contamination.Tokenizer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The words two documents share as word n-grams — the shingles deduplication compares — as character ranges of one of
 * them, to highlight the text a near duplicate has in common with the document kept. Words are split at whitespace and
 * compared normalised as the scanner normalises them.
 */
public final class SharedText {

    private SharedText() {}

    /** A word of a text: where it is, and its normalised form (empty when it normalises to nothing). */
    private record Word(int from, int to, String key) {}

    /**
     * Character ranges {@code [from, to)} of {@code text}, merged, covering every word that lies in an n-gram also in
     * {@code other}.
     */
    public static List<int[]> marks(String text, String other, int n) {
        List<Word> a = words(text);
        List<Word> b = words(other);
        Set<String> theirs = new HashSet<>();
        for (int i = 0; i + n <= b.size(); i++) {
            theirs.add(key(b, i, n));
        }
        boolean[] shared = new boolean[a.size()];
        for (int i = 0; i + n <= a.size(); i++) {
            if (theirs.contains(key(a, i, n))) {
                for (int k = i; k < i + n; k++) {
                    shared[k] = true;
                }
            }
        }
        List<int[]> out = new ArrayList<>();
        for (int i = 0; i < a.size(); i++) {
            if (!shared[i]) {
                continue;
            }
            int from = a.get(i).from();
            int to = a.get(i).to();
            if (!out.isEmpty() && i > 0 && shared[i - 1]) {
                out.get(out.size() - 1)[1] = to; // one range over a run of shared words and the spaces between
            } else {
                out.add(new int[] {from, to});
            }
        }
        return out;
    }

    private static String key(List<Word> w, int i, int n) {
        StringBuilder sb = new StringBuilder();
        for (int k = i; k < i + n; k++) {
            sb.append(w.get(k).key()).append(' ');
        }
        return sb.toString();
    }

    /** The words with a normalised form, in order. */
    private static List<Word> words(String s) {
        List<Word> out = new ArrayList<>();
        int i = 0;
        while (i < s.length()) {
            while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
                i++;
            }
            int from = i;
            while (i < s.length() && !Character.isWhitespace(s.charAt(i))) {
                i++;
            }
            if (i > from) {
                String key = String.join("", Tokenizer.tokens(s.substring(from, i), Normalization.defaults()));
                if (!key.isEmpty()) {
                    out.add(new Word(from, i, key));
                }
            }
        }
        return out;
    }
}
