package dev.sextant.model.data;

import java.util.SplittableRandom;

/**
 * MinHash signatures of a document's shingles (Broder, "On the resemblance and containment of documents", 1997): for
 * each of k hash functions the least hash over the shingles; two documents agree in a position with probability their
 * Jaccard similarity. The k functions are h_i(x) = mix(x ⊕ b_i) · a_i mod 2⁶⁴ with random keys b_i and odd a_i, mix the
 * SplitMix64 finalizer (Steele, Lea and Flood, OOPSLA 2014): each a bijection of the 64-bit shingle hash that looks
 * random and independent of the others (plain multiply-shift a_i · x + b_i, tried first, left some pairs' estimates
 * four standard errors low); the top 32 bits are kept.
 * Shingles are word n-grams of the scanner's normalised tokens; a document shorter than n words is one shingle.
 */
public final class MinHasher {

    private final int permutations;
    private final int ngram;
    private final long[] a;
    private final long[] b;

    public MinHasher(int permutations, int ngram, long seed) {
        if (permutations < 1 || ngram < 1) {
            throw new IllegalArgumentException("permutations and n-gram must be at least 1");
        }
        this.permutations = permutations;
        this.ngram = ngram;
        a = new long[permutations];
        b = new long[permutations];
        SplittableRandom r = new SplittableRandom(seed);
        for (int i = 0; i < permutations; i++) {
            a[i] = r.nextLong() | 1;
            b[i] = r.nextLong();
        }
    }

    public int permutations() {
        return permutations;
    }

    /** The signature of a document of {@code count} token hashes into {@code out} (length ≥ permutations). */
    public void signature(long[] tokens, int count, int[] out) {
        long[] min = new long[permutations];
        java.util.Arrays.fill(min, -1L); // unsigned maximum
        int shingles = Math.max(1, count - ngram + 1);
        for (int s = 0; s < shingles; s++) {
            long x = shingle(tokens, s, Math.min(ngram, count));
            for (int i = 0; i < permutations; i++) {
                long h = mix(x ^ b[i]) * a[i];
                if (Long.compareUnsigned(h, min[i]) < 0) {
                    min[i] = h;
                }
            }
        }
        for (int i = 0; i < permutations; i++) {
            out[i] = (int) (min[i] >>> 32);
        }
    }

    /** One shingle's hash: its tokens' hashes combined in order (rotations keep "a b" apart from "b a"), mixed. */
    static long shingle(long[] tokens, int from, int n) {
        long h = 0x243F6A8885A308D3L;
        for (int j = 0; j < n; j++) {
            h = Long.rotateLeft(h, 23) ^ tokens[from + j];
            h *= 0x9E3779B97F4A7C15L;
        }
        return mix(h ^ n);
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
