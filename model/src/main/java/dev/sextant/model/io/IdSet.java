package dev.sextant.model.io;

import java.util.AbstractSet;
import java.util.Iterator;

/**
 * The ids seen in an import of millions of requests, to find repeats, in 8–16 bytes an id rather than a string's 50
 * or more: each id kept as a 64-bit hash (FNV-1a over its characters, then MurmurHash3's finaliser) in an
 * open-addressing table with linear probing. Two different ids share a hash with probability about n² / 2⁶⁵ — about
 * 3 in a million for ten million ids — and would then be taken for a repeat. Not iterable: it only answers whether an
 * id was seen.
 */
public final class IdSet extends AbstractSet<String> {

    private long[] table = new long[1 << 10];
    private int size;

    @Override
    public boolean add(String id) {
        long h = hash(id);
        int i = find(h);
        if (table[i] == h) {
            return false;
        }
        table[i] = h;
        if (++size * 2 > table.length) {
            grow();
        }
        return true;
    }

    @Override
    public boolean contains(Object o) {
        return o instanceof String s && table[find(hash(s))] != 0;
    }

    @Override
    public boolean remove(Object o) {
        if (!(o instanceof String s)) {
            return false;
        }
        int i = find(hash(s));
        if (table[i] == 0) {
            return false;
        }
        // backward-shift deletion: entries after it in its probe run move up, so no tombstones are needed
        int mask = table.length - 1;
        int hole = i;
        int j = i;
        while (true) {
            j = (j + 1) & mask;
            if (table[j] == 0) {
                break;
            }
            int home = slot(table[j]);
            boolean movable = hole <= j ? home <= hole || home > j : home <= hole && home > j;
            if (movable) {
                table[hole] = table[j];
                hole = j;
            }
        }
        table[hole] = 0;
        size--;
        return true;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public Iterator<String> iterator() {
        throw new UnsupportedOperationException("an id set keeps hashes, not ids");
    }

    private int find(long h) {
        int mask = table.length - 1;
        int i = slot(h);
        while (table[i] != 0 && table[i] != h) {
            i = (i + 1) & mask;
        }
        return i;
    }

    private int slot(long h) {
        return (int) (h ^ (h >>> 32)) & (table.length - 1);
    }

    private void grow() {
        long[] old = table;
        table = new long[old.length * 2];
        for (long h : old) {
            if (h != 0) {
                table[find(h)] = h;
            }
        }
    }

    static long hash(String s) {
        long h = 0xcbf29ce484222325L;
        for (int i = 0; i < s.length(); i++) {
            h ^= s.charAt(i);
            h *= 0x100000001b3L;
        }
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb9fe1a85ec53L;
        h ^= h >>> 33;
        return h == 0 ? 1 : h;
    }
}
