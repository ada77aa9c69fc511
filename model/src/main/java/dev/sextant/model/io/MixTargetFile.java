package dev.sextant.model.io;

import dev.sextant.model.BadInputException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A target mix: CSV with columns {@code source} (a value of the field the corpus is split by) and {@code share} (any
 * non-negative scale — fractions, percentages, weights — normalised to sum to one).
 */
public final class MixTargetFile {

    private MixTargetFile() {}

    public static Map<String, Double> read(Path file) {
        Map<String, Double> out = new LinkedHashMap<>();
        try (CsvTable t = CsvTable.open(file, List.of("source", "share"), Set.of())) {
            for (CsvTable.Row r : t) {
                String source = r.required("source");
                double share = r.number("share");
                if (!(share >= 0) || Double.isInfinite(share)) {
                    throw r.problem("share", "must be zero or more, got " + r.text("share"));
                }
                if (out.put(source, share) != null) {
                    throw r.problem("source", "'" + source + "' appears twice");
                }
            }
        }
        if (out.isEmpty()) {
            throw BadInputException.of(TextInput.name(file), "no rows: expected source,share rows under the header");
        }
        if (out.values().stream().mapToDouble(Double::doubleValue).sum() <= 0) {
            throw BadInputException.of(TextInput.name(file), "the shares sum to zero");
        }
        return out;
    }
}
