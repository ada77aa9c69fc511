package dev.sextant.model.training.validation;

import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.training.ComputeEfficiency;
import dev.sextant.model.training.TrainingPlan;
import dev.sextant.model.training.TrainingRequest;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * A plan set against a layout measured in public: the same model shape on the same GPU at the same sequence length and
 * precision, from the validation set. A search ranks layouts by predictions only; when its best is predicted faster than
 * what someone measured, the gain is real only if it exceeds what the planner's error explains. Per GPU throughput is
 * compared, so runs on up to {@link #SCALE} times more or fewer GPUs count (throughput per GPU moves by well under 1 % per
 * doubling of GPUs in the published weak-scaling series); the fastest measured of the matching runs is the bar.
 *
 * @param run                the published run
 * @param measuredTokensPerGpu     what it measured, tokens per second per GPU
 * @param predictedTokensPerGpu    the plan's prediction
 * @param plannerOnPublished what the planner predicts for the published run itself (its layout, batch and stack), tokens
 *                           per second per GPU: how far off the planner is on this very case
 * @param verdict            how the two compare against the interval
 */
public record PublishedComparison(
        PublishedRun run,
        double measuredTokensPerGpu,
        double predictedTokensPerGpu,
        double plannerOnPublished,
        Verdict verdict) {

    /** Most GPUs a published run may have more (or fewer) than the request, as a factor. */
    public static final double SCALE = 4;

    /** The plan against the published measurement. */
    public enum Verdict {
        /** the plan is predicted no faster than the published layout measured */
        NOT_FASTER("not-faster"),
        /** predicted faster, but by less than the interval: not shown to be faster */
        WITHIN_INTERVAL("within-interval"),
        /** predicted faster by more than the interval explains: a gain nobody has measured */
        UNMEASURED_GAIN("unmeasured-gain");

        private final String id;

        Verdict(String id) {
            this.id = id;
        }

        /** The id the CLI's JSON carries. */
        public String id() {
            return id;
        }
    }

    /** The plan's predicted throughput over the measured one, minus 1. */
    public double gain() {
        return predictedTokensPerGpu / measuredTokensPerGpu - 1;
    }

    /**
     * The published run {@code best} is measured against, if any: same model shape, GPU, sequence length and precision, on
     * within {@link #SCALE}× the request's GPUs; the fastest measured of those.
     */
    public static Optional<PublishedComparison> find(
            TrainingRequest request,
            TrainingPlan best,
            PredictionIntervals.Interval interval,
            List<PublishedRun> runs,
            ComputeEfficiency efficiency) {
        return runs.stream()
                .filter(r -> r.gpuId().equals(request.gpu().id())
                        && r.seq() == request.seqLen()
                        && r.precision() == best.layout().precision()
                        && Math.abs(Math.log((double) r.gpus() / request.gpus())) <= Math.log(SCALE) + 1e-9
                        && sameShape(r.model(), request.model()))
                .max(Comparator.comparingDouble(PublishedComparison::measuredTokensPerGpu))
                .map(r -> of(r, request, best, interval, efficiency));
    }

    static PublishedComparison of(
            PublishedRun run,
            TrainingRequest request,
            TrainingPlan best,
            PredictionIntervals.Interval interval,
            ComputeEfficiency efficiency) {
        double measured = measuredTokensPerGpu(run);
        double predicted = best.tokensPerSecond() / request.gpus();
        double onPublished =
                run.tokensPerStep() / TrainingValidation.plan(run, efficiency).stepTimeSeconds() / run.gpus();
        Verdict v = predicted <= measured
                ? Verdict.NOT_FASTER
                : interval.rate(predicted)[0] <= measured ? Verdict.WITHIN_INTERVAL : Verdict.UNMEASURED_GAIN;
        return new PublishedComparison(run, measured, predicted, onPublished, v);
    }

    /** A run's measured throughput, tokens per second per GPU. */
    static double measuredTokensPerGpu(PublishedRun run) {
        return run.tokensPerStep() / run.measuredStepSeconds() / run.gpus();
    }

    /** The published layout in words, e.g. "TP 2, PP 8 (4 virtual), EP 32, DP 16, micro-batch 1". */
    public String layout() {
        StringBuilder b = new StringBuilder("TP " + run.tp() + ", PP " + run.pp());
        if (run.vpp() > 1) {
            b.append(" (").append(run.vpp()).append(" virtual)");
        }
        if (run.cp() > 1) {
            b.append(", CP ").append(run.cp());
        }
        if (run.ep() > 1) {
            b.append(", EP ").append(run.ep());
        }
        b.append(", DP ").append(run.dp());
        if (run.zeroStage() == 3) {
            b.append(" (FSDP)");
        }
        return b.append(", micro-batch ").append(run.microBatch()).toString();
    }

    /** The comparison in one or two sentences, for the CLI and the Training area. */
    public String sentence(double level) {
        String head = String.format(
                Locale.ROOT,
                "Published: %s (%s) measured %,.0f tokens/s per GPU on %d × %s with %s; the best plan is predicted at %,.0f (%+.0f %%)",
                run.id(),
                run.source(),
                measuredTokensPerGpu,
                run.gpus(),
                run.gpuId(),
                layout(),
                predictedTokensPerGpu,
                // a gain that rounds to zero reads +0, not -0
                Math.round(100 * gain()) == 0 ? 0.0 : 100 * gain());
        String tail =
                switch (verdict) {
                    case NOT_FASTER -> ": the published layout measured at least as fast";
                    case WITHIN_INTERVAL -> String.format(
                            Locale.ROOT, ", within the %.0f %% interval: not shown to be faster", 100 * level);
                    case UNMEASURED_GAIN -> String.format(
                            Locale.ROOT,
                            ", more than the %.0f %% interval explains: the gain is unmeasured",
                            100 * level);
                };
        return head
                + tail
                + String.format(
                        Locale.ROOT,
                        ". The planner predicts %,.0f for the published layout itself.",
                        plannerOnPublished);
    }

    private static boolean sameShape(ModelArchitecture a, ModelArchitecture b) {
        return a.layers() == b.layers()
                && a.hidden() == b.hidden()
                && a.heads() == b.heads()
                && a.kvHeads() == b.kvHeads()
                && a.ffn() == b.ffn()
                && a.vocab() == b.vocab()
                && Objects.equals(a.moe(), b.moe());
    }
}
