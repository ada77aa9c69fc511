package dev.sextant.model.contamination;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What a scan found: one row per benchmark item, and totals. */
public record ScanResult(List<ItemResult> items, Summary summary) {

    /** Counts for one benchmark of a scan that looked for several. */
    public record BenchmarkSummary(String benchmark, int items, int clean, int partial, int dirty, int notCheckable) {}

    /** Per-benchmark counts, in the order benchmarks first appear. */
    @JsonProperty("benchmarks")
    public List<BenchmarkSummary> perBenchmark() {
        Map<String, int[]> counts = new LinkedHashMap<>();
        for (ItemResult i : items) {
            int[] c = counts.computeIfAbsent(i.benchmark(), k -> new int[5]);
            c[0]++;
            c[1 + i.status().ordinal()]++;
        }
        List<BenchmarkSummary> out = new ArrayList<>();
        counts.forEach((b, c) -> out.add(new BenchmarkSummary(b, c[0], c[1], c[2], c[3], c[4])));
        return out;
    }

    public enum Status {
        CLEAN("clean"),
        PARTIAL("partial"),
        DIRTY("dirty"),
        NOT_CHECKABLE("not-checkable");

        private final String label;

        Status(String label) {
            this.label = label;
        }

        @JsonValue
        public String label() {
            return label;
        }
    }

    /** Where in the corpus an item's n-gram was found. */
    public record Location(String file, long offset, String documentId, String snippet) {}

    /**
     * A matched region of an item's text: tokens {@code [fromToken, toToken)} of its normalised tokens, which lie at
     * characters {@code [from, to)} of the item's original text (UTF-16 indices into {@link BenchmarkItem#text()}).
     * A region is a maximal run of tokens inside matched n-grams: the union of the matched n-gram windows, overlapping
     * and touching windows merged. The characters run from the first token's first character (punctuation attached to
     * it included) to the last token's last; whitespace inside the region is part of it.
     */
    public record Span(int fromToken, int toToken, int from, int to) {

        public int tokens() {
            return toToken - fromToken;
        }
    }

    /**
     * @param tokens        normalised tokens of the item
     * @param ngrams        its n-grams (0 when it has fewer than n tokens)
     * @param matchedNgrams n-grams found in the corpus (confirmed token by token): the GPT-3 "any n-gram" view is
     *                      matchedNgrams > 0
     * @param tokenFraction share of tokens inside a matched n-gram: the Llama 2 view. Equal to the tokens of
     *                      {@code spans} over {@code tokens}: 1.0 exactly when one span covers every token
     * @param longestMatch  longest run of contaminated tokens (the longest span, in tokens)
     * @param locations     corpus places where the item's n-grams were found, by file and offset, at most the scan's
     *                      {@link ScanSpec#locationsPerItem()}: a document (JSONL line, Parquet row) or, in a text file, a
     *                      passage of overlapping matched n-grams counts once
     * @param textFields    the item's fields whose text was checked (e.g. {@code question} of a harness sample's doc);
     *                      empty when the whole line or record was (not kept in workspaces)
     * @param spans         every matched region of the item's text, in order; empty when nothing matched; null when the
     *                      scan did not record them (scans kept before spans were)
     * @param moreLocations corpus places found beyond those in {@code locations} (the cap keeps memory bounded)
     */
    public record ItemResult(
            String benchmark,
            String id,
            int tokens,
            int ngrams,
            int matchedNgrams,
            double tokenFraction,
            int longestMatch,
            Status status,
            List<Location> locations,
            @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> textFields,
            List<Span> spans,
            long moreLocations) {

        public ItemResult {
            textFields = textFields == null ? List.of() : List.copyOf(textFields);
            locations = locations == null ? List.of() : List.copyOf(locations);
            spans = spans == null ? null : List.copyOf(spans);
        }

        public ItemResult(
                String benchmark,
                String id,
                int tokens,
                int ngrams,
                int matchedNgrams,
                double tokenFraction,
                int longestMatch,
                Status status,
                List<Location> locations) {
            this(
                    benchmark,
                    id,
                    tokens,
                    ngrams,
                    matchedNgrams,
                    tokenFraction,
                    longestMatch,
                    status,
                    locations,
                    List.of(),
                    null,
                    0);
        }

        /** Whether the scan recorded the matched spans (scans kept before they were did not). */
        public boolean spansRecorded() {
            return spans != null;
        }

        /** The same result with the spans and the count of further locations. */
        public ItemResult withSpans(List<Span> newSpans, long more) {
            return new ItemResult(
                    benchmark,
                    id,
                    tokens,
                    ngrams,
                    matchedNgrams,
                    tokenFraction,
                    longestMatch,
                    status,
                    locations,
                    textFields,
                    newSpans,
                    more);
        }
    }

    /** A corpus file a kept scan did not read, and why (it failed and the user chose to skip it, or was skipped on request). */
    public record SkippedFile(String path, String reason) {}

    /**
     * A corpus file most of whose records were not documents (JSON Lines lines that are not objects, lack the text field
     * and are not chats; Parquet rows without the text), or that held none: a scan of it says little, and says so.
     */
    public record MostlySkipped(String path, long documents, long skipped) {
        /** The warning in a sentence. */
        public String sentence() {
            long records = documents + skipped;
            return records == 0
                    ? path + " holds no text: nothing in it was scanned"
                    : path + ": " + skipped + " of " + records
                            + " records skipped (not JSON objects with the text field or chat messages)"
                            + (documents == 0 ? ": nothing in it was scanned" : "");
        }
    }

    /** A corpus file with text that was not valid UTF-8: how many bytes were replaced (read as word boundaries). */
    public record InvalidUtf8(String path, long bytes) {}

    /**
     * @param hashHits         corpus n-grams whose hash matched the index
     * @param collisions       hash hits whose tokens differed: counted, never reported as matches
     * @param skippedDocuments JSONL lines without the text field or not JSON objects
     * @param files            corpus files read (skipped files not included)
     * @param invalidUtf8Bytes bytes of corpus text that were not valid UTF-8 (each stray or cut-off byte counts
     *                         one): decoded leniently, each read as a word boundary, never an error; web text has some
     * @param invalidUtf8Files the files that had such bytes, with their counts, by path
     * @param skippedFiles     files of a kept scan that were skipped on resume, with the reason
     * @param mostlySkipped    files in which most records (or all) were not documents, by path: a warning
     */
    public record Summary(
            int items,
            int clean,
            int partial,
            int dirty,
            int notCheckable,
            long bytesScanned,
            double seconds,
            double mbPerSecond,
            long documents,
            long hashHits,
            long collisions,
            long skippedDocuments,
            int n,
            double dirtyThreshold,
            int threads,
            int files,
            long invalidUtf8Bytes,
            List<InvalidUtf8> invalidUtf8Files,
            List<SkippedFile> skippedFiles,
            List<MostlySkipped> mostlySkipped) {

        public Summary {
            // summaries stored before these fields existed read them as null
            invalidUtf8Files = invalidUtf8Files == null ? List.of() : List.copyOf(invalidUtf8Files);
            skippedFiles = skippedFiles == null ? List.of() : List.copyOf(skippedFiles);
            mostlySkipped = mostlySkipped == null ? List.of() : List.copyOf(mostlySkipped);
        }

        public Summary withSkippedFiles(List<SkippedFile> skipped) {
            return new Summary(
                    items,
                    clean,
                    partial,
                    dirty,
                    notCheckable,
                    bytesScanned,
                    seconds,
                    mbPerSecond,
                    documents,
                    hashHits,
                    collisions,
                    skippedDocuments,
                    n,
                    dirtyThreshold,
                    threads,
                    files,
                    invalidUtf8Bytes,
                    invalidUtf8Files,
                    skipped,
                    mostlySkipped);
        }

        /** This summary with the time and threads of the engine that ran it (a cluster's, say). */
        public Summary withRun(double seconds, int threads) {
            return new Summary(
                    items,
                    clean,
                    partial,
                    dirty,
                    notCheckable,
                    bytesScanned,
                    seconds,
                    seconds > 0 ? bytesScanned / 1e6 / seconds : 0,
                    documents,
                    hashHits,
                    collisions,
                    skippedDocuments,
                    n,
                    dirtyThreshold,
                    threads,
                    files,
                    invalidUtf8Bytes,
                    invalidUtf8Files,
                    skippedFiles,
                    mostlySkipped);
        }
    }
}
