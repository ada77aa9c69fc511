package dev.sextant.model.training;

import dev.sextant.model.hardware.GpuSpec;
import dev.sextant.model.hardware.Precision;

/**
 * How fast a GPU runs the kernels a training step is made of. A plan names the one it used: catalog defaults, or a
 * calibration profile measured on the user's GPU.
 */
public interface ComputeEfficiency {

    /** Seconds for a GEMM of {@code m × k} by {@code k × n}. */
    double gemmSeconds(GpuSpec gpu, Precision precision, double m, double n, double k);

    /**
     * Seconds for a GEMM whose {@code k × n} operand (a layer's weights) is stored narrower than the math runs: INT4 or
     * INT8 weights dequantized inside the kernel (Marlin-style), {@code weightBytes} a weight. A memory-bound GEMM is
     * faster by the bytes not read; a compute-bound one is not.
     */
    default double gemmSeconds(GpuSpec gpu, Precision precision, double m, double n, double k, double weightBytes) {
        double full = gemmSeconds(gpu, precision, m, n, k);
        double standard = precision == Precision.FP8 ? 1 : 2;
        if (weightBytes >= standard) {
            return full;
        }
        double memoryFull = memorySeconds(gpu, standard * (m * k + k * n) + 2 * m * n);
        if (full > memoryFull + 1e-5) {
            return full; // compute-bound
        }
        return full - memorySeconds(gpu, (standard - weightBytes) * k * n);
    }

    /**
     * Seconds for a grouped GEMM (a mixture-of-experts layer's experts in one kernel: vLLM's fused_moe, DeepGEMM's
     * grouped GEMMs, CUTLASS grouped GEMM): {@code groups} GEMMs of {@code m × k} by their own {@code k × n} weights, whose
     * tiles share the SMs in one launch. The math is that of one GEMM of all groups' rows, each group's rows padded to the
     * smallest tile height (64) when fewer; the memory is every group's weights plus its activations; one launch.
     */
    default double groupedGemmSeconds(
            GpuSpec gpu, Precision precision, double groups, double m, double n, double k, double weightBytes) {
        if (groups <= 0) {
            return 0;
        }
        double rows = groups * Math.max(m, GROUPED_TILE_ROWS);
        double math = gemmSeconds(gpu, precision, rows, n, k, weightBytes);
        double activation = precision == Precision.FP8 ? 1 : 2;
        double memory = memorySeconds(gpu, groups * (weightBytes * k * n + activation * m * k + 2 * m * n))
                + TiledGemm.LAUNCH_SECONDS;
        return Math.max(math, memory);
    }

    /** The smallest output-tile height a grouped GEMM pads each group's rows to (vLLM fused_moe's BLOCK_SIZE_M floor). */
    double GROUPED_TILE_ROWS = 16;

    /** Seconds to stream {@code bytes} through device memory (elementwise kernels, optimizer step). */
    double memorySeconds(GpuSpec gpu, double bytes);

    /** What the numbers come from, shown with every plan. */
    String name();

    /**
     * Seconds for fused (flash) attention: {@code flops} counted FLOPs (causal ones halved) over query chunks of
     * {@code chunk} rows, {@code sequencesTimesHeads} of them, forward or backward. A calibration profile measures GEMMs and
     * memory, not attention, so every efficiency uses the published kernel figures of {@link FusedAttention}.
     */
    default double attentionSeconds(
            GpuSpec gpu,
            double flops,
            double chunk,
            double headDim,
            boolean causal,
            double sequencesTimesHeads,
            boolean backward) {
        return FusedAttention.seconds(gpu, flops, chunk, headDim, causal, sequencesTimesHeads, backward);
    }

    /** As above, with the kernel generation the caller's engine runs (this efficiency's own choice when it makes one). */
    default double attentionSeconds(
            GpuSpec gpu,
            double flops,
            double chunk,
            double headDim,
            boolean causal,
            double sequencesTimesHeads,
            boolean backward,
            FusedAttention.Generation generation) {
        return FusedAttention.seconds(gpu, generation, flops, chunk, headDim, causal, sequencesTimesHeads, backward);
    }

    /**
     * These rates with fused attention of an older kernel generation (a stack from before FlashAttention-3 on Hopper).
     */
    default ComputeEfficiency withAttention(FusedAttention.Generation generation) {
        ComputeEfficiency inner = this;
        return new ComputeEfficiency() {
            @Override
            public double gemmSeconds(GpuSpec gpu, Precision precision, double m, double n, double k) {
                return inner.gemmSeconds(gpu, precision, m, n, k);
            }

            @Override
            public double memorySeconds(GpuSpec gpu, double bytes) {
                return inner.memorySeconds(gpu, bytes);
            }

            @Override
            public double attentionSeconds(
                    GpuSpec gpu,
                    double flops,
                    double chunk,
                    double headDim,
                    boolean causal,
                    double sequencesTimesHeads,
                    boolean backward) {
                return FusedAttention.seconds(
                        gpu, generation, flops, chunk, headDim, causal, sequencesTimesHeads, backward);
            }

            @Override
            public String name() {
                return inner.name() + ", "
                        + (generation == FusedAttention.Generation.FLASH2 ? "FlashAttention-2" : "FlashAttention-3");
            }
        };
    }

    /**
     * Datasheet peaks with published kernel efficiencies: each GEMM by its shape ({@link TiledGemm}: tiles, waves on the
     * SM count, the per-tile prologue, the best measured matmul as ceiling, the roofline against HBM), fused attention by
     * its chunk ({@link FusedAttention}), and streaming kernels at about 80 % of HBM bandwidth.
     */
    ComputeEfficiency DEFAULTS = new ComputeEfficiency() {
        @Override
        public double gemmSeconds(GpuSpec gpu, Precision precision, double m, double n, double k) {
            return TiledGemm.seconds(gpu, precision, m, n, k);
        }

        @Override
        public double memorySeconds(GpuSpec gpu, double bytes) {
            return bytes / (gpu.hbmGBs() * 1e9 * 0.8);
        }

        @Override
        public String name() {
            return "catalog defaults (datasheet peaks, published kernel efficiencies by shape)";
        }
    };

    /**
     * FP8 GEMMs reach a smaller share of their (doubled) peak than BF16 ones: the share applied to a measured BF16 curve when
     * a calibration profile has no FP8 one, and by serving's step latency. (The catalog defaults cost FP8 GEMMs by shape in
     * {@link TiledGemm}: 0.74 of the FP8 peak per tile on Hopper against about 0.80–0.91 for BF16.)
     */
    double FP8_SHARE = 0.8;
}
