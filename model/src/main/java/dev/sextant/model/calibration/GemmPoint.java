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
        return 2 * m * n * k / (bytesPerElement * (m * k + k * n) + OUTPUT_BYTES * m * n);
    }

    /** Output elements are written in 16 bits for tensor-core types and 32 for fp32: counted as 2 bytes except fp32. */
    static final double OUTPUT_BYTES = 2;

    public static double bytesPerElement(String dtype) {
        return switch (dtype) {
            case "fp8" -> 1;
            case "fp32" -> 4;
            default -> 2;
        };
    }
}
