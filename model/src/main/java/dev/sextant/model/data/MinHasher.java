package dev.sextant.model.data;

import dev.sextant.model.InputError;
import java.util.Arrays;

/**
 * MinHash signatures of a document's shingles: k values whose agreement between two documents estimates their Jaccard
 * similarity (Broder, "On the resemblance and containment of documents", 1997). Computed by one permutation hashing
 * (Li, Owen and Zhang, NIPS 2012): each shingle is hashed once, the hash picks one of k bins and the bin keeps its
 * least value, so a document costs one hash a shingle rather than k; bins no shingle fell into take the value of a bin
 * drawn by a hash of (bin, attempt) until a filled one is found — optimal densification (Shrivastava, ICML 2017), which
 * keeps the estimate unbiased for short documents with the variance of k independent permutations. Hashes are the
 * SplitMix64 finalizer (Steele, Lea and Flood, OOPSLA 2014) keyed by the seed. Shingles are word n-grams of the
 * scanner's normalised tokens; a document shorter than n words is one shingle.
 */
public final class MinHasher {

    private final int permutations;
    private final int ngram;
    private final long key;

    public MinHasher(int permutations, int ngram, long seed) {
        if (permutations < 1 || ngram < 1) {
            throw new InputError("dedup.permutations", "permutations and n-gram must be at least 1");
        }
        this.permutations = permutations;
        this.ngram = ngram;
        this.key = mix(seed ^ 0x5851F42D4C957F2DL);
    }

    public int permutations() {
        return permutations;
    }

    /**
     * The signature of a document of {@code count} token hashes into {@code out} (length ≥ permutations). Thread-safe:
     * files are read in parallel with one hasher (its scratch space was once shared between threads, and signatures
     * read at the same time could mix).
     */
    public void signature(long[] tokens, int count, int[] out) {
        int k = permutations;
        // each bin's least value as an unsigned 32-bit number in a long, EMPTY (2³²) until a shingle falls in it: the
        // minimum is then a branch-free Math.min (the data-dependent branch of an int compare mispredicted often)
        long[] least = new long[k];
        Arrays.fill(least, EMPTY);
        int n = Math.min(ngram, count);
        int shingles = Math.max(1, count - ngram + 1);
        // the shingles' polynomial hashes, rolled: one multiply-add a word (Karp and Rabin 1987)
        long roll = 0;
        for (int j = 0; j < n; j++) {
            roll = roll * BASE + tokens[j];
        }
        long drop = pow(BASE, n - 1);
        for (int s = 0; s < shingles; s++) {
            if (s > 0) {
                roll = (roll - tokens[s - 1] * drop) * BASE + tokens[s + n - 1];
            }
            long h = mix(roll ^ key ^ n);
            int bin = (int) (((h >>> 32) * k) >>> 32);
            least[bin] = Math.min(least[bin], h & 0xFFFFFFFFL);
        }
        for (int j = 0; j < k; j++) {
            if (least[j] != EMPTY) {
                out[j] = (int) least[j];
                continue;
            }
            for (long attempt = 1; ; attempt++) {
                int donor = (int) (((mix(key ^ (j * 0x9E3779B97F4A7C15L) ^ (attempt << 40)) >>> 32) * k) >>> 32);
                if (least[donor] != EMPTY) {
                    out[j] = (int) least[donor];
                    break;
                }
            }
        }
    }

    /** A bin no shingle fell into: above every unsigned 32-bit value. */
    private static final long EMPTY = 1L << 32;

    /**
     * A document's shingles as the sorted, distinct 64-bit hashes its signature is made of: for the exact Jaccard
     * similarity of two documents, |A ∩ B| / |A ∪ B| (64-bit hashes: a collision among a document's shingles is
     * negligible).
     */
    public long[] shingles(long[] tokens, int count) {
        int n = Math.min(ngram, count);
        int shingles = Math.max(1, count - ngram + 1);
        long[] out = new long[shingles];
        long roll = 0;
        for (int j = 0; j < n; j++) {
            roll = roll * BASE + tokens[j];
        }
        long drop = pow(BASE, n - 1);
        for (int s = 0; s < shingles; s++) {
            if (s > 0) {
                roll = (roll - tokens[s - 1] * drop) * BASE + tokens[s + n - 1];
            }
            out[s] = mix(roll ^ key ^ n);
        }
        Arrays.sort(out);
        int m = 0;
        for (int i = 0; i < out.length; i++) {
            if (i == 0 || out[i] != out[i - 1]) {
                out[m++] = out[i];
            }
        }
        return Arrays.copyOf(out, m);
    }

    /** |A ∩ B| / |A ∪ B| of two sorted, distinct shingle sets. */
    public static double jaccard(long[] a, long[] b) {
        int i = 0;
        int j = 0;
        int both = 0;
        while (i < a.length && j < b.length) {
            if (a[i] == b[j]) {
                both++;
                i++;
                j++;
            } else if (a[i] < b[j]) {
                i++;
            } else {
                j++;
            }
        }
        int union = a.length + b.length - both;
        return union == 0 ? 1 : (double) both / union;
    }

    /** The base of the shingles' polynomial hash: an odd 64-bit constant (arithmetic mod 2⁶⁴). */
    static final long BASE = 0x9E3779B97F4A7C15L;

    private static long pow(long b, int e) {
        long r = 1;
        for (int i = 0; i < e; i++) {
            r *= b;
        }
        return r;
    }

    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** The share of positions where two signatures agree: the estimate of their Jaccard similarity. */
    public static double similarity(int[] x, int[] y) {
        int same = 0;
        for (int i = 0; i < x.length; i++) {
            if (x[i] == y[i]) {
                same++;
            }
        }
        return (double) same / x.length;
    }
}
