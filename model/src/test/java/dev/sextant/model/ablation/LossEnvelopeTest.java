package dev.sextant.model.ablation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LossEnvelopeTest {

    @Test
    void theEnvelopeOfRunsOnHoffmannsLawGrowsTheOptimalSizeAsItsExponent() {
        // Hoffmann et al.'s law (E 1.69, A 406.4, B 410.7, α 0.34, β 0.28): N_opt ∝ C^(β/(α+β)) = C^0.4516
        ChinchillaFit.Parameters law =
                new ChinchillaFit.Parameters(Math.log(1.69), Math.log(406.4), Math.log(410.7), 0.34, 0.28, 0);
        List<ChinchillaFit.Point> runs = new ArrayList<>();
        for (double n = 1e7; n <= 1.1e10; n *= Math.sqrt(2)) {
            for (double d = 1e8; d <= 1e13; d *= 1.25) {
                runs.add(new ChinchillaFit.Point(n, d, law.loss(n, d)));
            }
        }
        LossEnvelope.Result r = LossEnvelope.fit(runs);
        assertThat(r.a()).isCloseTo(0.28 / 0.62, within(0.03));
        assertThat(r.b()).isCloseTo(1 - r.a(), within(1e-12));
        // the staircase climbs: each step's size larger than the last
        for (int i = 1; i < r.steps().size(); i++) {
            assertThat(r.steps().get(i).params())
                    .isGreaterThan(r.steps().get(i - 1).params());
        }
    }

    @Test
    void oneRunASizeIsNoEnvelope() {
        List<ChinchillaFit.Point> runs = List.of(
                new ChinchillaFit.Point(1e8, 2e9, 3),
                new ChinchillaFit.Point(2e8, 4e9, 2.9),
                new ChinchillaFit.Point(4e8, 8e9, 2.8));
        assertThatThrownBy(() -> LossEnvelope.fit(runs))
                .hasMessageContaining("two model sizes or more with runs at two token counts");
        assertThat(LossEnvelope.interpolate(new double[][] {{0, 2}, {4, 2}}, 1)).isCloseTo(3, within(1e-12));
    }
}
