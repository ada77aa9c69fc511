package dev.sextant.gpu;

import java.util.List;

/**
 * The GEMM shapes calibration measures (m, n, k): squares for the ceiling; shapes from Baidu DeepBench's training set
 * (k = n = 1760, 2560, 4096 with batch columns 16–7000; 5124 × 9124 × 2560) and inference set (skinny n = 1, 4, 16,
 * 128); and the planners' own — a transformer layer's projections at hidden 4096 and 8192 with 2048–4096 tokens.
 */
public final class GemmShapes {

    public static final List<int[]> FULL = List.of(
            new int[] {8192, 8192, 8192},
            new int[] {4096, 4096, 4096},
            new int[] {2048, 2048, 2048},
            new int[] {1024, 1024, 1024},
            new int[] {512, 512, 512},
            new int[] {1760, 7000, 1760},
            new int[] {4096, 7000, 4096},
            new int[] {5124, 9124, 2560},
            new int[] {2560, 64, 2560},
            new int[] {1760, 128, 1760},
            new int[] {4096, 128, 4096},
            new int[] {4096, 16, 4096},
            new int[] {8192, 4, 8192},
            new int[] {8192, 1, 8192},
            new int[] {28672, 4096, 8192},
            new int[] {8192, 2048, 8192},
            new int[] {14336, 4096, 4096},
            new int[] {4096, 2048, 4096});

    /** A quick run: enough for the ceiling and a memory-bound point, not for a fit of every term. */
    public static final List<int[]> QUICK =
            List.of(new int[] {4096, 4096, 4096}, new int[] {1024, 1024, 1024}, new int[] {4096, 16, 4096});

    private GemmShapes() {}
}
