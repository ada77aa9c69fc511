package dev.sextant.model.io;

import dev.sextant.model.BadInputException;
import dev.sextant.model.evaluation.ItemScore;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Per-item scores CSV: {@code model,benchmark,item_id,score} with optional {@code cluster_id}, {@code sample} (repeat
 * index), {@code temperature}, {@code top_p}, {@code seed}. A (model, benchmark, item, sample) may appear once.
 */
public final class ItemScoresCsv {

    static final List<String> REQUIRED = List.of("model", "benchmark", "item_id", "score");
    static final Set<String> OPTIONAL = Set.of("cluster_id", "sample", "temperature", "top_p", "seed");

    private ItemScoresCsv() {}

    public static List<ItemScore> read(Path file) {
        return read(file, new UniqueKeys());
    }

    /** @param keys (model, benchmark, item, sample) keys already read, from other files read together with this one */
    static List<ItemScore> read(Path file, UniqueKeys keys) {
        List<ItemScore> out = new ArrayList<>();
        try (CsvTable t = CsvTable.open(file, REQUIRED, OPTIONAL)) {
            for (CsvTable.Row r : t) {
                String model = r.required("model");
                String benchmark = r.required("benchmark");
                String item = r.required("item_id");
                double score = r.number("score");
                Long sample = r.optionalInteger("sample");
                if (sample != null && (sample < 0 || sample > Integer.MAX_VALUE)) {
                    throw r.problem("sample", "must be a whole number from 0, got " + sample);
                }
                Double temperature = r.at().nonNegative("temperature", r.optionalNumber("temperature"));
                Double topP = r.optionalNumber("top_p");
                if (topP != null && (topP <= 0 || topP > 1)) {
                    throw r.problem("top_p", "must lie in (0, 1], got " + FieldChecks.show(topP));
                }
                addKey(
                        keys,
                        TextInput.name(file),
                        r.line(),
                        model,
                        benchmark,
                        item,
                        sample == null ? null : sample.intValue());
                out.add(new ItemScore(
                        model,
                        benchmark,
                        item,
                        score,
                        r.optionalId("cluster_id"),
                        sample == null ? null : sample.intValue(),
                        temperature,
                        topP,
                        r.optionalInteger("seed")));
            }
        }
        if (out.isEmpty()) {
            throw BadInputException.of(TextInput.name(file), "no rows after the header");
        }
        return out;
    }

    /**
     * An item's natural key, shared with lm-evaluation-harness samples: a (model, benchmark, item, sample) scored twice
     * would read as two samples of the item.
     */
    static void addKey(
            UniqueKeys keys, String source, long line, String model, String benchmark, String item, Integer sample) {
        keys.add(
                source,
                line,
                sample == null ? "model, benchmark, item_id" : "model, benchmark, item_id, sample",
                model,
                benchmark,
                item,
                sample);
    }
}
