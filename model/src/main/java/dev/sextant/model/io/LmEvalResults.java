package dev.sextant.model.io;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sextant.model.evaluation.ReportedResult;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * lm-evaluation-harness aggregate output, {@code results_<ISO datetime>.json}: {@code results} maps each task to
 * {@code "metric,filter"} values with {@code "metric_stderr,filter"} beside them (a stderr may be the string "N/A"),
 * {@code n-samples} gives {@code effective} item counts, {@code config} the model and seeds.
 */
public final class LmEvalResults {

    private LmEvalResults() {
    }

    public static boolean matches(Path file) {
        String n = file.getFileName().toString();
        return n.startsWith("results") && n.endsWith(".json");
    }

    public static JsonNode parse(Path file) {
        JsonNode root = Json.readFile(file);
        if (root == null || root.isMissingNode()) {
            throw BadInputException.of(TextInput.name(file), "the file is empty");
        }
        if (!root.isObject() || !root.has("results") || !root.get("results").isObject()) {
            throw new BadInputException(TextInput.name(file), 1, "results", "missing: not an lm-evaluation-harness results file");
        }
        return root;
    }

    /** The model's name as the harness recorded it. */
    public static String modelName(JsonNode root) {
        String name = JsonLines.optionalText(root, "model_name");
        if (name == null && root.has("config")) {
            name = JsonLines.optionalText(root.get("config"), "model_name");
            if (name == null) {
                String args = JsonLines.optionalText(root.get("config"), "model_args");
                if (args != null) {
                    for (String part : args.split(",")) {
                        if (part.startsWith("pretrained=")) {
                            name = part.substring("pretrained=".length());
                        }
                    }
                }
            }
            if (name == null) {
                name = JsonLines.optionalText(root.get("config"), "model");
            }
        }
        return name;
    }

    /**
     * One result per task: the named metric, or the first of the preferred metrics present.
     *
     * @param metric "acc" or "acc,none"; null to choose
     */
    public static List<ReportedResult> read(Path file, String metric) {
        return read(file, metric, new UniqueKeys());
    }

    /**
     * @param keys (model, task, metric) already read from other results files read together with this one: two runs
     *             reporting the same thing would show as two results
     */
    static List<ReportedResult> read(Path file, String metric, UniqueKeys keys) {
        String source = TextInput.name(file);
        JsonNode root = parse(file);
        String model = modelName(root);
        if (model == null) {
            model = file.toAbsolutePath().getParent().getFileName().toString();
        }
        String sampling = samplingConfig(root);
        List<ReportedResult> out = new ArrayList<>();
        Iterator<Map.Entry<String, JsonNode>> tasks = root.get("results").fields();
        while (tasks.hasNext()) {
            Map.Entry<String, JsonNode> task = tasks.next();
            JsonNode values = task.getValue();
            String key = chooseKey(values, metric);
            if (key == null) {
                if (metric != null) {
                    continue; // this task does not report the requested metric
                }
                throw new BadInputException(TextInput.name(file), 0, "results." + task.getKey(), "no numeric metric");
            }
            String entry = "results." + task.getKey();
            FieldChecks at = FieldChecks.at(source, 0);
            JsonNode v = values.get(key);
            if (!v.isNumber()) {
                throw new BadInputException(source, 0, entry + "." + key, "not a number: " + v);
            }
            at.finite(entry + "." + key, v.doubleValue());
            int comma = key.indexOf(',');
            String name = comma < 0 ? key : key.substring(0, comma);
            String filter = comma < 0 ? "" : key.substring(comma);
            // a stderr may be "N/A" (not computed); a number must be one
            JsonNode se = values.get(name + "_stderr" + filter);
            Double stderr = se != null && se.isNumber() ? at.nonNegative(entry + "." + name + "_stderr" + filter, se.doubleValue()) : null;
            Integer n = null;
            JsonNode ns = root.path("n-samples").path(task.getKey());
            if (ns.hasNonNull("effective")) {
                JsonNode e = ns.get("effective");
                if (!e.isIntegralNumber() || !e.canConvertToInt() || e.intValue() < 0) {
                    throw at.problem("n-samples." + task.getKey() + ".effective", "expected a whole number of items, got " + e);
                }
                n = e.intValue();
            }
            keys.addEntry(source, entry, "model, task, metric", model, task.getKey(), key);
            out.add(new ReportedResult(model, task.getKey(), key, v.doubleValue(), stderr, n, sampling));
        }
        if (out.isEmpty()) {
            throw new BadInputException(TextInput.name(file), 0, "results", metric == null ? "no tasks" : "no task reports metric " + metric);
        }
        return out;
    }

    private static String chooseKey(JsonNode values, String metric) {
        Iterator<String> names = values.fieldNames();
        List<String> keys = new ArrayList<>();
        names.forEachRemaining(keys::add);
        if (metric != null) {
            for (String k : keys) {
                if (k.equals(metric) || k.startsWith(metric + ",")) {
                    return k;
                }
            }
            return null;
        }
        for (String p : LmEvalSamples.PREFERRED) {
            for (String k : keys) {
                if ((k.equals(p) || k.startsWith(p + ",")) && values.get(k).isNumber()) {
                    return k;
                }
            }
        }
        for (String k : keys) {
            if (!k.contains("_stderr") && !k.equals("alias") && values.get(k).isNumber()) {
                return k;
            }
        }
        return null;
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

    /** The model name recorded in a results file beside a samples file, else the folder's name. */
    static String modelBeside(Path samples) {
        Path dir = samples.toAbsolutePath().getParent();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, "results*.json")) {
            for (Path p : ds) {
                try {
                    String name = modelName(parse(p));
                    if (name != null) {
                        return name;
                    }
                } catch (BadInputException ignored) {
                    // a broken sibling does not decide the samples file's model
                }
            }
        } catch (IOException ignored) {
            // fall back to the folder name
        }
        return dir.getFileName().toString();
    }
}
