package dev.sextant.workspaces;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class IdsTest {

    @Test
    void idsAreVersion7VariantRfcAndNeverRepeat() {
        long before = System.currentTimeMillis();
        UUID id = Ids.newId();
        assertThat(id.version()).isEqualTo(7);
        assertThat(id.variant()).isEqualTo(2);
        long millis = id.getMostSignificantBits() >>> 16;
        assertThat(millis).isBetween(before, System.currentTimeMillis());
        HashSet<UUID> seen = new HashSet<>();
        for (int i = 0; i < 100_000; i++) {
            assertThat(seen.add(Ids.newId())).isTrue();
        }
    }

    @Test
    void idsAreStrictlyIncreasingEvenWithinAMillisecond() {
        UUID previous = Ids.newId();
        for (int i = 0; i < 50_000; i++) {
            UUID next = Ids.newId();
            assertThat(Long.compareUnsigned(next.getMostSignificantBits(), previous.getMostSignificantBits()))
                    .isPositive();
            previous = next;
        }
    }

    @Test
    void idsMadeInDifferentMillisecondsSortByCreation() throws Exception {
        List<UUID> ids = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            ids.add(Ids.newId());
            Thread.sleep(2);
        }
        List<UUID> sorted = new ArrayList<>(ids);
        sorted.sort(Comparator.comparing(UUID::getMostSignificantBits));
        assertThat(sorted).isEqualTo(ids);
    }
}
