package dev.sextant.model.runhealth;

import dev.sextant.model.InputError;
import java.util.Arrays;
import java.util.List;

/** The steps a run saved checkpoints at: every N steps, or a given list. */
public final class Checkpoints {

    private final long every;
    private final long[] steps;

    private Checkpoints(long every, long[] steps) {
        this.every = every;
        this.steps = steps;
    }

    public static Checkpoints every(long n) {
        InputError.require(n >= 1, "trainlog.checkpointEvery", "the checkpoint interval must be at least one step");
        return new Checkpoints(n, null);
    }

    public static Checkpoints at(List<Long> steps) {
        InputError.require(!steps.isEmpty(), "trainlog.checkpoints", "give at least one checkpoint step");
        long[] s = steps.stream().mapToLong(Long::longValue).sorted().distinct().toArray();
        InputError.require(s[0] >= 0, "trainlog.checkpoints", "checkpoint steps must not be negative");
        return new Checkpoints(0, s);
    }

    /** The last checkpoint strictly before {@code step} (a checkpoint at the onset already holds its update), or 0: the start. */
    public long before(long step) {
        if (steps == null) {
            return step <= 0 ? 0 : ((step - 1) / every) * every;
        }
        int i = Arrays.binarySearch(steps, step);
        int idx = (i >= 0 ? i : -i - 1) - 1;
        return idx >= 0 ? steps[idx] : 0;
    }

    /** The checkpoint steps from {@code from} to {@code to}, inclusive, for drawing them as ticks. */
    public long[] between(long from, long to) {
        if (steps == null) {
            long first = Math.max(every, ((Math.max(0, from) + every - 1) / every) * every);
            if (first > to) {
                return new long[0];
            }
            int n = (int) Math.min(100_000, (to - first) / every + 1);
            long[] out = new long[n];
            for (int i = 0; i < n; i++) {
                out[i] = first + i * every;
            }
            return out;
        }
        return Arrays.stream(steps).filter(s -> s >= from && s <= to).toArray();
    }

    /** "every N" or the list, as the user gave it. */
    public String describe() {
        return steps == null ? "every " + every + " steps" : steps.length + " checkpoints";
    }
}
