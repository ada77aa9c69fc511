package dev.sextant.model.data;

import java.io.Serializable;
import java.util.BitSet;
import java.util.List;

/**
 * What deduplication found.
 *
 * @param documents          documents read
 * @param duplicates         documents removed: every member of a cluster but the one kept
 * @param duplicateShare     duplicates / documents
 * @param clusters           groups of two or more documents found to be duplicates of each other
 * @param tokens             words (normalised tokens) read
 * @param tokensRemovedShare words of the removed documents over all words
 * @param bytes              bytes read from disk
 * @param seconds            time taken
 * @param bands              the LSH bands and rows used (null for exact)
 * @param bySource           the same counts per source field value (empty without one)
 * @param largest            the largest clusters, the kept document first
 * @param clusterSizes       how many clusters there are of each size, smallest first
 * @param removed            each removed document: what it duplicates and how closely
 * @param removedSet         removed documents by their number in reading order
 */
public record DedupResult(
        long documents,
        long duplicates,
        double duplicateShare,
        long clusters,
        long tokens,
        double tokensRemovedShare,
        long bytes,
        double seconds,
        LshBands bands,
        List<SourceCount> bySource,
        List<Cluster> largest,
        List<SizeCount> clusterSizes,
        List<Removed> removed,
        BitSet removedSet) {

    /** Clusters of one size. */
    public record SizeCount(int size, long clusters) {}

    /** The same result, timed from another start (a cluster run: its reading on the workers included). */
    public DedupResult withSeconds(double total) {
        return new DedupResult(
                documents,
                duplicates,
                duplicateShare,
                clusters,
                tokens,
                tokensRemovedShare,
                bytes,
                total,
                bands,
                bySource,
                largest,
                clusterSizes,
                removed,
                removedSet);
    }

    public double bytesPerSecond() {
        return seconds > 0 ? bytes / seconds : Double.NaN;
    }

    /** One source's documents, duplicates and words. */
    public record SourceCount(
            String source,
            long documents,
            long duplicates,
            double duplicateShare,
            long tokens,
            double tokensRemovedShare) {}

    /** A cluster: its documents (the kept one first) with their similarity to it. */
    public record Cluster(int size, List<Member> members) {}

    /** A document named by its id (or file:line), where it is, how many words, how similar to the kept one. */
    public record Member(String id, String file, long index, int tokens, double similarity) {}

    /** A removed document and the one kept in its place. */
    public record Removed(String id, String file, long index, String duplicateOf, double similarity)
            implements Serializable {}
}
