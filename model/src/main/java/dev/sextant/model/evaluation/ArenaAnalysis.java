package dev.sextant.model.evaluation;

import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import dev.sextant.model.statistics.BradleyTerry;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Blind pairwise battles → aggregated counts → Bradley-Terry ratings, win rates and battle counts. */
public final class ArenaAnalysis {

    private ArenaAnalysis() {
    }

    /**
     * @param rounds      bootstrap rounds for the intervals (0: none)
     * @param anchorModel null to centre ratings at 1000, else the model pinned to {@code anchorRating}
     */
    public static ArenaResult analyse(List<Battle> battles, int rounds, long seed, String anchorModel, double anchorRating,
                                      ProgressListener progress, CancellationToken cancel) {
        Map<String, Integer> index = new LinkedHashMap<>();
        for (Battle b : battles) {
            index.putIfAbsent(b.modelA(), index.size());
            index.putIfAbsent(b.modelB(), index.size());
        }
        List<String> models = new ArrayList<>(index.keySet());
        int m = models.size();
        if (m < 2) {
            throw new IllegalArgumentException("battles involve fewer than 2 models");
        }
        long[][] wins = new long[m][m];
        long[][] ties = new long[m][m];
        long tieCount = 0;
        for (Battle b : battles) {
            int a = index.get(b.modelA());
            int c = index.get(b.modelB());
            switch (b.winner()) {
                case MODEL_A -> wins[a][c]++;
                case MODEL_B -> wins[c][a]++;
                case TIE, TIE_BOTHBAD -> {
                    ties[a][c]++;
                    tieCount++;
                }
            }
        }
        BradleyTerry.Counts counts = new BradleyTerry.Counts(models, wins, ties);
        List<BradleyTerry.Rating> ratings = BradleyTerry.ratings(counts, rounds, seed, anchorModel, anchorRating, progress, cancel);
        Double[][] winRate = new Double[m][m];
        long[][] games = new long[m][m];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < m; j++) {
                games[i][j] = wins[i][j] + wins[j][i] + ties[i][j] + ties[j][i];
                double r = counts.winRate(i, j);
                winRate[i][j] = i == j || Double.isNaN(r) ? null : r;
            }
        }
        return new ArenaResult(ratings, models, winRate, games, battles.size(), tieCount);
    }
}
