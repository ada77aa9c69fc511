package dev.sextant.model.serving;

/** The KV cache as the scheduler sees it: a fixed number of (layer-)blocks, some free. */
final class KvBlockPool {

    private final long total;
    private long free;

    KvBlockPool(long total) {
        this.total = total;
        this.free = total;
    }

    /** Whether {@code blocks} more fit while {@code reserved} stay kept for this step's decodes. */
    boolean fits(long blocks, long reserved) {
        return blocks <= free - reserved;
    }

    long free() {
        return free;
    }

    /** Gives {@code blocks} to {@code q}. */
    void take(ScheduledSequence q, long blocks) {
        free -= blocks;
        q.blocks += blocks;
    }

    /** Takes {@code blocks} that sequences add to their own counts themselves. */
    void take(long blocks) {
        free -= blocks;
    }

    /** Takes back everything {@code q} holds. */
    void release(ScheduledSequence q) {
        free += q.blocks;
    }

    /** Share of the blocks in use. */
    double used() {
        return 1 - (double) free / total;
    }
}
