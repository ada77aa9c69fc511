package dev.sextant.model.data.quality;

import dev.sextant.model.data.quality.QualityParam.Kind;
import java.util.List;

/**
 * Gopher's quality rules (Rae et al. 2021, "Scaling Language Models: Methods, Analysis & Insights from Training
 * Gopher", arXiv 2112.11446, App. A.1.1 "Quality filtering"), as datatrove's {@code GopherQualityFilter} applies them
 * (a649de79): words are {@link Words}' tokens, punctuation runs among them; the word counts and mean length take only
 * tokens with a character outside datatrove's punctuation set, while the hash, ellipsis and alphabetic ratios divide by
 * every token; bullets are lines starting with {@code •} or {@code -}; the stop words are the paper's eight, counted
 * once each, case-sensitive. Rules in datatrove's order; a threshold of 0 or off skips its rule, as datatrove's falsy
 * arguments do.
 */
final class GopherQuality implements QualityFamily {

    static final String NAME = "gopher-quality";

    /** The paper's stop words (App. A.1.1): a document must hold at least two of them. */
    static final List<String> STOP_WORDS = List.of("the", "be", "to", "of", "and", "that", "have", "with");

    private static final List<QualityParam> PARAMS = List.of(
            new QualityParam(NAME, "min_doc_words", Kind.COUNT, 50, 50, "fewest words (not counting symbols)"),
            new QualityParam(NAME, "max_doc_words", Kind.COUNT, 100_000, 100_000, "most words"),
            new QualityParam(NAME, "min_avg_word_length", Kind.LENGTH, 3, 3, "shortest mean word length"),
            new QualityParam(NAME, "max_avg_word_length", Kind.LENGTH, 10, 10, "longest mean word length"),
            new QualityParam(
                    NAME, "max_symbol_word_ratio", Kind.RATIO, 0.1, 0.1, "most # or ellipses per word (each alone)"),
            new QualityParam(NAME, "max_bullet_lines_ratio", Kind.RATIO, 0.9, 0.9, "most lines starting with a bullet"),
            new QualityParam(
                    NAME, "max_ellipsis_lines_ratio", Kind.RATIO, 0.3, 0.3, "most lines ending with an ellipsis"),
            new QualityParam(
                    NAME,
                    "max_non_alpha_words_ratio",
                    Kind.RATIO,
                    0.8,
                    0.8,
                    "fewest words with a letter, as a share (datatrove's name; it is a minimum)"),
            new QualityParam(NAME, "min_stop_words", Kind.COUNT, 2, 2, "fewest distinct stop words"));

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
        return checks(threshold);
    }

    @Override
    public Removal judge(Text doc, QualitySettings s, Probe probe) {
        String text = doc.text();
        List<String> words = doc.words();
        int nWords = words.size();
        int nonSymbol = 0;
        long nonSymbolLength = 0;
        int alpha = 0;
        for (String w : words) {
            boolean word = false;
            boolean letter = false;
            for (int i = 0; i < w.length(); ) {
                int cp = w.codePointAt(i);
                word |= !DatatroveCharacters.PUNCTUATION.contains(cp);
                letter |= PyText.isAlpha(cp);
                i += Character.charCount(cp);
            }
            if (word) {
                nonSymbol++;
                nonSymbolLength += PyText.len(w);
            }
            if (letter) {
                alpha++;
            }
        }
        double min = s.get(NAME, "min_doc_words");
        if (checks(min) && probe.removes(NAME, "gopher_short_doc", "min_doc_words", nonSymbol, true, nonSymbol < min)) {
            return removal("gopher_short_doc", nonSymbol, min);
        }
        double max = s.get(NAME, "max_doc_words");
        if (checks(max) && probe.removes(NAME, "gopher_long_doc", "max_doc_words", nonSymbol, false, nonSymbol > max)) {
            return removal("gopher_long_doc", nonSymbol, max);
        }
        // numpy's mean of no lengths is NaN, which no comparison fails
        double mean = nonSymbol == 0 ? Double.NaN : (double) nonSymbolLength / nonSymbol;
        double minLength = s.get(NAME, "min_avg_word_length");
        if (checks(minLength)
                && probe.removes(
                        NAME, "gopher_below_avg_threshold", "min_avg_word_length", mean, true, mean < minLength)) {
            return removal("gopher_below_avg_threshold", mean, minLength);
        }
        double maxLength = s.get(NAME, "max_avg_word_length");
        if (checks(maxLength)
                && probe.removes(
                        NAME, "gopher_above_avg_threshold", "max_avg_word_length", mean, false, mean > maxLength)) {
            return removal("gopher_above_avg_threshold", mean, maxLength);
        }
        double symbols = s.get(NAME, "max_symbol_word_ratio");
        if (checks(symbols)) {
            double hashes = ratio(PyText.count(text, "#"), nWords);
            if (probe.removes(
                    NAME, "gopher_too_many_hashes", "max_symbol_word_ratio", hashes, false, hashes > symbols)) {
                return removal("gopher_too_many_hashes", hashes, symbols);
            }
            double ellipses = ratio(PyText.count(text, "...") + PyText.count(text, "…"), nWords);
            if (probe.removes(
                    NAME, "gopher_too_many_ellipsis", "max_symbol_word_ratio", ellipses, false, ellipses > symbols)) {
                return removal("gopher_too_many_ellipsis", ellipses, symbols);
            }
        }
        List<String> lines = PyText.splitLines(text);
        double bullets = s.get(NAME, "max_bullet_lines_ratio");
        if (checks(bullets)) {
            int n = 0;
            for (String line : lines) {
                String l = PyText.lstrip(line);
                n += l.startsWith("•") || l.startsWith("-") ? 1 : 0;
            }
            double r = ratio(n, lines.size());
            if (probe.removes(NAME, "gopher_too_many_bullets", "max_bullet_lines_ratio", r, false, r > bullets)) {
                return removal("gopher_too_many_bullets", r, bullets);
            }
        }
        double ellipsisLines = s.get(NAME, "max_ellipsis_lines_ratio");
        if (checks(ellipsisLines)) {
            int n = 0;
            for (String line : lines) {
                String l = PyText.rstrip(line);
                n += l.endsWith("...") || l.endsWith("…") ? 1 : 0;
            }
            double r = ratio(n, lines.size());
            if (probe.removes(
                    NAME, "gopher_too_many_end_ellipsis", "max_ellipsis_lines_ratio", r, false, r > ellipsisLines)) {
                return removal("gopher_too_many_end_ellipsis", r, ellipsisLines);
            }
        }
        double alphaShare = s.get(NAME, "max_non_alpha_words_ratio");
        if (checks(alphaShare)) {
            double r = ratio(alpha, nWords);
            if (probe.removes(
                    NAME, "gopher_below_alpha_threshold", "max_non_alpha_words_ratio", r, true, r < alphaShare)) {
                return removal("gopher_below_alpha_threshold", r, alphaShare);
            }
        }
        double stop = s.get(NAME, "min_stop_words");
        if (checks(stop)) {
            int seen = distinctStopWords(words);
            if (probe.removes(NAME, "gopher_enough_stop_words", "min_stop_words", seen, true, seen < stop)) {
                return removal("gopher_enough_stop_words", seen, stop);
            }
        }
        return null;
    }

    /** How many of the eight stop words occur (datatrove: the size of the set of words met with the stop words). */
    static int distinctStopWords(List<String> words) {
        int found = 0; // a bit a stop word
        for (String w : words) {
            if (w.length() <= 4) { // the longest stop word has four letters
                int k = STOP_WORDS.indexOf(w);
                if (k >= 0 && (found |= 1 << k) == (1 << STOP_WORDS.size()) - 1) {
                    break;
                }
            }
        }
        return Integer.bitCount(found);
    }

    /** datatrove checks {@code if self.threshold and …}: 0 and None skip the rule. */
    static boolean checks(double threshold) {
        return !Double.isNaN(threshold) && threshold != 0;
    }

    /** A share whose denominator may be 0 (datatrove would divide by zero; here nothing is counted): 0. */
    static double ratio(double part, double whole) {
        return whole == 0 ? 0 : part / whole;
    }

    private static Removal removal(String rule, double value, double threshold) {
        return new Removal(NAME, rule, value, threshold);
    }
}
