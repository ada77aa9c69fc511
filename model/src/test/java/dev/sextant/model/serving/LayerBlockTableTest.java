package dev.sextant.model.serving;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sextant.model.architecture.AttentionKind;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LayerBlockTableTest {

    private static BatchingSimulator.Scheduler scheduler(List<AttentionKind> kinds) {
        return new BatchingSimulator.Scheduler(64, 4096, true, 16, 1_000_000, new KvCacheLayout(16, kinds));
    }

    private static List<AttentionKind> layers(AttentionKind a, AttentionKind b) {
        List<AttentionKind> out = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            out.add(i % 3 == 0 ? a : b);
        }
        return out;
    }

    @Test
    void tabulatedCountsEqualTheLayoutsAndTheNextGrowthPointIsSafe() {
        List<List<AttentionKind>> layouts = List.of(
                layers(new AttentionKind.Full(), new AttentionKind.Full()),
                layers(new AttentionKind.SlidingWindow(100), new AttentionKind.Full()),
                layers(new AttentionKind.SlidingWindow(40), new AttentionKind.SlidingWindow(40)),
                layers(new AttentionKind.Chunked(50), new AttentionKind.Full()));
        for (List<AttentionKind> kinds : layouts) {
            BatchingSimulator.Scheduler s = scheduler(kinds);
            LayerBlockTable table = new LayerBlockTable(s);
            for (long tokens = 0; tokens < 600; tokens++) {
                long held = s.blocksFor(tokens);
                assertThat(table.blocksFor(tokens)).isEqualTo(held);
                // a sequence holding what it needs at `tokens` needs nothing more before the point returned
                long next = table.nextGrowth(tokens, held);
                assertThat(next).isGreaterThan(tokens);
                for (long u = tokens; u < next; u++) {
                    assertThat(s.blocksFor(u))
                            .as("%s at %d (next %d)", kinds, u, next)
                            .isLessThanOrEqualTo(held);
                }
            }
        }
        // a full layout grows at the first token of the next block: 6 layers × 2 blocks at 17 tokens
        LayerBlockTable full = new LayerBlockTable(scheduler(layouts.get(0)));
        assertThat(full.nextGrowth(5, full.blocksFor(5))).isEqualTo(17);
        assertThat(full.blocksFor(17)).isEqualTo(12);
        // beyond the tabulated range it still answers
        assertThat(full.blocksFor(LayerBlockTable.MAX_TABULATED + 5L))
                .isEqualTo(6 * ((LayerBlockTable.MAX_TABULATED + 5L + 15) / 16));
    }
}
