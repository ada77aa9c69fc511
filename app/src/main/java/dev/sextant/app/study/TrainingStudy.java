package dev.sextant.app.study;

import dev.sextant.model.InputError;
import dev.sextant.model.calibration.Calibration;
import dev.sextant.model.io.MeasuredRunFile;
import dev.sextant.model.io.TrainingRunsCsv;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import dev.sextant.model.training.ComputeEfficiency;
import dev.sextant.model.training.FaultTolerance;
import dev.sextant.model.training.LayoutSearch;
import dev.sextant.model.training.NetworkSensitivity;
import dev.sextant.model.training.Sensitivity;
import dev.sextant.model.training.SmallClusterCalibration;
import dev.sextant.model.training.TrainingLayout;
import dev.sextant.model.training.TrainingPlan;
import dev.sextant.model.training.TrainingRequest;
import dev.sextant.model.training.validation.PlannerFitting;
import dev.sextant.model.training.validation.PredictionIntervals;
import dev.sextant.model.training.validation.PublishedComparison;
import dev.sextant.model.training.validation.PublishedRun;
import dev.sextant.model.training.validation.TrainingValidation;
import dev.sextant.workspaces.SavedTrainingPlan;
import dev.sextant.workspaces.Workspace;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;

/**
 * Training plans, for every face: the layouts of a model on a cluster costed under the catalog's compute efficiency
 * or a calibration profile, how the best step time moves with TP and the micro-batch, and the plans kept in a
 * project. The Training area and {@code plan train} (and {@code plan list}) take their plans from here.
 *
 * <p>Two questions are asked of it. {@link #plan} is {@code plan train}'s: with TP, PP, CP and the micro-batch (and EP
 * for a mixture of experts) all given, the one layout they name is costed, the options not given taking their
 * defaults ({@link TrainingRequest#fixedLayout()}); otherwise the layouts are searched. {@link #search} is the Training
 * area's, where ZeRO and recompute "any" mean searched: it always searches, keeping what is fixed, and adds the
 * sensitivity.
 */
public final class TrainingStudy {

    private final Workspace ws;
    private final UUID projectId;

    /** A study in a project: plans, and the plans kept there. */
    public TrainingStudy(Workspace ws, UUID projectId) {
        this.ws = ws;
        this.projectId = projectId;
    }

    /** A study outside any project: plans only (keeping one needs a project). */
    public TrainingStudy() {
        this(null, null);
    }

    /**
     * Plans worked out for one request.
     *
     * @param plans       best first; empty when nothing fits (then {@code problem} says why)
     * @param searched    layouts looked at (1 for a fixed layout)
     * @param valid       layouts that were valid
     * @param seconds     wall time of the work
     * @param sensitivity the best step time against TP and the micro-batch, or null when not asked for or nothing fits
     * @param problem     why there is no plan, or null
     * @param interval    how far the plans' step times, TFLOP/s and days can be trusted: the 80 % interval of the
     *                    request's class ({@link #interval(TrainingRequest)}), the same factors for every plan
     * @param indistinguishable how many of the best plans lie within the planner's ranking error of the best in step
     *                    time ({@link PredictionIntervals.Interval#ranking()}), the best included (0 without plans):
     *                    the model cannot rank these among themselves
     * @param published   the best plan against a layout measured in public for the same model, GPU, sequence length and
     *                    precision ({@link PublishedComparison}), or null when the bundled runs have none
     * @param network     the best layout's step at other bandwidths between nodes ({@link NetworkSensitivity}), or null
     *                    for a job in one node or without plans
     */
    public record Plans(
            List<TrainingPlan> plans,
            int searched,
            int valid,
            double seconds,
            Sensitivity sensitivity,
            InputError problem,
            PredictionIntervals.Interval interval,
            int indistinguishable,
            PublishedComparison published,
            NetworkSensitivity network) {

        static Plans of(
                TrainingRequest request,
                ComputeEfficiency efficiency,
                List<TrainingPlan> plans,
                int searched,
                int valid,
                double seconds,
                Sensitivity sensitivity,
                InputError problem) {
            PredictionIntervals.Interval interval = TrainingStudy.interval(request);
            PublishedComparison published = plans.isEmpty()
                    ? null
                    : PublishedComparison.find(request, plans.get(0), interval, BundledIntervals.RUNS, efficiency)
                            .orElse(null);
            return new Plans(
                    plans,
                    searched,
                    valid,
                    seconds,
                    sensitivity,
                    problem,
                    interval,
                    interval.indistinguishable(plans),
                    published,
                    plans.isEmpty()
                            ? null
                            : NetworkSensitivity.of(request, plans.get(0), efficiency)
                                    .orElse(null));
        }
    }

    /**
     * The planner's prediction intervals: its leave-one-source-out errors on the published runs that ship with the
     * model ({@link TrainingRunsCsv#bundled()}), predicted by the planner as it is in this build with the catalog
     * defaults and its constants refit without each held-out source, so that the intervals follow every change to the
     * cost model. Worked out once per process, on a background thread from the first use (or {@link #warmUp()});
     * this call waits for them.
     */
    public static PredictionIntervals intervals() {
        return BundledIntervals.INTERVALS.join();
    }

    /** Starts working out the intervals in the background (about half a second), so that no screen waits for them. */
    public static void warmUp() {
        BundledIntervals.INTERVALS.isDone();
    }

    /** The intervals once they are worked out, without waiting: for screens, which must not block on them. */
    public static CompletableFuture<PredictionIntervals> intervalsReady() {
        return BundledIntervals.INTERVALS;
    }

    /** The interval of a request's class if the intervals are worked out already; empty (never waiting) otherwise. */
    public static Optional<PredictionIntervals.Interval> intervalNow(TrainingRequest request) {
        CompletableFuture<PredictionIntervals> f = BundledIntervals.INTERVALS;
        return f.isDone() && !f.isCompletedExceptionally()
                ? Optional.of(interval(f.join(), request))
                : Optional.empty();
    }

    /**
     * The interval of a request's class: dense or MoE, the GPU's generation and the software stack, or the nearest
     * coarser class with enough published runs. It comes from plans costed with the catalog defaults; a
     * calibration profile's plans carry the same interval.
     */
    public static PredictionIntervals.Interval interval(TrainingRequest request) {
        return interval(intervals(), request);
    }

    private static PredictionIntervals.Interval interval(PredictionIntervals intervals, TrainingRequest request) {
        return intervals.forClass(
                request.model().hasExperts(),
                PublishedRun.generation(request.gpu().id()),
                request.stack().id());
    }

    private static final class BundledIntervals {
        static final List<PublishedRun> RUNS = TrainingRunsCsv.bundled();
        static final CompletableFuture<PredictionIntervals> INTERVALS = CompletableFuture.supplyAsync(
                () -> PredictionIntervals.of(
                        new TrainingValidation(RUNS).loso(PlannerFitting.fitted(ComputeEfficiency.DEFAULTS))),
                task -> {
                    Thread t = new Thread(task, "sextant-training-intervals");
                    t.setDaemon(true);
                    t.start();
                });
    }

    /** The rates layouts are costed with: the profile's, else the catalog defaults. A profile of another GPU is refused. */
    public static ComputeEfficiency efficiency(TrainingRequest request, Calibration profile) {
        if (profile == null) {
            return ComputeEfficiency.DEFAULTS;
        }
        profile.check(request.gpu());
        return profile;
    }

    /**
     * {@code plan train}'s answer: the one layout the request fixes, else the ranked search. A layout that is not
     * valid, or a search where nothing fits, is refused with the reason.
     */
    public Plans plan(TrainingRequest request, Calibration profile, CancellationToken cancel) {
        return plan(request, efficiency(request, profile), cancel);
    }

    /** As above, with the kernels' speed given (a calibration from a measured run). */
    public Plans plan(TrainingRequest request, ComputeEfficiency efficiency, CancellationToken cancel) {
        long start = System.nanoTime();
        Optional<TrainingLayout> fixed = request.fixedLayout();
        if (fixed.isPresent()) {
            TrainingPlan p = request.planner(efficiency).plan(fixed.get(), request.tokens());
            return Plans.of(request, efficiency, List.of(p), 1, 1, seconds(start), null, null);
        }
        LayoutSearch.Result r = request.search(efficiency, cancel);
        if (r.plans().isEmpty()) {
            throw r.error();
        }
        return Plans.of(request, efficiency, r.plans(), r.searched(), r.valid(), seconds(start), null, null);
    }

    /**
     * The Training area's answer: every layout searched (keeping what the request fixes), then how the best step time
     * moves with TP and the micro-batch. Nothing fitting is an answer with its reason, not a failure.
     */
    public Plans search(
            TrainingRequest request, Calibration profile, ProgressListener progress, CancellationToken cancel) {
        ComputeEfficiency efficiency = efficiency(request, profile);
        progress.progress(
                -1, "searching layouts of " + request.model().name() + " on " + request.gpus() + " × " + request.gpu());
        long start = System.nanoTime();
        LayoutSearch.Result r = request.search(efficiency, cancel);
        double seconds = seconds(start);
        if (r.plans().isEmpty()) {
            return Plans.of(request, efficiency, List.of(), r.searched(), r.valid(), seconds, null, r.error());
        }
        progress.progress(-1, "sensitivity to TP and micro-batch");
        return Plans.of(
                request,
                efficiency,
                r.plans(),
                r.searched(),
                r.valid(),
                seconds,
                Sensitivity.of(request, efficiency, cancel),
                null);
    }

    /** The plans kept in the project, newest first. */
    public List<SavedTrainingPlan> kept() {
        return workspace().trainingPlans().list(project());
    }

    /** Keeps {@code plan} for {@code request} in the project under {@code name}, with its fault-tolerance inputs (null: defaults). */
    public UUID keep(String name, TrainingRequest request, TrainingPlan plan, FaultTolerance.Spec faults) {
        return workspace()
                .trainingPlans()
                .save(project(), name, request, plan, faults == null ? FaultTolerance.Spec.defaults() : faults, false);
    }

    public void delete(UUID keptPlan) {
        workspace().trainingPlans().delete(keptPlan);
    }

    /**
     * Days to train on the request's token budget at the plan's tokens per second; NaN without a budget. Kept plans
     * are compared by it (each for its own budget).
     */
    public static double days(TrainingRequest request, TrainingPlan plan) {
        return request.tokens() > 0 ? request.tokens() / plan.tokensPerSecond() / 86400 : Double.NaN;
    }

    private Workspace workspace() {
        if (ws == null) {
            throw new IllegalStateException("kept training plans need a workspace");
        }
        return ws;
    }

    private UUID project() {
        workspace();
        if (projectId == null) {
            throw new IllegalStateException("kept training plans need a project");
        }
        return projectId;
    }

    private static double seconds(long start) {
        return (System.nanoTime() - start) / 1e9;
    }

    /**
     * The planner calibrated by runs measured on a small cluster: each run's kernel factor ({@link SmallClusterCalibration}),
     * their geometric mean applied to the request's search, what changes between the measured layout and the best big
     * one, and the calibrated interval.
     */
    public Calibrated calibrated(
            TrainingRequest request,
            Calibration profile,
            List<MeasuredRunFile.MeasuredRun> runs,
            CancellationToken cancel) {
        ComputeEfficiency base = efficiency(request, profile);
        List<SmallClusterCalibration.Measured> measured = new ArrayList<>();
        for (var r : runs) {
            TrainingRequest like = request;
            if (r.gpu() != null) {
                like = request.toBuilder(request.model(), PlanInputs.gpu(r.gpu()))
                        .build();
            }
            if (r.model() != null) {
                like = like.toBuilder(PlanInputs.model(r.model()), like.gpu()).build();
            }
            measured.add(SmallClusterCalibration.measure(r, like, base));
        }
        double k = Math.exp(measured.stream()
                .mapToDouble(m -> Math.log(m.factor()))
                .average()
                .orElseThrow());
        Plans plans = plan(request, SmallClusterCalibration.scaled(base, k), cancel);
        Plans before = plan(request, base, cancel);
        SmallClusterCalibration.Measured nearest = measured.stream()
                .max(Comparator.comparingInt(m -> m.run().gpus()))
                .orElseThrow();
        TrainingPlan best = plans.plans().get(0);
        double half = SmallClusterCalibration.halfWidth(
                plans.interval().ranking(),
                plans.interval().halfWidth(),
                nearest.run().gpus(),
                request.gpus());
        List<String> changes = SmallClusterCalibration.changes(
                nearest.calibrated(), nearest.run().gpusPerNode(), best, request.gpusPerNode());
        return new Calibrated(
                measured,
                k,
                plans,
                before.plans().get(0),
                half,
                changes,
                settled(measured, plans.interval().ranking()));
    }

    /**
     * Which choices several measured layouts settle: two runs on the same GPUs whose measured speeds differ by more than
     * the planner's ranking spread settle their difference (the faster layout's choice holds at that scale); closer ones
     * do not, and choices that only the big cluster exercises (traffic across more nodes) no small run settles.
     */
    static List<String> settled(List<SmallClusterCalibration.Measured> measured, double ranking) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < measured.size(); i++) {
            for (int j = i + 1; j < measured.size(); j++) {
                var a = measured.get(i).run();
                var b = measured.get(j).run();
                if (a.gpus() != b.gpus()) {
                    continue;
                }
                var fast = a.tokensPerGpuPerSecond() >= b.tokensPerGpuPerSecond() ? a : b;
                var slow = fast == a ? b : a;
                double gap = Math.log(fast.tokensPerGpuPerSecond() / slow.tokensPerGpuPerSecond());
                double pct = 100 * Math.expm1(gap);
                double spread = 100 * Math.expm1(ranking);
                out.add(
                        gap > ranking
                                ? String.format(
                                        Locale.ROOT,
                                        "on %d GPUs %s ran %.0f %% faster than %s: settled at that scale (beyond the "
                                                + "planner's %.0f %% ranking spread)",
                                        fast.gpus(),
                                        fast.layout(),
                                        pct,
                                        slow.layout(),
                                        spread)
                                : String.format(
                                        Locale.ROOT,
                                        "on %d GPUs %s and %s ran within %.0f %% of each other: inside the planner's %.0f %% "
                                                + "ranking spread, not settled",
                                        fast.gpus(),
                                        fast.layout(),
                                        slow.layout(),
                                        pct,
                                        spread));
            }
        }
        if (measured.size() > 1 && out.isEmpty()) {
            out.add("the measured runs are on different GPU counts: none settles a layout choice against another");
        }
        return out;
    }

    /**
     * A calibrated search: the measured runs, the factor applied, the plans, the best plan of the uncalibrated planner
     * (to show the correction), the interval's half-width in log step time, what changes from the measured layout, and
     * what the measured runs settle.
     */
    public record Calibrated(
            List<SmallClusterCalibration.Measured> measured,
            double factor,
            Plans plans,
            TrainingPlan uncalibratedBest,
            double halfWidth,
            List<String> changes,
            List<String> settled) {}
}
