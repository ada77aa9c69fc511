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
        return read(file, new UniqueKeys());
    }

    /**
     * Battles have a natural key only where they carry a {@code question_id}: the same question judged for the same
     * ordered pair (by the same judge, in the same turn, where those are given) twice is one battle counted twice.
     * Without an id, two identical rows may be two real battles (the same pair asked alike), so they are kept; the
     * pair in the other order is kept too, as judging both orders is how position bias is controlled.
     *
     * @param keys battle keys already read, from other files read together with this one
     */
    static List<Battle> read(Path file, UniqueKeys keys) {
        String name = TextInput.name(file);
        List<Battle> out = new ArrayList<>();
        if (file.getFileName().toString().toLowerCase().endsWith(".csv")) {
            try (CsvTable t = CsvTable.open(file, List.of("model_a", "model_b", "winner"),
                    Set.of("question_id", "category", "anony", "judge", "turn", "language", "tstamp"))) {
                for (CsvTable.Row r : t) {
                    if ("false".equalsIgnoreCase(r.text("anony"))) {
                        continue;
                    }
                    Battle b = battle(r.required("model_a"), r.required("model_b"), r.required("winner"),
                            r.optionalId("question_id"), r.optionalId("category"), file, r.line());
                    key(keys, name, r.line(), b, r.optionalId("judge"), r.optionalId("turn"));
                    out.add(b);
                }
            }
        } else {
            JsonLines.forEach(file, (node, line) -> {
                JsonNode anony = node.get("anony");
                if (anony != null && anony.isBoolean() && !anony.booleanValue()) {
                    return;
                }
                Battle b = battle(JsonLines.text(node, "model_a", file, line), JsonLines.text(node, "model_b", file, line),
                        JsonLines.text(node, "winner", file, line), JsonLines.optionalId(node, "question_id", file, line),
                        JsonLines.optionalId(node, "category", file, line), file, line);
                key(keys, name, line, b, JsonLines.optionalText(node, "judge"), JsonLines.optionalText(node, "turn"));
                out.add(b);
            });
        }
        if (out.isEmpty()) {
            throw BadInputException.of(name, "no anonymous battles in the file");
        }
        return out;
    }

    private static void key(UniqueKeys keys, String source, long line, Battle b, String judge, String turn) {
        if (b.questionId() == null) {
            return;
        }
        keys.add(source, line, "question_id, model_a, model_b" + (judge == null ? "" : ", judge") + (turn == null ? "" : ", turn"),
                b.questionId(), b.modelA(), b.modelB(), judge, turn);
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
