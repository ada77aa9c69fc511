package dev.sextant.model.evaluation;

import java.time.LocalDate;
import java.util.Objects;

/**
 * A benchmark item's date: when it was released or created (LiveCodeBench's contest dates, LiveBench's release dates).
 *
 * @param benchmark the benchmark the item belongs to, or null when the dates file does not say (then it dates that item
 *                  id in every benchmark)
 */
public record ItemDate(String benchmark, String itemId, LocalDate date) {

    public ItemDate {
        Objects.requireNonNull(itemId, "itemId");
        Objects.requireNonNull(date, "date");
    }
}
