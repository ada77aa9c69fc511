package dev.sextant.model.architecture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class DenseShapesTest {

    @Test
    void sevenBillionParametersIsLlama2SevenBsShape() {
        // Llama 2 7B (Touvron et al. 2023, Table 1): 32 layers, 4,096 wide, 32
        // heads, 11,008 MLP, 32,000 vocabulary: 6.74 B
        ModelArchitecture m = DenseShapes.llamaShaped(6.74e9);
        assertThat(m.hidden()).isEqualTo(4096);
        assertThat(m.layers()).isEqualTo(32);
        assertThat(m.ffn()).isEqualTo(11_008); // 8/3 × 4,096 = 10,923, rounded up to a multiple of 256
        assertThat(m.kvHeads()).isEqualTo(32);
        assertThat(m.parameters().total() / 1e9).isCloseTo(6.74, within(0.01));
        assertThat(m.name()).contains("32 layers × 4096 wide");
    }

    @Test
    void theNearestShapeIsWithinAStepOfWidth() {
        for (double n : new double[] {1.2e8, 1e9, 3e10, 4e11}) {
            double got = DenseShapes.llamaShaped(n).parameters().total();
            assertThat(Math.abs(Math.log(got / n))).as("%.3g", n).isLessThan(0.15);
        }
    }
}
