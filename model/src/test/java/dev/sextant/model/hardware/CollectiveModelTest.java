package dev.sextant.model.hardware;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** Collectives against published nccl-tests curves and hand calculations. */
class CollectiveModelTest {

    static final double MIB = 1 << 20;

    /**
     * NVIDIA dgxc-benchmarking nccl/README.md @46e42015, 8 × H100 all_reduce_perf sample output: {size, busbw GB/s}. Its
     * plateau is NVLink SHARP's 480 GB/s; the size curve is what the constants must reproduce.
     */
    static final double[][] H100_8_ALL_REDUCE = {
        {1 * MIB, 67.04},
        {2 * MIB, 86.94},
        {4 * MIB, 135.44},
        {8 * MIB, 176.77},
        {16 * MIB, 237.21},
        {32 * MIB, 294.69},
        {64 * MIB, 361.67},
        {128 * MIB, 400.53},
        {256 * MIB, 422.25},
        {512 * MIB, 436.79},
        {1024 * MIB, 466.33},
        {2048 * MIB, 473.37},
        {4096 * MIB, 477.24},
        {8192 * MIB, 480.16}
    };

    /** stas00/ml-engineering network/benchmarks/README.md @0cc3de50: all-reduce busbw on 4 nodes × 8 B200, 400 Gb/s per GPU. */
    static final double[][] B200_4X8_ALL_REDUCE = {
        {1 * MIB, 12.47},
        {4 * MIB, 31.63},
        {8 * MIB, 50.61},
        {16 * MIB, 71.80},
        {32 * MIB, 142.90},
        {64 * MIB, 197.77},
        {128 * MIB, 260.50},
        {256 * MIB, 283.23},
        {512 * MIB, 309.91},
        {1024 * MIB, 365.99},
        {4096 * MIB, 374.66},
        {16384 * MIB, 376.71}
    };

    @Test
    void theSizeCurveInsideANodeFollowsNvidiasEightH100AllReduceWithinTenPercent() {
        for (double[] p : H100_8_ALL_REDUCE) {
            double s = p[0];
            double t = CollectiveModel.INTRA_ALPHA
                    + 2 * 7 / 8.0 * s / (480e9 * CollectiveModel.sizeEfficiency(s / 8, false));
            double busbw = 2 * 7 / 8.0 * s / t / 1e9;
            assertThat(busbw / p[1] - 1).as("%.0f MiB", s / MIB).isBetween(-0.10, 0.10);
        }
    }

    @Test
    void fourB200NodesGetEightNicsOfBusBandwidthAndTheirMeasuredSizeCurve() {
        Cluster c = Cluster.of(GpuCatalog.get("b200"), 32, 8, 400);
        // hierarchical: 8 ranks per node drive 8 NICs of 50 GB/s at 94 %, below NVLink's 0.82 × 900
        assertThat(c.busBandwidth(32, 1)).isCloseTo(8 * 50e9 * 0.94, within(1.0));
        for (double[] p : B200_4X8_ALL_REDUCE) {
            double busbw = 2 * 31 / 32.0 * p[0] / c.allReduce(p[0], 32, 1) / 1e9;
            // the measured curve steps where NCCL changes algorithm (16 → 32 MiB); the smooth fit is within 18 % of it
            assertThat(busbw / p[1] - 1).as("%.0f MiB", p[0] / MIB).isBetween(-0.18, 0.18);
        }
    }

    @Test
    void groupsOfOneRankPerNodeGetOneNicAndAllToAllNeverMoreThanOne() {
        Cluster c = Cluster.of(GpuCatalog.get("h100-sxm"), 64, 8, 400);
        double nic = 400e9 / 8 * 0.94;
        assertThat(c.busBandwidth(8, 8)).as("TP 8 leaves one DP rank per node").isCloseTo(nic, within(1.0));
        // 8 ranks per node: 8 NICs (376 GB/s), capped by NVLink's measured 370 GB/s
        assertThat(c.busBandwidth(64, 1)).isCloseTo(Math.min(8 * nic, 370e9), within(1.0));
        assertThat(Cluster.of(GpuCatalog.get("a100-sxm-80gb"), 64, 8, 200).busBandwidth(64, 1))
                .isCloseTo(8 * 25e9 * 0.94, within(1.0));
        assertThat(c.busBandwidth(8, 1)).as("inside a node: 370 of 450 GB/s").isCloseTo(370e9, within(1.0));
        double bytes = 256e6;
        // all-to-all over 8 nodes: 63/64 of 256 MB through one 47 GB/s NIC, plus the
        // 8-node latency 60 µs × log2(8)/log2(4)
        assertThat(c.allToAll(bytes, 64, 1)).isCloseTo(63 / 64.0 * bytes / nic + 90e-6, within(1e-9));
    }

    @Test
    void sizeEfficiencyAndLatencyByHand() {
        assertThat(CollectiveModel.sizeEfficiency(CollectiveModel.INTRA_CHUNK0, false))
                .isCloseTo(1 - Math.exp(-1), within(1e-12));
        assertThat(CollectiveModel.sizeEfficiency(1e12, true)).isCloseTo(1, within(1e-9));
        assertThat(CollectiveModel.alpha(1)).isEqualTo(8e-6);
        assertThat(CollectiveModel.alpha(2)).isEqualTo(60e-6);
        assertThat(CollectiveModel.alpha(64)).isCloseTo(180e-6, within(1e-12)); // 60 µs × log2(64) / log2(4)
        Cluster c = Cluster.of(GpuCatalog.get("h100-sxm"), 16, 8, 400);
        assertThat(c.nodesSpanned(16, 1)).isEqualTo(2);
        assertThat(c.nodesSpanned(2, 8)).isEqualTo(2);
        assertThat(c.nodesSpanned(8, 1)).isEqualTo(1);
        // reduce-scatter of 64 MB inside a node: 8 µs + 7/8 · 64e6 / (370e9 · e(8 MB))
        double e = 1 - Math.exp(-Math.pow(8e6 / 4.25e6, 0.45));
        assertThat(c.gather(64e6, 8, 1)).isCloseTo(8e-6 + 7 / 8.0 * 64e6 / (370e9 * e), within(1e-12));
    }
}
