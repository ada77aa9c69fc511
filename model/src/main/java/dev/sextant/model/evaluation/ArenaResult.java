package dev.sextant.model.evaluation;

import dev.sextant.model.statistics.BradleyTerry;
import java.util.List;

/**
 * Bradley-Terry ratings from blind pairwise battles.
 *
 * @param models   ratings by rating, best first, with 95% bootstrap intervals and rank ranges
 * @param order    model names in the order of the matrices
 * @param winRate  winRate[i][j]: share of i's battles against j that i won (ties half); null where they never met
 * @param battleCounts battleCounts[i][j]: battles between i and j
 * @param components the groups of models connected by battles (directly or through others), largest first; each is
 *                   rated on its own scale, and ratings or ranks of different components cannot be compared
 */
public record ArenaResult(
        List<BradleyTerry.Rating> models,
        List<String> order,
        Double[][] winRate,
        long[][] battleCounts,
        long totalBattles,
        long ties,
        List<Component> components) {

    public ArenaResult {
        components = List.copyOf(components);
    }

    /**
     * Models that met one another, directly or through a chain of battles: one Bradley-Terry scale.
     *
     * @param index   the number its ratings carry ({@link BradleyTerry.Rating#component()})
     * @param battles battles among these models
     */
    public record Component(int index, List<String> models, long battles) {
        public Component {
            models = List.copyOf(models);
        }
    }

    /** Whether the models fall into groups that never met, so that no one scale holds them all. */
    public boolean disconnected() {
        return components.size() > 1;
    }

    /** The plain-words warning for disconnected battles, or null when all models share one scale. */
    public String componentsWarning() {
        if (!disconnected()) {
            return null;
        }
        return components.size()
                + " groups of models never met one another (directly or through other models): each group is "
                + "rated and ranked on its own, and ratings of different groups are not comparable";
    }
}
