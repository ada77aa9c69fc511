package dev.sextant.model.hardware;

import static org.assertj.core.api.Assertions.assertThat;

import org.assertj.core.api.Assertions;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/** The catalog's datasheet arithmetic and device-name matching, for the parts issue 16 added. */
class GpuCatalogTest {

    /**
     * One definition of usable memory for every planner: what the CUDA runtime reports as the card's total. vLLM logs
     * "total_gpu_memory (79.19GiB)" on an H100 80 GB (vllm/worker logs, e.g. vllm-project/vllm issue threads on
     * gpu_memory_utilization); an H200 141 GB reports about 139.7 GiB.
     */
    @Test
    void usableMemoryIsWhatTheRuntimeReports() {
        double gib = 1L << 30;
        assertThat(GpuCatalog.get("h100-sxm").usableMemoryBytes() / gib).isCloseTo(79.19, Offset.offset(0.05));
        assertThat(GpuCatalog.get("h200-sxm").usableMemoryBytes() / gib).isCloseTo(139.7, Offset.offset(0.2));
    }

    @Test
    void theExportAndPcieHoppersKeepTheirOwnLinksAndPeaks() {
        GpuSpec h100 = GpuCatalog.get("h100-sxm");
        GpuSpec h800 = GpuCatalog.get("h800");
        // H800: H100 compute and memory, NVLink 400 GB/s bidirectional (200 per direction) against the H100's 900
        assertThat(h800.bf16Tflops()).isEqualTo(h100.bf16Tflops());
        assertThat(h800.hbmGBs()).isEqualTo(h100.hbmGBs());
        assertThat(h800.linkGBs()).isEqualTo(200).isLessThan(h100.linkGBs());
        // H100 NVL datasheet: 1,671 / 3,341 TFLOP/s with sparsity, so 835.5 / 1,670.5 dense; 94 GB at 3.9 TB/s
        GpuSpec nvl = GpuCatalog.get("h100-nvl");
        assertThat(nvl.bf16Tflops()).isEqualTo(1671 / 2.0);
        assertThat(nvl.fp8Tflops()).isEqualTo(3341 / 2.0);
        assertThat(nvl.memoryGB()).isEqualTo(94);
        // H20: a sixth of the H100's BF16 peak with more memory bandwidth than it
        GpuSpec h20 = GpuCatalog.get("h20");
        assertThat(h20.bf16Tflops() / h100.bf16Tflops()).isBetween(0.14, 0.16);
        assertThat(h20.hbmGBs()).isGreaterThan(h100.hbmGBs());
        // MI325X: MI300X compute, 256 GB HBM3E at 6 TB/s
        assertThat(GpuCatalog.get("mi325x").bf16Tflops())
                .isCloseTo(GpuCatalog.get("mi300x").bf16Tflops(), Offset.offset(1.0));
        assertThat(GpuCatalog.get("mi325x").memoryGB()).isEqualTo(256);
        // MI250X, one GCD: 1,024 BF16 FLOPs a clock and CU x 110 CUs x 1.7 GHz (ROCm MI250 docs), 64 GB, half the
        // package's 3.2768 TB/s (OLCF Frontier user guide); no FP8
        GpuSpec gcd = GpuCatalog.get("mi250x");
        assertThat(gcd.bf16Tflops()).isCloseTo(1024 * 110 * 1.7e9 / 1e12, Offset.offset(0.1));
        assertThat(gcd.memoryGB()).isEqualTo(64);
        assertThat(gcd.hbmGBs()).isCloseTo(3276.8 / 2, Offset.offset(1.0));
        assertThat(gcd.hasFp8()).isFalse();
    }

    @Test
    void deviceNamesFindTheirPart() {
        assertThat(GpuCatalog.match("NVIDIA H800", 80_000_000_000L).id()).isEqualTo("h800");
        assertThat(GpuCatalog.match("NVIDIA H20", 96_000_000_000L).id()).isEqualTo("h20");
        assertThat(GpuCatalog.match("NVIDIA H200", 141_000_000_000L).id()).isEqualTo("h200-sxm");
        assertThat(GpuCatalog.match("NVIDIA H100 NVL", 94_000_000_000L).id()).isEqualTo("h100-nvl");
        assertThat(GpuCatalog.match("NVIDIA H100 PCIe", 80_000_000_000L).id()).isEqualTo("h100-pcie");
        assertThat(GpuCatalog.match("NVIDIA H100 80GB HBM3", 80_000_000_000L).id())
                .isEqualTo("h100-sxm");
        assertThat(GpuCatalog.match("AMD Instinct MI325X", 256_000_000_000L).id())
                .isEqualTo("mi325x");
        assertThat(GpuCatalog.match("AMD Instinct MI250X", 64_000_000_000L).id())
                .isEqualTo("mi250x");
    }

    @Test
    void shortNamesFindTheCommonPart() {
        Assertions.assertThat(GpuCatalog.get("H100").id()).isEqualTo("h100-sxm");
        Assertions.assertThat(GpuCatalog.get("NVIDIA H100-SXM5-80GB").id()).isEqualTo("h100-sxm");
        Assertions.assertThat(GpuCatalog.get("a100").id()).isEqualTo("a100-sxm-80gb");
        Assertions.assertThat(GpuCatalog.get("A100_40GB").id()).isEqualTo("a100-sxm-40gb");
        Assertions.assertThat(GpuCatalog.get("h200").id()).isEqualTo("h200-sxm");
        Assertions.assertThat(GpuCatalog.find("h300")).isEmpty();
    }
}
