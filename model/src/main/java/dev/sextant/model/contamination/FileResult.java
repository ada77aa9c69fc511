package dev.sextant.model.contamination;

import dev.sextant.model.contamination.ScanResult.Location;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What scanning one corpus file found: per benchmark item (by position in the index) the matched n-gram starts, the
 * first few locations, how many corpus places were found in all, and counters. Files are the unit of resume: a scan that stops keeps its completed files' results and
 * goes on with the rest.
 */
public final class FileResult {

    private final String file;
    final Map<Integer, BitSet> matched = new HashMap<>();
    final Map<Integer, List<Location>> locations = new HashMap<>();
    /** Per item: corpus places found (a document, or a passage of a text file), kept in {@code locations} or not. */
    final Map<Integer, Long> places = new HashMap<>();
    /** Per item, while its unit is scanned: the document (a worker's count) and corpus token of its last match. */
    final Map<Integer, long[]> lastMatch = new HashMap<>();

    long bytes;
    long documents;
    long hashHits;
    long collisions;
    long skipped;
    /** Bytes of text that were not valid UTF-8, each read as a word boundary. */
    long invalidUtf8Bytes;

    public FileResult(String file) {
        this.file = file;
    }

    /**
     * Rebuilds a saved result.
     *
     * @param places corpus places per item; null for results saved before they were counted (then the locations kept)
     */
    public static FileResult of(
            String file,
            Map<Integer, BitSet> matched,
            Map<Integer, List<Location>> locations,
            Map<Integer, Long> places,
            long bytes,
            long documents,
            long hashHits,
            long collisions,
            long skipped,
            long invalidUtf8Bytes) {
        FileResult r = new FileResult(file);
        r.matched.putAll(matched);
        r.locations.putAll(locations);
        if (places != null) {
            r.places.putAll(places);
        } else {
            locations.forEach((item, l) -> r.places.put(item, (long) l.size()));
        }
        r.bytes = bytes;
        r.documents = documents;
        r.hashHits = hashHits;
        r.collisions = collisions;
        r.skipped = skipped;
        r.invalidUtf8Bytes = invalidUtf8Bytes;
        return r;
    }

    /**
     * One file's result from the results of its units, read apart (a cluster's tasks, one per byte range or row group),
     * merged as the local scanner merges its units'.
     */
    public static FileResult combine(String file, List<FileResult> parts) {
        FileResult whole = new FileResult(file);
        for (FileResult p : parts) {
            if (!p.file.equals(file)) {
                throw new IllegalArgumentException("a result of " + p.file + " among " + file + "'s");
            }
            whole.merge(p);
        }
        return whole;
    }

    synchronized void merge(FileResult other) {
        other.matched.forEach(
                (item, bits) -> matched.computeIfAbsent(item, k -> new BitSet()).or(bits));
        other.locations.forEach((item, l) ->
                locations.computeIfAbsent(item, k -> new ArrayList<>()).addAll(l));
        other.places.forEach((item, c) -> places.merge(item, c, Long::sum));
        bytes += other.bytes;
        documents += other.documents;
        hashHits += other.hashHits;
        collisions += other.collisions;
        skipped += other.skipped;
        invalidUtf8Bytes += other.invalidUtf8Bytes;
    }

    public String file() {
        return file;
    }

    public Map<Integer, BitSet> matched() {
        return matched;
    }

    public Map<Integer, List<Location>> locations() {
        return locations;
    }

    /** Corpus places found per item, including those beyond the locations kept. */
    public Map<Integer, Long> places() {
        return places;
    }

    public long bytes() {
        return bytes;
    }

    public long documents() {
        return documents;
    }

    public long hashHits() {
        return hashHits;
    }

    public long collisions() {
        return collisions;
    }

    public long skipped() {
        return skipped;
    }

    public long invalidUtf8Bytes() {
        return invalidUtf8Bytes;
    }
}
