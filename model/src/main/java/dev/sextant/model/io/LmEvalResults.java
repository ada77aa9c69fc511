package dev.sextant.model.io;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sextant.model.BadInputException;
import dev.sextant.model.evaluation.ReportedResult;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * lm-evaluation-harness aggregate output, recognised by its content whatever the file is called (EleutherAI
 * lm-evaluation-harness, {@code lm_eval/evaluator.py} and {@code lm_eval/loggers/evaluation_tracker.py}):
 * <ul>
 * <li>0.3: {@code {"results": {task: {"acc": x, "acc_stderr": y, …}}, "versions": {…}, "config": {"model", "model_args",
 * …}}}, often on one line;</li>
 * <li>0.4 and later, {@code results_<ISO datetime>.json}: {@code results} maps each task to {@code "metric,filter"}
 * values with {@code "metric_stderr,filter"} beside them (a stderr may be the string "N/A") and an {@code alias};
 * {@code configs} (each task's {@code metric_list}), {@code higher_is_better}, {@code group_subtasks},
 * {@code n-samples} ({@code original} and {@code effective} item counts; n is {@code effective}, else the entry's
 * own {@code sample_len} or {@code samples}, else unknown), {@code config} and {@code model_name}.</li>
 * </ul>
 * The metric of a task is chosen as the harness lists it: the first of the task's {@code metric_list}, else the first
 * in its {@code higher_is_better} order, else (a file that orders nothing) the first of acc, exact_match, … present;
 * every choice, and the metrics passed over, is reported as a note.
 */
public final class LmEvalResults {

    /** Top-level fields only 0.4 and later write. */
    static final List<String> V04_FIELDS = List.of("configs", "n-samples", "higher_is_better", "group_subtasks");

    private LmEvalResults() {}

    /** The harness's own file name, {@code results_<date>.json} (content decides; the name is only a fallback). */
    public static boolean matches(Path file) {
        String n = file.getFileName().toString();
        return n.startsWith("results") && n.endsWith(".json");
    }

    /** Whether the top-level fields of a JSON document are those of a results file (0.3 or 0.4+). */
    static boolean looksLike(List<String> fields) {
        return fields.contains("results")
                && (fields.contains("versions")
                        || fields.contains("config")
                        || fields.contains("model_name")
                        || V04_FIELDS.stream().anyMatch(fields::contains)
                        || fields.size() == 1);
    }

    public static JsonNode parse(Path file) {
        JsonNode root = Json.readFileAllowingNaN(file);
        if (root == null || root.isMissingNode()) {
            throw BadInputException.of(TextInput.name(file), "the file is empty");
        }
        if (!root.isObject() || !root.has("results") || !root.get("results").isObject()) {
            throw new BadInputException(
                    TextInput.name(file), 1, "results", "missing: not an lm-evaluation-harness results file");
        }
        return root;
    }

    /**
     * The model's name as the harness recorded it: {@code model_name}, else the value in {@code config.model_args} the
     * harness itself names the model by (its {@code get_model_name}: {@code peft=}, {@code delta=}, {@code pretrained=},
     * {@code model=}, {@code path=}, {@code engine=}, the first given), so that a run with an adapter is not named after
     * its base model; a local path is cut to its last part, so that no folder of the machine that ran it becomes part
     * of the name, while a hub id ({@code org/name}) stays whole. Null when the file names no model.
     */
    public static String modelName(JsonNode root) {
        String name = JsonLines.optionalText(root, "model_name");
        JsonNode config = root.path("config");
        if (name == null) {
            name = JsonLines.optionalText(config, "model_name");
        }
        if (name == null) {
            JsonNode args = config.get("model_args");
            if (args != null && args.isObject()) {
                for (String k : NAME_ARGS) {
                    name = name != null ? name : JsonLines.optionalText(args, k);
                }
            } else if (args != null && args.isTextual()) {
                Map<String, String> parts = new LinkedHashMap<>();
                for (String part : args.asText().split(",")) {
                    int eq = part.indexOf('=');
                    if (eq > 0) {
                        parts.putIfAbsent(
                                part.substring(0, eq).strip(),
                                part.substring(eq + 1).strip());
                    }
                }
                for (String k : NAME_ARGS) {
                    String v = parts.get(k);
                    name = name != null || v == null || v.isBlank() ? name : v;
                }
            }
        }
        return name == null ? null : withoutLocalPath(name);
    }

    /** The model_args keys the harness names a model by, in its order (lm_eval/loggers/utils.py, get_model_name). */
    static final List<String> NAME_ARGS = List.of("peft", "delta", "pretrained", "model", "path", "engine");

    private static final Pattern LOCAL_PATH = Pattern.compile("^(/|~|\\.{1,2}[/\\\\]|[A-Za-z]:[/\\\\]|\\\\\\\\).*");

    /** {@code /data/ckpt/llama-7b/} → {@code llama-7b}; a hub id such as {@code meta-llama/Llama-3-8B} stays whole. */
    static String withoutLocalPath(String name) {
        String s = name.replaceAll("[/\\\\]+$", "");
        // a hub id has one slash (org/name); a path has a leading root, dot or drive, or more than one
        if (!LOCAL_PATH.matcher(s).matches()
                && s.replace('\\', '/').chars().filter(c -> c == '/').count() < 2) {
            return s.isEmpty() ? name : s;
        }
        int cut = Math.max(s.lastIndexOf('/'), s.lastIndexOf('\\'));
        String base = cut < 0 ? s : s.substring(cut + 1);
        return base.isBlank() || base.equals("~") || base.equals(".") || base.equals("..") ? name : base;
    }

    /** What a results file holds: its results, the notes on what was chosen, and the day it was run (null: not said). */
    public record Read(List<ReportedResult> results, List<String> notes, LocalDate runDate) {}

    /**
     * One result per task: the named metric, or the harness's own choice (see the class comment).
     *
     * @param metric "acc" or "acc,none"; null to choose
     */
    public static List<ReportedResult> read(Path file, String metric) {
        return read(file, metric, new UniqueKeys()).results();
    }

    /**
     * @param keys (model, task, metric) already read from other results files read together with this one: two runs
     *             reporting the same thing would show as two results
     */
    static Read read(Path file, String metric, UniqueKeys keys) {
        String source = TextInput.name(file);
        JsonNode root = parse(file);
        List<String> notes = new ArrayList<>();
        String model = modelName(root);
        if (model == null) {
            model = folderName(file);
            notes.add("the file names no model (no model_name, no pretrained= in model_args): named '" + model
                    + "' after its folder");
        }
        FieldChecks at = FieldChecks.at(source, 0);
        at.identifier("model", model);
        String sampling = samplingConfig(root);
        List<ReportedResult> out = new ArrayList<>();
        Map<String, List<String>> chosen = new LinkedHashMap<>(); // "metric (why); also reported: …" → tasks
        List<String> noScore = new ArrayList<>();
        List<String> mixed = new ArrayList<>();
        List<String> partialGroups = new ArrayList<>();
        List<String> without = new ArrayList<>();
        List<String> nonFinite = new ArrayList<>();
        List<String[]> nonFiniteAt = new ArrayList<>();
        Iterator<Map.Entry<String, JsonNode>> tasks = root.get("results").fields();
        while (tasks.hasNext()) {
            Map.Entry<String, JsonNode> task = tasks.next();
            String entry = "results." + task.getKey();
            JsonNode values = task.getValue();
            if (!values.isObject()) {
                throw at.problem(entry, "expected an object of metric values, got " + shown(values));
            }
            List<String> metrics = numericMetrics(values);
            values.fields().forEachRemaining(v -> {
                if (v.getValue().isNumber()
                        && !Double.isFinite(v.getValue().doubleValue())
                        && !v.getKey().contains("_stderr")
                        && !RESERVED.contains(v.getKey())) {
                    nonFinite.add(task.getKey() + "." + v.getKey());
                    nonFiniteAt.add(new String[] {task.getKey(), v.getKey()});
                }
            });
            if (metrics.isEmpty()) {
                noScore.add(task.getKey()); // a group that reports no aggregate of its own
                continue;
            }
            List<String> leaves = leaves(root, task.getKey());
            Choice c;
            Integer groupN = null;
            if (leaves.isEmpty()) {
                c = choose(root, task.getKey(), metrics, metric);
            } else {
                // a group: its aggregate means something only when its subtasks share the metric (a leaderboard group
                // averages acc over some subtasks, exact_match over others: no one number)
                Map<String, List<String>> byMetric = new TreeMap<>();
                long items = 0;
                boolean allCounted = true;
                for (String leaf : leaves) {
                    JsonNode lv = root.get("results").get(leaf);
                    Choice lc = lv == null || !lv.isObject() ? null : choose(root, leaf, numericMetrics(lv), metric);
                    if (lc != null) {
                        byMetric.computeIfAbsent(lc.key(), k -> new ArrayList<>())
                                .add(leaf);
                        Integer ln = itemCount(root, leaf, lv, at);
                        allCounted &= ln != null;
                        items += ln == null ? 0 : ln;
                    }
                }
                if (byMetric.size() > 1) {
                    List<String> parts = new ArrayList<>();
                    byMetric.forEach((k, ts) -> parts.add(
                            MetricWords.of(k) + " on " + ts.size() + (ts.size() == 1 ? " subtask" : " subtasks")));
                    mixed.add(task.getKey() + " (" + String.join(", ", parts) + ")");
                    continue;
                }
                String shared =
                        byMetric.isEmpty() ? null : byMetric.keySet().iterator().next();
                c = shared != null && metrics.contains(shared)
                        ? new Choice(shared, "the metric its subtasks share")
                        : null;
                if (c == null) {
                    if (metric != null) {
                        without.add(task.getKey());
                    } else {
                        noScore.add(task.getKey());
                    }
                    continue;
                }
                if (byMetric.get(shared).size() < leaves.size()) {
                    partialGroups.add(task.getKey() + " (" + MetricWords.of(shared) + " on "
                            + byMetric.get(shared).size() + " of " + leaves.size() + " subtasks)");
                }
                groupN = allCounted ? (int) Math.min(Integer.MAX_VALUE, items) : null;
            }
            if (c == null) {
                without.add(task.getKey());
                continue;
            }
            String key = c.key();
            at.identifier("results", task.getKey());
            at.identifier(entry, key);
            double value = at.finite(entry + "." + key, values.get(key).doubleValue());
            int comma = key.indexOf(',');
            String name = comma < 0 ? key : key.substring(0, comma);
            String filter = comma < 0 ? "" : key.substring(comma);
            // a stderr may be "N/A" (not computed) or null; a number must be one
            JsonNode se = values.get(name + "_stderr" + filter);
            Double stderr = se != null && se.isNumber() && Double.isFinite(se.doubleValue())
                    ? at.nonNegative(entry + "." + name + "_stderr" + filter, se.doubleValue())
                    : null;
            Integer n = leaves.isEmpty() ? itemCount(root, task.getKey(), values, at) : groupN;
            keys.addEntry(source, entry, "model, task, metric", model, task.getKey(), key);
            out.add(new ReportedResult(model, task.getKey(), key, value, stderr, n, sampling));
            List<String> others = metrics.stream().filter(k -> !k.equals(key)).toList();
            chosen.computeIfAbsent(
                            "scored by " + MetricWords.of(key) + ", " + c.why()
                                    + (others.isEmpty() ? "" : "; the file also reports " + MetricWords.of(others)),
                            x -> new ArrayList<>())
                    .add(task.getKey());
        }
        if (out.isEmpty() && !nonFinite.isEmpty()) {
            // nothing but NaN or infinities: refused, naming the first, as any other impossible number
            String[] first = nonFiniteAt.get(0);
            at.finite(
                    "results." + first[0] + "." + first[1],
                    root.get("results").get(first[0]).get(first[1]).doubleValue());
        }
        if (out.isEmpty() && !mixed.isEmpty()) {
            throw new BadInputException(
                    source,
                    0,
                    "results",
                    "only groups whose subtasks report different metrics, no score of their own: " + list(mixed));
        }
        if (out.isEmpty()) {
            throw new BadInputException(
                    source,
                    0,
                    "results",
                    metric != null
                            ? "no task reports metric " + metric
                            : noScore.isEmpty() ? "no tasks" : "no task reports a numeric metric");
        }
        chosen.forEach((what, ts) -> notes.add(list(ts) + ": " + what));
        if (!without.isEmpty()) {
            notes.add("not imported, no " + MetricWords.of(metric) + " score: " + list(without));
        }
        if (!nonFinite.isEmpty()) {
            notes.add("not imported, the score is NaN or infinite in the file: " + list(nonFinite));
        }
        if (!noScore.isEmpty()) {
            notes.add("groups without a score of their own, not imported (their subtasks are): " + list(noScore));
        }
        if (!mixed.isEmpty()) {
            notes.add(
                    "groups whose subtasks use different metrics are shown as mixed, not as one number (each subtask is imported on its own): "
                            + String.join("; ", mixed));
        }
        if (!partialGroups.isEmpty()) {
            notes.add("groups scored over only some of their subtasks: " + String.join("; ", partialGroups));
        }
        if (out.stream().anyMatch(r -> r.n() == null)) {
            notes.add("the file does not say how many items "
                    + (root.has("n-samples") ? "some tasks have" : "its tasks have")
                    + ", so their n is shown as unknown (the samples files give per-item scores)");
        }
        return new Read(
                out, notes, RunDates.fromResults(root, file.getFileName().toString()));
    }

    private record Choice(String key, String why) {}

    /**
     * The tasks a group is made of, through its subgroups ({@code group_subtasks}, 0.4+); empty for a task that is not a
     * group (or a group the file lists no subtasks of).
     */
    private static List<String> leaves(JsonNode root, String task) {
        List<String> out = new ArrayList<>();
        collectLeaves(root.path("group_subtasks"), task, out, new HashSet<>());
        return out.size() == 1 && out.get(0).equals(task) ? List.of() : out;
    }

    private static void collectLeaves(JsonNode groups, String task, List<String> out, Set<String> seen) {
        JsonNode subs = groups.path(task);
        if (!seen.add(task)) {
            return; // a cycle in a hand-edited file
        }
        if (!subs.isArray() || subs.isEmpty()) {
            out.add(task);
            return;
        }
        subs.forEach(sub -> collectLeaves(groups, sub.asText(), out, seen));
    }

    /** A task's item count: n-samples' effective count, else the count the harness left in the task's results; null when unknown. */
    private static Integer itemCount(JsonNode root, String task, JsonNode values, FieldChecks at) {
        JsonNode ns = root.path("n-samples").path(task);
        if (ns.hasNonNull("effective")) {
            JsonNode e = ns.get("effective");
            if (!e.isIntegralNumber() || !e.canConvertToInt() || e.intValue() < 0) {
                throw at.problem("n-samples." + task + ".effective", "expected a whole number of items, got " + e);
            }
            return e.intValue();
        }
        for (String k : List.of("sample_len", "samples")) {
            JsonNode count = values.get(k);
            if (count != null && count.isIntegralNumber() && count.canConvertToInt() && count.intValue() >= 0) {
                return count.intValue(); // the task's own item count, where the harness left it in results
            }
        }
        return null;
    }

    /** Fields of a task entry that describe it rather than score it (alias, name, its item counts). */
    static final Set<String> RESERVED = Set.of("alias", "name", "samples", "sample_len", "sample_count", " ");

    /**
     * The metric keys of a task entry holding finite numbers, in file order, without stderrs and descriptive fields; in
     * a 0.4+ entry, where metrics are {@code metric,filter}, only keys with a filter.
     */
    private static List<String> numericMetrics(JsonNode values) {
        List<String> keys = new ArrayList<>();
        boolean filtered = false;
        for (Iterator<String> it = values.fieldNames(); it.hasNext(); ) {
            filtered |= it.next().contains(",");
        }
        boolean withFilter = filtered;
        values.fields().forEachRemaining(e -> {
            String k = e.getKey();
            if (e.getValue().isNumber()
                    && Double.isFinite(e.getValue().doubleValue())
                    && !k.contains("_stderr")
                    && !RESERVED.contains(k)
                    && (!withFilter || k.contains(","))) {
                keys.add(k);
            }
        });
        return keys;
    }

    private static Choice choose(JsonNode root, String task, List<String> metrics, String metric) {
        if (metric != null) {
            String k = firstFor(metrics, metric);
            return k == null ? null : new Choice(k, "as you asked");
        }
        for (JsonNode m : root.path("configs").path(task).path("metric_list")) {
            String k = firstFor(metrics, m.path("metric").asText(""));
            if (k != null) {
                return new Choice(k, "the task's main metric");
            }
        }
        Iterator<String> order = root.path("higher_is_better").path(task).fieldNames();
        while (order.hasNext()) {
            String k = firstFor(metrics, order.next());
            if (k != null) {
                return new Choice(k, "the first metric the file lists for it");
            }
        }
        for (String p : LmEvalSamples.PREFERRED) {
            String k = firstFor(metrics, p);
            if (k != null) {
                return new Choice(
                        k,
                        "the file marks no main metric, so the first it reports of "
                                + String.join(", ", LmEvalSamples.PREFERRED));
            }
        }
        return new Choice(metrics.get(0), "the file marks no main metric, so the first in the file");
    }

    /** {@code acc} matches {@code acc} and {@code acc,none}; {@code acc,none} only itself. */
    private static String firstFor(List<String> metrics, String metric) {
        if (metric.isEmpty()) {
            return null;
        }
        for (String k : metrics) {
            if (k.equals(metric) || (!metric.contains(",") && k.startsWith(metric + ","))) {
                return k;
            }
        }
        return null;
    }

    private static String list(List<String> tasks) {
        return tasks.size() <= 4
                ? String.join(", ", tasks)
                : String.join(", ", tasks.subList(0, 3)) + " and " + (tasks.size() - 3) + " more";
    }

    private static String shown(JsonNode v) {
        String s = v.toString();
        return s.length() > 40 ? s.substring(0, 40) + "…" : s;
    }

    private static String folderName(Path file) {
        Path dir = file.toAbsolutePath().normalize().getParent();
        return dir == null || dir.getFileName() == null
                ? "unnamed model"
                : dir.getFileName().toString();
    }

    private static String samplingConfig(JsonNode root) {
        JsonNode c = root.path("config");
        List<String> parts = new ArrayList<>();
        for (String k : List.of("random_seed", "numpy_seed", "torch_seed", "fewshot_seed")) {
            if (c.has(k) && !c.get(k).isNull()) {
                parts.add(k + "=" + c.get(k).asText());
            }
        }
        String gen = JsonLines.optionalText(c, "gen_kwargs");
        if (gen != null) {
            parts.add(gen);
        }
        return parts.isEmpty() ? "undisclosed" : String.join(", ", parts);
    }

    /**
     * Whose a samples file is, as found beside it: the harness writes {@code results_<time>.json} and
     * {@code samples_<task>_<time>.jsonl} of one run with the same time ({@code lm_eval/loggers/evaluation_tracker.py},
     * {@code date_id}), into a folder named after the model.
     *
     * @param model the model, or null when no results file beside it names one
     * @param how   how it was found, in words for the import's notes ("" for the same run's results file)
     */
    record Owner(String model, String how) {}

    /**
     * The model of a samples file from the results files beside it: the results file of the same run (same time), else
     * the one model that every results file beside it naming this task (or, none naming it, every results file) is of.
     * Results files of different models, none of the same run, are not guessed between.
     *
     * @throws BadInputException with field {@code model} when the results files beside it are of several models
     */
    static Owner ownerOf(Path samples, String task, String time) {
        Path dir = samples.toAbsolutePath().normalize().getParent();
        if (dir == null) {
            return new Owner(null, "");
        }
        Map<Path, JsonNode> results = new TreeMap<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, "*.json")) {
            for (Path p : ds) {
                try {
                    if (matches(p) || looksLike(Json.peek(p).fields())) {
                        results.put(p, parse(p));
                    }
                } catch (BadInputException ignored) {
                    // a broken results file beside it decides nothing
                }
            }
        } catch (IOException ignored) {
            return new Owner(null, "");
        }
        if (time != null) {
            for (Map.Entry<Path, JsonNode> e : results.entrySet()) {
                if (e.getKey().getFileName().toString().equals("results_" + time + ".json")) {
                    String name = modelName(e.getValue());
                    return new Owner(name, "");
                }
            }
        }
        Map<String, List<String>> withTask = new TreeMap<>();
        Map<String, List<String>> all = new TreeMap<>();
        results.forEach((p, root) -> {
            String name = modelName(root);
            if (name != null) {
                all.computeIfAbsent(name, k -> new ArrayList<>())
                        .add(p.getFileName().toString());
                if (tasks(root).contains(task)) {
                    withTask.computeIfAbsent(name, k -> new ArrayList<>())
                            .add(p.getFileName().toString());
                }
            }
        });
        Map<String, List<String>> candidates = withTask.isEmpty() ? all : withTask;
        if (candidates.isEmpty()) {
            return new Owner(null, "");
        }
        if (candidates.size() > 1) {
            List<String> named = new ArrayList<>();
            candidates.forEach((m, files) -> named.add(m + " (" + String.join(", ", files) + ")"));
            throw new BadInputException(
                    TextInput.name(samples),
                    0,
                    "model",
                    "which model's samples are these? no results file of the same run "
                            + "(results_" + (time == null ? "<time>" : time)
                            + ".json) lies beside it, and the results files there are of "
                            + String.join(" and ", named) + "; name the model");
        }
        Map.Entry<String, List<String>> only = candidates.entrySet().iterator().next();
        return new Owner(
                only.getKey(),
                "model '" + only.getKey() + "' taken from " + String.join(", ", only.getValue())
                        + (withTask.isEmpty()
                                ? ", the only model whose results lie beside it"
                                : ", the only model beside it with results for '" + task + "'")
                        + " (no results file of the same run)");
    }

    /** The tasks a results file reports: its results' and its configs' keys. */
    private static Set<String> tasks(JsonNode root) {
        Set<String> out = new HashSet<>();
        root.path("results").fieldNames().forEachRemaining(out::add);
        root.path("configs").fieldNames().forEachRemaining(out::add);
        root.path("n-samples").fieldNames().forEachRemaining(out::add);
        return out;
    }

    /** The folder a file lies in, by name: the harness names its output folder after the model. */
    static String folderOf(Path file) {
        return folderName(file);
    }
}
