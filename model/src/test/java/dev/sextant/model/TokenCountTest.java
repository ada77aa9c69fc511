package dev.sextant.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TokenCountTest {

    /** Every budget field reads the same forms: "2T" for training as "5M" for a mixture. */
    @Test
    void suffixesAndScientificNotationReadAlike() {
        assertThat(TokenCount.parse("training.tokens", "Token budget", "2T")).isEqualTo(2_000_000_000_000L);
        assertThat(TokenCount.parse("training.tokens", "Token budget", "1.5t")).isEqualTo(1_500_000_000_000L);
        assertThat(TokenCount.parse("training.tokens", "Token budget", "300B")).isEqualTo(300_000_000_000L);
        assertThat(TokenCount.parse("mix.budget", "Token budget", "5M")).isEqualTo(5_000_000L);
        assertThat(TokenCount.parse("mix.budget", "Token budget", "2e12")).isEqualTo(2_000_000_000_000L);
        assertThat(TokenCount.parse("mix.budget", "Token budget", "12_000")).isEqualTo(12_000L);
        assertThatThrownBy(() -> TokenCount.parse("training.tokens", "Token budget", "2X"))
                .isInstanceOf(InputError.class)
                .hasMessageContaining("Token budget")
                .hasMessageContaining("'2X'");
        assertThatThrownBy(() -> TokenCount.parse("training.tokens", "Token budget", "-5M"))
                .hasMessageContaining("positive");
    }
}
