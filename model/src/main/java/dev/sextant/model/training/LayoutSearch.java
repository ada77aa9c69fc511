package dev.sextant.model.training;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Enumerates the layouts of a model on a cluster for a sequence length and global batch, keeping whatever the user
 * fixed, and ranks those that fit by step time. Degrees range over the divisors that can be valid (TP within a node and
 * dividing the heads; PP up to the layers; CP dividing the sequence; EP dividing the experts); every candidate is
 * checked by {@link TrainingPlanner#invalid} and costed in full.
 */
public final class LayoutSearch {

    /** What the user fixed; null means "search it". */
    public record Fixed(Integer tp, Integer pp, Integer cp, Integer ep, Integer vpp, Integer microBatch, Integer zeroStage,
                        Recompute recompute, Boolean sequenceParallel, Precision precision, Boolean fusedAttention) {

        public static Fixed none() {
            return new Fixed(null, null, null, null, null, null, null, null, null, null, null);
        }
    }

    /** The ranked plans that fit, how many layouts were tried and were valid, and what stopped the others. */
    public record Result(List<TrainingPlan> plans, int searched, int valid, String firstProblem) {
    }

    private LayoutSearch() {
    }

    public static Result search(ModelArchitecture model, Cluster cluster, int seq, int globalBatch, Fixed fixed, double tokens,
                                ComputeEfficiency efficiency) {
        TrainingPlanner planner = new TrainingPlanner(model, cluster, seq, globalBatch, efficiency);
        int n = cluster.gpus();
        List<TrainingPlan> fits = new ArrayList<>();
        int searched = 0;
        int valid = 0;
        String firstProblem = null;
        double smallest = Double.POSITIVE_INFINITY;
        List<Integer> tps = fixed.tp() != null ? List.of(fixed.tp()) : divisors(Math.min(n, cluster.gpusPerNode()));
        List<Integer> pps = fixed.pp() != null ? List.of(fixed.pp()) : divisors(n).stream().filter(p -> p <= model.layers()).toList();
        List<Integer> cps = fixed.cp() != null ? List.of(fixed.cp()) : List.of(1, 2, 4, 8, 16);
        List<Integer> eps = fixed.ep() != null ? List.of(fixed.ep())
                : model.moe() == null ? List.of(1) : divisors(model.moe().experts()).stream().filter(e -> e <= 64).toList();
        List<Integer> vpps = fixed.vpp() != null ? List.of(fixed.vpp()) : List.of(1, 2, 4);
        List<Integer> mbs = fixed.microBatch() != null ? List.of(fixed.microBatch()) : List.of(1, 2, 4, 8);
        List<Integer> zeros = fixed.zeroStage() != null ? List.of(fixed.zeroStage()) : List.of(1, 3);
        List<Recompute> recomputes = fixed.recompute() != null ? List.of(fixed.recompute()) : List.of(Recompute.values());
        Precision precision = fixed.precision() != null ? fixed.precision() : Precision.BF16;
        boolean fused = fixed.fusedAttention() == null || fixed.fusedAttention();
        for (int tp : tps) {
            for (int pp : pps) {
                for (int cp : cps) {
                    if (n % (tp * pp * cp) != 0) {
                        continue;
                    }
                    int dp = n / (tp * pp * cp);
                    for (int ep : eps) {
                        for (int vpp : vpps) {
                            for (int mb : mbs) {
                                for (int zero : zeros) {
                                    for (Recompute r : recomputes) {
                                        boolean sp = fixed.sequenceParallel() != null ? fixed.sequenceParallel() : tp > 1;
                                        TrainingLayout l = new TrainingLayout(tp, pp, dp, cp, ep, vpp, mb, zero, r, sp, precision, fused);
                                        searched++;
                                        String why = planner.invalid(l);
                                        if (why != null) {
                                            firstProblem = firstProblem == null ? why : firstProblem;
                                            continue;
                                        }
                                        valid++;
                                        TrainingPlan plan = planner.plan(l, tokens);
                                        if (plan.fits()) {
                                            fits.add(plan);
                                        } else {
                                            smallest = Math.min(smallest, plan.memory().total());
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        fits.sort(Comparator.comparingDouble(TrainingPlan::stepTimeSeconds));
        String problem = fits.isEmpty() && valid > 0
                ? String.format("no layout fits: the smallest needs %.0f GB per GPU and %s has %.0f GB; add GPUs, raise ZeRO or "
                        + "recompute, or lower the micro-batch or sequence length", smallest / 1e9, cluster.gpu().name(),
                        cluster.gpu().memoryGB())
                : firstProblem;
        return new Result(fits, searched, valid, problem);
    }

    static List<Integer> divisors(int n) {
        List<Integer> d = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            if (n % i == 0) {
                d.add(i);
            }
        }
        return d;
    }
}
