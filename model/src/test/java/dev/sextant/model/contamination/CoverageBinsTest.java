package dev.sextant.model.contamination;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CoverageBinsTest {

    /** A whole item (1.0) has a bin of its own; 0.9 is the [0.9, 1) bin; 0.3 and 0.7 land in theirs despite rounding. */
    @Test
    void wholeItemsAreNotLumpedWithNinetyPercent() {
        assertThat(CoverageBins.bin(1.0)).isEqualTo(10);
        assertThat(CoverageBins.bin(0.9)).isEqualTo(9);
        assertThat(CoverageBins.bin(0.999)).isEqualTo(9);
        assertThat(CoverageBins.bin(3 / 10.0)).isEqualTo(3);
        assertThat(CoverageBins.bin(7 / 10.0)).isEqualTo(7);
        assertThat(CoverageBins.bin(0.0)).isZero();
        assertThat(CoverageBins.label(10)).isEqualTo("1.0 (whole)");
        assertThat(CoverageBins.label(9)).isEqualTo("0.9–1.0");
    }
}
