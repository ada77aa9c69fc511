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

    /** Empties the list for the next step; the sequences stay referenced until overwritten. */
    void clear() {
        size = 0;
    }
}
