package dev.sextant.model.io;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sextant.model.evaluation.Battle;
import dev.sextant.model.evaluation.Battle.Winner;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Arena battles as FastChat records them, JSON Lines ({@code .jsonl}, {@code .json} with one object per line) or CSV:
 * {@code model_a, model_b, winner} ∈ {model_a, model_b, tie, tie (bothbad)}, optional {@code question_id},
 * {@code category}. Records with {@code anony} false are skipped: only anonymous battles count.
 */
public final class ArenaBattles {

    private static final String WINNERS = "model_a, model_b, tie or \"tie (bothbad)\"";

    private ArenaBattles() {
    }

    public static List<Battle> read(Path file) {
        List<Battle> out = new ArrayList<>();
        if (file.getFileName().toString().toLowerCase().endsWith(".csv")) {
            try (CsvTable t = CsvTable.open(file, List.of("model_a", "model_b", "winner"),
                    Set.of("question_id", "category", "anony", "judge", "turn", "language", "tstamp"))) {
                for (CsvTable.Row r : t) {
                    if ("false".equalsIgnoreCase(r.text("anony"))) {
                        continue;
                    }
                    out.add(battle(r.required("model_a"), r.required("model_b"), r.required("winner"),
                            r.optional("question_id"), r.optional("category"), file, r.line()));
                }
            }
        } else {
            JsonLines.forEach(file, (node, line) -> {
                JsonNode anony = node.get("anony");
                if (anony != null && anony.isBoolean() && !anony.booleanValue()) {
                    return;
                }
                out.add(battle(JsonLines.text(node, "model_a", file, line), JsonLines.text(node, "model_b", file, line),
                        JsonLines.text(node, "winner", file, line), JsonLines.optionalText(node, "question_id"),
                        JsonLines.optionalText(node, "category"), file, line));
            });
        }
        if (out.isEmpty()) {
            throw BadInputException.of(TextInput.name(file), "no anonymous battles in the file");
        }
        return out;
    }

    private static Battle battle(String a, String b, String winner, String question, String category, Path file, long line) {
        Winner w = Winner.of(winner);
        if (w == null) {
            throw new BadInputException(TextInput.name(file), line, "winner", "unknown value '" + winner + "'; expected " + WINNERS);
        }
        if (a.equals(b)) {
            throw new BadInputException(TextInput.name(file), line, "model_b", "same model as model_a ('" + a + "')");
        }
        return new Battle(a, b, w, question, category);
    }
}
