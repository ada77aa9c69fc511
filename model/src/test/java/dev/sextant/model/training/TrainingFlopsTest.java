package dev.sextant.model.training;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.architecture.ModelCatalog;
import org.junit.jupiter.api.Test;

/** FLOP counts against Narayanan et al. (arXiv 2104.04473) Eq. 3 and Korthikanti et al.'s model-FLOPs form. */
class TrainingFlopsTest {

    @Test
    void modelFlopsEqualSeventyTwoBslhSquaredForm() {
        ModelArchitecture m = ModelCatalog.get("gpt-175b");
        double l = m.layers();
        double h = m.hidden();
        double s = 2048;
        double v = m.vocab();
        // 72 B s l h² (1 + s/(6h) + V/(12 l h)) per step, so per token (B s tokens):
        double expected = 72 * l * h * h * (1 + s / (6 * h) + v / (12 * l * h));
        assertThat(TrainingFlops.modelPerToken(m, 2048)).isCloseTo(expected, within(expected * 1e-12));
    }

    @Test
    void fullRecomputeMatchesEquation3() {
        ModelArchitecture m = ModelCatalog.get("gpt-530b");
        double l = m.layers();
        double h = m.hidden();
        double s = 2048;
        double v = m.vocab();
        double eq3 = 96 * l * h * h * (1 + s / (6 * h) + v / (16 * l * h));
        assertThat(TrainingFlops.hardwarePerToken(m, 2048, Recompute.FULL)).isCloseTo(eq3, within(eq3 * 1e-12));
    }

    @Test
    void selectiveRecomputeAddsOnlyTheAttentionProducts() {
        ModelArchitecture m = ModelCatalog.get("llama-2-7b");
        double extra =
                TrainingFlops.hardwarePerToken(m, 4096, Recompute.SELECTIVE) - TrainingFlops.modelPerToken(m, 4096);
        // 2 · s · (query width + value width) per layer = 4 s h l for MHA
        assertThat(extra).isCloseTo(4.0 * 4096 * 4096 * 32, within(1.0));
        // and the 6 N rule of thumb holds to within the attention term
        double sixN = 6.0 * m.parameters().total();
        assertThat(TrainingFlops.modelPerToken(m, 2048) / sixN).isBetween(1.0, 1.2);
    }
}
