package dev.sextant.model.hardware;

import dev.sextant.model.InputError;

/**
 * GPUs and the links between them, for the alpha-beta cost of collectives.
 *
 * @param gpu            GPU type
 * @param gpus           GPUs in the job
 * @param gpusPerNode    GPUs sharing the fast intra-node link (NVLink)
 * @param interNodeGbps  network bandwidth per GPU across nodes, Gb/s
 * @param intraNodeGBs   bandwidth per GPU and direction inside a node, GB/s (NVLink; the GPU's catalog figure by default)
 * @param intraLatency   per-message latency inside a node, seconds (α)
 * @param interLatency   per-message latency across nodes, seconds
 */
public record Cluster(GpuSpec gpu, int gpus, int gpusPerNode, double interNodeGbps, double intraNodeGBs, double intraLatency,
                      double interLatency) {

    /** Typical NCCL per-step latencies: a few microseconds over NVLink, about ten over InfiniBand/RoCE. */
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
            throw new InputError("training.gpusPerNode", "GPUs (" + gpus + ") must be a multiple of the GPUs per node (" + gpusPerNode + ")");
        }
        if (!(interNodeGbps > 0)) {
            throw new InputError("training.network", "the network bandwidth per GPU must be positive");
        }
        if (!(intraNodeGBs > 0)) {
            throw new InputError("training.intra", "the NVLink bandwidth per GPU must be positive");
        }
    }

    /** Bandwidth per GPU and direction, bytes/s, for a group of {@code size} ranks {@code stride} apart. */
    public double bandwidth(int size, int stride) {
        return spansNodes(size, stride) ? interNodeGbps * 1e9 / 8 : intraNodeGBs * 1e9;
    }

    public double latency(int size, int stride) {
        return spansNodes(size, stride) ? interLatency : intraLatency;
    }

    /** Whether a group of {@code size} ranks placed {@code stride} apart reaches beyond one node. */
    public boolean spansNodes(int size, int stride) {
        return size > 1 && (long) size * stride > gpusPerNode;
    }

    /** Ring all-reduce of {@code bytes}: 2 (k−1)/k · n / B + 2 (k−1) α. */
    public double allReduce(double bytes, int size, int stride) {
        if (size <= 1) {
            return 0;
        }
        return 2.0 * (size - 1) / size * bytes / bandwidth(size, stride) + 2.0 * (size - 1) * latency(size, stride);
    }

    /** Reduce-scatter or all-gather of {@code bytes}: (k−1)/k · n / B + (k−1) α. */
    public double gather(double bytes, int size, int stride) {
        if (size <= 1) {
            return 0;
        }
        return (size - 1.0) / size * bytes / bandwidth(size, stride) + (size - 1.0) * latency(size, stride);
    }

    /** All-to-all with {@code bytes} leaving each rank: (k−1)/k · n / B + α. */
    public double allToAll(double bytes, int size, int stride) {
        if (size <= 1) {
            return 0;
        }
        return (size - 1.0) / size * bytes / bandwidth(size, stride) + latency(size, stride);
    }

    /** Point-to-point send of {@code bytes} between neighbours {@code stride} apart. */
    public double send(double bytes, int stride) {
        boolean across = stride >= gpusPerNode;
        return bytes / (across ? interNodeGbps * 1e9 / 8 : intraNodeGBs * 1e9) + (across ? interLatency : intraLatency);
    }
}
