package dev.sextant.model.data;

import dev.sextant.model.InputError;
import dev.sextant.model.TokenCount;
import java.util.Locale;
import java.util.Map;

/**
 * What a mixture plan is asked for.
 *
 * @param by           the field the corpus is split by (a dotted path reaches into nested objects)
 * @param textField    the field with the text
 * @param target       share per source (any positive scale), or null
 * @param budgetTokens the training budget in tokens, or null
 * @param orderBy      a numeric field (difficulty, quality) to order each source's supply by, or null
 * @param descending   order from the highest value (quality first) instead of the lowest (easiest first)
 * @param phases       phases of the ordering plan
 */
public record MixSpec(
        String by,
        String textField,
        Map<String, Double> target,
        Long budgetTokens,
        String orderBy,
        boolean descending,
        int phases) {

    public MixSpec {
        InputError.require(by != null && !by.isBlank(), "mix.by", "name the field to split the corpus by");
        InputError.require(textField != null && !textField.isBlank(), "mix.textField", "name the text field");
        InputError.require(budgetTokens == null || budgetTokens > 0, "mix.budget", "the token budget must be positive");
        InputError.require(
                budgetTokens == null || target != null, "mix.budget", "a token budget goes with a target mix");
        InputError.require(phases >= 1 && phases <= 100, "mix.phases", "phases must be 1 to 100");
        if (target != null) {
            MixPlanner.normalised(target); // refuses negative shares now, not after reading the corpus
        }
    }

    /** A token count as people write it: 2e12, 300B, 1.5T, 750M, 12K, 12000. */
    public static long parseTokens(String text) {
        return TokenCount.parse("mix.budget", "Token budget", text);
    }

    /** A token count as people write it: 1.50T, 300.00B, 12.30M, or the number itself below a million. */
    public static String tokensText(double tokens) {
        double a = Math.abs(tokens);
        if (a >= 1e12) {
            return String.format(Locale.ROOT, "%.2fT", tokens / 1e12);
        }
        if (a >= 1e9) {
            return String.format(Locale.ROOT, "%.2fB", tokens / 1e9);
        }
        if (a >= 1e6) {
            return String.format(Locale.ROOT, "%.2fM", tokens / 1e6);
        }
        return String.format(Locale.ROOT, "%,.0f", tokens);
    }
}
