package dev.sextant.model.contamination;

/**
 * How text is normalised before n-grams are compared, after GPT-3's and lm-evaluation-harness's Janitor
 * (lowercase, delete punctuation, split on whitespace), made Unicode-aware: case folds per code point, punctuation is
 * ASCII {@code string.punctuation} plus every Unicode punctuation category, whitespace is any Unicode space.
 *
 * @param lowercase          fold case
 * @param stripPunctuation   delete punctuation (so "don't" and "dont" match, as in the Janitor)
 */
public record Normalization(boolean lowercase, boolean stripPunctuation) {

    public static Normalization defaults() {
        return new Normalization(true, true);
    }
}
