package dev.sextant.model.data.quality;

/**
 * Why a family removes a document: the rule (datatrove's name for it, e.g. {@code gopher_short_doc}), what the rule
 * measured and the threshold it failed (NaN for a rule that removes on sight, such as C4's {@code lorem_ipsum}), and
 * what else it found (the language a document was identified as), or null.
 */
public record Removal(String family, String rule, double value, double threshold, String detail) {

    public Removal(String family, String rule, double value, double threshold) {
        this(family, rule, value, threshold, null);
    }
}
