package dev.sextant.model.training;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sextant.model.hardware.GpuCatalog;
import dev.sextant.model.hardware.GpuSpec;
import dev.sextant.model.hardware.Precision;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

class FusedAttentionTest {

    static final GpuSpec H100 = GpuCatalog.get("h100-sxm");
    static final GpuSpec A100 = GpuCatalog.get("a100-sxm-80gb");

    /** TFLOP/s of a forward pass at 16k tokens, 2048 hidden (FlashAttention-3 paper's setting: one sequence, 16 heads of 128). */
    static double tflops(GpuSpec gpu, double seq, double headDim, boolean causal) {
        double heads = 2048 / headDim;
        double sequences = 16384 / seq;
        double flops = sequences * heads * 4 * seq * seq * headDim / (causal ? 2 : 1);
        return flops / FusedAttention.seconds(gpu, flops, seq, headDim, causal, sequences * heads, false) / 1e12;
    }

    /**
     * FlashAttention-3 on H100 (Shah et al. 2024, Fig. 5): causal, head dimension 128, 16k: 616 TFLOP/s (the non-causal 649
     * and the head-dimension bars are the model's inputs); the model charges only the diagonal blocks, 0.8 %, and is 4.5 % fast.
     */
    @Test
    void causalSixteenKOnH100AgainstFlashAttention3() {
        assertThat(tflops(H100, 16384, 128, true) / 616 - 1).isBetween(-0.01, 0.05);
        // the inputs, returned
        assertThat(tflops(H100, 16384, 64, false) / 497 - 1).isBetween(-0.001, 0.001);
        assertThat(tflops(H100, 16384, 256, false) / 756 - 1).isBetween(-0.001, 0.001);
    }

    /** FlashAttention-2 on H100: 35 % of the peak (PyTorch's FlashAttention-3 post), 346 TFLOP/s; on A100 no FlashAttention-3. */
    @Test
    void flashAttention2OnHopper() {
        double flops = 16 * 4.0 * 16384 * 16384 * 128;
        double fa2 = flops
                / FusedAttention.seconds(H100, FusedAttention.Generation.FLASH2, flops, 16384, 128, false, 16, false)
                / 1e12;
        assertThat(fa2).isCloseTo(0.35 * 989, Assertions.within(0.01));
        assertThat(FusedAttention.seconds(A100, FusedAttention.Generation.FLASH2, flops, 16384, 128, false, 16, false))
                .isEqualTo(FusedAttention.seconds(
                        A100, FusedAttention.Generation.FLASH3, flops, 16384, 128, false, 16, false));
        // the efficiency wrapper routes attention to the older kernel and leaves GEMMs alone
        ComputeEfficiency old = ComputeEfficiency.DEFAULTS.withAttention(FusedAttention.Generation.FLASH2);
        assertThat(old.attentionSeconds(H100, flops, 16384, 128, false, 16, false))
                .isGreaterThan(
                        1.8 * ComputeEfficiency.DEFAULTS.attentionSeconds(H100, flops, 16384, 128, false, 16, false));
        assertThat(old.gemmSeconds(H100, Precision.BF16, 4096, 4096, 4096))
                .isEqualTo(ComputeEfficiency.DEFAULTS.gemmSeconds(H100, Precision.BF16, 4096, 4096, 4096));
    }

    /**
     * Causal attention is slower on short chunks: FlashAttention-2 forward on A100, 32 heads of 128 (liangan1/GPU_travel
     * performance/flash-attn/README.md): 142 TFLOP/s at 16 × 1024 tokens against 157 at 1 × 4096, ratio 0.905; the model's
     * diagonal-block term gives (9/8)⁻¹ / (33/32)⁻¹ = 0.917.
     */
    @Test
    void shortCausalChunksAgainstFlashAttention2OnA100() {
        double at1k = 16 * 32 * 4.0 * 1024 * 1024 * 128 / 2;
        double at4k = 32 * 4.0 * 4096 * 4096 * 128 / 2;
        double r1k = at1k / FusedAttention.seconds(A100, at1k, 1024, 128, true, 16 * 32, false);
        double r4k = at4k / FusedAttention.seconds(A100, at4k, 4096, 128, true, 32, false);
        assertThat(r1k / r4k).isBetween(0.905 - 0.02, 0.905 + 0.02);
    }

    /** Backward runs at 0.8 × the forward rate; a grid smaller than the SM count leaves SMs idle. */
    @Test
    void backwardAndSmallGrids() {
        double f = 1e12;
        assertThat(FusedAttention.seconds(H100, f, 8192, 128, false, 132, true)
                        / FusedAttention.seconds(H100, f, 8192, 128, false, 132, false))
                .isEqualTo(1 / 0.8, Assertions.within(1e-12));
        // one sequence, one head, 8192 rows: 64 blocks on 132 SMs, half a wave
        assertThat(FusedAttention.seconds(H100, f, 8192, 128, false, 1, false)
                        / FusedAttention.seconds(H100, f, 8192, 128, false, 132, false))
                .isEqualTo(132.0 / 64, Assertions.within(1e-9));
    }
}
