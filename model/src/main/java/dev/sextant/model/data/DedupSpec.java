package dev.sextant.model.data;

import dev.sextant.model.BadInputException;
import dev.sextant.model.InputError;
import java.util.Locale;

/**
 * What deduplication looks for.
 *
 * @param mode         exact (equal after normalisation) or near (MinHash LSH)
 * @param threshold    Jaccard similarity of word n-gram sets from which two documents are near duplicates
 * @param ngram        words a shingle
 * @param permutations MinHash permutations
 * @param bands        LSH bands and rows (null: chosen from the threshold, {@link LshBands#choose})
 * @param textField    the JSON field (Parquet column) with the text
 * @param idField      the field naming a document, or null (then file:line names it)
 * @param sourceField  a metadata field to break the counts down by, or null
 * @param keep         which document of a cluster is kept
 * @param seed         seed of the hash functions
 */
public record DedupSpec(
        Mode mode,
        double threshold,
        int ngram,
        int permutations,
        LshBands bands,
        String textField,
        String idField,
        String sourceField,
        Keep keep,
        long seed) {

    public enum Mode {
        EXACT,
        NEAR
    }

    /** The first document of a cluster in reading order, or the longest (in words; ties to the first). */
    public enum Keep {
        FIRST,
        LONGEST
    }

    /**
     * Lee et al. 2022 ("Deduplicating Training Data Makes Language Models Better", ACL) and the FineWeb/datatrove
     * pipelines: word 5-grams, Jaccard 0.8 (FineWeb's buckets put the knee near 0.75), 112 permutations.
     */
    public static DedupSpec defaults(Mode mode) {
        return new DedupSpec(
                mode,
                DEFAULT_THRESHOLD,
                DEFAULT_NGRAM,
                DEFAULT_PERMUTATIONS,
                null,
                DEFAULT_TEXT_FIELD,
                DEFAULT_ID_FIELD,
                null,
                Keep.FIRST,
                DEFAULT_SEED);
    }

    public static final double DEFAULT_THRESHOLD = 0.8;
    public static final int DEFAULT_NGRAM = 5;
    public static final int DEFAULT_PERMUTATIONS = 112;
    public static final String DEFAULT_TEXT_FIELD = "text";
    public static final String DEFAULT_ID_FIELD = "id";
    public static final long DEFAULT_SEED = 1;

    public DedupSpec {
        InputError.require(threshold > 0 && threshold < 1, "dedup.threshold", "the threshold must lie between 0 and 1");
        InputError.require(ngram >= 1 && ngram <= 64, "dedup.ngram", "the n-gram must be 1 to 64 words");
        InputError.require(
                permutations >= 1 && permutations <= 4096, "dedup.permutations", "permutations must be 1 to 4,096");
        InputError.require(
                bands == null || bands.permutations() <= permutations,
                "dedup.bands",
                "bands × rows (" + (bands == null ? 0 : bands.permutations()) + ") must not exceed the permutations ("
                        + permutations + ")");
        InputError.require(textField != null && !textField.isBlank(), "dedup.textField", "name the text field");
    }

    /** The mode a command line names: {@code exact} or {@code near}; anything else refused, naming {@code option}. */
    public static Mode mode(String option, String text) {
        return switch (text.strip().toLowerCase(Locale.ROOT)) {
            case "exact" -> Mode.EXACT;
            case "near" -> Mode.NEAR;
            default -> throw BadInputException.of(option, "unknown mode '" + text + "'; expected exact or near");
        };
    }

    /** The rule a command line names: {@code first} or {@code longest}; anything else refused, naming {@code option}. */
    public static Keep keep(String option, String text) {
        return switch (text.strip().toLowerCase(Locale.ROOT)) {
            case "first" -> Keep.FIRST;
            case "longest" -> Keep.LONGEST;
            default -> throw BadInputException.of(option, "unknown rule '" + text + "'; expected first or longest");
        };
    }

    /** The bands and rows in use. */
    public LshBands lsh() {
        return bands != null ? bands : LshBands.choose(threshold, permutations);
    }
}
