package dev.sextant.model.training;

import dev.sextant.model.hardware.GpuCatalog;
import dev.sextant.model.hardware.GpuSpec;
import dev.sextant.model.hardware.Precision;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Time of one GEMM C[m×n] = A[m×k]·B[k×n] by its shape, the catalog's default where no calibration profile is used.
 *
 * <p>cuBLAS splits C into output tiles, one thread block per tile; tiles run in waves of one per SM (NVIDIA, "Matrix
 * Multiplication Background User's Guide", DU-09799-001, §2.3 typical tile sizes, §3.1 tile quantization, §3.2 wave
 * quantization). For each candidate tile BM×BN:
 * <pre>
 *   tiles = ⌈m/BM⌉·⌈n/BN⌉,  waves = ⌈tiles/SMs⌉
 *   t_math = waves · 2·BM·BN·k / (peak/SMs · η) · (k + K0)/k        (padding and partial waves are in waves·BM·BN)
 *   t_mem  = (bytes·(m·k + k·n) + 2·m·n) / (0.8 · HBM)
 *   t      = max(t_math, t_mem) + 4 µs launch,  minimised over the tiles (the heuristics pick a good one)
 * </pre>
 * {@code K0} is each tile's prologue and epilogue in units of k: what makes thin-k GEMMs (k = 512) slow. Both move a tile
 * through HBM (the first A and B stages in, the C tile out) at the SM's share of the bandwidth, while a unit of k costs the
 * tile's FLOPs at the SM's share of the peak; so in units of k, K0 scales with the machine balance peak/HBM: 768 for H100
 * FP8 (591 FLOP/B), 384 for H100 BF16, 199 for A100 BF16 (153 FLOP/B).
 *
 * <p>Constants, fitted only to kernel measurements:
 * <ul>
 *   <li>FP8 on Hopper, η = 0.74 and K0 = 768: least squares on log time over the 22 dense and grouped shapes of DeepSeek's
 *       DeepGEMM table (deepseek-ai/DeepGEMM README "Performance", H800 = H100 compute, 132 SMs) with the tile set below:
 *       large-m shapes within 4 % except (4096, 2112, 7168), 20 % fast; 9.5 % mean over all 22 (issue 16 research notes §1.3,
 *       their gemm_fit.py refitted with cuBLAS's tile set; a flat share of the peak misses by 15.5 %).</li>
 *   <li>BF16: the asymptote η (k → ∞, whole waves) is the best measured matmul, "Maximum Achievable Matmul FLOPS"
 *       (stas00/ml-engineering compute/accelerator/README.md): A100 SXM 267.9 of 312 TFLOP/s (at 6912×16384×2048); H100
 *       SXM 792.1 of 989 (at 6144×17920×2816); H200 794.5; B200 1745 of 2250; MI300X 781.9 of 1300 (at 4096×10240×4864);
 *       MI250X 147.0 of 191.5 on one GCD.
 *       At the measured shapes themselves the model gives 9 % (A100) and 12.5 % (H100) less than the measurement: the BF16 K0,
 *       carried over from FP8 by the machine balance, is a derivation, not a BF16 fit (no BF16 shape sweep is published as
 *       text).</li>
 *   <li>FP8 on other GPUs: the Hopper FP8 η scaled by the GPU's BF16 ceiling relative to H100's (no FP8 sweep published).</li>
 * </ul>
 * Without an SM count (a user GPU file that gives none and copies no catalog GPU) there is no wave quantization, only
 * tile padding at the whole GPU's rate.
 */
public final class TiledGemm {

    /** Output tiles cuBLAS chooses among on Ampere and Hopper (NVIDIA guide above, §2.3). */
    static final int[][] TILES = {
        {256, 128}, {128, 256}, {128, 128}, {256, 64}, {64, 256}, {128, 64}, {64, 128}, {64, 64}
    };
    /** Prologue/epilogue per tile in units of k at H100's FP8 machine balance (DeepGEMM fit above). */
    static final double K0_HOPPER_FP8 = 768;
    /** H800/H100 SXM machine balance at FP8, FLOP per byte of HBM: 1979 TFLOP/s over 3350 GB/s. */
    static final double HOPPER_FP8_BALANCE = 1979e12 / 3350;
    /** Share of the FP8 peak a Hopper FP8 tile reaches away from quantization effects (DeepGEMM fit above). */
    static final double HOPPER_FP8_ETA = 0.74;
    /** Streaming share of HBM bandwidth for the roofline, and the launch cost. */
    static final double HBM_SHARE = 0.8;

    public static final double LAUNCH_SECONDS = 4e-6;

    /**
     * Best published BF16 matmul as a share of the dense peak, the asymptote η, and the shape it was measured at (MAMF
     * table above).
     * GPUs without a published sweep take the nearest relative: H100 PCIe and the 96 GB H100 the H100 SXM's; GB200 the
     * B200's; L40S and RTX 4090 (none published) 0.72, the share this planner used for all non-A100 GPUs before. A
     * user-defined GPU takes the figures of the catalog GPU with its BF16 peak ({@code GpuCatalog.sameSilicon}), if any.
     */
    record Ceiling(double share, double m, double n, double k) {}

    static Ceiling ceiling(GpuSpec gpu) {
        return switch (GpuCatalog.sameSilicon(gpu).map(GpuSpec::id).orElse(gpu.id())) {
            case "a100-sxm-40gb", "a100-sxm-80gb" -> new Ceiling(267.9 / 312, 6912, 16384, 2048);
                // H800, H100 NVL and H20 are GH100 parts: the H100's share of its own
                // peak (no published MAMF of their own)
            case "h100-sxm", "h100-pcie", "h100-sxm-96gb", "h800", "h100-nvl", "h20" -> new Ceiling(
                    792.1 / 989, 6144, 17920, 2816);
            case "h200-sxm" -> new Ceiling(794.5 / 989, 6144, 17920, 2816);
            case "b200", "gb200" -> new Ceiling(1745.0 / 2250, 6144, 17920, 2816);
            case "mi300x", "mi325x" -> new Ceiling(781.9 / 1300, 4096, 10240, 4864);
                // one GCD, ROCm 6.2 (ml-engineering commit 37d41a7, since dropped from the table; another user measured
                // 127, stas00/ml-engineering#76)
            case "mi250x" -> new Ceiling(147.0 / 191.5, 1024, 19968, 14080);
            default -> new Ceiling(0.72, 6144, 17920, 2816);
        };
    }

    private TiledGemm() {}

    /** Seconds for the GEMM on the catalog GPU at its shape. */
    public static double seconds(GpuSpec gpu, Precision precision, double m, double n, double k) {
        Params p = params(gpu, precision);
        double bytesPerElement = precision == Precision.FP8 ? 1 : 2;
        double memory = (bytesPerElement * (m * k + k * n) + 2 * m * n) / (gpu.hbmGBs() * 1e9 * HBM_SHARE);
        return Math.max(mathSeconds(p, m, n, k), memory) + LAUNCH_SECONDS;
    }

    /** Achieved share of the dense peak, for tests and reports: the GEMM's FLOPs over its time and the peak. */
    public static double efficiency(GpuSpec gpu, Precision precision, double m, double n, double k) {
        return 2 * m * n * k / seconds(gpu, precision, m, n, k) / gpu.peakFlops(precision);
    }

    /** Per GPU and precision: peak, SMs, the asymptote η and K0. */
    record Params(double peak, int sms, double eta, double k0) {}

    private static final Map<String, Params> PARAMS = new ConcurrentHashMap<>();

    /** The last GPU and precision asked about, and their parameters: a search asks about one GPU over and over. */
    private record Last(GpuSpec gpu, Precision precision, Params params) {}

    private static volatile Last last;

    static Params params(GpuSpec gpu, Precision precision) {
        Last l = last;
        if (l != null && l.gpu == gpu && l.precision == precision) {
            return l.params;
        }
        Params p = paramsFor(gpu, precision);
        last = new Last(gpu, precision, p);
        return p;
    }

    private static Params paramsFor(GpuSpec gpu, Precision precision) {
        String key = gpu.id()
                + '|'
                + gpu.bf16Tflops()
                + '|'
                + gpu.fp8Tflops()
                + '|'
                + gpu.hbmGBs()
                + '|'
                + gpu.smCount()
                + '|'
                + precision;
        return PARAMS.computeIfAbsent(key, x -> compute(gpu, precision));
    }

    private static Params compute(GpuSpec gpu, Precision precision) {
        double peak = gpu.peakFlops(precision);
        int sms = gpu.smCount();
        double k0 = K0_HOPPER_FP8 * (peak / gpu.hbmGBs()) / HOPPER_FP8_BALANCE;
        Ceiling c = ceiling(gpu);
        double eta = precision == Precision.FP8 ? HOPPER_FP8_ETA * c.share() / (792.1 / 989) : c.share();
        return new Params(peak, sms, eta, k0);
    }

    private static double mathSeconds(Params p, double m, double n, double k) {
        double perTileRate = p.peak / (p.sms > 0 ? p.sms : 1) * p.eta;
        double best = Double.MAX_VALUE;
        for (int[] t : TILES) {
            double tiles = Math.ceil(m / t[0]) * Math.ceil(n / t[1]);
            double waves = p.sms > 0 ? Math.ceil(tiles / p.sms) : tiles;
            double s = waves * 2.0 * t[0] * t[1] * k / perTileRate * (k + p.k0) / k;
            best = Math.min(best, s);
        }
        return best;
    }
}
