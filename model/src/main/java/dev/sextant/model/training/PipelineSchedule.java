package dev.sextant.model.training;

import java.util.ArrayList;
import java.util.List;

/**
 * The 1F1B pipeline schedule (Narayanan et al. 2021, §2.2, PipeDream-Flush): stage s runs p − s − 1 warm-up forward
 * passes, then alternates one forward and one backward, then drains the remaining backward passes. A forward pass
 * waits for the previous stage's forward of the same micro-batch, a backward pass for the next stage's backward. With
 * equal stages the step takes (m + p − 1)(t_f + t_b): the bubble is (p − 1)/m of the ideal m (t_f + t_b).
 */
public final class PipelineSchedule {

    /** One pass of one micro-batch on one stage. */
    public record Pass(int stage, int microBatch, boolean forward, double start, double end) {
    }

    private PipelineSchedule() {
    }

    /**
     * @param forward  forward time of one micro-batch on each stage
     * @param backward backward time of one micro-batch on each stage
     */
    public static List<Pass> oneFOneB(int microBatches, double[] forward, double[] backward) {
        int p = forward.length;
        int m = microBatches;
        if (p < 1 || m < 1 || backward.length != p) {
            throw new IllegalArgumentException("need at least one stage and one micro-batch");
        }
        // each stage's order of passes: +i forward of micro-batch i, −(i+1) backward
        List<int[]> order = new ArrayList<>();
        for (int s = 0; s < p; s++) {
            int warm = Math.min(m, p - s - 1);
            List<Integer> ops = new ArrayList<>();
            int f = 0;
            int b = 0;
            for (; f < warm; f++) {
                ops.add(f);
            }
            while (b < m) {
                if (f < m) {
                    ops.add(f++);
                }
                ops.add(-(++b));
            }
            order.add(ops.stream().mapToInt(Integer::intValue).toArray());
        }
        double[][] fEnd = new double[p][m];
        double[][] bEnd = new double[p][m];
        boolean[][] fDone = new boolean[p][m];
        boolean[][] bDone = new boolean[p][m];
        int[] next = new int[p];
        double[] free = new double[p];
        List<Pass> passes = new ArrayList<>(2 * p * m);
        int remaining = 2 * p * m;
        while (remaining > 0) {
            boolean progressed = false;
            for (int s = 0; s < p; s++) {
                while (next[s] < order.get(s).length) {
                    int op = order.get(s)[next[s]];
                    double ready;
                    if (op >= 0) {
                        if (s > 0 && !fDone[s - 1][op]) {
                            break;
                        }
                        ready = s > 0 ? fEnd[s - 1][op] : 0;
                        double start = Math.max(ready, free[s]);
                        fEnd[s][op] = start + forward[s];
                        fDone[s][op] = true;
                        free[s] = fEnd[s][op];
                        passes.add(new Pass(s, op, true, start, fEnd[s][op]));
                    } else {
                        int i = -op - 1;
                        if (s < p - 1 && !bDone[s + 1][i]) {
                            break;
                        }
                        ready = Math.max(fEnd[s][i], s < p - 1 ? bEnd[s + 1][i] : 0);
                        double start = Math.max(ready, free[s]);
                        bEnd[s][i] = start + backward[s];
                        bDone[s][i] = true;
                        free[s] = bEnd[s][i];
                        passes.add(new Pass(s, i, false, start, bEnd[s][i]));
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

    /**
     * A plan's first {@code microBatches} micro-batches under 1F1B, each stage's time split a third forward and two
     * thirds backward (the backward pass does twice the forward's matrix work).
     */
    public static List<Pass> of(TrainingPlan plan, int microBatches) {
        int stages = plan.stageSeconds().size();
        double[] forward = new double[stages];
        double[] backward = new double[stages];
        for (int i = 0; i < stages; i++) {
            forward[i] = plan.stageSeconds().get(i) / 3;
            backward[i] = 2 * forward[i];
        }
        return oneFOneB(microBatches, forward, backward);
    }

    /** When the last pass ends. */
    public static double makespan(List<Pass> passes) {
        return passes.stream().mapToDouble(Pass::end).max().orElse(0);
    }
}
