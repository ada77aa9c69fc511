package dev.sextant.model.data;

import java.util.List;

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
 */
public record DecontaminationResult(String mode, long documents, long dropped, long masked, long passedThrough, long maskedBytes, long bytes,
                                    double seconds, List<ItemCount> items, List<Removal> examples, String out) {

    /** Documents listed in {@link #examples} at most. */
    public static final int EXAMPLES = 200;

    /**
     * A document that lost something: where it is ({@code file} and its line, byte offset or row), what happened, the
     * first item found in it and the text matched.
     */
    public record Removal(String id, String file, long at, String action, String benchmark, String item, String text) {
    }

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
    public record ItemCount(String benchmark, String id, long documents, long ngrams) {
    }
}
