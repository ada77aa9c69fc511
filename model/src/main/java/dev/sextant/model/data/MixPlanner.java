package dev.sextant.model.data;

import dev.sextant.model.InputError;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A training mixture from a corpus's composition, a target mix and a token budget. For a source with {@code n_i}
 * tokens and target share {@code t_i} of a budget {@code B}: tokens drawn {@code t_i·B}, epochs {@code e_i = t_i·B/n_i},
 * sampling weight {@code t_i / s_i} (its target over its natural share {@code s_i}: above 1 up-sampled, below 1
 * down-sampled).
 *
 * <p>Repetition is judged by Muennighoff et al. 2023 ("Scaling Data-Constrained Language Models", NeurIPS, eq. 5):
 * {@code U} unique tokens seen {@code 1 + R} times are worth {@code U + U·R*·(1 − e^(−R/R*))} unique tokens, with
 * {@code R* = 15.4} fitted; up to about 4 epochs repeated data is nearly as good as new (their §5), beyond that its
 * value falls off and past ~16 it adds little. A source is warned about above 4 epochs, more strongly above 16.
 */
public final class MixPlanner {

    /** R*_D of Muennighoff et al. 2023 (fitted): repetitions over which the value of repeated tokens decays by 1/e. */
    public static final double REPEAT_DECAY = 15.4;
    /** Epochs up to which repeated tokens cost little against unique ones (Muennighoff et al. 2023). */
    public static final double EPOCHS_FREE = 4;
    /** Epochs past which further repetition adds little. */
    public static final double EPOCHS_FUTILE = 16;

    private MixPlanner() {}

    /** A source as counted in the corpus. */
    public record Counted(String name, long documents, long bytes, double tokens, long duplicates, long contaminated) {}

    /**
     * Plans the mixture.
     *
     * @param target       share of the budget per source name (any positive scale: normalised), or null for the
     *                     corpus as it is
     * @param budgetTokens tokens to train on, or null (then the corpus's own size)
     * @param contamination whether contamination was counted (else its share is null)
     */
    public static List<MixSource> plan(
            List<Counted> counted, Map<String, Double> target, Long budgetTokens, boolean contamination) {
        double total = counted.stream().mapToDouble(Counted::tokens).sum();
        double budget = budgetTokens != null ? budgetTokens : total;
        Map<String, Double> t = target == null ? null : normalised(target);
        Map<String, Counted> byName = new LinkedHashMap<>();
        counted.forEach(c -> byName.put(c.name(), c));
        Set<String> names = new LinkedHashSet<>(byName.keySet());
        if (t != null) {
            names.addAll(t.keySet());
        }
        List<MixSource> out = new ArrayList<>();
        for (String name : names) {
            Counted c = byName.getOrDefault(name, new Counted(name, 0, 0, 0, 0, 0));
            double share = total > 0 ? c.tokens() / total : 0;
            double targetShare = t == null ? share : t.getOrDefault(name, 0.0);
            double drawn = targetShare * budget;
            Double epochs = c.tokens() > 0 ? drawn / c.tokens() : null;
            Double weight = share > 0 ? targetShare / share : null;
            Double effective = epochs == null ? null : effectiveEpochs(epochs);
            String warning = warning(c, targetShare, epochs, effective);
            out.add(new MixSource(
                    name,
                    c.documents(),
                    c.bytes(),
                    c.tokens(),
                    share,
                    targetShare,
                    weight,
                    epochs,
                    drawn,
                    effective,
                    c.documents() == 0 ? 0 : (double) c.duplicates() / c.documents(),
                    contamination ? (c.documents() == 0 ? 0.0 : (double) c.contaminated() / c.documents()) : null,
                    warning));
        }
        return out;
    }

    /**
     * What {@code e} epochs of a source are worth, in epochs of unique data (Muennighoff et al. 2023, eq. 5): the first
     * pass in full, the {@code R = e − 1} repeats as {@code R*·(1 − e^(−R/R*))}; below one epoch, what is drawn.
     */
    public static double effectiveEpochs(double epochs) {
        if (epochs <= 1) {
            return epochs;
        }
        double r = epochs - 1;
        return 1 + REPEAT_DECAY * (1 - Math.exp(-r / REPEAT_DECAY));
    }

    private static String warning(Counted c, double targetShare, Double epochs, Double effective) {
        if (c.tokens() == 0 && targetShare > 0) {
            return "in the target but not in the corpus: its share cannot be drawn";
        }
        if (targetShare == 0 && c.tokens() > 0) {
            return "not in the target: left out";
        }
        if (epochs != null && epochs > EPOCHS_FUTILE) {
            return String.format(
                    Locale.ROOT,
                    "repeated %.1f× (worth %.1f new epochs): far past ~4 (Muennighoff et al. 2023); "
                            + "lower its target or add data",
                    epochs,
                    effective);
        }
        if (epochs != null && epochs > EPOCHS_FREE) {
            return String.format(
                    Locale.ROOT,
                    "repeated %.1f× (worth %.1f new epochs): past ~4, repeats are worth less than new "
                            + "tokens (Muennighoff et al. 2023)",
                    epochs,
                    effective);
        }
        return null;
    }

    /** Shares that sum to one; negative or non-finite shares are refused. */
    public static Map<String, Double> normalised(Map<String, Double> target) {
        double sum = 0;
        for (Map.Entry<String, Double> e : target.entrySet()) {
            if (e.getValue() == null || !(e.getValue() >= 0) || Double.isInfinite(e.getValue())) {
                throw new InputError(
                        "mix.target", "share of '" + e.getKey() + "' must be zero or more, got " + e.getValue());
            }
            sum += e.getValue();
        }
        if (!(sum > 0)) {
            throw new InputError("mix.target", "the target shares sum to zero");
        }
        Map<String, Double> out = new LinkedHashMap<>();
        for (Map.Entry<String, Double> e : target.entrySet()) {
            out.put(e.getKey(), e.getValue() / sum);
        }
        return out;
    }
}
