package dev.sextant.model.training;

import dev.sextant.model.hardware.GpuCatalog;
import dev.sextant.model.hardware.GpuSpec;
import dev.sextant.model.hardware.Precision;

/**
 * Time of fused (flash) attention on a catalog GPU by the rank's sequence chunk, head dimension and direction, in place of
 * a flat share of the GEMM rate.
 * <pre>
 *   t = FLOPs / (peak · share(GPU) · head(d) · dir) · (nb + 1)/nb (causal) / grid(ctas)
 * </pre>
 * <ul>
 *   <li>share: forward rate at head dimension 128, long sequences, no mask, of the kernel generation the stack runs.
 *       FlashAttention-2 on Hopper and Blackwell: 0.35 ("FlashAttention-2 achieving only 35% utilization of theoretical
 *       max FLOPs on the H100 GPU", PyTorch blog on FlashAttention-3, pytorch/pytorch.github.io
 *       _posts/2024-07-11-flashattention-3.md); stacks from before July 2024 ran it. H100/H200 (FlashAttention-3, and
 *       cuDNN's fused attention of the same class that Transformer Engine uses): 649 of 989
 *       TFLOP/s at 16k (Shah et al. 2024, arXiv 2407.08608, Fig. 5c, as transcribed in viktor-shcherb/msc_thesis
 *       references/2024-12-flashattention-3). A100 (FlashAttention-2): 0.70, the upper end of the "50–73 % of the
 *       theoretical maximum" forward rate (Dao 2023, arXiv 2307.08691, abstract and §4.1). B200/GB200: the H100 share
 *       (no published text figure). Other GPUs: 0.50. A user-defined GPU: that of the catalog GPU with its BF16 peak.</li>
 *   <li>head(d): relative rate by head dimension, linear in log₂ d through the same figure's 16k non-causal bars:
 *       d = 64 497, 128 649, 256 756 TFLOP/s.</li>
 *   <li>dir: backward kernels run at 0.8 × the forward rate. FlashAttention-3 gains 1.5–2.0 × over FlashAttention-2
 *       forward but 1.5–1.75 × backward (same paper, §4.1); FLOPs backward are 2.5 × forward (five products against
 *       two, with recomputation: same paper's FLOP convention).</li>
 *   <li>causal: the kernel computes every block on the diagonal whole: nb(nb+1)/2 of its 128-row blocks where half of
 *       nb² is counted, nb = chunk/128.</li>
 *   <li>grid: thread blocks (batch × heads × query blocks), one per SM at a time; fewer blocks than SMs leave SMs idle.
 *       Beyond one wave the blocks' unequal work (causal rows) and FlashAttention-3's persistent scheduler smooth the last
 *       wave, so no wave quantization is charged (FlashAttention-2 on A100 loses 9.5 % from 4k to 1k causal chunks, which
 *       the diagonal term alone accounts for: see the test).</li>
 * </ul>
 */
public final class FusedAttention {

    /** Which fused kernel runs: FlashAttention-2 (or a kernel of its generation), or FlashAttention-3/cuDNN on Hopper. */
    public enum Generation {
        FLASH2,
        FLASH3
    }

    static final double BLOCK_ROWS = 128;
    static final double BACKWARD_RATE = 0.8;

    private FusedAttention() {}

    /** Forward rate share of the BF16 dense peak at head dimension 128, long sequences, no mask. */
    static double share(GpuSpec gpu, Generation generation) {
        return switch (GpuCatalog.sameSilicon(gpu).map(GpuSpec::id).orElse(gpu.id())) {
            case "h100-sxm",
                    "h100-pcie",
                    "h100-sxm-96gb",
                    "h800",
                    "h100-nvl",
                    "h20",
                    "h200-sxm",
                    "b200",
                    "gb200" -> generation == Generation.FLASH2 ? 0.35 : 649.0 / 989;
            case "a100-sxm-40gb", "a100-sxm-80gb" -> 0.70;
            default -> 0.50;
        };
    }

    /** Rate relative to head dimension 128 (FlashAttention-3 Fig. 5 a/c/e at 16k). */
    static double headFactor(double headDim) {
        double x = Math.log(Math.max(16, Math.min(512, headDim))) / Math.log(2) - 7;
        return x < 0 ? 1 + x * (1 - 497.0 / 649) : 1 + x * (756.0 / 649 - 1);
    }

    /**
     * Seconds for fused attention of {@code flops} (the counted FLOPs: causal ones halved) over query chunks of
     * {@code chunk} rows, {@code sequences × heads} of them on this GPU.
     */
    public static double seconds(
            GpuSpec gpu,
            double flops,
            double chunk,
            double headDim,
            boolean causal,
            double sequencesTimesHeads,
            boolean backward) {
        return seconds(gpu, Generation.FLASH3, flops, chunk, headDim, causal, sequencesTimesHeads, backward);
    }

    /** As above, for a kernel generation (on A100 both are FlashAttention-2: FlashAttention-3 needs Hopper). */
    public static double seconds(
            GpuSpec gpu,
            Generation generation,
            double flops,
            double chunk,
            double headDim,
            boolean causal,
            double sequencesTimesHeads,
            boolean backward) {
        double rate = gpu.peakFlops(Precision.BF16)
                * share(gpu, generation)
                * headFactor(headDim)
                * (backward ? BACKWARD_RATE : 1);
        double blocks = Math.max(1, Math.ceil(chunk / BLOCK_ROWS));
        double masked = causal ? (blocks + 1) / blocks : 1;
        double ctas = Math.max(1, sequencesTimesHeads) * blocks;
        double grid = gpu.smCount() > 0 ? Math.min(1, ctas / gpu.smCount()) : 1;
        return flops * masked / (rate * grid);
    }
}
