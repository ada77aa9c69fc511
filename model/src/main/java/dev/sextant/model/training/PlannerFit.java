package dev.sextant.model.training;

/**
 * The training planner's constants that no datasheet or paper gives, fitted to published runs
 * ({@code dev.sextant.model.training.validation.PlannerFitting}, which also refits them leaving each source out, so that
 * the accuracy reported is measured on runs the fit did not see).
 *
 * @param pytorchKernels how many times longer a PyTorch-native stack ({@link SoftwareStack.Kernels#PYTORCH}: torchtitan,
 *                       Composer) computes a layer than the planner's kernel rates, which come from kernel benchmarks and
 *                       Megatron (Transformer Engine) runs: unfused or Inductor elementwise kernels, PyTorch's attention
 *                       and GEMM dispatch, and FSDP's gathers and copies sharing the SMs with the layer's compute
 * @param moeImbalance   how much longer the busiest expert-parallel rank computes its experts than the mean (its expert
 *                       GEMMs and token permutation scale with the tokens routed to it; the all-to-all is priced at the
 *                       measured link rates, which already carry real routing). Meant for dropless routing, Megatron-Core's
 *                       default: its model zoo measured Qwen3-235B-A22B on H100 at 237 TFLOP/s per GPU dropless against
 *                       295 with a forced balance at 16k tokens, 320 against 368 at 64k (yanring/Megatron-MoE-ModelZoo,
 *                       best_practice/Qwen3). The fit cannot separate it from other costs on the expert path: Megatron-
 *                       Bridge's tables, which force the balance, are fitted with the same factor, so for them it stands
 *                       for those other costs
 * @param expertSeconds  fixed time per local expert per GEMM pass (forward; each of backward's two), seconds: Transformer
 *                       Engine's grouped linear layer loops over the rank's experts, each with its own GEMM launch and,
 *                       under FP8, its own casts and scaling bookkeeping (TransformerEngine GroupedLinear,
 *                       general_grouped_gemm), so a rank with many small experts pays per expert whatever their
 *                       tokens: the fine-grained MoE runs (128 experts, 16 per rank) run at a fraction of the rate of
 *                       their GEMM FLOPs
 * @param overlapCompute how many times longer the stacks that overlap communication with compute (Megatron-Core, NeMo,
 *                       Megatron-Bridge: bucketed data-parallel reduce-scatter and all-gather, Transformer Engine's
 *                       tensor-parallel userbuffers) compute a layer than the kernel rates: the overlapped communication
 *                       kernels run on SMs the GEMMs then lack (Megatron-Core gives NCCL's reduce-scatter and all-gather 16
 *                       of an H100's 132 SMs across NVLink and InfiniBand, megatron/core/distributed; 12 %)
 * @param tpExposed      the share of a layer's tensor-parallel communication those stacks leave on the critical path;
 *                       the rest is hidden behind the GEMMs it is split with (NeMo's {@code tp_comm_overlap}, on in its
 *                       recipes: "the first of 4 chunks exposed", NeMo docs, communication_overlap.rst)
 */
public record PlannerFit(
        double pytorchKernels, double moeImbalance, double expertSeconds, double overlapCompute, double tpExposed) {

    /**
     * The constants fitted on all runs of the bundled validation set (refit with
     * {@code PlannerFitting.fit(TrainingRunsCsv.bundled(), ComputeEfficiency.DEFAULTS)}; {@code PlannerFitTest} fails when
     * the model or the runs have moved them).
     */
    public static final PlannerFit DEFAULT = new PlannerFit(1.252, 1.219, 59.3e-6, 1.114, 0.422);

    /** No correction: the kernel rates as benchmarked, balanced experts, every TP transfer exposed. */
    public static final PlannerFit NONE = new PlannerFit(1.0, 1.0, 0, 1.0, 1.0);

    public PlannerFit {
        if (!(pytorchKernels >= 1) || Double.isInfinite(pytorchKernels)) {
            throw new IllegalArgumentException("the PyTorch kernel factor must be at least 1, got " + pytorchKernels);
        }
        if (!(moeImbalance >= 1) || Double.isInfinite(moeImbalance)) {
            throw new IllegalArgumentException("the MoE imbalance must be at least 1, got " + moeImbalance);
        }
        if (!(expertSeconds >= 0) || Double.isInfinite(expertSeconds)) {
            throw new IllegalArgumentException("the per-expert time must be at least 0, got " + expertSeconds);
        }
        if (!(overlapCompute >= 1) || Double.isInfinite(overlapCompute)) {
            throw new IllegalArgumentException("the overlap compute factor must be at least 1, got " + overlapCompute);
        }
        if (!(tpExposed >= 0 && tpExposed <= 1)) {
            throw new IllegalArgumentException(
                    "the exposed share of TP communication must lie in [0, 1], got " + tpExposed);
        }
    }

    public PlannerFit withPytorchKernels(double value) {
        return new PlannerFit(value, moeImbalance, expertSeconds, overlapCompute, tpExposed);
    }

    public PlannerFit withMoeImbalance(double value) {
        return new PlannerFit(pytorchKernels, value, expertSeconds, overlapCompute, tpExposed);
    }

    public PlannerFit withExpertSeconds(double value) {
        return new PlannerFit(pytorchKernels, moeImbalance, value, overlapCompute, tpExposed);
    }

    public PlannerFit withOverlapCompute(double value) {
        return new PlannerFit(pytorchKernels, moeImbalance, expertSeconds, value, tpExposed);
    }

    public PlannerFit withTpExposed(double value) {
        return new PlannerFit(pytorchKernels, moeImbalance, expertSeconds, overlapCompute, value);
    }

    /** The layer-compute factor for a stack: PyTorch's kernels, or SMs shared with overlapped communication. */
    public double computeFactor(SoftwareStack stack) {
        if (stack.kernels() == SoftwareStack.Kernels.PYTORCH) {
            return pytorchKernels;
        }
        return overlaps(stack) ? overlapCompute : 1;
    }

    /** The share of TP communication on the critical path for a stack. */
    public double tpShare(SoftwareStack stack) {
        return overlaps(stack) ? tpExposed : 1;
    }

    /** Whether a stack overlaps its communication with compute (the Megatron-Core family). */
    public static boolean overlaps(SoftwareStack stack) {
        return stack.kernels() == SoftwareStack.Kernels.TRANSFORMER_ENGINE
                && stack.dpOverlap() == SoftwareStack.DpOverlap.BUCKETED;
    }
}
