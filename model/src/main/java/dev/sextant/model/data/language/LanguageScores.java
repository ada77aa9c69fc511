package dev.sextant.model.data.language;

import java.util.List;

/** One text's score for each language an identifier knows (codes as the identifier's labels are). */
public final class LanguageScores {

    private final List<String> codes;
    private final double[] scores;
    private final int top;

    /** @param scores by code's index; languages it cannot tell hold 0 */
    public LanguageScores(List<String> codes, double[] scores) {
        this.codes = codes;
        this.scores = scores;
        int best = -1;
        for (int i = 0; i < scores.length; i++) {
            if (best < 0 || scores[i] > scores[best]) {
                best = i;
            }
        }
        this.top = best;
    }

    /** The likeliest language, or null when nothing was scored. */
    public String top() {
        return top < 0 ? null : codes.get(top);
    }

    /** The likeliest language's score (0 when nothing was scored). */
    public double topScore() {
        return top < 0 ? 0 : scores[top];
    }

    /** A language's score; 0 for one the identifier does not know. */
    public double score(String code) {
        int i = codes.indexOf(code);
        return i < 0 ? 0 : scores[i];
    }
}
