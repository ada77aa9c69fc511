package dev.sextant.model.training;

import dev.sextant.model.CatalogKey;
import dev.sextant.model.InputError;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;

/**
 * The training software a plan assumes, for what it overlaps and in what precision it reduces gradients. The rules are
 * each stack's published description, not fits:
 * <ul>
 *   <li><b>megatron-lm</b> (Megatron-LM 2021–22, Narayanan et al. 2021 and Korthikanti et al. 2022 runs): the data-parallel
 *       gradient all-reduce is not overlapped ("we do not use any overlapping of gradient all-reduces with
 *       back-propagation", Korthikanti et al. 2022, arXiv 2205.05198, §6.3) and runs over FP32 main gradients
 *       (Megatron-LM's {@code --accumulate-allreduce-grads-in-fp32}, which megatron/arguments.py turns on for
 *       BF16: "bfloat16 requires gradient accumulation and all-reduce to be performed in fp32").</li>
 *   <li><b>megatron-core</b>, <b>nemo</b>, <b>megatron-bridge</b>: the distributed optimizer's gradient reduce-scatter and
 *       parameter all-gather are chunked and overlapped with backward and forward compute, so that "only one DP
 *       communication chunk" is exposed (NeMo docs, features/optimizations/communication_overlap.rst); chunks (buckets) of
 *       max(40 M, 1 M · DP) parameters (Megatron-Core DistributedDataParallelConfig.bucket_size); gradients reduced in
 *       FP32, NeMo's default ("When grad_reduce_in_fp32=False, gradients are reduced in bf16 … compared to the default
 *       fp32 precision", same NeMo page). Their tensor-parallel communication overlap (Transformer Engine userbuffers)
 *       and what overlap costs the compute (SMs the communication kernels hold) are the fitted
 *       {@link PlannerFit#tpExposed()} and {@link PlannerFit#overlapCompute()}: taken as published alone (the first of 4
 *       chunks exposed), the overlap had made every NeMo run predicted faster than measured, as its cost is unpublished.</li>
 *   <li><b>torchtitan-fsdp</b>, <b>mosaic-fsdp</b>: ZeRO-3 / FSDP, each layer's parameters all-gathered before its forward
 *       and again before its backward, its gradients reduce-scattered after, with the next layer's gather prefetched
 *       behind the current layer's compute (PyTorch FSDP, Zhao et al. 2023, arXiv 2304.11277, backward and forward
 *       prefetching); FP32 gradient reduction (torchtitan's {@code mixed_precision_reduce = "float32"} default; assumed
 *       the same for Composer, whose benchmark table does not say).</li>
 *   <li><b>megatron-deepspeed</b> (BLOOM): DeepSpeed ZeRO-1, whose {@code overlap_comm} defaults to off for stages 1–2
 *       (DeepSpeed configuration docs), FP32 gradient all-reduce (BF16 optimizer).</li>
 * </ul>
 * ZeRO-3 layouts are costed per layer whatever the stack (the mechanism is the same); the stack decides the rest.
 *
 * <p>Kernels ({@link Kernels}): the Megatron stacks run a layer on Transformer Engine's and Apex's fused kernels (norm,
 * activation, bias-dropout-add, softmax, FP8 casts fused into GEMM prologues); the PyTorch-native stacks (torchtitan,
 * Composer) on PyTorch's own: cuBLAS through {@code torch.matmul}, elementwise operators one kernel each in eager mode or
 * Inductor-generated with {@code torch.compile}, attention through {@code scaled_dot_product_attention}, FSDP's
 * all-gathers and copies sharing the SMs. The planner's GEMM and attention rates come from kernel benchmarks and
 * Megatron runs; how much longer a PyTorch-native stack takes over the same layer is {@link PlannerFit#pytorchKernels()},
 * fitted to published runs (torchtitan's own table shows the spread inside it: 5,762 tokens/s per GPU eager, 6,667
 * compiled, Llama 3.1 8B on 8 H100, pytorch/torchtitan docs/performance.md, Table 1).
 */
public enum SoftwareStack {
    MEGATRON_LM("megatron-lm", "Megatron-LM (2021–22)", DpOverlap.NONE, 4, Kernels.TRANSFORMER_ENGINE),
    MEGATRON_CORE("megatron-core", "Megatron-Core", DpOverlap.BUCKETED, 4, Kernels.TRANSFORMER_ENGINE),
    NEMO("nemo", "NeMo", DpOverlap.BUCKETED, 4, Kernels.TRANSFORMER_ENGINE),
    MEGATRON_BRIDGE("megatron-bridge", "Megatron-Bridge", DpOverlap.BUCKETED, 4, Kernels.TRANSFORMER_ENGINE),
    TORCHTITAN_FSDP("torchtitan-fsdp", "torchtitan (FSDP2)", DpOverlap.PER_LAYER, 4, Kernels.PYTORCH),
    MOSAIC_FSDP("mosaic-fsdp", "MosaicML Composer (FSDP)", DpOverlap.PER_LAYER, 4, Kernels.PYTORCH),
    MEGATRON_DEEPSPEED("megatron-deepspeed", "Megatron-DeepSpeed", DpOverlap.NONE, 4, Kernels.TRANSFORMER_ENGINE);

    /** Whose kernels run a transformer layer. */
    public enum Kernels {
        /** Transformer Engine / Apex fused kernels (Megatron stacks) */
        TRANSFORMER_ENGINE,
        /** PyTorch's own operators, eager or compiled (torchtitan, Composer) */
        PYTORCH
    }

    /** How data-parallel communication meets the compute. */
    public enum DpOverlap {
        /** after the last backward pass, all of it on the critical path */
        NONE,
        /** in buckets during the last micro-batch's backward (and the next forward's parameter gathers); one bucket exposed */
        BUCKETED,
        /** FSDP: per layer, prefetched behind the neighbouring layer's compute */
        PER_LAYER
    }

    /** The stack a request names when it names none. */
    public static final SoftwareStack DEFAULT = MEGATRON_CORE;

    private final String id;
    private final String label;
    private final DpOverlap dpOverlap;
    private final int gradientBytes;
    private final Kernels kernels;

    SoftwareStack(String id, String label, DpOverlap dpOverlap, int gradientBytes, Kernels kernels) {
        this.id = id;
        this.label = label;
        this.dpOverlap = dpOverlap;
        this.gradientBytes = gradientBytes;
        this.kernels = kernels;
    }

    public Kernels kernels() {
        return kernels;
    }

    /** The id the CLI, the validation set and saved requests use, e.g. {@code megatron-core}. */
    public String id() {
        return id;
    }

    public String label() {
        return label;
    }

    public DpOverlap dpOverlap() {
        return dpOverlap;
    }

    /** Bytes per gradient element in the data-parallel reduction. */
    public int gradientBytes() {
        return gradientBytes;
    }

    /**
     * Megatron-Core's default bucket for the overlapped gradient reduction, parameters: max(40 M, 1 M · DP)
     * (DistributedDataParallelConfig.bucket_size: "larger DP sizes need larger buckets to ensure collectives do not become
     * latency-bound").
     */
    public static double bucketParameters(int dp) {
        return Math.max(40e6, 1e6 * dp);
    }

    /**
     * Other names people use for the stacks: the project or framework alone ("torchtitan", "deepspeed"), the library
     * ("composer", "llm-foundry"), Megatron without its part ("megatron", "mcore").
     */
    private static final Map<String, SoftwareStack> ALIASES = Map.ofEntries(
            Map.entry("megatron", MEGATRON_CORE),
            Map.entry("mcore", MEGATRON_CORE),
            Map.entry("nemo-megatron", NEMO),
            Map.entry("bridge", MEGATRON_BRIDGE),
            Map.entry("torchtitan", TORCHTITAN_FSDP),
            Map.entry("fsdp", TORCHTITAN_FSDP),
            Map.entry("fsdp2", TORCHTITAN_FSDP),
            Map.entry("pytorch-fsdp", TORCHTITAN_FSDP),
            Map.entry("mosaic", MOSAIC_FSDP),
            Map.entry("mosaicml", MOSAIC_FSDP),
            Map.entry("composer", MOSAIC_FSDP),
            Map.entry("llm-foundry", MOSAIC_FSDP),
            Map.entry("deepspeed", MEGATRON_DEEPSPEED));

    /**
     * The stack with that id or alias (case-insensitive; "_" and " " read as "-"), or an error on {@code training.stack}
     * that lists the ids.
     */
    public static SoftwareStack of(String id) {
        String key = CatalogKey.of(id);
        return Arrays.stream(values())
                .filter(s -> s.id.equals(key))
                .findFirst()
                .or(() -> Optional.ofNullable(ALIASES.get(key)))
                .orElseThrow(
                        () -> new InputError("training.stack", "unknown software stack '" + id + "'; known: " + ids()));
    }

    /** Every id, comma-separated. */
    public static String ids() {
        return String.join(", ", Arrays.stream(values()).map(SoftwareStack::id).toList());
    }

    @Override
    public String toString() {
        return id;
    }
}
