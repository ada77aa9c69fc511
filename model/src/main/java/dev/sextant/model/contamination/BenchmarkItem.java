package dev.sextant.model.contamination;

/** One benchmark item to look for in a corpus: its benchmark, id and the text that is checked. */
public record BenchmarkItem(String benchmark, String id, String text) {
}
