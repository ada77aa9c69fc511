package dev.sextant.model.contamination;

import java.util.List;

/** What a scan found: one row per benchmark item, and totals. */
public record ScanResult(List<ItemResult> items, Summary summary) {

    public enum Status {
        CLEAN("clean"), PARTIAL("partial"), DIRTY("dirty"), NOT_CHECKABLE("not-checkable");

        private final String label;

        Status(String label) {
            this.label = label;
        }

        @com.fasterxml.jackson.annotation.JsonValue
        public String label() {
            return label;
        }
    }

    /** Where in the corpus an item's n-gram was found. */
    public record Location(String file, long offset, String documentId, String snippet) {
    }

    /**
     * @param tokens        normalised tokens of the item
     * @param ngrams        its n-grams (0 when it has fewer than n tokens)
     * @param matchedNgrams n-grams found in the corpus (confirmed token by token): the GPT-3 "any n-gram" view is
     *                      matchedNgrams > 0
     * @param tokenFraction share of tokens inside a matched n-gram: the Llama 2 view
     * @param longestMatch  longest run of contaminated tokens
     */
    public record ItemResult(String benchmark, String id, int tokens, int ngrams, int matchedNgrams, double tokenFraction,
                             int longestMatch, Status status, List<Location> locations) {
    }

    /**
     * @param hashHits   corpus n-grams whose hash matched the index
     * @param collisions hash hits whose tokens differed: counted, never reported as matches
     * @param skippedDocuments JSONL lines without the text field or not JSON objects
     */
    public record Summary(int items, int clean, int partial, int dirty, int notCheckable, long bytesScanned, double seconds,
                          double mbPerSecond, long documents, long hashHits, long collisions, long skippedDocuments,
                          int n, double dirtyThreshold, int threads, int files) {
    }
}
