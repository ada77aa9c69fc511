package dev.sextant.model.hardware;

/**
 * What NCCL collectives measurably achieve, against the links' line rates: the protocol's share of the line, how bus
 * bandwidth falls off for small messages, and the per-collective latency, for a group inside one NVLink domain and for a
 * group that spans nodes.
 *
 * <p>Time of a collective over {@code S} bytes among {@code k} ranks (nccl-tests' conventions, NVIDIA/nccl-tests
 * doc/PERFORMANCE.md: all-reduce moves 2 (k−1)/k · S per rank, reduce-scatter, all-gather and all-to-all (k−1)/k · S):
 * <pre>t = α + f · S / (B · e(S / k)),     e(c) = 1 − exp(−(c / c₀)^γ)</pre>
 * where {@code B} is the plateau bus bandwidth and {@code e} the share of it reached when each rank's chunk is {@code c}
 * bytes. The chunk, not the whole buffer, sets the efficiency: ring and tree algorithms move {@code S/k} per step
 * (Megatron-Core's DistributedDataParallelConfig docstring: "NCCL message size (which for ring algorithms is
 * bucket_size / dp_size)"), and with it the two published curves below, of 8 and 32 ranks, give nearly the same
 * {@code c₀}.
 *
 * <p>Fits (least squares on log time, /work/notes/issue16-fits/nccl_fit.py and the issue-16 research notes §3):
 * <ul>
 *   <li>inside a node: NVIDIA dgxc-benchmarking nccl/README.md @46e42015, 8 × H100 all_reduce_perf sample output,
 *       1 MiB → 8 GiB (busbw 67 → 480 GB/s): α = 8 µs, c₀ = 4.25 MB, γ = 0.45, within ±9 %;</li>
 *   <li>across nodes: stas00/ml-engineering network/benchmarks/README.md @0cc3de50, 4 nodes × 8 B200 all-reduce,
 *       1 MiB → 16 GiB (busbw 12.5 → 376.7 GB/s): α = 60 µs, c₀ = 3.25 MB, γ = 0.65, within ±17 % (the curve steps
 *       where NCCL switches algorithm between 16 and 32 MiB).</li>
 * </ul>
 * Plateaus are measured shares of the line rate, not the line rate: NVLink 370 of 450 GB/s on H100 ("with the protocol
 * overhead (~20%) NCCL can get an effective NVLink bandwidth of 370GB/s", S. Jeaugey, NVIDIA/nccl-tests issue #212);
 * 46–49 of 50 GB/s per 400 Gb/s NDR NIC (NVIDIA/nccl-tests issues #290, #267) and 96 of 100 GB/s per 4 × HDR A100
 * node (#119). NVLink SHARP's higher all-reduce plateau (480 GB/s on 8 × H100) is not modelled: training stacks
 * reduce-scatter and all-gather, which run at the ring rate.
 */
public final class CollectiveModel {

    /** Share of the NVLink line rate NCCL's ring protocols reach: 370 / 450 GB/s (nccl-tests #212). */
    public static final double NVLINK_EFFICIENCY = 370.0 / 450.0;
    /** Share of a NIC's line rate: 47 of 50 GB/s for NDR (nccl-tests #290, #267: 46–49), 96 of 100 per 4 × HDR (#119). */
    public static final double NIC_EFFICIENCY = 0.94;

    /** Latency of one collective inside a node, seconds (fit to the 8 × H100 curve). */
    public static final double INTRA_ALPHA = 8e-6;
    /** Per-rank chunk at which a collective inside a node reaches 1 − 1/e of its plateau, bytes. */
    public static final double INTRA_CHUNK0 = 4.25e6;

    public static final double INTRA_GAMMA = 0.45;

    /** Latency of one collective across 4 nodes, seconds (fit to the 4 × 8 B200 curve). */
    public static final double INTER_ALPHA = 60e-6;
    /** Nodes of the measurement {@link #INTER_ALPHA} comes from. */
    static final int INTER_ALPHA_NODES = 4;

    public static final double INTER_CHUNK0 = 3.25e6;
    public static final double INTER_GAMMA = 0.65;

    private CollectiveModel() {}

    /** Share of the plateau bus bandwidth a collective reaches when each rank's chunk is {@code chunkBytes}. */
    public static double sizeEfficiency(double chunkBytes, boolean acrossNodes) {
        if (!(chunkBytes > 0)) {
            return 1;
        }
        double c0 = acrossNodes ? INTER_CHUNK0 : INTRA_CHUNK0;
        double g = acrossNodes ? INTER_GAMMA : INTRA_GAMMA;
        // never below a floor that keeps tiny messages latency- rather than bandwidth-bound and the time finite
        return Math.max(1e-3, 1 - Math.exp(-Math.pow(chunkBytes / c0, g)));
    }

    /**
     * Latency of one collective. Across nodes NCCL's tree (and NVLS-tree) algorithms have a depth growing as log₂ of the
     * nodes, so the measured 4-node α is scaled by log₂(nodes) / log₂(4), never below it.
     */
    public static double alpha(int nodes) {
        if (nodes <= 1) {
            return INTRA_ALPHA;
        }
        return INTER_ALPHA * Math.max(1, Math.log(nodes) / Math.log(INTER_ALPHA_NODES));
    }
}
