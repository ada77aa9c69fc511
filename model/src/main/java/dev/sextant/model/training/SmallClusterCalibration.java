package dev.sextant.model.training;

import dev.sextant.model.InputError;
import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.hardware.GpuSpec;
import dev.sextant.model.hardware.Precision;
import dev.sextant.model.io.MeasuredRunFile;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The training planner corrected by a run measured on a small cluster. The measured layout is planned as it ran; the
 * kernels' speed (every GEMM, attention and memory-bound kernel) is scaled by the one factor that makes the planned step
 * time equal the measured one, communication left as the planner models it — so what changes between the small run and
 * the big one (traffic that crosses nodes, a larger data-parallel all-reduce, a longer pipeline bubble) is still the
 * planner's, on kernels as fast as the measurement says.
 *
 * <p>The interval: at the measured scale, what is left is the spread of the planner's errors between two runs of one
 * setup (its ranking spread, measured on pairs of published runs); farther away the calibration says less, and the
 * interval widens toward the planner's uncalibrated one, reaching it at a hundred times the measured GPUs (a modelling
 * choice: the published pairs do not resolve how fast).
 */
public final class SmallClusterCalibration {

    /** Factors past which the measurement disagrees with the planner enough to doubt the GPU type or the log. */
    static final double DOUBT = 2.0;
    /** GPUs ratio (log10) at which the calibrated interval has widened to the uncalibrated one. */
    static final double DECADES_TO_UNCALIBRATED = 2;

    /**
     * What one measured run says.
     *
     * @param factor          the kernels' time against the planner's (above 1: the measured kernels are slower)
     * @param plannedTokens   the uncorrected planner's tokens/s per GPU for the measured layout
     * @param calibrated      the measured layout planned with the corrected kernels (equal to the measurement, up to the
     *                        solver's tolerance)
     * @param notes           what the user should know (a factor far from 1, a measured run faster than communication allows)
     */
    public record Measured(
            MeasuredRunFile.MeasuredRun run,
            double factor,
            double plannedTokens,
            TrainingPlan calibrated,
            List<String> notes) {}

    private SmallClusterCalibration() {}

    /** The kernels' speed from {@code run}, planned for {@code model} on {@code gpu} (the run's own shape where its log gives one). */
    public static Measured measure(MeasuredRunFile.MeasuredRun run, TrainingRequest like, ComputeEfficiency base) {
        TrainingRequest small = like.toBuilder(run.shape() != null ? run.shape() : like.model(), like.gpu())
                .cluster(run.gpus(), run.gpusPerNode())
                .batch(run.seqLen(), run.globalBatch())
                .tokens(0)
                .fixed(new LayoutSearch.Fixed(
                        run.tp(),
                        run.pp(),
                        run.cp(),
                        run.ep(),
                        null,
                        run.microBatch(),
                        run.zeroStage(),
                        run.recompute(),
                        null,
                        null,
                        null))
                .build();
        TrainingLayout layout = small.fixedLayout().orElseThrow();
        TrainingPlan planned = plan(small, layout, base, 1);
        double target = run.stepSeconds();
        List<String> notes = new ArrayList<>();
        // the step time grows with the kernels' time: bracket and bisect in log factor
        double lo = 1e-3;
        double hi = 1e3;
        if (plan(small, layout, base, lo).stepTimeSeconds() > target) {
            notes.add(String.format(
                    Locale.ROOT,
                    "the measured step (%.3g s) is faster than the planner's communication alone allows (%.3g s with "
                            + "kernels a thousand times faster): the planner's model of this cluster's network is too slow for it",
                    target,
                    plan(small, layout, base, lo).stepTimeSeconds()));
            hi = lo;
        } else if (plan(small, layout, base, hi).stepTimeSeconds() < target) {
            throw new InputError(
                    "training.calibrateFrom",
                    String.format(
                            Locale.ROOT,
                            "the measured run is more than a thousand times slower than "
                                    + "the planner expects on %s: check the GPU type and the log",
                            like.gpu().id()));
        }
        for (int i = 0; i < 60 && hi / lo > 1.0005; i++) {
            double mid = Math.sqrt(lo * hi);
            if (plan(small, layout, base, mid).stepTimeSeconds() < target) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        double k = Math.sqrt(lo * hi);
        if (k > DOUBT || k < 1 / DOUBT) {
            notes.add(String.format(
                    Locale.ROOT,
                    "the measured run's kernels are %.1f× %s than the planner's for %s: check that it ran on %s, "
                            + "with this sequence length and batch",
                    k > 1 ? k : 1 / k,
                    k > 1 ? "slower" : "faster",
                    like.gpu().name(),
                    like.gpu().name()));
        }
        if (run.shape() != null && !sameShape(run.shape(), like.model())) {
            notes.add("the measured run's model (" + run.shape().name() + ") is not the planned one ("
                    + like.model().name() + "): its kernel " + "speed is carried over to another shape");
        }
        return new Measured(
                run, k, planned.tokensPerSecond() / run.gpus(), plan(small, layout, base, k), List.copyOf(notes));
    }

    private static boolean sameShape(ModelArchitecture a, ModelArchitecture b) {
        return a.layers() == b.layers() && a.hidden() == b.hidden() && a.ffn() == b.ffn() && a.heads() == b.heads();
    }

    private static TrainingPlan plan(TrainingRequest r, TrainingLayout l, ComputeEfficiency base, double k) {
        return r.planner(scaled(base, k)).plan(l, 0);
    }

    /** {@code base} with every kernel {@code factor} times as long. */
    public static ComputeEfficiency scaled(ComputeEfficiency base, double factor) {
        return new ComputeEfficiency() {
            @Override
            public double gemmSeconds(GpuSpec gpu, Precision precision, double m, double n, double k) {
                return factor * base.gemmSeconds(gpu, precision, m, n, k);
            }

            @Override
            public double memorySeconds(GpuSpec gpu, double bytes) {
                return factor * base.memorySeconds(gpu, bytes);
            }

            @Override
            public double attentionSeconds(
                    GpuSpec gpu,
                    double flops,
                    double chunk,
                    double headDim,
                    boolean causal,
                    double sequencesTimesHeads,
                    boolean backward) {
                return factor
                        * base.attentionSeconds(gpu, flops, chunk, headDim, causal, sequencesTimesHeads, backward);
            }

            @Override
            public double attentionSeconds(
                    GpuSpec gpu,
                    double flops,
                    double chunk,
                    double headDim,
                    boolean causal,
                    double sequencesTimesHeads,
                    boolean backward,
                    FusedAttention.Generation generation) {
                return factor
                        * base.attentionSeconds(
                                gpu, flops, chunk, headDim, causal, sequencesTimesHeads, backward, generation);
            }

            @Override
            public String name() {
                return String.format(
                        Locale.ROOT, "%s, kernels × %.3f from a measured small-cluster run", base.name(), factor);
            }
        };
    }

    /**
     * The half-width (log step time) of the calibrated interval at {@code gpus}, from {@code measuredGpus}: the ranking
     * spread there, widening to the uncalibrated half-width at {@link #DECADES_TO_UNCALIBRATED} decades of GPUs.
     */
    public static double halfWidth(double ranking, double uncalibrated, int measuredGpus, int gpus) {
        double t = Math.min(1, Math.abs(Math.log10((double) gpus / measuredGpus)) / DECADES_TO_UNCALIBRATED);
        double lo = Math.min(ranking, uncalibrated);
        return lo + (uncalibrated - lo) * t;
    }

    /**
     * What differs between the measured layout and the big one, in the step's parts: each communication dimension's
     * share of the step, whether its group crosses nodes, the pipeline bubble.
     */
    public static List<String> changes(TrainingPlan small, int smallGpusPerNode, TrainingPlan big, int bigGpusPerNode) {
        List<String> out = new ArrayList<>();
        String[] dims = {"tensor-parallel", "pipeline", "data-parallel", "context-parallel", "expert-parallel"};
        double[] s = parts(small.commSeconds());
        double[] b = parts(big.commSeconds());
        for (int i = 0; i < dims.length; i++) {
            double fs = s[i] / small.stepTimeSeconds();
            double fb = b[i] / big.stepTimeSeconds();
            if (Math.abs(fb - fs) >= 0.01) {
                out.add(String.format(
                        Locale.ROOT,
                        "%s communication: %.0f %% of the step on the big layout against %.0f %% measured",
                        dims[i],
                        100 * fb,
                        100 * fs));
            }
        }
        boolean smallCrosses = crosses(small.layout(), smallGpusPerNode);
        boolean bigCrosses = crosses(big.layout(), bigGpusPerNode);
        if (bigCrosses && !smallCrosses) {
            out.add(
                    "the big layout's data-parallel all-reduce crosses nodes, which the measured one did not: its cost is the planner's "
                            + "network model, not measured");
        }
        if (Math.abs(big.bubbleFraction() - small.bubbleFraction()) >= 0.01) {
            out.add(String.format(
                    Locale.ROOT,
                    "pipeline bubble: %.0f %% of the ideal time against %.0f %% measured",
                    100 * big.bubbleFraction(),
                    100 * small.bubbleFraction()));
        }
        if (out.isEmpty()) {
            out.add("the big layout's step has the measured one's proportions: the calibration carries over whole");
        }
        return out;
    }

    private static double[] parts(TrainingPlan.ByDimension d) {
        return new double[] {d.tp(), d.pp(), d.dp(), d.cp(), d.ep()};
    }

    /** Whether a data-parallel group spans more than one node. */
    static boolean crosses(TrainingLayout l, int gpusPerNode) {
        // TP and CP innermost, then DP; PP outermost (Megatron-LM order)
        return l.dp() > 1 && l.tp() * l.cp() * l.dp() > gpusPerNode;
    }
}
