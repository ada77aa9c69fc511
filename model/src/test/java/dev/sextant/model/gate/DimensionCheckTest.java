package dev.sextant.model.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sextant.model.evaluation.ItemScore;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A gate check on a capability dimension pairs the items of every benchmark placed on it. */
class DimensionCheckTest {

    static ItemScore s(String model, String bench, String item, double score) {
        return new ItemScore(model, bench, item, score, null, null, null, null, null);
    }

    @Test
    void aCodeCheckPairsTheItemsOfEveryCodeBenchmarkAndNoOthers() {
        // humaneval and mbpp are code by default, gsm8k reasoning; both benchmarks use item ids q1, q2 (kept apart)
        List<ItemScore> items = new ArrayList<>();
        for (String bench : List.of("humaneval", "mbpp", "gsm8k")) {
            for (String item : List.of("q1", "q2")) {
                items.add(s("new", bench, item, bench.equals("mbpp") && item.equals("q2") ? 0 : 1));
                items.add(s("old", bench, item, 1));
            }
        }
        GatePolicy policy = new GatePolicy(
                "p",
                0.95,
                List.of(new GatePolicy.Check(
                        "code",
                        GatePolicy.Layer.PUBLIC,
                        "dimension:coding",
                        true,
                        0,
                        0.05,
                        GatePolicy.Test.PAIRED,
                        GatePolicy.Role.BLOCKING)));
        List<GateEvidence> e =
                EvidenceAssembler.assemble(policy, "new", "old", items, List.of(), List.of(), List.of(), null);
        assertThat(e).singleElement().satisfies(x -> {
            assertThat(x.candidate()).containsExactly(1, 1, 1, 0); // humaneval q1 q2, mbpp q1 q2 — gsm8k left out
            assertThat(x.incumbent()).containsExactly(1, 1, 1, 1);
            assertThat(x.source()).contains("humaneval, mbpp").contains("4 shared items");
        });
        GatePolicy bad = new GatePolicy(
                "p",
                0.95,
                List.of(new GatePolicy.Check(
                        "x",
                        GatePolicy.Layer.PUBLIC,
                        "dimension:vibes",
                        true,
                        0,
                        0.05,
                        GatePolicy.Test.PAIRED,
                        GatePolicy.Role.BLOCKING)));
        assertThatThrownBy(() ->
                        EvidenceAssembler.assemble(bad, "new", "old", items, List.of(), List.of(), List.of(), null))
                .hasMessageContaining("'dimension:vibes' names no dimension");
    }
}
