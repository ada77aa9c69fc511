package dev.sextant.model.training;

import dev.sextant.model.hardware.Precision;

/**
 * How a training job is laid out over its GPUs. Ranks are ordered TP fastest, then CP, then DP, then PP (Megatron's
 * order), so that tensor parallelism stays inside a node; expert parallelism is carved out of DP × CP.
 *
 * @param tp               tensor-parallel size
 * @param pp               pipeline stages
 * @param dp               data-parallel size
 * @param cp               context-parallel size
 * @param ep               expert-parallel size (1 for dense models)
 * @param vpp              virtual pipeline stages (model chunks) per GPU; 1 without interleaving
 * @param microBatch       sequences per micro-batch
 * @param zeroStage        ZeRO stage 0–3 (1 = Megatron's distributed optimizer)
 * @param recompute        activation recomputation
 * @param sequenceParallel whether sequence parallelism splits the norm and dropout activations
 * @param precision        matrix-multiply precision
 * @param fusedAttention   whether attention runs fused (flash-attention: scores never stored, causal blocks skipped)
 *                         or as separate kernels with the scores in memory (Megatron-LM before 2023)
 */
public record TrainingLayout(
        int tp,
        int pp,
        int dp,
        int cp,
        int ep,
        int vpp,
        int microBatch,
        int zeroStage,
        Recompute recompute,
        boolean sequenceParallel,
        Precision precision,
        boolean fusedAttention) {

    public int gpus() {
        return tp * pp * dp * cp;
    }

    /** The degrees in a few words, e.g. "TP4 PP2 DP8 v2" (CP, EP and v only when above 1). */
    public String degrees() {
        StringBuilder sb = new StringBuilder();
        sb.append("TP").append(tp).append(" PP").append(pp).append(" DP").append(dp);
        if (cp > 1) {
            sb.append(" CP").append(cp);
        }
        if (ep > 1) {
            sb.append(" EP").append(ep);
        }
        if (vpp > 1) {
            sb.append(" v").append(vpp);
        }
        return sb.toString();
    }
}
