package dev.sextant.model.data.quality;

import dev.sextant.model.data.quality.QualityParam.Kind;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Gopher's repetition rules (Rae et al. 2021, arXiv 2112.11446, App. A.1.1 "Repetitive text" and Table A1), as
 * datatrove's {@code GopherRepetitionFilter} measures them (a649de79): duplicated paragraphs ({@code \n\n+} apart) and
 * lines ({@code \n+} apart), counting the second and later copies only, by number and by characters over the whole
 * text; the most frequent 2-, 3- and 4-gram of words (joined by spaces; on a tie the first seen), its characters times
 * its count over the text; and for 5- to 10-grams the characters of n-grams met again (words joined with nothing), the
 * scan jumping past each repeat. Rules in that order.
 */
final class GopherRepetition implements QualityFamily {

    static final String NAME = "gopher-repetition";

    private static final Pattern PARAGRAPHS = Pattern.compile("\n{2,}");
    private static final Pattern LINES = Pattern.compile("\n+");

    /** Table A1's thresholds, the top n-grams' and the duplicated n-grams'. */
    private static final double[] TOP = {0.20, 0.18, 0.16};

    private static final double[] DUPLICATED = {0.15, 0.14, 0.13, 0.12, 0.11, 0.10};

    private static final List<QualityParam> PARAMS = buildParams();

    private static List<QualityParam> buildParams() {
        List<QualityParam> p = new ArrayList<>(List.of(
                new QualityParam(NAME, "dup_para_frac", Kind.RATIO, 0.3, 0.3, "most repeated paragraphs, as a share"),
                new QualityParam(
                        NAME, "dup_para_char_frac", Kind.RATIO, 0.2, 0.2, "most characters in repeated paragraphs"),
                new QualityParam(NAME, "dup_line_frac", Kind.RATIO, 0.3, 0.3, "most repeated lines, as a share"),
                new QualityParam(
                        NAME, "dup_line_char_frac", Kind.RATIO, 0.2, 0.2, "most characters in repeated lines")));
        for (int n = 2; n <= 4; n++) {
            p.add(new QualityParam(
                    NAME,
                    "top_" + n + "_gram",
                    Kind.RATIO,
                    TOP[n - 2],
                    TOP[n - 2],
                    "most characters in the commonest " + n + "-gram"));
        }
        for (int n = 5; n <= 10; n++) {
            p.add(new QualityParam(
                    NAME,
                    "dup_" + n + "_gram",
                    Kind.RATIO,
                    DUPLICATED[n - 5],
                    DUPLICATED[n - 5],
                    "most characters in repeated " + n + "-grams"));
        }
        return List.copyOf(p);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<QualityParam> params() {
        return PARAMS;
    }

    @Override
    public boolean active(double threshold) {
        return GopherQuality.checks(threshold);
    }

    @Override
    public Removal judge(Text doc, QualitySettings s, Probe probe) {
        String text = doc.text();
        int length = PyText.len(text);
        List<String> paragraphs = PyText.reSplit(PARAGRAPHS, PyText.strip(text));
        long[] dup = duplicates(paragraphs);
        Removal r = over("dup_para_frac", probe, GopherQuality.ratio(dup[0], paragraphs.size()), s);
        if (r == null) {
            r = over("dup_para_char_frac", probe, GopherQuality.ratio(dup[1], length), s);
        }
        if (r != null) {
            return r;
        }
        List<String> lines = PyText.reSplit(LINES, text);
        dup = duplicates(lines);
        r = over("dup_line_frac", probe, GopherQuality.ratio(dup[0], lines.size()), s);
        if (r == null) {
            r = over("dup_line_char_frac", probe, GopherQuality.ratio(dup[1], length), s);
        }
        if (r != null) {
            return r;
        }
        List<String> words = doc.words();
        Ngrams grams = new Ngrams(words);
        for (int n = 2; n <= 4; n++) {
            if (words.size() < n) {
                continue; // no n-grams: datatrove skips the rule
            }
            r = over("top_" + n + "_gram", probe, GopherQuality.ratio(grams.top(n), length), s);
            if (r != null) {
                return r;
            }
        }
        for (int n = 5; n <= 10; n++) {
            r = over("dup_" + n + "_gram", probe, GopherQuality.ratio(grams.repeated(n), length), s);
            if (r != null) {
                return r;
            }
        }
        return null;
    }

    /** datatrove's rule name for a parameter: {@code dup_5_gram} removes as {@code duplicated_5_n_grams}. */
    private static String rule(String param) {
        return param.startsWith("dup_") && param.endsWith("_gram")
                ? "duplicated_" + param.substring(4, param.length() - 5) + "_n_grams"
                : param;
    }

    private static Removal over(String param, Probe probe, double value, QualitySettings s) {
        double threshold = s.get(NAME, param);
        return GopherQuality.checks(threshold)
                        && probe.removes(NAME, rule(param), param, value, false, value > threshold)
                ? new Removal(NAME, rule(param), value, threshold)
                : null;
    }

    /** Copies after the first, and their characters (datatrove's {@code find_duplicates}). */
    static long[] duplicates(List<String> pieces) {
        Set<String> seen = new HashSet<>();
        long elements = 0;
        long chars = 0;
        for (String p : pieces) {
            if (!seen.add(p)) {
                elements++;
                chars += PyText.len(p);
            }
        }
        return new long[] {elements, chars};
    }

    /** The commonest n-gram's characters (words joined by spaces) times its count; ties go to the first seen. */
    static long topNgramCharacters(List<String> words, int n) {
        return new Ngrams(words).top(n);
    }

    /** Characters of n-grams seen before (words joined with nothing), jumping n words past each (datatrove). */
    static long repeatedNgramCharacters(List<String> words, int n) {
        return new Ngrams(words).repeated(n);
    }

    /**
     * A document's words prepared for its n-gram measures without building each n-gram's string: words joined with
     * nothing are substrings of the words' concatenation, compared by a polynomial hash of it and then character by
     * character; words joined by spaces are equal exactly when their words are (no word holds a space), compared by
     * word numbers.
     */
    static final class Ngrams {
        private static final long BASE = 0x9E3779B97F4A7C15L;

        private final int m;
        private final char[] joined; // the words with nothing between
        private final int[] at; // where word i starts in joined; at[m] = its length
        private final int[] cp; // code points before word i
        private final int[] id; // word i's number (equal words, equal numbers)
        private final long[] prefix; // polynomial hash of joined[0, k)
        private final long[] pow;

        Ngrams(List<String> words) {
            m = words.size();
            at = new int[m + 1];
            cp = new int[m + 1];
            id = new int[m];
            Map<String, Integer> ids = new HashMap<>();
            for (int i = 0; i < m; i++) {
                String w = words.get(i);
                at[i + 1] = at[i] + w.length();
                cp[i + 1] = cp[i] + PyText.len(w);
                Integer known = ids.get(w);
                if (known == null) {
                    known = ids.size();
                    ids.put(w, known);
                }
                id[i] = known;
            }
            joined = new char[at[m]];
            for (int i = 0; i < m; i++) {
                words.get(i).getChars(0, words.get(i).length(), joined, at[i]);
            }
            prefix = new long[joined.length + 1];
            pow = new long[joined.length + 1];
            pow[0] = 1;
            for (int k = 0; k < joined.length; k++) {
                prefix[k + 1] = prefix[k] * BASE + joined[k];
                pow[k + 1] = pow[k] * BASE;
            }
        }

        /** Hash of words i to i + n − 1 joined with nothing. */
        private long joinedHash(int i, int n) {
            int from = at[i];
            int to = at[i + n];
            return prefix[to] - prefix[from] * pow[to - from];
        }

        private boolean sameJoined(int i, int j, int n) {
            int len = at[i + n] - at[i];
            return at[j + n] - at[j] == len && Arrays.equals(joined, at[i], at[i + n], joined, at[j], at[j + n]);
        }

        /** Hash of words i to i + n − 1 as word numbers. */
        private long runHash(int i, int n) {
            long h = 1;
            for (int k = 0; k < n; k++) {
                h = h * BASE + id[i + k];
            }
            return h;
        }

        private boolean sameRun(int i, int j, int n) {
            return Arrays.equals(id, i, i + n, id, j, j + n);
        }

        /** An open-addressing table of n-gram starts (word numbers + 1; 0 is empty) with their hashes. */
        private static final class Table {
            final int[] start;
            final long[] hash;
            final int[] count;
            final int mask;

            Table(int expected) {
                int cap = Integer.highestOneBit(Math.max(8, expected) * 2 - 1) << 1;
                start = new int[cap];
                hash = new long[cap];
                count = new int[cap];
                mask = cap - 1;
            }

            static int slot(long h, int mask) {
                return (int) (h ^ (h >>> 29) ^ (h >>> 47)) & mask;
            }
        }

        /** Characters of n-grams seen before (joined with nothing), jumping n words past each. */
        long repeated(int n) {
            Table t = new Table(Math.max(1, m - n + 1));
            long repeated = 0;
            int i = 0;
            while (i < m - n + 1) {
                long h = joinedHash(i, n);
                int s = Table.slot(h, t.mask);
                boolean seen = false;
                while (t.start[s] != 0) {
                    if (t.hash[s] == h && sameJoined(t.start[s] - 1, i, n)) {
                        seen = true;
                        break;
                    }
                    s = (s + 1) & t.mask;
                }
                if (seen) {
                    repeated += cp[i + n] - cp[i];
                    i += n;
                } else {
                    t.start[s] = i + 1;
                    t.hash[s] = h;
                    i++;
                }
            }
            return repeated;
        }

        /** The commonest n-gram's characters (joined by spaces) times its count; ties go to the first seen. */
        long top(int n) {
            Table t = new Table(Math.max(1, m - n + 1));
            int top = -1;
            int topCount = 0;
            for (int i = 0; i + n <= m; i++) {
                long h = runHash(i, n);
                int s = Table.slot(h, t.mask);
                while (t.start[s] != 0 && !(t.hash[s] == h && sameRun(t.start[s] - 1, i, n))) {
                    s = (s + 1) & t.mask;
                }
                if (t.start[s] == 0) {
                    t.start[s] = i + 1;
                    t.hash[s] = h;
                }
                int c = ++t.count[s];
                int first = t.start[s] - 1; // first sight: equal runs first seen earlier start earlier
                if (c > topCount || c == topCount && first < top) {
                    top = first;
                    topCount = c;
                }
            }
            // the joined n-gram's characters: its words' and the n − 1 spaces between them
            return top < 0 ? 0 : (long) (cp[top + n] - cp[top] + n - 1) * topCount;
        }
    }
}
