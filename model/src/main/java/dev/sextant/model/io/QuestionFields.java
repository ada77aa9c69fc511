package dev.sextant.model.io;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;

/**
 * Which fields of an lm-evaluation-harness {@code doc} hold the question the model was asked. A doc also carries the
 * answers, choices, labels and source URLs; counting those as the item's text dilutes a verbatim leak of the question
 * into a "partial" one. Tasks whose prompt is built from two fields (a passage and a question) are named here; any
 * other doc gives its first question-like field.
 */
final class QuestionFields {

    /** Task name prefix → the doc fields its prompt is built from, in prompt order (lm-eval task configs). */
    private static final Map<String, List<String>> TASKS = Map.ofEntries(
            Map.entry("boolq", List.of("passage", "question")),
            Map.entry("drop", List.of("passage", "question")),
            Map.entry("squad", List.of("context", "question")),
            Map.entry("siqa", List.of("context", "question")),
            Map.entry("social_iqa", List.of("context", "question")),
            Map.entry("logiqa", List.of("context", "question")),
            Map.entry("anli", List.of("premise", "hypothesis")),
            Map.entry("mnli", List.of("premise", "hypothesis")),
            Map.entry("cb", List.of("premise", "hypothesis")),
            Map.entry("rte", List.of("sentence1", "sentence2")),
            Map.entry("wnli", List.of("sentence1", "sentence2")),
            Map.entry("wic", List.of("sentence1", "sentence2")),
            Map.entry("qnli", List.of("question", "sentence")),
            Map.entry("openbookqa", List.of("question_stem")),
            Map.entry("race", List.of("article")),
            Map.entry("lambada", List.of("text")),
            Map.entry("wikitext", List.of("page")),
            Map.entry("mbpp", List.of("text")));

    /** Fields that hold the question in most tasks' docs, the most telling first. */
    static final List<String> GENERIC = List.of(
            "question",
            "query",
            "problem",
            "prompt",
            "ctx",
            "input",
            "sentence",
            "goal",
            "question_stem",
            "instruction",
            "text");

    private QuestionFields() {}

    /** The doc's fields that make the item's text; empty when none is there (then the whole doc is). */
    static List<String> of(String task, JsonNode doc) {
        if (!doc.isObject()) {
            return List.of();
        }
        String best = null;
        for (String prefix : TASKS.keySet()) {
            if (task.startsWith(prefix) && (best == null || prefix.length() > best.length())) {
                best = prefix;
            }
        }
        if (best != null && TASKS.get(best).stream().allMatch(f -> hasText(doc, f))) {
            return TASKS.get(best);
        }
        for (String f : GENERIC) {
            if (hasText(doc, f)) {
                return List.of(f);
            }
        }
        for (String f : GENERIC) { // GPQA's "Question"
            for (var it = doc.fieldNames(); it.hasNext(); ) {
                String name = it.next();
                if (name.equalsIgnoreCase(f) && hasText(doc, name)) {
                    return List.of(name);
                }
            }
        }
        return List.of();
    }

    private static boolean hasText(JsonNode doc, String field) {
        JsonNode v = doc.get(field);
        return v != null && !BenchmarkItemFiles.strings(v).isBlank();
    }
}
