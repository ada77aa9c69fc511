package dev.sextant.model.io;

import dev.sextant.model.contamination.CorpusDocuments;
import dev.sextant.model.contamination.CorpusUnit;
import dev.sextant.model.job.CancellationToken;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads particular documents of a corpus again — a duplicate cluster's members, named by file and index as a dedup run
 * reported them — so that they can be shown side by side. Each file is read once, in the same units as the run read it
 * (whole files by line, large files by byte range, Parquet by row), which give the same indices.
 */
public final class CorpusLookup {

    private CorpusLookup() {}

    /** A document's place: its file as reported, and its index there (line, byte offset or row). */
    public record Place(String file, long index) {}

    /** The text of each place found, in the order asked; a place that is no longer there is left out. */
    public static Map<Place, String> texts(List<Place> places, String textField, CancellationToken cancel) {
        Map<String, Set<Long>> byFile = new LinkedHashMap<>();
        places.forEach(
                p -> byFile.computeIfAbsent(p.file(), f -> new HashSet<>()).add(p.index()));
        Map<Place, String> found = new HashMap<>();
        for (Map.Entry<String, Set<Long>> e : byFile.entrySet()) {
            List<CorpusUnit> units = CorpusFiles.units(List.of(Path.of(e.getKey())), CorpusFiles.DEFAULT_CHUNK);
            for (CorpusUnit u : units) {
                CorpusDocuments.forEach(
                        u,
                        textField,
                        null,
                        null,
                        (index, line, from, to, text, length, fields) -> {
                            if (e.getValue().contains(index)) {
                                found.put(
                                        new Place(e.getKey(), index),
                                        new String(text, 0, length, StandardCharsets.UTF_8));
                            }
                        },
                        cancel);
            }
        }
        Map<Place, String> out = new LinkedHashMap<>();
        places.forEach(p -> {
            if (found.containsKey(p)) {
                out.put(p, found.get(p));
            }
        });
        return out;
    }
}
