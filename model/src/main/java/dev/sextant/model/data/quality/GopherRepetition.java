package dev.sextant.model.data.quality;

import dev.sextant.model.data.quality.QualityParam.Kind;
import java.util.ArrayList;
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
    public Removal judge(Text doc, QualitySettings s) {
        String text = doc.text();
        int length = PyText.len(text);
        List<String> paragraphs = PyText.reSplit(PARAGRAPHS, PyText.strip(text));
        long[] dup = duplicates(paragraphs);
        Removal r = over("dup_para_frac", GopherQuality.ratio(dup[0], paragraphs.size()), s);
        if (r == null) {
            r = over("dup_para_char_frac", GopherQuality.ratio(dup[1], length), s);
        }
        if (r != null) {
            return r;
        }
        List<String> lines = PyText.reSplit(LINES, text);
        dup = duplicates(lines);
        r = over("dup_line_frac", GopherQuality.ratio(dup[0], lines.size()), s);
        if (r == null) {
            r = over("dup_line_char_frac", GopherQuality.ratio(dup[1], length), s);
        }
        if (r != null) {
            return r;
        }
        List<String> words = doc.words();
        for (int n = 2; n <= 4; n++) {
            if (words.size() < n) {
                continue; // no n-grams: datatrove skips the rule
            }
            r = over("top_" + n + "_gram", GopherQuality.ratio(topNgramCharacters(words, n), length), s);
            if (r != null) {
                return r;
            }
        }
        for (int n = 5; n <= 10; n++) {
            r = over("dup_" + n + "_gram", GopherQuality.ratio(repeatedNgramCharacters(words, n), length), s);
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

    private static Removal over(String param, double value, QualitySettings s) {
        double threshold = s.get(NAME, param);
        return GopherQuality.active(threshold) && value > threshold
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
        Map<String, int[]> counts = new HashMap<>();
        String top = null;
        int topCount = 0;
        int topFirst = Integer.MAX_VALUE;
        for (int i = 0; i + n <= words.size(); i++) {
            String gram = String.join(" ", words.subList(i, i + n));
            int[] c = counts.computeIfAbsent(gram, g -> new int[] {0, 0});
            if (c[0] == 0) {
                c[1] = counts.size(); // order of first sight
            }
            c[0]++;
            if (c[0] > topCount || c[0] == topCount && c[1] < topFirst) {
                top = gram;
                topCount = c[0];
                topFirst = c[1];
            }
        }
        return top == null ? 0 : (long) PyText.len(top) * topCount;
    }

    /** Characters of n-grams seen before (words joined with nothing), jumping n words past each (datatrove). */
    static long repeatedNgramCharacters(List<String> words, int n) {
        Set<String> unique = new HashSet<>();
        long repeated = 0;
        int i = 0;
        while (i < words.size() - n + 1) {
            String gram = String.join("", words.subList(i, i + n));
            if (unique.contains(gram)) {
                repeated += PyText.len(gram);
                i += n;
            } else {
                unique.add(gram);
                i++;
            }
        }
        return repeated;
    }
}
