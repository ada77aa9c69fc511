package dev.sextant.model.data.quality;

import java.util.List;

/**
 * A document's text as the rules see it, with its words counted once however many rules ask ({@link Words#of}), and
 * the text a rewriting family (C4) passes on to the next.
 */
public final class Text {

    private final String text;
    private final Words words;
    private final double score;
    private List<String> wordList;
    private String rewritten;

    public Text(String text, Words words) {
        this(text, words, Double.NaN);
    }

    /** @param score the document's value of the score field the run names (NaN: none, or no numeric value) */
    public Text(String text, Words words, double score) {
        this.text = text;
        this.words = words;
        this.score = score;
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
        return rewritten == null ? this : new Text(rewritten, words, score);
    }
}
