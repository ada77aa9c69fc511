package dev.sextant.model.contamination;

import java.util.List;

/** Which of an item's normalised tokens appear in the matched n-grams shown in its locations' snippets. */
public final class MatchHighlights {

    private MatchHighlights() {
    }

    /**
     * @param tokens the item's normalised tokens
     * @return covered[i] when token i lies inside an occurrence of a snippet's bracketed n-gram
     */
    public static boolean[] covered(List<String> tokens, List<ScanResult.Location> locations) {
        boolean[] covered = new boolean[tokens.size()];
        for (ScanResult.Location l : locations) {
            String s = l.snippet();
            int open = s.indexOf('[');
            int close = s.indexOf(']', open + 1);
            if (open < 0 || close < 0) {
                continue;
            }
            String[] gram = s.substring(open + 1, close).strip().split(" ");
            for (int i = 0; i + gram.length <= tokens.size(); i++) {
                boolean all = true;
                for (int k = 0; k < gram.length && all; k++) {
                    all = tokens.get(i + k).equals(gram[k]);
                }
                if (all) {
                    for (int k = 0; k < gram.length; k++) {
                        covered[i + k] = true;
                    }
                }
            }
        }
        return covered;
    }
}
