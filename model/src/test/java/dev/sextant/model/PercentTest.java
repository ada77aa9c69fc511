package dev.sextant.model;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PercentTest {

    @Test
    void oneDecimalWhereItIsHonest() {
        assertThat(Percent.of(0.973)).isEqualTo("97.3 %");
        assertThat(Percent.of(1.0)).isEqualTo("100.0 %");
        assertThat(Percent.of(0.0)).isEqualTo("0.0 %");
    }

    @Test
    void moreDecimalsRatherThanRoundingAShareBelowOneToAHundred() {
        assertThat(Percent.of(0.9996)).isEqualTo("99.96 %"); // one decimal would say 100.0 %
        assertThat(Percent.of(0.99996)).isEqualTo("99.996 %");
        assertThat(Percent.of(0.0004)).isEqualTo("0.04 %");
        assertThat(Percent.of(1 - 1e-9)).isEqualTo("> 99.9999 %");
        assertThat(Percent.of(1e-9)).isEqualTo("< 0.0001 %");
    }
}
