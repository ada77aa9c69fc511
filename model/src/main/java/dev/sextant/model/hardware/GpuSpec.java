package dev.sextant.model.hardware;

import dev.sextant.model.InputError;

/**
 * A GPU type as the planners see it: dense peak rates, memory, bandwidths.
 *
 * @param id            catalog slug, e.g. {@code h100-sxm}
 * @param name          display name
 * @param bf16Tflops    dense BF16/FP16 peak with FP32 accumulate, TFLOP/s
 * @param fp8Tflops     dense FP8 peak, TFLOP/s; NaN where the GPU has none
 * @param memoryGB      device memory, GB (10⁹ bytes)
 * @param hbmGBs        memory bandwidth, GB/s
 * @param linkGBs       GPU-to-GPU bandwidth inside a node per GPU and direction, GB/s (NVLink/fabric figures are
 *                      quoted bidirectional; half of that)
 * @param link          what the link is
 * @param networkGbps   typical network bandwidth per GPU across nodes, Gb/s (the default of {@code --inter-node-gbps})
 * @param source        where the figures come from
 * @param smCount       streaming multiprocessors (AMD: compute units), the number of GEMM tiles that run at once (wave
 *                      quantization, {@code TiledGemm}); 0 where unknown, which GEMM costing then treats as no wave
 *                      quantization
 */
public record GpuSpec(
        String id,
        String name,
        double bf16Tflops,
        double fp8Tflops,
        double memoryGB,
        double hbmGBs,
        double linkGBs,
        String link,
        double networkGbps,
        String source,
        int smCount) {

    public GpuSpec {
        positive(id, "bf16Tflops", bf16Tflops);
        if (fp8Tflops == 0) {
            fp8Tflops = Double.NaN; // "none" is stored as JSON null, which reads back as 0
        } else if (!Double.isNaN(fp8Tflops)) {
            positive(id, "fp8Tflops", fp8Tflops);
        }
        positive(id, "memoryGB", memoryGB);
        positive(id, "hbmGBs", hbmGBs);
        positive(id, "linkGBs", linkGBs);
        positive(id, "networkGbps", networkGbps);
        if (smCount < 0) {
            throw new InputError(
                    "gpu", "GPU " + id + ": smCount must be a positive whole number (or absent), got " + smCount);
        }
    }

    /** Names the field at fault: "GPU my-gpu: hbmGBs must be positive, got 0". */
    private static void positive(String id, String field, double v) {
        if (!(v > 0) || Double.isInfinite(v)) {
            throw new InputError("gpu", "GPU " + id + ": " + field + " must be a positive finite number, got " + v);
        }
    }

    /** Dense peak for a precision, FLOP/s. */
    public double peakFlops(Precision p) {
        double t = p == Precision.FP8 ? fp8Tflops : bf16Tflops;
        if (Double.isNaN(t)) {
            throw new InputError("training.precision", name + " has no FP8 tensor cores; use bf16");
        }
        return t * 1e12;
    }

    public boolean hasFp8() {
        return !Double.isNaN(fp8Tflops);
    }

    /**
     * Bytes a program can allocate on the card — the one definition of usable memory that training and serving plans
     * share. The datasheet's size is read as GiB (HBM comes in power-of-two stacks: an "80 GB" H100 holds 5 × 16 GiB)
     * less the ~1 % the driver keeps: what {@code torch.cuda.mem_get_info} and vLLM report as the total (vLLM logs
     * "total_gpu_memory (79.19GiB)" on an H100 80 GB; 139.7 GiB on an H200 141 GB).
     */
    public double usableMemoryBytes() {
        return memoryGB * USABLE_SHARE * (1L << 30);
    }

    /** Share of the card's memory the runtime reports (the rest is kept by the driver). */
    public static final double USABLE_SHARE = 0.99;
}
