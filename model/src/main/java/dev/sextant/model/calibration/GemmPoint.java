package dev.sextant.model.calibration;

/**
 * One measured GEMM: C (m × n) = A (m × k) · B (k × n) in {@code dtype} (bf16, fp16 and fp8 accumulate in FP32).
 *
 * @param tflops     achieved, 2 m n k / seconds / 10¹²
 * @param efficiency share of the ceiling: the datasheet dense peak for tensor-core types on a catalog GPU, the measured
 *                   FP32 FMA peak for fp32; null where there is no ceiling to compare with
 */
public record GemmPoint(int m, int n, int k, String dtype, double tflops, Double efficiency) {

    public double flops() {
        return 2.0 * m * n * k;
    }

    /** FLOPs per byte moved at least once: inputs read, output written. */
    public double arithmeticIntensity() {
        return arithmeticIntensity(m, n, k, bytesPerElement(dtype));
    }

    public static double arithmeticIntensity(double m, double n, double k, double bytesPerElement) {
        return 2 * m * n * k / bytes(m, n, k, bytesPerElement);
    }

    /** Inputs read once and the output written once: 16-bit output for the tensor-core types, 32-bit for fp32. */
    public static double bytes(double m, double n, double k, double bytesPerElement) {
        return bytesPerElement * (m * k + k * n) + Math.max(2, bytesPerElement) * m * n;
    }

    public static double bytesPerElement(String dtype) {
        return switch (dtype) {
            case "fp8" -> 1;
            case "fp32" -> 4;
            default -> 2;
        };
    }
}
