package dev.sextant.model.io;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sextant.model.BadInputException;
import dev.sextant.model.evaluation.Battle;
import dev.sextant.model.evaluation.Battle.Winner;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Arena battles as FastChat records them (lm-sys/FastChat, {@code fastchat/serve/monitor/clean_battle_data.py}):
 * <ul>
 * <li>{@code clean_battle_*.json}, the format LMSYS and others publish: one JSON array of battle objects, streamed one
 * element at a time (files of millions of battles), errors naming the line and the element, e.g.
 * {@code clean_battle.json:5678: [1234].winner: …};</li>
 * <li>JSON Lines, one battle object per line; CSV with a header.</li>
 * </ul>
 * A battle: {@code model_a, model_b, winner} ∈ {model_a, model_b, tie, tie (bothbad)}, optional {@code question_id},
 * {@code category} (or a {@code category_tag} given as text), {@code anony}, {@code judge}, {@code turn},
 * {@code language}, {@code tstamp}; other fields (conversations, metadata) are passed over. Records with {@code anony}
 * false are skipped: only anonymous battles count.
 */
public final class ArenaBattles {

    private static final String WINNERS = "model_a, model_b, tie or \"tie (bothbad)\"";

    private ArenaBattles() {}

    public static List<Battle> read(Path file) {
        return read(file, new UniqueKeys());
    }

    /**
     * Battles have a natural key only where they carry a {@code question_id}: the same question judged for the same
     * ordered pair (by the same judge, in the same turn, at the same time, where those are given) twice is one battle
     * counted twice. Without an id, two identical rows may be two real battles (the same pair asked alike), so they are
     * kept; the pair in the other order is kept too, as judging both orders is how position bias is controlled.
     *
     * @param keys battle keys already read, from other files read together with this one
     */
    static List<Battle> read(Path file, UniqueKeys keys) {
        String name = TextInput.name(file);
        List<Battle> out = new ArrayList<>();
        Map<String, String> names = new HashMap<>(); // one String per model name, however many battles name it
        if (file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".csv")) {
            try (CsvTable t = CsvTable.open(
                    file,
                    List.of("model_a", "model_b", "winner"),
                    Set.of("question_id", "category", "anony", "judge", "turn", "language", "tstamp"))) {
                for (CsvTable.Row r : t) {
                    if ("false".equalsIgnoreCase(r.text("anony"))) {
                        continue;
                    }
                    Battle b = battle(
                            names.computeIfAbsent(r.required("model_a"), x -> x),
                            names.computeIfAbsent(r.required("model_b"), x -> x),
                            r.required("winner"),
                            r.optionalId("question_id"),
                            r.optionalId("category"),
                            name,
                            r.line(),
                            "");
                    key(keys, name, r.line(), b, r.optionalId("judge"), r.optionalId("turn"), r.optionalId("tstamp"));
                    out.add(b);
                }
            }
        } else if (Json.peek(file).first() == '[') {
            Json.forEachElement(file, (node, index, line) -> {
                Battle b = fromJson(node, name, line, "[" + index + "].", keys, names);
                if (b != null) {
                    out.add(b);
                }
            });
        } else {
            JsonLines.forEach(file, (node, line) -> {
                Battle b = fromJson(node, name, line, "", keys, names);
                if (b != null) {
                    out.add(b);
                }
            });
        }
        if (out.isEmpty()) {
            throw BadInputException.of(name, "no anonymous battles in the file");
        }
        return out;
    }

    /** One battle object, or null for a battle that was not anonymous; {@code at} prefixes fields, e.g. {@code [12].}. */
    private static Battle fromJson(
            JsonNode node, String source, long line, String at, UniqueKeys keys, Map<String, String> names) {
        if (!node.isObject()) {
            throw new BadInputException(
                    source, line, at.isEmpty() ? null : at.substring(0, at.length() - 1), "expected a JSON object");
        }
        FieldChecks checks = FieldChecks.at(source, line);
        JsonNode anony = node.get("anony");
        if (anony != null && !anony.isNull()) {
            if (!anony.isBoolean()) {
                throw checks.problem(at + "anony", "expected true or false, got " + anony);
            }
            if (!anony.booleanValue()) {
                return null;
            }
        }
        String a = names.computeIfAbsent(required(node, "model_a", checks, at), x -> x);
        String b = names.computeIfAbsent(required(node, "model_b", checks, at), x -> x);
        String winner = required(node, "winner", checks, at);
        String question = optional(node, "question_id", checks, at);
        // FastChat's category_tag is an object of tagger outputs; only a category given as text is one
        String category = node.path("category").isValueNode() ? optional(node, "category", checks, at) : null;
        if (category == null && node.path("category_tag").isValueNode()) {
            category = optional(node, "category_tag", checks, at);
        }
        optional(node, "language", checks, at);
        String judge = optional(node, "judge", checks, at);
        String turn = null;
        JsonNode t = node.get("turn");
        if (t != null && !t.isNull()) {
            // tables written through pandas turn whole numbers into 1.0 when a column has gaps
            boolean whole = t.isIntegralNumber() || (t.isNumber() && t.doubleValue() == Math.rint(t.doubleValue()));
            if (!whole || t.doubleValue() < 0 || !Double.isFinite(t.doubleValue())) {
                throw checks.problem(at + "turn", "expected a whole number of turns, got " + t);
            }
            turn = Long.toString(t.longValue());
        }
        String tstamp = null;
        JsonNode ts = node.get("tstamp");
        if (ts != null && !ts.isNull()) {
            if (!ts.isNumber()) {
                throw checks.problem(at + "tstamp", "expected a time in seconds since 1970, got " + ts);
            }
            checks.finite(at + "tstamp", ts.doubleValue());
            tstamp = ts.asText();
        }
        Battle battle = battle(a, b, winner, question, category, source, line, at);
        key(keys, source, line, battle, judge, turn, tstamp);
        return battle;
    }

    private static String required(JsonNode node, String field, FieldChecks checks, String at) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            throw checks.problem(at + field, "missing");
        }
        if (!v.isValueNode() || v.asText().isBlank()) {
            throw checks.problem(at + field, "expected text, got " + shown(v));
        }
        return checks.identifier(at + field, v.asText().strip());
    }

    private static String optional(JsonNode node, String field, FieldChecks checks, String at) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isValueNode()) {
            throw checks.problem(at + field, "expected text, got " + shown(v));
        }
        String s = v.asText().strip();
        return s.isEmpty() ? null : checks.identifier(at + field, s);
    }

    private static String shown(JsonNode v) {
        String s = v.toString();
        return s.length() > 40 ? s.substring(0, 40) + "…" : s;
    }

    private static void key(
            UniqueKeys keys, String source, long line, Battle b, String judge, String turn, String tstamp) {
        if (b.questionId() == null) {
            return;
        }
        keys.add(
                source,
                line,
                "question_id, model_a, model_b" + (judge == null ? "" : ", judge") + (turn == null ? "" : ", turn")
                        + (tstamp == null ? "" : ", tstamp"),
                b.questionId(),
                b.modelA(),
                b.modelB(),
                judge,
                turn,
                tstamp);
    }

    private static Battle battle(
            String a, String b, String winner, String question, String category, String source, long line, String at) {
        Winner w = Winner.of(winner);
        if (w == null) {
            throw new BadInputException(
                    source, line, at + "winner", "unknown value '" + winner + "'; expected " + WINNERS);
        }
        if (a.equals(b)) {
            throw new BadInputException(source, line, at + "model_b", "same model as model_a ('" + a + "')");
        }
        return new Battle(a, b, w, question, category);
    }
}
