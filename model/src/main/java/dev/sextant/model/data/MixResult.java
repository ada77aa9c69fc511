package dev.sextant.model.data;

import java.math.BigDecimal;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A corpus's composition and the mixture planned from it.
 *
 * @param tokenCounting how tokens were counted (the tokenizer file, or the estimate)
 * @param exactTokens   whether by a tokenizer
 * @param phases        the ordering plan (empty without an order field)
 * @param unordered     documents without a numeric value of the order field (supplied after the ordered ones)
 * @param duplicates    what the sources' duplicate shares count: exact duplicates, or near ones (with the threshold)
 */
public record MixResult(
        String by,
        long documents,
        long bytes,
        double tokens,
        String tokenCounting,
        boolean exactTokens,
        Long budgetTokens,
        List<MixSource> sources,
        String orderBy,
        List<Phase> phases,
        long unordered,
        long bytesRead,
        double seconds,
        String duplicates) {

    /** The same plan with each source's duplicate share from a near-duplicate run split by the same field. */
    public MixResult withNearDuplicates(DedupResult near, DedupSpec spec) {
        Map<String, Double> shares = new HashMap<>();
        near.bySource().forEach(c -> shares.put(c.source(), c.duplicateShare()));
        List<MixSource> s = sources.stream()
                .map(m -> new MixSource(
                        m.name(),
                        m.documents(),
                        m.bytes(),
                        m.tokens(),
                        m.share(),
                        m.targetShare(),
                        m.weight(),
                        m.epochs(),
                        m.drawnTokens(),
                        m.effectiveEpochs(),
                        shares.getOrDefault(m.name().equals(CorpusMix.NONE) ? "null" : m.name(), m.duplicateShare()),
                        m.contaminatedShare(),
                        m.warning()))
                .toList();
        return new MixResult(
                by,
                documents,
                bytes,
                tokens,
                tokenCounting,
                exactTokens,
                budgetTokens,
                s,
                orderBy,
                phases,
                unordered,
                bytesRead,
                seconds + near.seconds(),
                String.format(
                        Locale.ROOT,
                        "near: Jaccard ≥ %s of word %d-grams",
                        BigDecimal.valueOf(spec.threshold())
                                .stripTrailingZeros()
                                .toPlainString(),
                        spec.ngram()));
    }

    /**
     * One phase of a curriculum-style supply: each source gives its next slice of documents in the order of the field.
     *
     * @param phase  1-based
     * @param tokens tokens drawn in the phase
     */
    public record Phase(int phase, double tokens, List<Slice> sources) {}

    /** A source's slice in a phase: the field's values it covers, and the tokens drawn from it. */
    public record Slice(String name, Double from, Double to, double tokens) {

        /** The values covered, as people write them: "3 – 17", "0.25 – 0.5", or "no value". */
        public String range() {
            return from == null ? "no value" : text(from) + " – " + text(to);
        }

        private static String text(double v) {
            return v == Math.rint(v) && Math.abs(v) < 1e15
                    ? String.valueOf((long) v)
                    : String.format(Locale.ROOT, "%.3g", v);
        }
    }
}
