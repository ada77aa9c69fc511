package dev.sextant.model.data;

import java.util.List;

/**
 * A corpus's composition and the mixture planned from it.
 *
 * @param tokenCounting how tokens were counted (the tokenizer file, or the estimate)
 * @param exactTokens   whether by a tokenizer
 * @param phases        the ordering plan (empty without an order field)
 * @param unordered     documents without a numeric value of the order field (supplied after the ordered ones)
 */
public record MixResult(String by, long documents, long bytes, double tokens, String tokenCounting, boolean exactTokens, Long budgetTokens,
                        List<MixSource> sources, String orderBy, List<Phase> phases, long unordered, long bytesRead, double seconds) {

    /**
     * One phase of a curriculum-style supply: each source gives its next slice of documents in the order of the field.
     *
     * @param phase  1-based
     * @param tokens tokens drawn in the phase
     */
    public record Phase(int phase, double tokens, List<Slice> sources) {
    }

    /** A source's slice in a phase: the field's values it covers, and the tokens drawn from it. */
    public record Slice(String name, Double from, Double to, double tokens) {
    }
}
