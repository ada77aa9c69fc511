package dev.sextant.model.io;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sextant.model.BadInputException;
import dev.sextant.model.evaluation.ItemScore;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * lm-evaluation-harness per-item output, {@code samples_<task>_<ISO datetime>.jsonl}: one object per document with
 * {@code doc_id}, {@code metrics} (the metric names) and one key per metric with that item's value, {@code resps}
 * (one inner list per request with {@code repeats} entries). The task comes from the file name; the model from the
 * sibling {@code results_*.json} ({@code model_name} or {@code config.model}) or else the folder name, which the
 * harness names after the model.
 */
public final class LmEvalSamples {

    private static final Pattern NAME = Pattern.compile("samples_(.+)_(\\d{4}-\\d{2}-\\d{2}T[\\d\\-:.]+)\\.jsonl");
    /** Metrics taken as the item score when the caller names none, in this order of preference. */
    static final List<String> PREFERRED = List.of("acc", "exact_match", "pass@1", "acc_norm", "f1", "em");

    private LmEvalSamples() {}

    public static boolean matches(Path file) {
        return NAME.matcher(file.getFileName().toString()).matches();
    }

    /**
     * The task name in the file name, e.g. {@code gsm8k} for {@code samples_gsm8k_2026-01-02T03-04-05.123.jsonl}; for a
     * file named otherwise (the lines do not name their task), the name without {@code samples_}, the date and the
     * extension.
     */
    public static String task(Path file) {
        String n = file.getFileName().toString();
        Matcher m = NAME.matcher(n);
        if (m.matches()) {
            return m.group(1);
        }
        String t = n.replaceFirst("(?i)\\.(jsonl|json|ndjson)$", "")
                .replaceFirst("^samples_", "")
                .replaceFirst("_\\d{4}-\\d{2}-\\d{2}T[\\d\\-:.]+$", "");
        if (t.isBlank()) {
            throw BadInputException.of(
                    TextInput.name(file), "cannot tell the task from the file name; name it samples_<task>.jsonl");
        }
        return t;
    }

    /** The model of a samples file from the results files beside it, else its folder's name; notes say which. */
    private static String modelOf(Path file, String task, List<String> notes) {
        Matcher m = NAME.matcher(file.getFileName().toString());
        LmEvalResults.Owner owner = LmEvalResults.ownerOf(file, task, m.matches() ? m.group(2) : null);
        if (owner.model() == null) {
            String folder = LmEvalResults.folderOf(file);
            notes.add("no results file beside it names the model: named '" + folder
                    + "' after its folder (import again and name the model to change that)");
            return folder;
        }
        if (!owner.how().isEmpty()) {
            notes.add(owner.how());
        }
        return owner.model();
    }

    /** Whether the top-level fields of a JSON Lines file's first object are those of a samples line. */
    static boolean looksLike(List<String> fields) {
        return fields.contains("doc_id")
                && (fields.contains("resps")
                        || fields.contains("filtered_resps")
                        || fields.contains("metrics")
                        || fields.contains("target")
                        || fields.contains("doc"));
    }

    /**
     * @param model  the model's name, or null to find it beside the file
     * @param metric the metric to score items by, or null for the first of acc, exact_match, pass@1, … the file has;
     *               {@code exact_match,flexible-extract} also names the filter
     */
    public static List<ItemScore> read(Path file, String model, String metric) {
        return read(file, model, metric, new UniqueKeys(), new ArrayList<>());
    }

    /**
     * A document appears once per filter (gsm8k has strict-match and flexible-extract): the items are the lines of one
     * filter, the named one or else the first line's, so that no document counts twice; a document twice under the same
     * filter is refused.
     *
     * @param keys (model, benchmark, item, sample) keys already read, from other files read together with this one
     */
    static List<ItemScore> read(Path file, String model, String metric, UniqueKeys keys, List<String> notes) {
        String task = task(file);
        String name = TextInput.name(file);
        String modelName = model != null ? model : modelOf(file, task, notes);
        if (!NAME.matcher(file.getFileName().toString()).matches()) {
            notes.add("task '" + task + "' named after the file");
        }
        List<ItemScore> out = new ArrayList<>();
        UniqueKeys docs = new UniqueKeys();
        int comma = metric == null ? -1 : metric.indexOf(',');
        String[] chosen = {comma < 0 ? metric : metric.substring(0, comma)};
        String[] filter = {comma < 0 ? null : metric.substring(comma + 1)};
        boolean[] filterChosen = {comma >= 0};
        JsonLines.forEach(file, (node, line) -> {
            JsonNode id = node.get("doc_id");
            if (id == null || id.isNull() || !id.isValueNode()) {
                throw new BadInputException(name, line, "doc_id", "missing");
            }
            String lineFilter = JsonLines.optionalText(node, "filter");
            if (!filterChosen[0]) {
                filter[0] = lineFilter;
                filterChosen[0] = true;
            }
            if (!Objects.equals(filter[0], lineFilter)) {
                return; // the same document under another filter
            }
            String itemId = FieldChecks.at(name, line).identifier("doc_id", id.asText());
            docs.add(name, line, lineFilter == null ? "doc_id" : "doc_id, filter", itemId, lineFilter);
            if (chosen[0] == null) {
                chosen[0] = pickMetric(node, file, line);
            }
            JsonNode v = node.get(chosen[0]);
            if (v == null || v.isNull()) {
                throw new BadInputException(name, line, chosen[0], "missing metric value");
            }
            double score;
            if (v.isBoolean()) {
                score = v.booleanValue() ? 1 : 0;
            } else if (v.isNumber()) {
                score = FieldChecks.at(name, line).finite(chosen[0], v.doubleValue());
            } else {
                throw new BadInputException(name, line, chosen[0], "not a number: " + v);
            }
            ItemScoresCsv.addKey(keys, name, line, modelName, task, itemId, null);
            out.add(new ItemScore(modelName, task, itemId, score, null, null, null, null, null));
        });
        if (out.isEmpty()) {
            throw new BadInputException(name, 0, "filter", "no line has filter '" + filter[0] + "'");
        }
        notes.add("scored by " + MetricWords.of(chosen[0] + (filter[0] == null ? "" : "," + filter[0]))
                + (metric != null
                        ? ", as you asked"
                        : ", the first of " + String.join(", ", PREFERRED)
                                + " with a number for each item (else the first metric that has one)"));
        return out;
    }

    private static String pickMetric(JsonNode node, Path file, long line) {
        List<String> names = new ArrayList<>();
        JsonNode metrics = node.get("metrics");
        if (metrics != null && metrics.isArray()) {
            metrics.forEach(m -> names.add(m.asText()));
        }
        for (String p : PREFERRED) {
            // a per-item value kept for a corpus-level metric (f1, bleu: [gold, prediction]) is no item score
            if (scalar(node.get(p)) && (names.isEmpty() || names.contains(p))) {
                return p;
            }
        }
        for (String n : names) {
            if (scalar(node.get(n))) {
                return n;
            }
        }
        for (String n : names.isEmpty() ? PREFERRED : names) {
            if (node.hasNonNull(n)) {
                throw new BadInputException(TextInput.name(file), line, n, "not a number: " + node.get(n));
            }
        }
        throw new BadInputException(
                TextInput.name(file), line, "metrics", "no numeric metric found; name the metric to read");
    }

    private static boolean scalar(JsonNode v) {
        return v != null && (v.isNumber() || v.isBoolean());
    }
}
