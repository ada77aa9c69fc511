package dev.sextant.app.cli.plan;

import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.app.cli.ProjectOption;
import dev.sextant.app.cli.TextTable;
import dev.sextant.app.cli.WorkspaceOption;
import dev.sextant.app.study.TrainingStudy;
import dev.sextant.model.TokenCount;
import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.architecture.ParameterCount;
import dev.sextant.model.hardware.GpuSpec;
import dev.sextant.model.hardware.Precision;
import dev.sextant.model.io.MeasuredRunFile;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.project.Project;
import dev.sextant.model.training.LayoutSearch;
import dev.sextant.model.training.LayoutVerdict;
import dev.sextant.model.training.MoeDispatcher;
import dev.sextant.model.training.NetworkSensitivity;
import dev.sextant.model.training.Recompute;
import dev.sextant.model.training.SoftwareStack;
import dev.sextant.model.training.TrainingLayout;
import dev.sextant.model.training.TrainingPlan;
import dev.sextant.model.training.TrainingRequest;
import dev.sextant.model.training.validation.PredictionIntervals;
import dev.sextant.model.training.validation.PublishedComparison;
import dev.sextant.workspaces.Workspace;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sextant plan train}: cost one training layout, or search them all and rank those that fit. */
@Command(
        name = "train",
        mixinStandardHelpOptions = true,
        description = {
            "Training plans: memory per GPU, communication per dimension, pipeline bubble, step time, MFU.",
            "Degrees you give are fixed; the others are searched. With every degree fixed, the one plan."
        })
public final class PlanTrainCommand implements Runnable {

    @Mixin
    ModelGpuOptions inputs;

    @Option(names = "--gpus", required = true, paramLabel = "N", description = "GPUs in the job.")
    int gpus;

    @Option(
            names = "--gpus-per-node",
            defaultValue = "" + TrainingRequest.DEFAULT_GPUS_PER_NODE,
            paramLabel = "G",
            description = "GPUs per node sharing NVLink (default: ${DEFAULT-VALUE}).")
    int gpusPerNode;

    @Option(
            names = "--inter-node-gbps",
            paramLabel = "G",
            description =
                    "Network bandwidth per GPU across nodes, Gb/s (default: the GPU's catalog figure: 200 for A100 and H100 PCIe, 400 for H100/H200 SXM, B200, MI300X, 100 for L40S and RTX 4090).")
    Double interNodeGbps;

    @Option(
            names = "--intra-node-gbs",
            paramLabel = "G",
            description = "Bandwidth per GPU and direction inside a node, GB/s (default: the GPU's NVLink figure).")
    Double intraNodeGBs;

    @Option(names = "--seq-len", required = true, paramLabel = "S", description = "Sequence length in tokens.")
    int seqLen;

    @Option(names = "--global-batch", required = true, paramLabel = "B", description = "Sequences per optimizer step.")
    int globalBatch;

    @Option(names = "--tp", paramLabel = "T", description = "Tensor-parallel size.")
    Integer tp;

    @Option(names = "--pp", paramLabel = "P", description = "Pipeline stages.")
    Integer pp;

    @Option(names = "--cp", paramLabel = "C", description = "Context-parallel size.")
    Integer cp;

    @Option(names = "--ep", paramLabel = "E", description = "Expert-parallel size.")
    Integer ep;

    @Option(names = "--vpp", paramLabel = "V", description = "Virtual pipeline stages per GPU (interleaving).")
    Integer vpp;

    @Option(names = "--micro-batch", paramLabel = "M", description = "Sequences per micro-batch.")
    Integer microBatch;

    @Option(names = "--zero", paramLabel = "0-3", description = "ZeRO stage (1 = distributed optimizer).")
    Integer zero;

    @Option(names = "--recompute", paramLabel = "none|selective|full", description = "Activation recomputation.")
    Recompute recompute;

    @Option(
            names = "--sequence-parallel",
            paramLabel = "true|false",
            arity = "1",
            description = "Sequence parallelism (default: on when TP > 1).")
    Boolean sequenceParallel;

    @Option(
            names = "--precision",
            defaultValue = "bf16",
            paramLabel = "bf16|fp8",
            description = "Matrix-multiply precision (default: ${DEFAULT-VALUE}).")
    Precision precision;

    @Option(
            names = "--attention",
            defaultValue = "fused",
            paramLabel = "fused|unfused",
            description =
                    "Attention kernels: fused (flash-attention) or unfused with the scores in memory, as Megatron-LM before 2023 (default: ${DEFAULT-VALUE}).")
    Attention attention;

    @Option(
            names = "--stack",
            defaultValue = "megatron-core",
            paramLabel = "ID",
            description =
                    "Training software, for how it overlaps data-parallel communication and whose kernels it runs: megatron-lm (2021-22, none),"
                            + " megatron-core, nemo, megatron-bridge (bucketed), torchtitan-fsdp, mosaic-fsdp (per layer, PyTorch kernels), megatron-deepspeed"
                            + " (none); also torchtitan, deepspeed, composer, megatron (default: ${DEFAULT-VALUE}).")
    String stack;

    @Option(
            names = "--moe-dispatcher",
            defaultValue = "alltoall",
            paramLabel = "alltoall|deepep",
            description =
                    "How a mixture of experts' tokens reach their experts: alltoall (NCCL all-to-all, Megatron-Core's default) or deepep"
                            + " (DeepEP: one RDMA copy per remote node, forwarded over NVLink) (default: ${DEFAULT-VALUE}).")
    String moeDispatcher;

    @Option(
            names = "--tokens",
            paramLabel = "T",
            description = "Token budget, for training days (e.g. 2e12, 300B, 1.5T).")
    String tokens;

    @Option(
            names = "--top",
            defaultValue = "10",
            paramLabel = "K",
            description = "Plans to show (default: ${DEFAULT-VALUE}).")
    int top;

    @Option(
            names = "--calibrate-from",
            paramLabel = "RUN.csv|LOG",
            description =
                    "Runs measured on a small cluster (a CSV: gpus,tp,pp,micro_batch,global_batch,seq_len,tokens_per_gpu_per_second; or a "
                            + "Megatron-LM log) that correct the planner's kernel speed before it plans this cluster.")
    Path calibrateFrom;

    @Option(names = "--save", paramLabel = "NAME", description = "Keep the best plan in a project under NAME.")
    String save;

    @Mixin
    ProjectOption project;

    @Mixin
    WorkspaceOption workspace;

    @Mixin
    ProfileOption profile;

    @Mixin
    JsonOption output;

    @Spec
    CommandSpec spec;

    enum Attention {
        FUSED,
        UNFUSED
    }

    public record ModelInfo(
            String name, long params, long activeParams, int layers, int hidden, int heads, int kvHeads, int vocab) {}

    public record Bytes(double weights, double gradients, double optimizer, double activations, double total) {}

    public record PlanRow(
            int tp,
            int pp,
            int dp,
            int cp,
            int ep,
            int vpp,
            int microBatch,
            int microBatches,
            int zeroStage,
            String recompute,
            boolean sequenceParallel,
            boolean fits,
            Bytes memoryBytes,
            TrainingPlan.ByDimension commBytes,
            double stepTimeSeconds,
            double tflopsPerGpu,
            double mfu,
            double tokensPerSecond,
            double bubbleFraction,
            double trainingDays,
            String precision,
            double memoryCapacityBytes,
            TrainingPlan.ByDimension commSeconds,
            List<Integer> stageLayers,
            String bottleneck,
            String efficiency) {

        static PlanRow of(TrainingPlan p) {
            TrainingLayout l = p.layout();
            TrainingPlan.Memory m = p.memory();
            return new PlanRow(
                    l.tp(),
                    l.pp(),
                    l.dp(),
                    l.cp(),
                    l.ep(),
                    l.vpp(),
                    l.microBatch(),
                    p.microBatches(),
                    l.zeroStage(),
                    l.recompute().slug(),
                    l.sequenceParallel(),
                    p.fits(),
                    new Bytes(m.weights(), m.gradients(), m.optimizer(), m.activations(), m.total()),
                    p.commBytes(),
                    p.stepTimeSeconds(),
                    p.tflopsPerGpu(),
                    p.mfu(),
                    p.tokensPerSecond(),
                    p.bubbleFraction(),
                    p.trainingDays(),
                    l.precision().slug(),
                    m.capacity(),
                    p.commSeconds(),
                    p.stageLayers(),
                    p.bottleneck(),
                    p.efficiency());
        }
    }

    /**
     * The best plan's 80 % prediction interval: step time, TFLOP/s per GPU and days (null without a token budget), the
     * factors on step time that give them (the same for every plan of the request), the class of published runs they
     * come from and the held-out coverage of that class's runs; cappedAtPeak: the fast end was held at the GPU's dense peak
     * (MFU 100 %), which the published errors alone would have passed.
     */
    public record Interval(
            double level,
            double[] stepSeconds,
            double[] tflopsPerGpu,
            double[] days,
            double[] factors,
            String basis,
            double coverage,
            boolean cappedAtPeak) {

        static Interval of(PredictionIntervals.Interval i, TrainingPlan best) {
            PredictionIntervals.PlanRange r = i.range(best);
            return new Interval(
                    i.level(),
                    r.stepSeconds(),
                    r.tflopsPerGpu(),
                    r.days(),
                    new double[] {i.lower(), i.upper()},
                    i.basisText(),
                    i.coverage(),
                    r.cappedAtPeak());
        }
    }

    /**
     * The best plan against a layout measured in public (same model shape, GPU, sequence length and precision): the
     * run, what it measured and what the planner predicts for it, the best plan's predicted tokens/s per GPU, the gain
     * and the verdict: {@code not-faster}, {@code within-interval} (faster by less than the interval), or
     * {@code unmeasured-gain} (faster by more than the interval explains).
     */
    public record Published(
            String run,
            String source,
            int gpus,
            String gpu,
            String layout,
            double measuredTokensPerGpu,
            double plannerOnPublishedTokensPerGpu,
            double predictedTokensPerGpu,
            double gain,
            String verdict,
            String sentence) {

        static Published of(PublishedComparison c, double level) {
            return c == null
                    ? null
                    : new Published(
                            c.run().id(),
                            c.run().source(),
                            c.run().gpus(),
                            c.run().gpuId(),
                            c.layout(),
                            c.measuredTokensPerGpu(),
                            c.plannerOnPublished(),
                            c.predictedTokensPerGpu(),
                            c.gain(),
                            c.verdict().id(),
                            c.sentence(level));
        }
    }

    /**
     * @param interval          the best plan's prediction interval
     * @param indistinguishable how many of the best plans (of all that were ranked, not only those shown) lie within the
     *                          ranking error (the interval's ranking spread) of the best in step time, the best included
     * @param published         the best plan against a published measurement, or null when the bundled runs have none
     * @param network           the bandwidth between nodes assumed and the best layout's step at others, or null in one
     *                          node
     */
    public record Result(
            ModelInfo model,
            int searched,
            double searchSeconds,
            List<PlanRow> plans,
            String savedId,
            Interval interval,
            int indistinguishable,
            String stack,
            String moeDispatcher,
            Published published,
            Calibration calibration,
            NetworkSensitivity network) {}

    /**
     * The small-cluster calibration: each measured run with the planner's tokens/s per GPU for it before and its kernel
     * factor; the factor applied; the best plan before the correction; the calibrated 80 % interval of the best plan's
     * tokens/s per GPU and step time; what changes from the measured layout; what the runs settle.
     */
    public record Calibration(
            String source,
            List<MeasuredRow> runs,
            double factor,
            double uncalibratedTokensPerGpu,
            double tokensPerGpu,
            double[] tokensPerGpuInterval,
            double[] stepSecondsInterval,
            List<String> changes,
            List<String> settled,
            List<String> notes) {}

    public record MeasuredRow(
            String run,
            int gpus,
            String layout,
            int globalBatch,
            int seqLen,
            double measuredTokensPerGpu,
            double plannedTokensPerGpu,
            double factor) {}

    @Override
    public void run() {
        ModelArchitecture arch = inputs.model(spec);
        TrainingRequest request = request(arch, inputs.gpu(spec));
        TrainingStudy.Plans worked;
        Calibration calibration = null;
        if (calibrateFrom != null) {
            TrainingStudy.Calibrated c = new TrainingStudy()
                    .calibrated(
                            request,
                            profile.resolve(spec, workspace, project.nameOrId()),
                            MeasuredRunFile.read(calibrateFrom),
                            CancellationToken.none());
            worked = c.plans();
            calibration = calibration(c);
        } else {
            worked = new TrainingStudy()
                    .plan(request, profile.resolve(spec, workspace, project.nameOrId()), CancellationToken.none());
        }
        Result result =
                result(arch, request, worked, keep(request, worked.plans().get(0)), calibration);
        new CommandContext(spec).print(output.json(), result, out -> print(out, arch, result, worked));
    }

    /** The request the options ask: unset links from the GPU's catalog entry, unfixed choices searched. */
    private TrainingRequest request(ModelArchitecture arch, GpuSpec g) {
        return TrainingRequest.builder(arch, g)
                .cluster(gpus, gpusPerNode)
                .links(interNodeGbps, intraNodeGBs)
                .batch(seqLen, globalBatch)
                .tokens(tokenBudget())
                .fixed(new LayoutSearch.Fixed(
                        tp,
                        pp,
                        cp,
                        ep,
                        vpp,
                        microBatch,
                        zero,
                        recompute,
                        sequenceParallel,
                        precision,
                        attention == Attention.FUSED))
                .software(SoftwareStack.of(stack), MoeDispatcher.of(moeDispatcher))
                .build();
    }

    /** What the measured runs did to the plan, as the JSON shows it. */
    private Calibration calibration(TrainingStudy.Calibrated c) {
        TrainingPlan best = c.plans().plans().get(0);
        double perGpu = best.tokensPerSecond() / gpus;
        List<String> notes = new ArrayList<>();
        c.measured().forEach(m -> notes.addAll(m.notes()));
        return new Calibration(
                calibrateFrom.getFileName().toString(),
                c.measured().stream()
                        .map(m -> new MeasuredRow(
                                m.run().name(),
                                m.run().gpus(),
                                m.run().layout(),
                                m.run().globalBatch(),
                                m.run().seqLen(),
                                m.run().tokensPerGpuPerSecond(),
                                m.plannedTokens(),
                                m.factor()))
                        .toList(),
                c.factor(),
                c.uncalibratedBest().tokensPerSecond() / gpus,
                perGpu,
                new double[] {perGpu * Math.exp(-c.halfWidth()), perGpu * Math.exp(c.halfWidth())},
                new double[] {
                    best.stepTimeSeconds() * Math.exp(-c.halfWidth()), best.stepTimeSeconds() * Math.exp(c.halfWidth())
                },
                c.changes(),
                c.settled(),
                notes);
    }

    /** Keeps the best plan in the project when --save asks; its id, else null. */
    private String keep(TrainingRequest request, TrainingPlan best) {
        if (save == null) {
            return null;
        }
        CommandContext ctx = new CommandContext(spec);
        try (Workspace ws = ctx.openWorkspace(workspace)) {
            Project p = ctx.project(ws, project.nameOrId());
            return new TrainingStudy(ws, p.id()).keep(save, request, best, null).toString();
        }
    }

    private Result result(
            ModelArchitecture arch,
            TrainingRequest request,
            TrainingStudy.Plans worked,
            String savedId,
            Calibration calibration) {
        ParameterCount pc = arch.parameters();
        return new Result(
                new ModelInfo(
                        arch.name(),
                        pc.total(),
                        pc.active(),
                        arch.layers(),
                        arch.hidden(),
                        arch.heads(),
                        arch.kvHeads(),
                        arch.vocab()),
                worked.searched(),
                worked.seconds(),
                worked.plans().stream().limit(Math.max(1, top)).map(PlanRow::of).toList(),
                savedId,
                Interval.of(worked.interval(), worked.plans().get(0)),
                worked.indistinguishable(),
                request.stack().id(),
                request.dispatcher().id(),
                Published.of(worked.published(), worked.interval().level()),
                calibration,
                worked.network());
    }

    /** The text output: the table of plans, the best plan with its interval, and what qualifies it. */
    private void print(PrintWriter out, ModelArchitecture arch, Result result, TrainingStudy.Plans worked) {
        List<TrainingPlan> plans = worked.plans();
        out.printf(
                "%s (%.2fB parameters%s) on %d × %s, sequence %d, batch %d: %d layouts searched in %.2f s%n",
                arch.name(),
                result.model().params() / 1e9,
                arch.hasExperts()
                        ? String.format(", %.2fB active", result.model().activeParams() / 1e9)
                        : "",
                gpus,
                inputs.gpu,
                seqLen,
                globalBatch,
                result.searched(),
                result.searchSeconds());
        printTable(out, result.plans());
        Interval in = result.interval();
        PlanRow best = result.plans().get(0);
        out.printf(
                "Best plan: %.3g s per step (%.0f %% interval %.3g–%.3g s), %.0f TFLOP/s per GPU (%.0f–%.0f)%n",
                best.stepTimeSeconds(),
                100 * in.level(),
                in.stepSeconds()[0],
                in.stepSeconds()[1],
                best.tflopsPerGpu(),
                in.tflopsPerGpu()[0],
                in.tflopsPerGpu()[1]);
        if (!Double.isNaN(best.trainingDays())) {
            out.printf(
                    "Best plan: %.1f days for %.3g tokens (%.1f–%.1f days)%n",
                    best.trainingDays(), tokenBudget(), in.days()[0], in.days()[1]);
        }
        out.printf(
                "Interval from the planner's held-out errors on %s; %.0f %% of those runs fell inside theirs%s%n",
                in.basis(),
                100 * in.coverage(),
                in.cappedAtPeak() ? "; its fast end is held at the GPU's peak (MFU 100 %)" : "");
        if (result.indistinguishable() > 1) {
            out.printf(
                    "The best %d layouts%s are within ±%.0f %% of the best: on pairs of published runs of one setup the planner's errors"
                            + " differ by that much, so it cannot rank them among themselves, and their differences are unmeasured%n",
                    result.indistinguishable(),
                    result.indistinguishable() == plans.size() ? " (every one the search kept)" : "",
                    100 * (Math.exp(worked.interval().ranking()) - 1));
        }
        if (result.published() != null) {
            out.println(result.published().sentence());
        }
        if (result.network() != null) {
            out.println(result.network().sentence("give your cluster's figure with --inter-node-gbps"));
        }
        String why = LayoutVerdict.sentence(plans, p -> p.layout().degrees());
        if (why != null) {
            out.println(why);
        }
        out.println("Compute efficiency: " + result.plans().get(0).efficiency());
        if (result.calibration() != null) {
            printCalibration(out, result.calibration());
        }
        if (result.savedId() != null) {
            out.println("Kept the best plan as “" + save + "” (" + result.savedId() + ")");
        }
    }

    private static void printTable(PrintWriter out, List<PlanRow> plans) {
        TextTable t = new TextTable(
                "TP",
                "PP",
                "DP",
                "CP",
                "EP",
                "V",
                "µBATCH",
                "ZERO",
                "RECOMPUTE",
                "MEM GIB",
                "STEP S",
                "TFLOP/S",
                "MFU",
                "BUBBLE",
                "BOTTLENECK");
        for (PlanRow p : plans) {
            t.row(
                    p.tp(),
                    p.pp(),
                    p.dp(),
                    p.cp(),
                    p.ep(),
                    p.vpp(),
                    p.microBatch(),
                    p.zeroStage(),
                    p.recompute(),
                    String.format(
                            "%.1f%s",
                            p.memoryBytes().total() / (1024.0 * 1024 * 1024), p.fits() ? "" : " (does not fit)"),
                    String.format("%.3g", p.stepTimeSeconds()),
                    String.format("%.0f", p.tflopsPerGpu()),
                    String.format("%.1f%%", 100 * p.mfu()),
                    String.format("%.1f%%", 100 * p.bubbleFraction()),
                    p.bottleneck());
        }
        t.print(out);
    }

    private static void printCalibration(PrintWriter out, Calibration c) {
        c.notes().forEach(n -> out.println("Note: " + n));
        for (MeasuredRow m : c.runs()) {
            out.printf(
                    Locale.ROOT,
                    "Measured %s: %d GPUs, %s: %.0f tokens/s per GPU against the planner's %.0f: kernels × %.2f%n",
                    m.run(),
                    m.gpus(),
                    m.layout(),
                    m.measuredTokensPerGpu(),
                    m.plannedTokensPerGpu(),
                    m.factor());
        }
        out.printf(
                Locale.ROOT,
                "Calibrated (kernels × %.2f): the best plan runs %.0f tokens/s per GPU (%.0f–%.0f, 80 %%) against "
                        + "%.0f uncalibrated%n",
                c.factor(),
                c.tokensPerGpu(),
                c.tokensPerGpuInterval()[0],
                c.tokensPerGpuInterval()[1],
                c.uncalibratedTokensPerGpu());
        c.changes().forEach(x -> out.println("  " + x));
        c.settled().forEach(x -> out.println("  " + x));
    }

    /** The --tokens budget as {@link dev.sextant.model.TokenCount} reads it; 0 when not given. */
    private double tokenBudget() {
        return tokens == null ? 0 : TokenCount.parse("training.tokens", "--tokens", tokens);
    }
}
