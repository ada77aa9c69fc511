package dev.sextant.model.statistics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class GoldenSectionTest {

    @Test
    void findsTheMinimumOfAUnimodalFunctionAndPrefersTheLowerEdgeWhenNothingHelps() {
        assertThat(GoldenSection.minimise(x -> (x - 0.3) * (x - 0.3), 0, 1, 1e-4))
                .isCloseTo(0.3, within(1e-4));
        assertThat(GoldenSection.minimise(x -> Math.abs(Math.log(x / 2.5)), 1, 5, 1e-4))
                .isCloseTo(2.5, within(1e-3));
        // a function rising from the lower edge: the edge itself, not a point just inside it
        assertThat(GoldenSection.minimise(x -> x, 0, 1, 1e-3)).isEqualTo(0);
    }
}
