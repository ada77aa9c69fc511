package dev.sextant.model.contamination;

import dev.sextant.model.InputError;

/**
 * How to scan.
 *
 * @param n              words per n-gram (8–50; 13 as in GPT-3 and the lm-evaluation-harness Janitor)
 * @param dirtyThreshold contaminated-token fraction at or above which an item is dirty (Llama 2 used 0.8)
 * @param textField      JSONL corpus field holding the text
 * @param idField        JSONL corpus field identifying a document in reports, or null
 * @param threads        worker threads
 * @param locationsPerItem corpus locations kept per item (the rest are counted): keeps memory bounded on a corpus
 *                         where an item is everywhere
 */
public record ScanSpec(
        int n,
        double dirtyThreshold,
        Normalization normalization,
        String textField,
        String idField,
        int threads,
        int locationsPerItem) {

    public static final int MIN_N = 8;
    public static final int MAX_N = 50;
    /** Words per n-gram unless asked otherwise (as GPT-3's and Llama 2's contamination studies count). */
    public static final int DEFAULT_N = 13;
    /** The contaminated-token fraction above which an item is dirty, unless asked otherwise. */
    public static final double DEFAULT_DIRTY = 0.8;
    /** The text field of JSONL documents unless asked otherwise. */
    public static final String DEFAULT_TEXT_FIELD = "text";
    /** The field naming a document unless asked otherwise. */
    public static final String DEFAULT_ID_FIELD = "id";
    /** Corpus locations kept per item unless asked otherwise. */
    public static final int DEFAULT_LOCATIONS = 20;

    public ScanSpec {
        if (n < MIN_N || n > MAX_N) {
            throw new InputError(
                    "contamination.ngram", "n-gram length must lie in " + MIN_N + ".." + MAX_N + ", got " + n);
        }
        if (!(dirtyThreshold > 0 && dirtyThreshold <= 1)) {
            throw new InputError("contamination.dirty", "dirty threshold must lie in (0, 1], got " + dirtyThreshold);
        }
        if (threads < 1) {
            throw new InputError("contamination.threads", "threads must be at least 1");
        }
        if (locationsPerItem < 1) {
            throw new InputError("contamination.locations", "locations kept per item must be at least 1");
        }
        if (textField == null || textField.isBlank()) {
            throw new InputError("contamination.textField", "text field must be named");
        }
    }

    public static ScanSpec defaults() {
        return new ScanSpec(
                DEFAULT_N,
                DEFAULT_DIRTY,
                Normalization.defaults(),
                DEFAULT_TEXT_FIELD,
                DEFAULT_ID_FIELD,
                Runtime.getRuntime().availableProcessors(),
                DEFAULT_LOCATIONS);
    }
}
