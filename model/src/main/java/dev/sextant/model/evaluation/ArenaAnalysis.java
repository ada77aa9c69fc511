package dev.sextant.model.evaluation;

import dev.sextant.model.InputError;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import dev.sextant.model.statistics.BradleyTerry;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Blind pairwise battles → aggregated counts → Bradley-Terry ratings, win rates and battle counts. Models that never
 * met, directly or through a chain of other models, have no common scale (the likelihood does not tie their ratings
 * together; any offset between the groups fits equally well): the comparison graph is split into its connected
 * components (union-find over the pairs that met) and each is rated on its own, never ranked across.
 */
public final class ArenaAnalysis {

    private ArenaAnalysis() {}

    /**
     * @param rounds      bootstrap rounds for the intervals (0: none)
     * @param anchorModel null to centre ratings at 1000, else the model pinned to {@code anchorRating}
     */
    public static ArenaResult analyse(
            List<Battle> battles,
            int rounds,
            long seed,
            String anchorModel,
            double anchorRating,
            ProgressListener progress,
            CancellationToken cancel) {
        Map<String, Integer> index = new LinkedHashMap<>();
        for (Battle b : battles) {
            index.putIfAbsent(b.modelA(), index.size());
            index.putIfAbsent(b.modelB(), index.size());
        }
        List<String> models = new ArrayList<>(index.keySet());
        int m = models.size();
        if (m < 2) {
            throw new InputError("evaluation.battles", "battles involve fewer than 2 models");
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
        List<List<Integer>> groups = components(m, wins, ties);
        if (anchorModel != null && !index.containsKey(anchorModel)) {
            throw new InputError("evaluation.anchor", "anchor model '" + anchorModel + "' has no battles");
        }
        List<BradleyTerry.Rating> ratings = new ArrayList<>();
        List<ArenaResult.Component> components = new ArrayList<>();
        for (int g = 0; g < groups.size(); g++) {
            List<Integer> members = groups.get(g);
            int k = members.size();
            List<String> names = new ArrayList<>();
            long[][] w = new long[k][k];
            long[][] t = new long[k][k];
            long n = 0;
            for (int x = 0; x < k; x++) {
                names.add(models.get(members.get(x)));
                for (int y = 0; y < k; y++) {
                    w[x][y] = wins[members.get(x)][members.get(y)];
                    t[x][y] = ties[members.get(x)][members.get(y)];
                    n += w[x][y] + t[x][y];
                }
            }
            String anchorHere = names.contains(anchorModel) ? anchorModel : null;
            ProgressListener slice = progress.slice((double) g / groups.size(), (double) (g + 1) / groups.size());
            for (BradleyTerry.Rating r : BradleyTerry.ratings(
                    new BradleyTerry.Counts(names, w, t), rounds, seed, anchorHere, anchorRating, slice, cancel)) {
                ratings.add(r.inComponent(g));
            }
            components.add(new ArenaResult.Component(g, names, n));
        }
        BradleyTerry.Counts counts = new BradleyTerry.Counts(models, wins, ties);
        Double[][] winRate = new Double[m][m];
        long[][] games = new long[m][m];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < m; j++) {
                games[i][j] = wins[i][j] + wins[j][i] + ties[i][j] + ties[j][i];
                double r = counts.winRate(i, j);
                winRate[i][j] = i == j || Double.isNaN(r) ? null : r;
            }
        }
        return new ArenaResult(ratings, models, winRate, games, battles.size(), tieCount, components);
    }

    /** The connected components of the graph of pairs that met, each as model indices, most battles first. */
    static List<List<Integer>> components(int m, long[][] wins, long[][] ties) {
        int[] parent = new int[m];
        for (int i = 0; i < m; i++) {
            parent[i] = i;
        }
        long[] battles = new long[m];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < m; j++) {
                long n = wins[i][j] + ties[i][j];
                if (n > 0) {
                    int a = find(parent, i);
                    int b = find(parent, j);
                    if (a != b) {
                        parent[Math.max(a, b)] = Math.min(a, b);
                    }
                }
            }
        }
        Map<Integer, List<Integer>> byRoot = new LinkedHashMap<>();
        for (int i = 0; i < m; i++) {
            byRoot.computeIfAbsent(find(parent, i), x -> new ArrayList<>()).add(i);
            for (int j = 0; j < m; j++) {
                battles[find(parent, i)] += wins[i][j] + ties[i][j];
            }
        }
        List<List<Integer>> out = new ArrayList<>(byRoot.values());
        out.sort((x, y) -> Long.compare(battles[find(parent, y.get(0))], battles[find(parent, x.get(0))]));
        return out;
    }

    private static int find(int[] parent, int i) {
        while (parent[i] != i) {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        return i;
    }
}
