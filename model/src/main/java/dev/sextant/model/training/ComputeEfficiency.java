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

    /** Seconds to stream {@code bytes} through device memory (elementwise kernels, optimizer step). */
    double memorySeconds(GpuSpec gpu, double bytes);

    /** What the numbers come from, shown with every plan. */
    String name();

    /**
     * Datasheet peaks derated by defaults: a roofline of the GEMM's FLOPs at a share of the dense peak against its
     * bytes at a share of the memory bandwidth, plus a launch cost. The shares are what large BF16 GEMMs reach in
     * published cuBLAS measurements (about 80–85 % of peak on A100, 70–75 % on H100, where the datasheet peak assumes
     * boost clocks that power limits do not sustain) and about 80 % of HBM bandwidth for streaming kernels.
     */
    ComputeEfficiency DEFAULTS = new ComputeEfficiency() {
        @Override
        public double gemmSeconds(GpuSpec gpu, Precision precision, double m, double n, double k) {
            double flops = 2 * m * n * k;
            double bytesPerElement = precision == Precision.FP8 ? 1 : 2;
            double bytes = bytesPerElement * (m * k + k * n) + 2 * m * n;
            double compute = flops / (gpu.peakFlops(precision) * peakShare(gpu) * (precision == Precision.FP8 ? FP8_SHARE : 1));
            double memory = bytes / (gpu.hbmGBs() * 1e9 * 0.8);
            return Math.max(compute, memory) + 4e-6;
        }

        @Override
        public double memorySeconds(GpuSpec gpu, double bytes) {
            return bytes / (gpu.hbmGBs() * 1e9 * 0.8);
        }

        @Override
        public String name() {
            return "catalog defaults (datasheet peaks derated)";
        }
    };

    /**
     * FP8 GEMMs reach a smaller share of their (doubled) peak than BF16 ones, and FP8 training adds casts and scaling:
     * NVIDIA's H100 benchmarks run 1.34–1.53 × faster in FP8 than in BF16, not 2 × (dgxc-benchmarking, cases D4, D9,
     * D12 in docs/validation/training-measurements.md).
     */
    double FP8_SHARE = 0.8;

    /** Share of the dense peak large GEMMs reach. */
    static double peakShare(GpuSpec gpu) {
        return switch (gpu.id()) {
            case "a100-sxm-40gb", "a100-sxm-80gb" -> 0.80;
            case "mi300x" -> 0.55;
            default -> 0.72;
        };
    }
}
