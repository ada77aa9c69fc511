package dev.sextant.model.contamination;

import dev.sextant.model.InputError;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * The benchmark side of a scan: every word n-gram of every item, by 64-bit rolling hash, in an open-addressing table
 * (a long key and an int head per slot, load ≤ 0.5) with postings (item, position) chained per hash; and each item's
 * normalised tokens, so that a hash hit from the corpus is confirmed token by token before it counts. About 36 bytes
 * per n-gram plus the items' normalised text.
 */
public final class NgramIndex {

    /** Odd multiplier of the rolling polynomial hash H = Σ h_(t−j) · B^j over the last n token hashes. */
    static final long BASE = 0x9E3779B97F4A7C15L;

    private final int n;
    private final long basePowN;
    private final List<BenchmarkItem> items;
    private final byte[][] itemBytes; // normalised tokens of each item, concatenated
    private final int[][] itemTokenEnds; // end offset of each token in itemBytes
    private final long[] keys;
    private final int[] heads;
    private final int mask;
    /**
     * Blocked Bloom filter in front of the table: four bits per n-gram inside one 64-bit word, 8–16 bits per n-gram
     * in all. Most corpus n-grams are absent; this answers them from cache instead of a random access to the table.
     */
    private final long[] bloom;

    private final int bloomMask;
    private int[] postItem;
    private int[] postPos;
    private int[] postNext;
    private int postings;
    private int distinct;

    private NgramIndex(int n, List<BenchmarkItem> items, byte[][] itemBytes, int[][] itemTokenEnds, int capacity) {
        this.n = n;
        this.items = List.copyOf(items);
        this.itemBytes = itemBytes;
        this.itemTokenEnds = itemTokenEnds;
        long p = 1;
        for (int i = 0; i < n; i++) {
            p *= BASE;
        }
        this.basePowN = p;
        this.keys = new long[capacity];
        this.heads = new int[capacity];
        Arrays.fill(heads, -1);
        this.mask = capacity - 1;
        int words = Math.max(64, capacity / 16); // capacity ≈ 2–4 × n-grams, so 8–16 bits per n-gram
        this.bloom = new long[words];
        this.bloomMask = words - 1;
        int initial = Math.max(16, capacity / 2);
        postItem = new int[initial];
        postPos = new int[initial];
        postNext = new int[initial];
    }

    public static NgramIndex build(List<BenchmarkItem> items, int n, Normalization normalization) {
        if (n < 1) {
            throw new InputError("scan.n", "the n-gram length must be at least 1");
        }
        int m = items.size();
        byte[][] bytes = new byte[m][];
        int[][] ends = new int[m][];
        long[][] hashes = new long[m][];
        long total = 0;
        Tokenizer tokenizer = new Tokenizer(normalization, true, 0); // one for all: its arrays grow to the longest
        for (int i = 0; i < m; i++) {
            byte[] text = items.get(i).text().getBytes(StandardCharsets.UTF_8);
            tokenizer.reset();
            tokenizer.feed(text, 0, text.length, 0, false);
            tokenizer.finish();
            int c = tokenizer.count;
            bytes[i] = Arrays.copyOf(tokenizer.text, c == 0 ? 0 : tokenizer.ends[c - 1]);
            ends[i] = Arrays.copyOf(tokenizer.ends, c);
            hashes[i] = Arrays.copyOf(tokenizer.hashes, c);
            total += Math.max(0, c - n + 1);
        }
        int capacity = Integer.highestOneBit((int) Math.max(16, Math.min(1L << 30, total * 2))) << 1;
        NgramIndex index = new NgramIndex(n, items, bytes, ends, capacity);
        for (int i = 0; i < m; i++) {
            long[] h = hashes[i];
            long roll = 0;
            for (int t = 0; t < h.length; t++) {
                roll = roll * BASE + h[t] - (t >= n ? h[t - n] * index.basePowN : 0);
                if (t >= n - 1) {
                    index.add(roll, i, t - n + 1);
                }
            }
        }
        return index;
    }

    private void add(long key, int item, int pos) {
        int slot = slot(key);
        while (heads[slot] != -1 && keys[slot] != key) {
            slot = (slot + 1) & mask;
        }
        if (heads[slot] == -1) {
            keys[slot] = key;
            distinct++;
            bloom[bloomWord(key)] |= bloomBits(key);
        }
        if (postings == postItem.length) {
            int grown = postings * 2;
            postItem = Arrays.copyOf(postItem, grown);
            postPos = Arrays.copyOf(postPos, grown);
            postNext = Arrays.copyOf(postNext, grown);
        }
        postItem[postings] = item;
        postPos[postings] = pos;
        postNext[postings] = heads[slot];
        heads[slot] = postings++;
    }

    private int slot(long key) {
        long h = key * 0xff51afd7ed558ccdL;
        return (int) (h ^ (h >>> 32)) & mask;
    }

    private int bloomWord(long key) {
        return (int) (key >>> 40) & bloomMask;
    }

    /** Four bits of the word, from bits 0–23 of the key (the word index uses bits 40 up). */
    private static long bloomBits(long key) {
        return (1L << key) | (1L << (key >>> 6)) | (1L << (key >>> 12)) | (1L << (key >>> 18));
    }

    /** False when the n-gram is certainly not in the index (the Bloom filter's answer; true may be a false positive). */
    boolean mayContain(long key) {
        long bits = bloomBits(key);
        return (bloom[bloomWord(key)] & bits) == bits;
    }

    /** The first posting for an n-gram hash, or -1. */
    int head(long key) {
        return mayContain(key) ? headOfTable(key) : -1;
    }

    /** Table slot where the search for {@code key} starts. */
    int firstSlot(long key) {
        return slot(key);
    }

    long keyAt(int slot) {
        return keys[slot];
    }

    int headAt(int slot) {
        return heads[slot];
    }

    /** The first posting for an n-gram hash from the table alone, or -1. */
    int headOfTable(long key) {
        int slot = slot(key);
        while (true) {
            int head = heads[slot];
            if (head == -1) {
                return -1;
            }
            if (keys[slot] == key) {
                return head;
            }
            slot = (slot + 1) & mask;
        }
    }

    int postingItem(int p) {
        return postItem[p];
    }

    int postingPosition(int p) {
        return postPos[p];
    }

    int nextPosting(int p) {
        return postNext[p];
    }

    /** Whether item {@code item}'s token {@code pos} equals {@code b[from, from + len)}. */
    boolean tokenEquals(int item, int pos, byte[] b, int from, int len) {
        int[] ends = itemTokenEnds[item];
        int start = pos == 0 ? 0 : ends[pos - 1];
        int end = ends[pos];
        if (end - start != len) {
            return false;
        }
        byte[] text = itemBytes[item];
        for (int i = 0; i < len; i++) {
            if (text[start + i] != b[from + i]) {
                return false;
            }
        }
        return true;
    }

    public int n() {
        return n;
    }

    long basePowN() {
        return basePowN;
    }

    public List<BenchmarkItem> items() {
        return items;
    }

    /** Tokens of item {@code i}. */
    public int tokens(int i) {
        return itemTokenEnds[i].length;
    }

    /** N-grams of item {@code i}: tokens − n + 1, or 0 when it is shorter than n. */
    public int ngrams(int i) {
        return Math.max(0, tokens(i) - n + 1);
    }

    /** Token {@code k} of item {@code i}, normalised. */
    public String token(int i, int k) {
        int start = k == 0 ? 0 : itemTokenEnds[i][k - 1];
        return new String(itemBytes[i], start, itemTokenEnds[i][k] - start, StandardCharsets.UTF_8);
    }

    public int distinctNgrams() {
        return distinct;
    }

    public int postings() {
        return postings;
    }

    /** Bytes held by the index (table, postings, item tokens), for the memory budget. */
    public long bytes() {
        long b = keys.length * 8L + heads.length * 4L + bloom.length * 8L + (long) postItem.length * 12L;
        for (int i = 0; i < itemBytes.length; i++) {
            b += itemBytes[i].length + itemTokenEnds[i].length * 4L + 32;
        }
        return b;
    }
}
