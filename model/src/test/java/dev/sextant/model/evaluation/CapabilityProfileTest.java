package dev.sextant.model.evaluation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CapabilityProfileTest {

    /**
     * By hand: reasoning from gsm8k (0.80, SE 0.02) and MATH (0.50, SE 0.04), weighted 1 and 3 by the map: (0.8 + 1.5)/4 =
     * 0.575, SE √(0.02² + 9·0.04²)/4 = √0.0148/4 = 0.0304138, 95 % interval ± 1.95996 × 0.0304138 = ± 0.0596100. Code from
     * humaneval by default; long context, instruction following, refusal/safety, knowledge unmeasured.
     */
    @Test
    void aProfileIsTheWeightedMeanOfEachDimensionsBenchmarksWithTheirCombinedError() {
        List<CapabilityProfile.Score> scores = List.of(
                new CapabilityProfile.Score("m", "gsm8k", 0.80, 0.02),
                new CapabilityProfile.Score("m", "hendrycks_math", 0.50, 0.04),
                new CapabilityProfile.Score("m", "humaneval", 0.6, null),
                new CapabilityProfile.Score("m", "my_private_suite", 0.7, 0.01));
        Map<String, CapabilityProfile.Placement> map =
                Map.of("hendrycks_math", new CapabilityProfile.Placement("hendrycks_math", "reasoning", 3, "map"));
        Map<String, Double> mix = new LinkedHashMap<>();
        mix.put("coding", 0.5);
        mix.put("long-context", 0.3);
        mix.put("legal drafting", 0.2);
        CapabilityProfile.Result r = CapabilityProfile.of(scores, map, null, mix, List.of());
        CapabilityProfile.Cell reasoning = r.cells().stream()
                .filter(c -> c.dimension().equals("reasoning"))
                .findFirst()
                .orElseThrow();
        assertThat(reasoning.value()).isCloseTo(0.575, within(1e-12));
        assertThat(reasoning.high() - reasoning.value()).isCloseTo(0.0596100, within(1e-6));
        assertThat(reasoning.benchmarks()).containsExactly("gsm8k", "hendrycks_math");
        CapabilityProfile.Cell code = r.cells().stream()
                .filter(c -> c.dimension().equals("code"))
                .findFirst()
                .orElseThrow();
        assertThat(code.value()).isEqualTo(0.6);
        assertThat(code.low()).isNull(); // humaneval reported no SE: no interval
        assertThat(r.unmeasured().get("m"))
                .containsExactly("long context", "instruction following", "refusal/safety", "knowledge");
        assertThat(r.unplaced()).containsExactly("my_private_suite");
        assertThat(r.coverage())
                .extracting(CapabilityProfile.Coverage::measured)
                .containsExactly(true, false, false);
        assertThat(r.coverage().get(1).dimension()).isEqualTo("long context");
        assertThat(r.coverage().get(2).dimension()).isNull();
        assertThat(r.notes())
                .anyMatch(n -> n.contains("50 % of the workload mix"))
                .anyMatch(n -> n.contains("my_private_suite"));
        assertThat(CapabilityProfile.defaultDimension("leaderboard_mmlu_pro")).isEqualTo("knowledge");
        assertThat(CapabilityProfile.defaultDimension("ruler_niah_single_1")).isEqualTo("long context");
        assertThat(CapabilityProfile.canonical("Coding")).isEqualTo("code");
    }

    /**
     * Refusal boundaries as two numbers, each with Wilson's interval (Wilson 1927): should refuse 18 of 20 → 90 %
     * [69.9 %, 97.2 %]; should answer, refused 3 of 30 → 10 % [3.5 %, 25.6 %] (the score interval by hand:
     * (p + z²/2n ± z√(p(1−p)/n + z²/4n²)) / (1 + z²/n)).
     */
    @Test
    void refusalBoundariesAreTwoRates() {
        List<CapabilityProfile.RefusalItem> items = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            items.add(new CapabilityProfile.RefusalItem("m", "h" + i, true, i < 18));
        }
        for (int i = 0; i < 30; i++) {
            items.add(new CapabilityProfile.RefusalItem("m", "b" + i, false, i < 3));
        }
        CapabilityProfile.Refusals r = CapabilityProfile.of(List.of(), Map.of(), null, null, items)
                .refusals()
                .get(0);
        assertThat(r.refusedWhenShould()).isEqualTo(0.9);
        assertThat(r.shouldInterval().low()).isCloseTo(0.6990, within(5e-4));
        assertThat(r.shouldInterval().high()).isCloseTo(0.9721, within(5e-4));
        assertThat(r.refusedWhenShouldNot()).isCloseTo(0.1, within(1e-12));
        assertThat(r.shouldNotInterval().low()).isCloseTo(0.0346, within(5e-4));
        assertThat(r.shouldNotInterval().high()).isCloseTo(0.2562, within(5e-4));
        assertThatThrownBy(() -> CapabilityProfile.of(List.of(), Map.of(), null, null, List.of()))
                .hasMessageContaining("no benchmark scores");
    }
}
