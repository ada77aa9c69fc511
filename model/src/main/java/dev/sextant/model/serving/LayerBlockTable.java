package dev.sextant.model.serving;

import java.util.Arrays;

/**
 * {@link BatchingSimulator.Scheduler#blocksFor} by context length, tabulated as a run asks for it: a simulator asks
 * how many layer-blocks each decoding sequence holds at every step, and the answer depends on the context length only.
 * One table a run (not shared between threads); grows to the longest context the run reaches.
 */
final class LayerBlockTable {

    /** Contexts beyond this are computed each time rather than tabulated (4 MiB of table at most). */
    static final int MAX_TABULATED = 1 << 19;

    /** Block boundaries {@link #nextGrowth} looks past before it settles for a point to look again. */
    static final int BOUNDARIES_AHEAD = 4;

    private final BatchingSimulator.Scheduler scheduler;
    private final int blockSize;
    private final boolean changesAtBoundaries;
    private long[] table = new long[0];

    LayerBlockTable(BatchingSimulator.Scheduler scheduler) {
        this.scheduler = scheduler;
        this.blockSize = scheduler.blockSize();
        this.changesAtBoundaries = scheduler.layout().changesOnlyAtBlockBoundaries();
    }

    /**
     * A token count T &gt; {@code tokens} such that every count from {@code tokens} up to T − 1 holds no more than
     * {@code held} layer-blocks (given that {@code tokens} itself does): the first block boundary where the count
     * exceeds {@code held}, or a later boundary to look again from. A layout whose counts change elsewhere (chunked
     * attention) gets {@code tokens + 1}: look at every count.
     */
    long nextGrowth(long tokens, long held) {
        if (!changesAtBoundaries) {
            return tokens + 1;
        }
        long boundary = (tokens + blockSize - 1) / blockSize * blockSize + 1; // the first count in the next block
        for (int k = 0; k < BOUNDARIES_AHEAD; k++) {
            if (blocksFor(boundary) > held) {
                return boundary;
            }
            boundary += blockSize;
        }
        return boundary;
    }

    long blocksFor(long tokens) {
        if (tokens < table.length) {
            long v = table[(int) tokens];
            if (v >= 0) {
                return v;
            }
        } else if (tokens < MAX_TABULATED) {
            int old = table.length;
            table = Arrays.copyOf(table, (int) Math.min(MAX_TABULATED, Math.max(2L * old, tokens + 1024)));
            Arrays.fill(table, old, table.length, -1);
        } else {
            return scheduler.blocksFor(tokens);
        }
        long v = scheduler.blocksFor(tokens);
        table[(int) tokens] = v;
        return v;
    }
}
