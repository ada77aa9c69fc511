package dev.sextant.model.data.quality;

import dev.sextant.model.data.quality.QualityParam.Kind;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * C4's cleaning rules (Raffel et al. 2020, "Exploring the Limits of Transfer Learning with a Unified Text-to-Text
 * Transformer", JMLR 21:140, §2.2; TensorFlow Datasets' {@code c4_utils.py}, the code that built C4), as datatrove's
 * {@code C4QualityFilter} applies them (a649de79), line by line ({@code str.splitlines}, each stripped): a line with a
 * word over 1,000 characters goes; Wikipedia citation marks are removed; a line must end in {@code . ? ! " '} and not
 * in {@code ...}; it must have 3 words ({@code str.split}, counted before the citations went); a line with "lorem ipsum"
 * or a curly brace removes the page; lines with "javascript" or a cookie or terms-of-use phrase go. A page whose kept
 * lines hold fewer than 5 sentences goes; otherwise the kept lines, joined by line breaks, are the text the next
 * family sees. The paper's own values (3 sentences, 5 words a line) are the {@code paper} preset; datatrove swapped
 * them. The bad-words rule is datatrove's separate {@code C4BadWordsFilter}, not part of this family.
 */
final class C4Quality implements QualityFamily {

    static final String NAME = "c4";

    private static final Pattern CITATION = Pattern.compile("\\[\\p{Nd}*]|\\[edit]|\\[citation needed]");
    private static final List<String> POLICY =
            List.of("terms of use", "privacy policy", "cookie policy", "uses cookies", "use of cookies", "use cookies");

    private static final List<QualityParam> PARAMS = List.of(
            new QualityParam(NAME, "max_word_length", Kind.COUNT, 1000, 1000, "a line with a longer word goes"),
            new QualityParam(NAME, "remove_citations", Kind.SWITCH, 1, 1, "remove [1], [edit], [citation needed]"),
            new QualityParam(NAME, "filter_no_terminal_punct", Kind.SWITCH, 1, 1, "a line must end in . ? ! \" or '"),
            new QualityParam(NAME, "min_words_per_line", Kind.COUNT, 3, 5, "fewest words a line"),
            new QualityParam(NAME, "filter_lorem_ipsum", Kind.SWITCH, 1, 1, "\"lorem ipsum\" removes the page"),
            new QualityParam(NAME, "filter_javascript", Kind.SWITCH, 1, 1, "a line with \"javascript\" goes"),
            new QualityParam(NAME, "filter_curly_bracket", Kind.SWITCH, 1, 1, "a { removes the page"),
            new QualityParam(NAME, "filter_policy", Kind.SWITCH, 1, 1, "a line with a cookie or terms phrase goes"),
            new QualityParam(NAME, "min_num_sentences", Kind.COUNT, 5, 3, "fewest sentences in the kept lines"));

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<QualityParam> params() {
        return PARAMS;
    }

    @Override
    public Removal judge(Text doc, QualitySettings s, Probe probe) {
        double maxWord = s.get(NAME, "max_word_length");
        boolean citations = s.on(NAME, "remove_citations");
        boolean terminal = s.on(NAME, "filter_no_terminal_punct");
        double minWords = s.get(NAME, "min_words_per_line");
        boolean lorem = s.on(NAME, "filter_lorem_ipsum");
        boolean javascript = s.on(NAME, "filter_javascript");
        boolean curly = s.on(NAME, "filter_curly_bracket");
        boolean policy = s.on(NAME, "filter_policy");
        double minSentences = s.get(NAME, "min_num_sentences");
        int sentences = 0;
        List<String> kept = new ArrayList<>();
        for (String raw : PyText.splitLines(doc.text())) {
            String line = PyText.strip(raw);
            List<String> words = PyText.split(line);
            if (!Double.isNaN(maxWord) && words.stream().anyMatch(w -> PyText.len(w) > maxWord)) {
                continue;
            }
            if (citations && line.indexOf('[') >= 0) { // every citation starts with [
                line = CITATION.matcher(line).replaceAll("");
            }
            if (terminal && (!endsInPunctuation(line) || line.endsWith("..."))) {
                continue;
            }
            if (!Double.isNaN(minWords) && words.size() < minWords) {
                continue;
            }
            String lower = PyText.lower(line);
            if (lorem && probe.removes(NAME, "lorem_ipsum", null, 1, false, lower.contains("lorem ipsum"))) {
                return new Removal(NAME, "lorem_ipsum", 1, Double.NaN);
            }
            if (javascript && lower.contains("javascript")) {
                continue;
            }
            if (curly && probe.removes(NAME, "curly_bracket", null, 1, false, line.contains("{"))) {
                return new Removal(NAME, "curly_bracket", 1, Double.NaN);
            }
            if (policy && POLICY.stream().anyMatch(lower::contains)) {
                continue;
            }
            if (!Double.isNaN(minSentences)) {
                sentences += doc.tokenizer().sentences(line);
            }
            kept.add(line);
        }
        if (!Double.isNaN(minSentences)
                && probe.removes(
                        NAME, "too_few_sentences", "min_num_sentences", sentences, true, sentences < minSentences)) {
            return new Removal(NAME, "too_few_sentences", sentences, minSentences);
        }
        doc.rewrite(PyText.strip(String.join("\n", kept)));
        return null;
    }

    private static boolean endsInPunctuation(String line) {
        if (line.isEmpty()) {
            return false;
        }
        char c = line.charAt(line.length() - 1);
        return c == '.' || c == '?' || c == '!' || c == '"' || c == '\'';
    }
}
