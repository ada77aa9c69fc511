package dev.sextant.model.training;

import dev.sextant.model.InputError;
import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.hardware.Cluster;
import dev.sextant.model.hardware.Precision;
import dev.sextant.model.job.CancellationToken;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.function.Consumer;

/**
 * Enumerates the layouts of a model on a cluster for a sequence length and global batch, keeping whatever the user
 * fixed, and ranks those that fit by step time. Degrees range over the values that can be valid (TP within a node; PP
 * dividing the GPUs up to the layers; CP up to 16; EP dividing the experts; micro-batches 1–16; 1–8 virtual stages;
 * ZeRO 0–3; the three recompute modes; sequence parallelism on and off); every candidate is checked by
 * {@link TrainingPlanner#invalid} and costed in full.
 */
public final class LayoutSearch {

    private static final double GIB = 1024.0 * 1024 * 1024;

    /** What the user fixed; null means "search it". */
    public record Fixed(
            Integer tp,
            Integer pp,
            Integer cp,
            Integer ep,
            Integer vpp,
            Integer microBatch,
            Integer zeroStage,
            Recompute recompute,
            Boolean sequenceParallel,
            Precision precision,
            Boolean fusedAttention) {

        public static Fixed none() {
            return new Fixed(null, null, null, null, null, null, null, null, null, null, null);
        }
    }

    /**
     * The best plans that fit (at most {@link #KEPT}), how many layouts were tried and were valid, and what stopped the
     * others: the problem in words and the input it is about ({@code training.tp}, …; an {@link InputError} key), both
     * null when a plan fits.
     */
    public record Result(List<TrainingPlan> plans, int searched, int valid, String problem, String problemField) {

        /** The problem as the input error to throw where an empty search is a failure; null when a plan fits. */
        public InputError error() {
            return problem == null ? null : new InputError(problemField, problem);
        }
    }

    private LayoutSearch() {}

    /** Plans a search keeps, best first. */
    public static final int KEPT = 200;

    public static Result search(
            ModelArchitecture model,
            Cluster cluster,
            int seq,
            int globalBatch,
            Fixed fixed,
            double tokens,
            ComputeEfficiency efficiency) {
        return search(model, cluster, seq, globalBatch, fixed, tokens, efficiency, CancellationToken.none());
    }

    /** As above, stopping with {@link dev.sextant.model.job.CancelledException} when {@code cancel} is set. */
    public static Result search(
            ModelArchitecture model,
            Cluster cluster,
            int seq,
            int globalBatch,
            Fixed fixed,
            double tokens,
            ComputeEfficiency efficiency,
            CancellationToken cancel) {
        return search(model, cluster, seq, globalBatch, fixed, tokens, efficiency, SoftwareStack.DEFAULT, cancel);
    }

    /** As above, for a software stack's overlap rules. */
    public static Result search(
            ModelArchitecture model,
            Cluster cluster,
            int seq,
            int globalBatch,
            Fixed fixed,
            double tokens,
            ComputeEfficiency efficiency,
            SoftwareStack stack,
            CancellationToken cancel) {
        return search(
                model, cluster, seq, globalBatch, fixed, tokens, efficiency, stack, MoeDispatcher.DEFAULT, cancel);
    }

    /** As above, with a mixture of experts' tokens sent by {@code dispatcher}. */
    public static Result search(
            ModelArchitecture model,
            Cluster cluster,
            int seq,
            int globalBatch,
            Fixed fixed,
            double tokens,
            ComputeEfficiency efficiency,
            SoftwareStack stack,
            MoeDispatcher dispatcher,
            CancellationToken cancel) {
        TrainingPlanner planner = new TrainingPlanner(model, cluster, seq, globalBatch, efficiency, stack, dispatcher);
        // the best KEPT plans so far, slowest on top so that it is the one dropped
        PriorityQueue<TrainingPlan> fits = new PriorityQueue<>(
                Comparator.comparingDouble(TrainingPlan::stepTimeSeconds).reversed());
        int[] counts = new int[2]; // searched, valid
        double[] smallest = {Double.POSITIVE_INFINITY};
        forEachLayout(model, cluster, fixed, l -> {
            if ((counts[0] & 1023) == 0) {
                cancel.throwIfCancelled();
            }
            counts[0]++;
            if (planner.invalid(l) != null) {
                return;
            }
            counts[1]++;
            TrainingPlan plan = planner.plan(l, tokens);
            if (plan.fits()) {
                if (fits.size() < KEPT || plan.stepTimeSeconds() < fits.peek().stepTimeSeconds()) {
                    fits.add(plan);
                    if (fits.size() > KEPT) {
                        fits.poll();
                    }
                }
            } else {
                smallest[0] = Math.min(smallest[0], plan.memory().total());
            }
        });
        List<TrainingPlan> ranked = new ArrayList<>(fits);
        ranked.sort(Comparator.comparingDouble(TrainingPlan::stepTimeSeconds));
        TrainingPlanner.Invalid problem = null;
        if (fits.isEmpty()) {
            problem = counts[1] > 0
                    ? new TrainingPlanner.Invalid(
                            "training.gpus",
                            String.format(
                                    "no layout fits: the smallest needs %.1f GiB per GPU and %s "
                                            + "has %.1f GiB; add GPUs, raise ZeRO or recompute, or lower the micro-batch or sequence length",
                                    smallest[0] / GIB,
                                    cluster.gpu().name(),
                                    cluster.gpu().usableMemoryBytes() / GIB))
                    : mostCommonProblem(model, cluster, fixed, planner);
        }
        return new Result(
                ranked,
                counts[0],
                counts[1],
                problem == null ? null : problem.problem(),
                problem == null ? null : problem.field());
    }

    /** Runs only when no layout is valid: says which constraint failed most often, with one example. */
    private static TrainingPlanner.Invalid mostCommonProblem(
            ModelArchitecture model, Cluster cluster, Fixed fixed, TrainingPlanner planner) {
        Map<String, Integer> counts = new HashMap<>();
        Map<String, TrainingPlanner.Invalid> example = new HashMap<>();
        forEachLayout(model, cluster, fixed, l -> {
            TrainingPlanner.Invalid why = planner.invalid(l);
            String kind = why.problem().replaceAll("\\d+", "N");
            counts.merge(kind, 1, Integer::sum);
            example.putIfAbsent(kind, why);
        });
        return counts.entrySet().stream()
                .max(Map.Entry.comparingByValue())
                .map(e -> example.get(e.getKey()))
                .map(why -> new TrainingPlanner.Invalid(why.field(), "no valid layout; most often: " + why.problem()))
                .orElse(new TrainingPlanner.Invalid("training.gpus", "no layout to try"));
    }

    private static void forEachLayout(
            ModelArchitecture model, Cluster cluster, Fixed fixed, Consumer<TrainingLayout> visit) {
        int n = cluster.gpus();
        List<Integer> tps = fixed.tp() != null ? List.of(fixed.tp()) : divisors(Math.min(n, cluster.gpusPerNode()));
        List<Integer> pps = fixed.pp() != null
                ? List.of(fixed.pp())
                : divisors(n).stream().filter(p -> p <= model.layers()).toList();
        List<Integer> cps = fixed.cp() != null ? List.of(fixed.cp()) : List.of(1, 2, 4, 8, 16);
        List<Integer> eps = fixed.ep() != null
                ? List.of(fixed.ep())
                : model.moe() == null
                        ? List.of(1)
                        : divisors(model.moe().experts()).stream()
                                .filter(e -> e <= 64)
                                .toList();
        List<Integer> vpps = fixed.vpp() != null ? List.of(fixed.vpp()) : List.of(1, 2, 3, 4, 6, 8);
        List<Integer> mbs = fixed.microBatch() != null ? List.of(fixed.microBatch()) : List.of(1, 2, 4, 8, 16);
        List<Integer> zeros = fixed.zeroStage() != null ? List.of(fixed.zeroStage()) : List.of(0, 1, 2, 3);
        List<Recompute> recomputes =
                fixed.recompute() != null ? List.of(fixed.recompute()) : List.of(Recompute.values());
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
                                        for (boolean sp : sequenceParallel(fixed, tp)) {
                                            visit.accept(new TrainingLayout(
                                                    tp, pp, dp, cp, ep, vpp, mb, zero, r, sp, precision, fused));
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    private static List<Boolean> sequenceParallel(Fixed fixed, int tp) {
        if (fixed.sequenceParallel() != null) {
            return List.of(fixed.sequenceParallel());
        }
        return tp > 1 ? List.of(true, false) : List.of(false);
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
