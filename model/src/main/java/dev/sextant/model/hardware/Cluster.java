package dev.sextant.model.hardware;

import dev.sextant.model.InputError;

/**
 * GPUs and the links between them, for the cost of collectives: measured link efficiencies, bus bandwidth by message
 * size and hierarchical bandwidth for groups spanning nodes ({@link CollectiveModel}).
 *
 * @param gpu            GPU type
 * @param gpus           GPUs in the job
 * @param gpusPerNode    GPUs sharing the fast intra-node link (NVLink)
 * @param interNodeGbps  network bandwidth per GPU across nodes, Gb/s
 * @param intraNodeGBs   bandwidth per GPU and direction inside a node, GB/s (NVLink; the GPU's catalog figure by default)
 * @param intraLatency   point-to-point latency per message inside a node, seconds (collectives: {@link CollectiveModel#alpha})
 * @param interLatency   point-to-point latency per message across nodes, seconds
 */
public record Cluster(
        GpuSpec gpu,
        int gpus,
        int gpusPerNode,
        double interNodeGbps,
        double intraNodeGBs,
        double intraLatency,
        double interLatency) {

    /** Typical point-to-point latencies: a few microseconds over NVLink, about ten over InfiniBand/RoCE. */
    public static Cluster of(GpuSpec gpu, int gpus, int gpusPerNode, double interNodeGbps) {
        return of(gpu, gpus, gpusPerNode, interNodeGbps, gpu.linkGBs());
    }

    public static Cluster of(GpuSpec gpu, int gpus, int gpusPerNode, double interNodeGbps, double intraNodeGBs) {
        return new Cluster(gpu, gpus, gpusPerNode, interNodeGbps, intraNodeGBs, 3e-6, 10e-6);
    }

    public Cluster {
        if (gpus < 1) {
            throw new InputError("training.gpus", "GPUs must be at least 1");
        }
        if (gpusPerNode < 1) {
            throw new InputError("training.gpusPerNode", "GPUs per node must be at least 1");
        }
        if (gpus > gpusPerNode && gpus % gpusPerNode != 0) {
            throw new InputError(
                    "training.gpusPerNode",
                    "GPUs (" + gpus + ") must be a multiple of the GPUs per node (" + gpusPerNode + ")");
        }
        if (!(interNodeGbps > 0)) {
            throw new InputError("training.network", "the network bandwidth per GPU must be positive");
        }
        if (!(intraNodeGBs > 0)) {
            throw new InputError("training.intra", "the NVLink bandwidth per GPU must be positive");
        }
    }

    /**
     * Point-to-point bandwidth per GPU and direction, bytes/s, for a group of {@code size} ranks {@code stride} apart: the
     * measured share of the NVLink or NIC line rate ({@link CollectiveModel#NVLINK_EFFICIENCY},
     * {@link CollectiveModel#NIC_EFFICIENCY}). A ring exchange between neighbours (context parallelism) runs at this rate.
     */
    public double bandwidth(int size, int stride) {
        return spansNodes(size, stride) ? nicBytesPerSecond() : nvlinkBytesPerSecond();
    }

    /**
     * Plateau bus bandwidth of a reduce-scatter, all-gather or all-reduce over a group of {@code size} ranks
     * {@code stride} apart, bytes/s. Inside a node, NVLink at its measured rate. Across nodes, hierarchically: a group
     * with {@code r} ranks on each node drives {@code r} NICs per node, so its bus bandwidth is
     * {@code min(NVLink, r · NIC)}: 4 nodes × 8 B200 reach 376.7 GB/s, 94 % of 8 × 50 GB/s (stas00/ml-engineering
     * network/benchmarks/README.md), where one NIC per GPU would say 50.
     */
    public double busBandwidth(int size, int stride) {
        if (!spansNodes(size, stride)) {
            return nvlinkBytesPerSecond();
        }
        return Math.min(nvlinkBytesPerSecond(), ranksPerNode(size, stride) * nicBytesPerSecond());
    }

    /** Point-to-point latency per message: a few microseconds over NVLink, about ten over InfiniBand/RoCE. */
    public double latency(int size, int stride) {
        return spansNodes(size, stride) ? interLatency : intraLatency;
    }

    /** Whether a group of {@code size} ranks placed {@code stride} apart reaches beyond one node. */
    public boolean spansNodes(int size, int stride) {
        return size > 1 && (long) size * stride > gpusPerNode;
    }

    /** Ranks of a group of {@code size} ranks {@code stride} apart that share one node. */
    public int ranksPerNode(int size, int stride) {
        if (stride >= gpusPerNode) {
            return 1;
        }
        return Math.max(1, Math.min(size, gpusPerNode / stride));
    }

    /** Nodes a group of {@code size} ranks {@code stride} apart covers. */
    public int nodesSpanned(int size, int stride) {
        if (!spansNodes(size, stride)) {
            return 1;
        }
        int r = ranksPerNode(size, stride);
        return (size + r - 1) / r;
    }

    /**
     * All-reduce of {@code bytes}: α + 2 (k−1)/k · n / (B · e(n/k)), with B the group's bus bandwidth and e the
     * measured size efficiency ({@link CollectiveModel}).
     */
    public double allReduce(double bytes, int size, int stride) {
        return collective(2.0 * (size - 1) / size, bytes, size, stride, busBandwidth(size, stride));
    }

    /** Reduce-scatter or all-gather of {@code bytes} (the whole buffer): α + (k−1)/k · n / (B · e(n/k)). */
    public double gather(double bytes, int size, int stride) {
        return collective((size - 1.0) / size, bytes, size, stride, busBandwidth(size, stride));
    }

    /**
     * All-to-all with {@code bytes} leaving each rank: α + (k−1)/k · n / B, at the measured link rate and without the
     * all-reduce size curve. Across nodes B is one NIC per GPU whatever the ranks per node: "Alltoall cannot aggregate
     * the bandwidth of multiple NICs, so the performance you should see is the performance of a single NIC"
     * (S. Jeaugey, NVIDIA/nccl-tests issue #267). At the message sizes MoE training sends, measured all-to-all reaches
     * about that rate: DeepEP's normal kernels on H800 with 400 Gb/s CX7, 4,096-token batches, 43–58 GB/s across nodes
     * and 153–158 GB/s over NVLink (deepseek-ai/DeepEP docs/legacy.md), against 47 and 0.82 · 200 = 164 GB/s here.
     */
    public double allToAll(double bytes, int size, int stride) {
        if (size <= 1) {
            return 0;
        }
        return CollectiveModel.alpha(nodesSpanned(size, stride))
                + (size - 1.0) / size * bytes / bandwidth(size, stride);
    }

    private double collective(double factor, double bytes, int size, int stride, double bus) {
        if (size <= 1) {
            return 0;
        }
        boolean across = spansNodes(size, stride);
        double e = CollectiveModel.sizeEfficiency(bytes / size, across);
        return CollectiveModel.alpha(nodesSpanned(size, stride)) + factor * bytes / (bus * e);
    }

    /** Point-to-point send of {@code bytes} between neighbours {@code stride} apart, at the measured link rate. */
    public double send(double bytes, int stride) {
        boolean across = stride >= gpusPerNode;
        return bytes / (across ? nicBytesPerSecond() : nvlinkBytesPerSecond()) + (across ? interLatency : intraLatency);
    }

    private double nvlinkBytesPerSecond() {
        return intraNodeGBs * 1e9 * CollectiveModel.NVLINK_EFFICIENCY;
    }

    private double nicBytesPerSecond() {
        return interNodeGbps * 1e9 / 8 * CollectiveModel.NIC_EFFICIENCY;
    }
}
