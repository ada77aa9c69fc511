package dev.sextant.model.training;

import dev.sextant.model.InputError;
import java.util.ArrayList;
import java.util.List;

/**
 * The 1F1B pipeline schedule (Narayanan et al. 2021, §2.2, PipeDream-Flush): stage s runs p − s − 1 warm-up forward
 * passes, then alternates one forward and one backward, then drains the remaining backward passes. A forward pass
 * waits for the previous stage's forward of the same micro-batch, a backward pass for the next stage's backward. With
 * equal stages the step takes (m + p − 1)(t_f + t_b): the bubble is (p − 1)/m of the ideal m (t_f + t_b).
 *
 * <p>Interleaved 1F1B (same paper, §2.2.2, "Schedule with Interleaved Stages"): each device holds v model chunks, so a
 * micro-batch visits the p devices v times, each visit taking 1/v of the stage's time. Forward passes go in groups of
 * p micro-batches per chunk (Megatron-LM's {@code get_model_chunk_id}: pass k runs chunk (k mod pv) div p of
 * micro-batch (k div pv)·p + k mod p; backward passes run the chunks in reverse), after (p − s − 1)·2 + (v − 1)·p
 * warm-up forwards on device s. The bubble shrinks to (p − 1)/(v m).
 */
public final class PipelineSchedule {

    /** One pass of one micro-batch on one stage; {@code chunk} is the model chunk on that stage (0 without interleaving). */
    public record Pass(int stage, int microBatch, boolean forward, double start, double end, int chunk) {
        public Pass(int stage, int microBatch, boolean forward, double start, double end) {
            this(stage, microBatch, forward, start, end, 0);
        }
    }

    private PipelineSchedule() {}

    /**
     * @param forward  forward time of one micro-batch on each stage
     * @param backward backward time of one micro-batch on each stage
     */
    public static List<Pass> oneFOneB(int microBatches, double[] forward, double[] backward) {
        return interleaved(microBatches, 1, forward, backward);
    }

    /**
     * Interleaved 1F1B with {@code v} chunks per stage (v = 1: plain 1F1B). With v > 1 the micro-batches must be a
     * multiple of the stages, as Megatron-LM requires.
     *
     * @param forward  forward time of one micro-batch through a whole stage (all its chunks)
     * @param backward backward time likewise
     */
    public static List<Pass> interleaved(int microBatches, int v, double[] forward, double[] backward) {
        int p = forward.length;
        int m = microBatches;
        if (p < 1 || m < 1 || v < 1 || backward.length != p) {
            throw new IllegalArgumentException("need at least one stage, one chunk and one micro-batch");
        }
        if (v > 1 && m % p != 0) {
            throw new InputError(
                    "training.vpp",
                    "interleaving needs the micro-batches (" + m + ") to be a multiple of the stages (" + p + ")");
        }
        int total = m * v;
        // each device's order of passes: {micro-batch, chunk, forward?}
        List<int[][]> order = new ArrayList<>();
        for (int s = 0; s < p; s++) {
            int warm = v == 1 ? Math.min(m, p - s - 1) : Math.min(total, (p - s - 1) * 2 + (v - 1) * p);
            List<int[]> ops = new ArrayList<>();
            int f = 0;
            int b = 0;
            for (; f < warm; f++) {
                ops.add(op(f, p, v, true));
            }
            while (b < total) {
                if (f < total) {
                    ops.add(op(f++, p, v, true));
                }
                ops.add(op(b++, p, v, false));
            }
            order.add(ops.toArray(new int[0][]));
        }
        double[][][] fEnd = new double[p][v][m];
        double[][][] bEnd = new double[p][v][m];
        boolean[][][] fDone = new boolean[p][v][m];
        boolean[][][] bDone = new boolean[p][v][m];
        int[] next = new int[p];
        double[] free = new double[p];
        List<Pass> passes = new ArrayList<>(2 * p * total);
        int remaining = 2 * p * total;
        while (remaining > 0) {
            boolean progressed = false;
            for (int s = 0; s < p; s++) {
                while (next[s] < order.get(s).length) {
                    int[] o = order.get(s)[next[s]];
                    int i = o[0];
                    int c = o[1];
                    double ready;
                    if (o[2] == 1) {
                        // the previous virtual stage: the device before, or the last device's previous chunk
                        int ps = s > 0 ? s - 1 : p - 1;
                        int pc = s > 0 ? c : c - 1;
                        if (pc >= 0 && !fDone[ps][pc][i]) {
                            break;
                        }
                        ready = pc >= 0 ? fEnd[ps][pc][i] : 0;
                        double start = Math.max(ready, free[s]);
                        fEnd[s][c][i] = start + forward[s] / v;
                        fDone[s][c][i] = true;
                        free[s] = fEnd[s][c][i];
                        passes.add(new Pass(s, i, true, start, fEnd[s][c][i], c));
                    } else {
                        // the next virtual stage: the device after, or the first device's next chunk
                        int ns = s < p - 1 ? s + 1 : 0;
                        int nc = s < p - 1 ? c : c + 1;
                        boolean last = nc >= v;
                        if (!fDone[s][c][i] || (!last && !bDone[ns][nc][i])) {
                            break;
                        }
                        ready = Math.max(fEnd[s][c][i], last ? 0 : bEnd[ns][nc][i]);
                        double start = Math.max(ready, free[s]);
                        bEnd[s][c][i] = start + backward[s] / v;
                        bDone[s][c][i] = true;
                        free[s] = bEnd[s][c][i];
                        passes.add(new Pass(s, i, false, start, bEnd[s][c][i], c));
                    }
                    next[s]++;
                    remaining--;
                    progressed = true;
                }
            }
            if (!progressed) {
                throw new IllegalStateException("pipeline schedule deadlocked");
            }
        }
        return passes;
    }

    /** The k-th forward (or backward) pass on a device: {micro-batch, chunk, 1 for forward}. */
    private static int[] op(int k, int p, int v, boolean forward) {
        if (v == 1) {
            return new int[] {k, 0, forward ? 1 : 0};
        }
        int inGroup = k % (p * v);
        int chunk = inGroup / p;
        return new int[] {(k / (p * v)) * p + k % p, forward ? chunk : v - 1 - chunk, forward ? 1 : 0};
    }

    /**
     * A plan's first {@code microBatches} micro-batches under its schedule (interleaved when its layout has v > 1 and
     * the count is a multiple of the stages), each stage's time split a third forward and two thirds backward (the
     * backward pass does twice the forward's matrix work).
     */
    public static List<Pass> of(TrainingPlan plan, int microBatches) {
        int stages = plan.stageSeconds().size();
        double[] forward = new double[stages];
        double[] backward = new double[stages];
        for (int i = 0; i < stages; i++) {
            forward[i] = plan.stageSeconds().get(i) / 3;
            backward[i] = 2 * forward[i];
        }
        int v = plan.layout().vpp();
        return v > 1 && microBatches % stages == 0
                ? interleaved(microBatches, v, forward, backward)
                : oneFOneB(microBatches, forward, backward);
    }

    /** When the last pass ends. */
    public static double makespan(List<Pass> passes) {
        return passes.stream().mapToDouble(Pass::end).max().orElse(0);
    }
}
