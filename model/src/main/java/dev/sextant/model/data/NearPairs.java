package dev.sextant.model.data;

import java.io.Serializable;

/**
 * Which documents near-duplicate detection joins, stated so that any engine finds the same clusters whatever order it
 * meets the pairs in: the local engine (union-find over the pairs as it bands) and the distributed one (a
 * connected-components job over the same pairs) both follow it.
 *
 * <ol>
 *   <li>Documents are numbered in reading order (the units in the order given, then their documents).</li>
 *   <li>In each band, documents with the same {@link #bandKey band key} share a bucket; each is compared with the
 *       {@link #PREDECESSORS} documents of its bucket numbered closest below it (all of them in a smaller bucket). The
 *       cap keeps a bucket of a million copies from costing a million squared comparisons; their chain of pairs joins
 *       them all the same.</li>
 *   <li>A compared pair is joined when its estimated similarity (the share of equal signature positions) reaches the
 *       threshold plus a margin of three standard errors (Broder 1997: √(J(1 − J)/k)); a pair within the margin either
 *       side is settled by the exact Jaccard similarity of its shingle sets; a pair below is left apart.</li>
 *   <li>Clusters are the connected components of the joined pairs; of each, the first document (or the longest, ties
 *       to the first) is kept.</li>
 * </ol>
 * Nothing depends on which pair is judged first, so the components are unique (no early stop once two documents are
 * already together, which made the clusters depend on the order of the bands). Serializable, for a cluster's tasks.
 */
public final class NearPairs implements Serializable {

    private static final long serialVersionUID = 1L;

    /** Documents before it in its bucket a document is compared with. */
    public static final int PREDECESSORS = 32;

    /** What a compared pair's estimate says. */
    public enum Verdict {
        /** Certainly similar enough: joined. */
        JOIN,
        /** Too close to the threshold to tell from the signatures: the exact similarity decides. */
        SETTLE,
        /** Certainly not: left apart. */
        APART
    }

    private final double threshold;
    private final double margin;

    public NearPairs(double threshold, int permutations) {
        this.threshold = threshold;
        this.margin = 3 * Math.sqrt(threshold * (1 - threshold) / permutations);
    }

    public Verdict judge(double estimate) {
        if (estimate >= threshold + margin) {
            return Verdict.JOIN;
        }
        return estimate >= threshold - margin ? Verdict.SETTLE : Verdict.APART;
    }

    /** Whether a pair settled by its exact similarity is joined. */
    public boolean joins(double exactJaccard) {
        return exactJaccard >= threshold;
    }

    /**
     * The bucket of a signature in band {@code band}: its {@code rows} values from {@code from + band · rows}, hashed
     * with the band's number so that equal rows of different bands fall in different buckets.
     */
    public static long bandKey(int[] signatures, int from, int band, int rows) {
        int base = from + band * rows;
        long h = 0x9E3779B97F4A7C15L * (band + 1);
        for (int r = 0; r < rows; r++) {
            h = (h ^ (signatures[base + r] & 0xFFFFFFFFL)) * 0x100000001B3L;
        }
        return MinHasher.mix(h);
    }

    /** The estimated similarity of two signatures: the share of positions where they agree. */
    public static double estimate(int[] a, int fromA, int[] b, int fromB, int permutations) {
        int same = 0;
        for (int i = 0; i < permutations; i++) {
            if (a[fromA + i] == b[fromB + i]) {
                same++;
            }
        }
        return (double) same / permutations;
    }
}
