package dev.sextant.model.serving;

import java.util.Arrays;

/**
 * An ordered list of scheduled sequences for the scheduler's per-step buffers: cleared by forgetting its size (the
 * references left behind are overwritten by the next step), indexed without bounds checks beyond the array's own.
 */
final class Sequences {

    private ScheduledSequence[] items = new ScheduledSequence[64];
    private int size;

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    ScheduledSequence get(int k) {
        return items[k];
    }

    ScheduledSequence last() {
        return size == 0 ? null : items[size - 1];
    }

    void add(ScheduledSequence q) {
        if (size == items.length) {
            items = Arrays.copyOf(items, 2 * size);
        }
        items[size++] = q;
    }

    ScheduledSequence removeLast() {
        ScheduledSequence q = items[--size];
        items[size] = null;
        return q;
    }

    /** Removes the one at {@code k}, keeping the order of the rest. */
    void remove(int k) {
        System.arraycopy(items, k + 1, items, k, size - k - 1);
        items[--size] = null;
    }

    /** Removes {@code q}, found by its admission rank (the list is kept in rank order). */
    void removeByRank(ScheduledSequence q) {
        int k = indexByRank(items, size, q.rank);
        if (k < 0 || items[k] != q) {
            throw new IllegalStateException("sequence " + q.index + " is not in the list");
        }
        remove(k);
    }

    /** Binary search by rank among {@code items[0, size)}, kept in rank order: the index, or −(insertion point) − 1. */
    static int indexByRank(ScheduledSequence[] items, int size, long rank) {
        int lo = 0;
        int hi = size - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            long r = items[mid].rank;
            if (r < rank) {
                lo = mid + 1;
            } else if (r > rank) {
                hi = mid - 1;
            } else {
                return mid;
            }
        }
        return -lo - 1;
    }

    /** Empties the list for the next step; the sequences stay referenced until overwritten. */
    void clear() {
        size = 0;
    }
}
