package dev.sextant.model.training;

/**
 * Context parallelism's ring exchange, step by step (Megatron-Core / Transformer Engine's p2p context parallelism,
 * {@code AttnFuncWithCPAndKVP2P} in transformer_engine/pytorch/attention/dot_product_attention/context_parallel.py;
 * Liu et al. 2023, "Ring Attention with Blockwise Transformers", arXiv 2310.01889).
 * <p>
 * Each of the CP ranks holds s/CP of the sequence. An attention pass runs in CP steps: at step i a rank computes its
 * queries against the K/V block it holds and meanwhile sends that block to the next rank and receives the next one, so
 * the exchange for step i + 1 overlaps the compute of step i and the last step sends nothing. The forward pass sends
 * K and V; the backward pass sends K, V and the accumulating dK, dV ("Point-to-point communications of KV and dKV",
 * the same file), twice the bytes. A step lasts as long as the slower of its compute and its exchange, so what shows is
 * <pre>
 *   exposed = Σ_{i=0}^{CP−2} max(0, t_comm − t_compute,i)
 * </pre>
 * per pass, not max(0, Σ t_comm − Σ t_compute): one long step cannot hide another's exchange.
 * <p>
 * Causal load: with the sequence in 2·CP chunks and rank r holding chunks r and 2·CP−1−r (Megatron-Core's
 * {@code get_batch_on_this_cp_rank}, the load balancing of the NVIDIA context-parallelism docs; torchtitan's head-tail
 * split), every step does the same work, half a (s/CP)² block: t_compute,i = A/CP for a rank whose attention takes A.
 * With contiguous chunks (plain ring attention) rank r skips the blocks above the diagonal, so the last rank does a
 * full block at every step but the first, which is half one; as the ring advances in lock step that rank sets the pace:
 * steps of 2A/CP after a first of A/CP, (2·CP − 1)/CP times the balanced attention in all.
 */
final class RingAttention {

    private RingAttention() {}

    /**
     * Seconds one attention pass under context parallelism takes beyond {@code attention}, the rank's attention time
     * with the causal work spread evenly: the exchange that its steps do not hide and, unbalanced, the extra compute of
     * the slowest rank.
     *
     * @param cp         ranks in the ring
     * @param attention  the rank's attention compute of the pass (balanced), seconds
     * @param stepBytes  bytes each rank sends per step (its K/V block; with dK/dV in the backward pass)
     * @param linkBytesPerSecond the rate of the slowest hop of the ring (the NIC when the ring spans nodes)
     * @param latency    per-message latency of that hop, seconds
     * @param balanced   whether the sequence is split in 2·CP chunks for an even causal load
     */
    static double exposedSeconds(
            int cp, double attention, double stepBytes, double linkBytesPerSecond, double latency, boolean balanced) {
        if (cp <= 1) {
            return 0;
        }
        double comm = stepBytes / linkBytesPerSecond + latency;
        double balancedStep = attention / cp;
        double exposed = 0;
        for (int i = 0; i < cp - 1; i++) {
            double step = balanced || i == 0 ? balancedStep : 2 * balancedStep;
            exposed += Math.max(0, comm - step);
        }
        // unbalanced: the slowest rank's CP − 1 full blocks and half a block against the balanced CP half blocks
        double imbalance = balanced ? 0 : (cp - 1) * balancedStep;
        return exposed + imbalance;
    }
}
