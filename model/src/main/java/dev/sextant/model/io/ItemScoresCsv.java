package dev.sextant.model.io;

import dev.sextant.model.evaluation.ItemScore;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Per-item scores CSV: {@code model,benchmark,item_id,score} with optional {@code cluster_id}, {@code sample} (repeat
 * index), {@code temperature}, {@code top_p}, {@code seed}. A (model, benchmark, item, sample) may appear once.
 */
public final class ItemScoresCsv {

    static final List<String> REQUIRED = List.of("model", "benchmark", "item_id", "score");
    static final Set<String> OPTIONAL = Set.of("cluster_id", "sample", "temperature", "top_p", "seed");

    private ItemScoresCsv() {
    }

    public static List<ItemScore> read(Path file) {
        List<ItemScore> out = new ArrayList<>();
        Map<String, Long> firstSeen = new HashMap<>();
        try (CsvTable t = CsvTable.open(file, REQUIRED, OPTIONAL)) {
            for (CsvTable.Row r : t) {
                String model = r.required("model");
                String benchmark = r.required("benchmark");
                String item = r.required("item_id");
                double score = r.number("score");
                Long sample = r.optionalInteger("sample");
                if (sample != null && sample < 0) {
                    throw r.problem("sample", "must not be negative");
                }
                Double temperature = r.optionalNumber("temperature");
                if (temperature != null && temperature < 0) {
                    throw r.problem("temperature", "must not be negative");
                }
                Double topP = r.optionalNumber("top_p");
                if (topP != null && (topP <= 0 || topP > 1)) {
                    throw r.problem("top_p", "must lie in (0, 1]");
                }
                String key = model + '\u0000' + benchmark + '\u0000' + item + '\u0000' + sample;
                Long first = firstSeen.putIfAbsent(key, r.line());
                if (first != null) {
                    throw r.problem("item_id", "duplicate item '" + item + "' for model '" + model + "' on '" + benchmark + "'"
                            + (sample == null ? "" : " sample " + sample) + " (first on line " + first + ")");
                }
                out.add(new ItemScore(model, benchmark, item, score, r.optional("cluster_id"),
                        sample == null ? null : Math.toIntExact(sample), temperature, topP, r.optionalInteger("seed")));
            }
        }
        if (out.isEmpty()) {
            throw BadInputException.of(TextInput.name(file), "no rows after the header");
        }
        return out;
    }
}
