package dev.sextant.model.serving;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class SpeculativeDecodingTest {

    @Test
    void leviathanWorkedNumbers() {
        // α = 0.7, γ = 4: E = (1 − 0.7⁵) / 0.3 = (1 − 0.16807) / 0.3 = 2.7731 by the paper's Eq. 1. A figure
        // sometimes quoted for these values, "≈ 2.95", is what γ = 5 gives:
        // (1 − 0.7⁶) / 0.3 = 2.9412; we follow the paper's formula.
        assertThat(SpeculativeDecoding.expectedTokens(0.7, 4)).isCloseTo(2.7731, within(1e-4));
        assertThat(SpeculativeDecoding.expectedTokens(0.7, 5)).isCloseTo(2.9412, within(1e-4));
        assertThat(SpeculativeDecoding.expectedTokens(1.0, 4)).isEqualTo(5);
        assertThat(SpeculativeDecoding.expectedTokens(0.0, 4)).isEqualTo(1);
        // a free draft gives E; a draft costing 5 % of the target per token: 2.7731 / 1.2 = 2.3109
        assertThat(SpeculativeDecoding.speedup(0.7, 4, 0)).isCloseTo(2.7731, within(1e-4));
        assertThat(SpeculativeDecoding.speedup(0.7, 4, 0.05)).isCloseTo(2.3109, within(1e-4));
        assertThat(SpeculativeDecoding.bestGamma(0.7, 0.05, 16)).isBetween(3, 8);
        assertThatThrownBy(() -> SpeculativeDecoding.expectedTokens(1.2, 4)).hasMessageContaining("acceptance rate");
    }
}
