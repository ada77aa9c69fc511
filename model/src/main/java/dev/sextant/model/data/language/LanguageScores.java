package dev.sextant.model.data.language;

import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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

    /** Every language's score, highest first. */
    public Map<String, Double> all() {
        Integer[] order = new Integer[scores.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparingDouble((Integer i) -> -scores[i]));
        Map<String, Double> out = new LinkedHashMap<>();
        for (int i : order) {
            out.put(codes.get(i), scores[i]);
        }
        return out;
    }
}
