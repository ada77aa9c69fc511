package dev.sextant.model.training;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.architecture.ModelCatalog;
import org.junit.jupiter.api.Test;

/** Model-state and activation memory against the ZeRO and Korthikanti et al. papers. */
class MemoryTest {

    @Test
    void zeroWorkedExample() {
        // Rajbhandari et al. (arXiv 1910.02054), Figure 1: Ψ = 7.5 B, N_d = 64, K = 12 → 120, 31.4, 16.6, 1.9 GB
        double psi = 7.5e9;
        assertThat(ModelStateMemory.of(psi, 64, 0).total() / 1e9).isCloseTo(120, within(1e-9));
        assertThat(ModelStateMemory.of(psi, 64, 1).total() / 1e9).isCloseTo(31.40625, within(1e-9));
        assertThat(ModelStateMemory.of(psi, 64, 2).total() / 1e9).isCloseTo(16.640625, within(1e-9));
        assertThat(ModelStateMemory.of(psi, 64, 3).total() / 1e9).isCloseTo(1.875, within(1e-9));
    }

    /** A GPT layer as in the paper: dropout, GELU MLP of 4h, MHA. */
    static final ModelArchitecture GPT = ModelCatalog.get("gpt-175b");

    static double sbh(int s, int b) {
        return (double) s * b * GPT.hidden();
    }

    @Test
    void korthikantiTableTwo() {
        int s = 2048;
        int b = 1;
        int t = 8;
        double h = GPT.hidden();
        double a = GPT.heads();
        // arXiv 2205.05198, Table 2
        assertThat(ActivationMemory.perLayer(GPT, s, b, 1, 1, false, Recompute.NONE, false, false))
                .isCloseTo(sbh(s, b) * (34 + 5 * a * s / h), within(1e-3));
        assertThat(ActivationMemory.perLayer(GPT, s, b, t, 1, false, Recompute.NONE, false, false))
                .isCloseTo(sbh(s, b) * (10 + 24.0 / t + 5 * a * s / (h * t)), within(1e-3));
        assertThat(ActivationMemory.perLayer(GPT, s, b, t, 1, true, Recompute.NONE, false, false))
                .isCloseTo(sbh(s, b) * (34.0 / t + 5 * a * s / (h * t)), within(1e-3));
        assertThat(ActivationMemory.perLayer(GPT, s, b, t, 1, false, Recompute.SELECTIVE, false, false))
                .isCloseTo(sbh(s, b) * (10 + 24.0 / t), within(1e-3));
        assertThat(ActivationMemory.perLayer(GPT, s, b, t, 1, true, Recompute.SELECTIVE, false, false))
                .isCloseTo(sbh(s, b) * (34.0 / t), within(1e-3));
        assertThat(ActivationMemory.perLayer(GPT, s, b, t, 1, false, Recompute.FULL, false, false))
                .isCloseTo(2 * sbh(s, b), within(1e-3));
    }

    @Test
    void contextParallelismDividesTheSequenceAndInterleavingAddsItsShare() {
        double whole = ActivationMemory.perLayer(GPT, 8192, 1, 8, 1, true, Recompute.SELECTIVE, false, false);
        double split = ActivationMemory.perLayer(GPT, 8192, 1, 8, 4, true, Recompute.SELECTIVE, false, false);
        assertThat(split).isCloseTo(whole / 4, within(1e-3));
        assertThat(ActivationMemory.inFlightMicroBatches(8, 64, 1)).isEqualTo(8);
        assertThat(ActivationMemory.inFlightMicroBatches(8, 4, 1)).isEqualTo(4);
        assertThat(ActivationMemory.inFlightMicroBatches(8, 64, 2)).isCloseTo(8 * (1 + 7.0 / (8 * 64)), within(1e-12));
    }

    @Test
    void llamaLayerHasNoDropoutAGatedMlpAndFusedAttention() {
        ModelArchitecture m = ModelCatalog.get("llama-2-7b");
        double s = 4096;
        double h = 4096;
        double f = 11008;
        // whole: 8 s b h; attention inner 8 s b h (MHA); gated MLP 8 s b f; no scores (fused attention)
        double expected = s * (8 * h + 8 * h + 8 * f);
        assertThat(ActivationMemory.perLayer(m, 4096, 1, 1, 1, false, Recompute.NONE, false, true))
                .isCloseTo(expected, within(1e-3));
        // unfused, the softmax output stays: 2 a s² b
        assertThat(ActivationMemory.perLayer(m, 4096, 1, 1, 1, false, Recompute.NONE, false, false))
                .isCloseTo(expected + 2.0 * 32 * s * s, within(1e-3));
    }
}
