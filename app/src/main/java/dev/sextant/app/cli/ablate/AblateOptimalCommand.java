package dev.sextant.app.cli.ablate;

import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.app.study.ClusterOptimum;
import dev.sextant.model.BadInputException;
import dev.sextant.model.ablation.ScalingLawFit;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.training.TrainingRequest;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sextant ablate optimal}: the compute-optimal model at a budget in FLOPs or in GPU-hours, from the law fitted to the small runs. */
@Command(
        name = "optimal",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "The compute-optimal parameters and tokens at a budget of C FLOPs (C ≈ 6ND) from L(N, D) fitted to the small runs:",
            "N_opt = G (C/6)^(β/(α+β)), D_opt = G⁻¹ (C/6)^(α/(α+β)), G = (αA/βB)^(1/(α+β)) (Hoffmann et al. 2022), each with",
            "its 95 % bootstrap interval, and the loss the law predicts there. Or at a budget in GPU-hours on your cluster: Llama-shaped",
            "models of sizes around the optimum are planned by the training planner, each buys the tokens its throughput allows, and the",
            "size of least predicted loss wins."
        })
public final class AblateOptimalCommand implements Runnable {

    @Mixin
    RunsOptions runs;

    @Option(names = "--flops", paramLabel = "C", description = "The training compute budget in FLOPs, e.g. 1e23.")
    Double flops;

    @Option(
            names = "--gpu-hours",
            paramLabel = "H",
            description = "Or the budget in GPU-hours (with --gpu and --gpus).")
    Double gpuHours;

    @Option(names = "--gpu", paramLabel = "ID|gpu.json", description = "The cluster's GPU type (sextant catalog gpus).")
    String gpu;

    @Option(names = "--gpus", paramLabel = "N", description = "GPUs the big run trains on.")
    Integer gpus;

    @Option(
            names = "--gpus-per-node",
            defaultValue = "" + TrainingRequest.DEFAULT_GPUS_PER_NODE,
            paramLabel = "G",
            description = "GPUs per node (default: ${DEFAULT-VALUE}).")
    int gpusPerNode;

    @Option(
            names = "--seq-len",
            defaultValue = "4096",
            paramLabel = "S",
            description = "Sequence length (default: ${DEFAULT-VALUE}).")
    int seqLen;

    @Option(
            names = "--global-batch",
            defaultValue = "1024",
            paramLabel = "B",
            description = "Sequences a step (default: ${DEFAULT-VALUE}).")
    int globalBatch;

    @Mixin
    JsonOption output;

    @Spec
    CommandSpec spec;

    /**
     * @param optimal  the FLOP-optimal allocation (at --flops, or at the compute the hardware optimum amounts to)
     * @param hardware the GPU-hours answer, or null
     */
    public record Result(
            ScalingLawFit.Allocation optimal,
            Hardware hardware,
            double computeFactor,
            String warning,
            int points,
            List<String> notes) {}

    public record Hardware(
            double gpuHours,
            String gpu,
            int gpus,
            double params,
            double tokens,
            ScalingLawFit.Estimate loss,
            String model,
            String layout,
            double tokensPerSecond,
            double mfu,
            double flops,
            double wallDays,
            List<ClusterOptimum.Candidate> candidates) {}

    @Override
    public void run() {
        boolean hardware = gpuHours != null || gpu != null || gpus != null;
        if (hardware == (flops != null)) {
            throw BadInputException.of(
                    "--flops", "give the budget as --flops C, or as --gpu-hours H with --gpu G and --gpus N");
        }
        if (hardware && (gpuHours == null || gpu == null || gpus == null)) {
            throw BadInputException.of(
                    gpuHours == null ? "--gpu-hours" : gpu == null ? "--gpu" : "--gpus",
                    "a budget in GPU-hours needs --gpu-hours, --gpu and --gpus together");
        }
        if (flops != null && (!(flops > 0) || !Double.isFinite(flops))) {
            throw BadInputException.of("--flops", "the budget must be a positive number of FLOPs, got " + flops);
        }
        CommandContext ctx = new CommandContext(spec);
        RunsOptions.Law law = runs.law(ctx);
        ScalingLawFit f = law.fit();
        List<String> notes = new ArrayList<>(law.notes());
        Result r;
        if (hardware) {
            var progress = ctx.progress();
            ClusterOptimum.HardwareOptimal h = ClusterOptimum.find(
                    f,
                    new ClusterOptimum.HardwareBudget(gpu, gpus, gpusPerNode, gpuHours, seqLen, globalBatch),
                    progress,
                    CancellationToken.none());
            progress.done();
            notes.addAll(h.notes());
            ClusterOptimum.Candidate b = h.best();
            r = new Result(
                    h.atSameFlops(),
                    new Hardware(
                            gpuHours,
                            gpu,
                            gpus,
                            b.params(),
                            b.tokens(),
                            h.prediction().loss(),
                            b.model(),
                            b.layout(),
                            b.tokensPerSecond(),
                            b.mfu(),
                            h.flops(),
                            h.wallDays(),
                            h.candidates()),
                    h.prediction().computeFactor(),
                    h.prediction().warning(),
                    f.points(),
                    notes);
        } else {
            ScalingLawFit.Allocation a = f.optimal(flops);
            ScalingLawFit.Prediction far =
                    f.predict(a.params().value(), a.tokens().value());
            r = new Result(a, null, far.computeFactor(), far.warning(), f.points(), notes);
        }
        ctx.print(output.json(), r, out -> human(out, r));
    }

    private static void human(PrintWriter out, Result r) {
        r.notes().forEach(x -> out.println("Note: " + x));
        ScalingLawFit.Allocation a = r.optimal();
        if (r.hardware() != null) {
            Hardware h = r.hardware();
            out.printf(
                    Locale.ROOT,
                    "%,.0f GPU-hours on %d × %s (%.1f days): %s on %.3g tokens (%.1f a parameter), %s at %.0f tokens/s "
                            + "(MFU %.0f %%); loss %.4f (%.4f–%.4f); %.3g FLOPs%n",
                    h.gpuHours(),
                    h.gpus(),
                    h.gpu(),
                    h.wallDays(),
                    h.model(),
                    h.tokens(),
                    h.tokens() / h.params(),
                    h.layout(),
                    h.tokensPerSecond(),
                    100 * h.mfu(),
                    h.loss().value(),
                    h.loss().low(),
                    h.loss().high(),
                    h.flops());
            out.printf(
                    Locale.ROOT,
                    "  sizes tried: %s%n",
                    String.join(
                            ", ",
                            h.candidates().stream()
                                    .map(c -> String.format(
                                            Locale.ROOT,
                                            "%.3g (loss %.4f, MFU %.0f %%)",
                                            c.params(),
                                            c.loss(),
                                            100 * c.mfu()))
                                    .toList()));
            out.printf(
                    Locale.ROOT,
                    "At the same FLOPs the law alone would choose %.3g parameters on %.3g tokens%n",
                    a.params().value(),
                    a.tokens().value());
        } else {
            out.printf(
                    Locale.ROOT,
                    "At %.3g FLOPs: %.3g parameters (%.3g–%.3g) on %.3g tokens (%.3g–%.3g), %.1f tokens a parameter (%.1f–%.1f); "
                            + "loss %.4f (%.4f–%.4f)%n",
                    a.flops(),
                    a.params().value(),
                    a.params().low(),
                    a.params().high(),
                    a.tokens().value(),
                    a.tokens().low(),
                    a.tokens().high(),
                    a.tokensPerParameter().value(),
                    a.tokensPerParameter().low(),
                    a.tokensPerParameter().high(),
                    a.loss().value(),
                    a.loss().low(),
                    a.loss().high());
        }
        if (r.warning() != null) {
            out.println("Warning: " + r.warning());
        }
    }
}
