package dev.sextant.model.serving;

import java.util.Arrays;

/**
 * Sequences keyed by the decode round at which something happens to them (they may need another KV block, they produce
 * their last token): a binary min-heap of (round, sequence, stamp). An entry whose stamp no longer matches its
 * sequence's ({@link ScheduledSequence#stamp}, bumped when the sequence leaves or is re-keyed) is stale and skipped.
 */
final class RoundQueue {

    private long[] rounds = new long[64];
    private ScheduledSequence[] items = new ScheduledSequence[64];
    private int[] stamps = new int[64];
    private int size;

    void add(long round, ScheduledSequence q) {
        if (size == rounds.length) {
            rounds = Arrays.copyOf(rounds, 2 * size);
            items = Arrays.copyOf(items, 2 * size);
            stamps = Arrays.copyOf(stamps, 2 * size);
        }
        int k = size++;
        while (k > 0) {
            int parent = (k - 1) >>> 1;
            if (rounds[parent] <= round) {
                break;
            }
            set(k, rounds[parent], items[parent], stamps[parent]);
            k = parent;
        }
        set(k, round, q, q.stamp);
    }

    /** The next current sequence due by {@code round} (stale entries dropped on the way), or null. */
    ScheduledSequence pollDue(long round) {
        while (size > 0 && rounds[0] <= round) {
            ScheduledSequence q = items[0];
            boolean current = stamps[0] == q.stamp;
            removeTop();
            if (current) {
                return q;
            }
        }
        return null;
    }

    private void removeTop() {
        size--;
        long r = rounds[size];
        ScheduledSequence q = items[size];
        int st = stamps[size];
        items[size] = null;
        int k = 0;
        while (true) {
            int child = 2 * k + 1;
            if (child >= size) {
                break;
            }
            if (child + 1 < size && rounds[child + 1] < rounds[child]) {
                child++;
            }
            if (rounds[child] >= r) {
                break;
            }
            set(k, rounds[child], items[child], stamps[child]);
            k = child;
        }
        if (size > 0) {
            set(k, r, q, st);
        }
    }

    private void set(int k, long round, ScheduledSequence q, int stamp) {
        rounds[k] = round;
        items[k] = q;
        stamps[k] = stamp;
    }
}
