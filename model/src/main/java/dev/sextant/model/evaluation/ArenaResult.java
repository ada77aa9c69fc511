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
 */
public record ArenaResult(List<BradleyTerry.Rating> models, List<String> order, Double[][] winRate, long[][] battleCounts,
                          long totalBattles, long ties) {
}
