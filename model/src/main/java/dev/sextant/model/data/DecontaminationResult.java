package dev.sextant.model.data;

import java.util.List;
import java.util.Locale;

/**
 * What decontamination did.
 *
 * @param mode          drop or mask
 * @param documents     documents read
 * @param dropped       documents left out for holding benchmark n-grams
 * @param masked        documents written with their matched spans masked
 * @param passedThrough lines that hold no document (not JSON objects, no text field, not chats), written as they were
 * @param maskedBytes   bytes of text masked
 * @param bytes         bytes read from disk
 * @param seconds       time taken
 * @param items         the benchmark items found, with the documents they were found in
 * @param examples      the first documents that lost something, in reading order (all of them are in removed.jsonl)
 * @param out           the output folder
 * @param n             the n-gram length matched
 * @param benchmarkItems the benchmark items looked for
 * @param notCheckable  those of them shorter than n tokens after normalisation: no n-gram of theirs exists, so they
 *                      cannot be found (nor removed) at this n; counted as the contamination scan counts them
 */
public record DecontaminationResult(
        String mode,
        long documents,
        long dropped,
        long masked,
        long passedThrough,
        long maskedBytes,
        long bytes,
        double seconds,
        List<ItemCount> items,
        List<Removal> examples,
        String out,
        int n,
        int benchmarkItems,
        int notCheckable) {

    /** Share of not-checkable items above which the result says, loudly, that a smaller n is needed. */
    public static final double MOSTLY_UNCHECKABLE = 0.10;

    /**
     * A sentence about the items too short for the n-gram, or null when every item is checkable: how many, and what
     * to do about it.
     */
    public String notCheckableNote() {
        if (notCheckable == 0) {
            return null;
        }
        return String.format(
                Locale.ROOT,
                "%,d of %,d benchmark items (%.0f %%) are shorter than %d tokens: not checkable at this n-gram, "
                        + "so they cannot be found or removed%s",
                notCheckable,
                benchmarkItems,
                100.0 * notCheckable / Math.max(1, benchmarkItems),
                n,
                (double) notCheckable / Math.max(1, benchmarkItems) >= MOSTLY_UNCHECKABLE
                        ? "; run again with a smaller n (8 is common for short questions)"
                        : "");
    }

    /** Documents listed in {@link #examples} at most. */
    public static final int EXAMPLES = 200;

    /**
     * A document that lost something: where it is ({@code file} and its line, byte offset or row), what happened, the
     * first item found in it and the text matched.
     */
    public record Removal(String id, String file, long at, String action, String benchmark, String item, String text) {}

    /** Documents that held benchmark n-grams. */
    public long affected() {
        return dropped + masked;
    }

    public double affectedShare() {
        return documents == 0 ? 0 : (double) affected() / documents;
    }

    public double bytesPerSecond() {
        return seconds > 0 ? bytes / seconds : Double.NaN;
    }

    /** A benchmark item found in the corpus: in how many documents, and how many of its n-grams' occurrences. */
    public record ItemCount(String benchmark, String id, long documents, long ngrams) {}
}
