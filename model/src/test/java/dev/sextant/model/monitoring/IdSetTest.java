package dev.sextant.model.monitoring;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sextant.model.io.IdSet;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class IdSetTest {

    @Test
    void answersAsAHashSetOfTheIdsDoesThroughAddsAndRemoves() {
        IdSet ids = new IdSet();
        Set<String> truth = new HashSet<>();
        SplittableRandom r = new SplittableRandom(7);
        for (int i = 0; i < 300_000; i++) {
            String id = "req-" + r.nextInt(100_000);
            if (r.nextInt(4) == 0) {
                assertThat(ids.remove(id)).isEqualTo(truth.remove(id));
            } else {
                assertThat(ids.add(id)).isEqualTo(truth.add(id));
            }
        }
        assertThat(ids.size()).isEqualTo(truth.size());
        for (int i = 0; i < 100_000; i++) {
            assertThat(ids.contains("req-" + i)).isEqualTo(truth.contains("req-" + i));
        }
    }
}
