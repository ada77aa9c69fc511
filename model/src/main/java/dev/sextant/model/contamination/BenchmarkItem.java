package dev.sextant.model.contamination;

import java.util.List;

/**
 * One benchmark item to look for in a corpus: its benchmark, id and the text that is checked.
 *
 * @param fields the fields (dotted paths) whose text makes up {@code text}, for the report; empty when the text is the
 *               whole line or record
 */
public record BenchmarkItem(String benchmark, String id, String text, List<String> fields) {

    public BenchmarkItem {
        fields = fields == null ? List.of() : List.copyOf(fields);
    }

    public BenchmarkItem(String benchmark, String id, String text) {
        this(benchmark, id, text, List.of());
    }

    /** The same item under another benchmark name. */
    public BenchmarkItem renamed(String newBenchmark) {
        return new BenchmarkItem(newBenchmark, id, text, fields);
    }
}
