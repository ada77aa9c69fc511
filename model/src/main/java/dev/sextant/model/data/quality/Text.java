package dev.sextant.model.data.quality;

import dev.sextant.model.data.language.LanguageIdentifier;
import java.util.List;

/**
 * A document's text as the rules see it, with its words counted once however many rules ask ({@link Words#of}), and
 * the text a rewriting family (C4) passes on to the next.
 */
public final class Text {

    private final String text;
    private final Words words;
    private final double score;
    private final LanguageIdentifier languages;
    private List<String> wordList;
    private String language;
    private String rewritten;

    public Text(String text, Words words) {
        this(text, words, Double.NaN, null);
    }

    /**
     * @param score     the document's value of the score field the run names (NaN: none, or no numeric value)
     * @param languages the language identifier the {@code language} family asks, or null
     */
    public Text(String text, Words words, double score, LanguageIdentifier languages) {
        this.text = text;
        this.words = words;
        this.score = score;
        this.languages = languages;
    }

    /** The language identifier of the run, or null when the run identifies none. */
    LanguageIdentifier languages() {
        return languages;
    }

    /** The language the {@code language} family identified, or null. */
    public String language() {
        return language;
    }

    void identified(String code) {
        language = code;
    }

    /** The document's score ({@link ScoreFilter}), NaN when it has none. */
    public double score() {
        return score;
    }

    public String text() {
        return text;
    }

    /** datatrove's {@code split_into_words(text, "eng")}. */
    public List<String> words() {
        if (wordList == null) {
            wordList = words.of(text);
        }
        return wordList;
    }

    /** The tokenizer, for families that count sentences of lines. */
    Words tokenizer() {
        return words;
    }

    /** Sets the text a family keeps when it keeps the document rewritten. */
    void rewrite(String kept) {
        rewritten = kept;
    }

    /** The text the next family sees: the rewritten one, or this one. */
    public Text next() {
        if (rewritten == null) {
            return this;
        }
        Text next = new Text(rewritten, words, score, languages);
        next.language = language;
        return next;
    }
}
