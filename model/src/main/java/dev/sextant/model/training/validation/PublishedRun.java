package dev.sextant.model.training.validation;

import dev.sextant.model.InputError;
import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.architecture.ModelCatalog;
import dev.sextant.model.hardware.Cluster;
import dev.sextant.model.hardware.GpuCatalog;
import dev.sextant.model.hardware.GpuSpec;
import dev.sextant.model.hardware.Precision;
import dev.sextant.model.training.MoeDispatcher;
import dev.sextant.model.training.Recompute;
import dev.sextant.model.training.TrainingFlops;
import dev.sextant.model.training.TrainingLayout;
import java.util.List;

/**
 * A training run whose speed was published, with the layout it ran (docs/validation/training-measurements.md has the
 * sources and what each number means).
 *
 * @param id               short id, unique in the set
 * @param sourceGroup      the independent source it comes from: leave-one-source-out holds out a whole group
 * @param source           the publication and table
 * @param stack            the software stack (megatron-lm, nemo, megatron-bridge, megatron-core, torchtitan-fsdp,
 *                         mosaic-fsdp, megatron-deepspeed)
 * @param modelSpec        a {@link ModelCatalog} id, {@code gpt:layers:hidden:heads} (Megatron-LM papers' GPT: V 51,200,
 *                         s 2,048) or {@code mpt:layers:hidden:heads} (llm-foundry's benchmark MPT: V 50,368)
 * @param gpuId            a {@link GpuCatalog} id
 * @param gpus             GPUs in the job
 * @param gpusPerNode      GPUs sharing one NVLink domain
 * @param networkGbps      network bandwidth per GPU across nodes, Gb/s; NaN for the GPU's catalog default
 * @param seq              sequence length
 * @param tp               tensor-parallel size
 * @param pp               pipeline stages
 * @param cp               context-parallel size
 * @param ep               expert-parallel size (1 for dense models), carved out of TP × DP × CP
 * @param dp               data-parallel size (FSDP degree for FSDP stacks)
 * @param vpp              virtual pipeline stages per GPU (1 without interleaving)
 * @param microBatch       sequences per micro-batch
 * @param globalBatch      sequences per optimizer step
 * @param zeroStage        ZeRO stage: 0 plain data parallelism, 1 distributed optimizer, 3 FSDP / ZeRO-3
 * @param recompute        activation recomputation
 * @param sequenceParallel whether sequence parallelism was on
 * @param fusedAttention   flash-style fused attention (false: Megatron-LM's unfused kernels before 2023)
 * @param precision        matrix-multiply precision
 * @param fp8Recipe        FP8 scaling (delayed, current, tensorwise, blockwise, mx) or "none"; the planner prices all alike
 * @param metric           what the source reports
 * @param measured         the reported value, in the metric's unit
 * @param assumed          columns whose value the source does not state (the CSV's header comments say what was assumed)
 * @param original         whether it is one of the 32 runs the planner was checked against before issue 16
 * @param moeDispatcher    how MoE tokens reach their experts ({@link dev.sextant.model.training.MoeDispatcher}); the default
 *                         (NCCL all-to-all) for dense runs and MoE sources that do not name one
 */
public record PublishedRun(
        String id,
        String sourceGroup,
        String source,
        String stack,
        String modelSpec,
        String gpuId,
        int gpus,
        int gpusPerNode,
        double networkGbps,
        int seq,
        int tp,
        int pp,
        int cp,
        int ep,
        int dp,
        int vpp,
        int microBatch,
        int globalBatch,
        int zeroStage,
        Recompute recompute,
        boolean sequenceParallel,
        boolean fusedAttention,
        Precision precision,
        String fp8Recipe,
        Metric metric,
        double measured,
        List<String> assumed,
        boolean original,
        MoeDispatcher moeDispatcher) {

    public PublishedRun {
        assumed = List.copyOf(assumed);
        moeDispatcher = moeDispatcher == null ? MoeDispatcher.DEFAULT : moeDispatcher;
        if (!(measured > 0) || Double.isInfinite(measured)) {
            throw new InputError(
                    "validation.measured", "run " + id + ": the measured value must be positive, got " + measured);
        }
        if ((long) tp * pp * cp * dp != gpus) {
            throw new InputError(
                    "validation.gpus",
                    "run " + id + ": TP × PP × CP × DP = " + (long) tp * pp * cp * dp + ", not the " + gpus + " GPUs");
        }
    }

    /** The architecture the model column names. */
    public ModelArchitecture model() {
        String[] p = modelSpec.split(":");
        if (p.length == 1) {
            return ModelCatalog.get(modelSpec);
        }
        if (p.length != 4 || !(p[0].equals("gpt") || p[0].equals("mpt"))) {
            throw new InputError(
                    "validation.model",
                    "run " + id + ": model '" + modelSpec + "' is neither a catalog id nor"
                            + " gpt:layers:hidden:heads or mpt:layers:hidden:heads");
        }
        int l = Integer.parseInt(p[1]);
        int h = Integer.parseInt(p[2]);
        int a = Integer.parseInt(p[3]);
        if (p[0].equals("mpt")) {
            return ModelCatalog.mpt(modelSpec, l, h, a, 50368, seq);
        }
        return new ModelArchitecture(
                modelSpec,
                modelSpec,
                l,
                h,
                a,
                a,
                h / a,
                4 * h,
                51200,
                2048,
                true,
                ModelArchitecture.Style.GPT,
                true,
                null,
                null,
                "Megatron-LM (Narayanan et al. 2021, arXiv 2104.04473)");
    }

    public GpuSpec gpu() {
        return GpuCatalog.get(gpuId);
    }

    public Cluster cluster() {
        GpuSpec g = gpu();
        return Cluster.of(g, gpus, gpusPerNode, Double.isNaN(networkGbps) ? g.networkGbps() : networkGbps);
    }

    public TrainingLayout layout() {
        return new TrainingLayout(
                tp, pp, dp, cp, ep, vpp, microBatch, zeroStage, recompute, sequenceParallel, precision, fusedAttention);
    }

    public boolean moe() {
        return model().hasExperts();
    }

    /** GPU generation for the error classes: A100 (Ampere), Hopper (H100, H200), Blackwell (B200, GB200), or the GPU id. */
    public String generation() {
        return generation(gpuId);
    }

    /** The GPU generation of a catalog GPU id, as {@link #generation()} classes runs; a GPU of no named generation is its own. */
    public static String generation(String gpuId) {
        if (gpuId.startsWith("a100")) {
            return "A100";
        }
        if (gpuId.startsWith("h100") || gpuId.startsWith("h200") || gpuId.startsWith("h800") || gpuId.equals("h20")) {
            return "Hopper";
        }
        if (gpuId.equals("b200") || gpuId.equals("gb200")) {
            return "Blackwell";
        }
        return gpuId;
    }

    /** The error class: dense or MoE, GPU generation, stack. */
    public String errorClass() {
        return (moe() ? "MoE" : "dense") + " · " + generation() + " · " + stack;
    }

    /** Tokens one step trains on. */
    public double tokensPerStep() {
        return (double) globalBatch * seq;
    }

    /** The measured step time, seconds: the reported value turned into seconds per step with the source's own accounting. */
    public double measuredStepSeconds() {
        return stepSeconds(measured);
    }

    /** Seconds per step that a value of this run's metric stands for. */
    public double stepSeconds(double metricValue) {
        return switch (metric) {
            case STEP -> metricValue;
            case TOKENS_PER_GPU -> tokensPerStep() / (metricValue * gpus);
            case HW_TFLOPS -> eq3Flops() / (metricValue * 1e12 * gpus);
        };
    }

    /** The value of this run's metric at a step time of {@code stepSeconds}. */
    public double metricValue(double stepSeconds) {
        return switch (metric) {
            case STEP -> stepSeconds;
            case TOKENS_PER_GPU -> tokensPerStep() / stepSeconds / gpus;
            case HW_TFLOPS -> eq3Flops() / stepSeconds / gpus / 1e12;
        };
    }

    /** FLOPs of one step as Narayanan et al.'s Eq. 3 counts them (full recompute's extra forward included). */
    private double eq3Flops() {
        return TrainingFlops.hardwarePerToken(model(), seq, Recompute.FULL) * tokensPerStep();
    }
}
