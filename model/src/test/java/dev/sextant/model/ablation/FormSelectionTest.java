package dev.sextant.model.ablation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class FormSelectionTest {

    /** Runs at sizes 10 M … 1.6 B (×2 steps), 5 to 320 tokens a parameter, exactly on {@code law}. */
    static List<ChinchillaFit.Point> runs(ChinchillaFit.Parameters law) {
        List<ChinchillaFit.Point> out = new ArrayList<>();
        for (double n = 1e7; n <= 1.7e9; n *= 2) {
            for (double tpp = 5; tpp <= 320; tpp *= 2) {
                out.add(new ChinchillaFit.Point(n, tpp * n, law.loss(n, tpp * n)));
            }
        }
        return out;
    }

    @Test
    void runsOnAFiveParameterLawWithUnequalExponentsChooseThatForm() {
        // Hoffmann et al.'s published law: α 0.34, β 0.28 — one exponent cannot follow it
        ChinchillaFit.Parameters hoffmann =
                new ChinchillaFit.Parameters(Math.log(1.69), Math.log(406.4), Math.log(410.7), 0.34, 0.28, 0);
        FormSelection.Choice c = FormSelection.choose(runs(hoffmann));
        assertThat(c.form()).isEqualTo(ChinchillaFit.Form.CHINCHILLA);
        assertThat(c.error().get(ChinchillaFit.Form.CHINCHILLA)).isLessThan(1e-4);
        assertThat(c.why()).startsWith("form chinchilla chosen").contains("2.0× larger");
    }

    @Test
    void runsOnATiedLawKeepTheFormWithFewerParameters() {
        ChinchillaFit.Parameters tied =
                new ChinchillaFit.Parameters(Math.log(1.8), Math.log(500), Math.log(2000), 0.35, 0.35, 0);
        assertThat(FormSelection.choose(runs(tied)).form()).isEqualTo(ChinchillaFit.Form.TIED);
        // two sizes are too few to check anything
        List<ChinchillaFit.Point> two =
                runs(tied).stream().filter(p -> p.params() < 3e7).toList();
        assertThatThrownBy(() -> FormSelection.choose(two)).hasMessageContaining("three model sizes");
    }

    @Test
    void theDistanceBeyondTheRunsIsTheLargestOfTheLogFactors() {
        List<ChinchillaFit.Point> data =
                List.of(new ChinchillaFit.Point(1e8, 1e10, 3), new ChinchillaFit.Point(2e8, 2e9, 3));
        // N max 2e8, D max 1e10, N·D max 1e18: (8e8, 5e9) → ln 4 for N, below for D, ln 4 for N·D
        assertThat(FormSelection.distance(data, 8e8, 5e9)).isCloseTo(Math.log(4), within(1e-12));
        assertThat(FormSelection.distance(data, 1e8, 1e9)).isZero();
        // 20× the tokens of the largest: ln 20
        assertThat(FormSelection.distance(data, 1e8, 2e11)).isCloseTo(Math.log(20), within(1e-12));
    }
}
