package dev.sextant.model.io;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sextant.model.BadInputException;
import dev.sextant.model.InputError;
import dev.sextant.model.evaluation.RepeatedSamples;
import dev.sextant.model.gate.CanaryReplay;
import dev.sextant.model.gate.GatePolicy;
import dev.sextant.model.gate.Observations;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The rollout gate's input files, errors naming file, line and field:
 * <ul>
 *   <li>metric samples for the canary judge: CSV rows {@code metric,value} (a header line, blank lines and {@code #}
 *       comments allowed);</li>
 *   <li>per-item scores of a private or regression suite: CSV with columns {@code item,model,score} or JSON Lines with
 *       those fields;</li>
 *   <li>a traffic replay: JSON Lines, one request per line: {@code request_id}, {@code model} and any of
 *       {@code quality}, {@code latency_ms}, {@code tokens} (numbers), {@code refusal}, {@code error} (booleans or
 *       0/1).</li>
 * </ul>
 */
public final class GateFiles {

    private GateFiles() {}

    /** Values per metric, in file order. */
    public static Map<String, double[]> metricValues(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw BadInputException.of(file.toString(), "cannot read: " + IoFailures.plain(e));
        }
        Map<String, List<Double>> values = new LinkedHashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] f = line.split(",", -1);
            if (i == 0 && f.length >= 2 && f[0].strip().equalsIgnoreCase("metric")) {
                continue; // header
            }
            if (f.length != 2) {
                throw new BadInputException(file.toString(), i + 1, null, "expected metric,value");
            }
            String metric = f[0].strip();
            if (metric.isEmpty()) {
                throw new BadInputException(file.toString(), i + 1, "metric", "empty");
            }
            double v;
            try {
                v = Double.parseDouble(f[1].strip());
            } catch (NumberFormatException e) {
                throw new BadInputException(
                        file.toString(), i + 1, "value", "expected a number, got '" + f[1].strip() + "'");
            }
            FieldChecks.at(file.toString(), i + 1).finite("value", v);
            values.computeIfAbsent(metric, k -> new ArrayList<>()).add(v);
        }
        if (values.isEmpty()) {
            throw BadInputException.of(file.toString(), "no metric,value rows");
        }
        Map<String, double[]> out = new LinkedHashMap<>();
        values.forEach(
                (k, v) -> out.put(k, v.stream().mapToDouble(Double::doubleValue).toArray()));
        return out;
    }

    /**
     * Per-item scores of a suite: one {@link Observations} per model, in file order. An item scored twice for the same
     * model is refused: it would count twice in the suite's mean.
     */
    public static List<Observations> itemScores(Path file, GatePolicy.Layer layer, String metric, LocalDate rotation) {
        return itemScores(file, layer, metric, rotation, null);
    }

    /**
     * As above; a CSV with a {@code sample} column holds several trials per item and model, each item's folded into
     * one score by {@code fold} (pass^k, pass@k, their mean; null: their mean).
     */
    public static List<Observations> itemScores(
            Path file, GatePolicy.Layer layer, String metric, LocalDate rotation, RepeatedSamples.Fold fold) {
        Map<String, List<String>> ids = new LinkedHashMap<>();
        Map<String, List<Double>> values = new LinkedHashMap<>();
        String name = TextInput.name(file);
        UniqueKeys keys = new UniqueKeys();
        Row add = (item, model, score, line) -> {
            keys.add(name, line, "item, model", item, model);
            ids.computeIfAbsent(model, k -> new ArrayList<>()).add(item);
            values.computeIfAbsent(model, k -> new ArrayList<>()).add(score);
        };
        if (name.toLowerCase(Locale.ROOT).endsWith(".csv")) {
            try (CsvTable t = CsvTable.open(file, List.of("item", "model", "score"), Set.of("sample"))) {
                if (t.has("sample")) {
                    // trials: (model, item) → scores, in file order, then each item folded into one
                    Map<String, Map<String, List<Double>>> trials = new LinkedHashMap<>();
                    Map<String, Long> firstLine = new HashMap<>();
                    for (CsvTable.Row r : t) {
                        String item = r.required("item");
                        String model = r.required("model");
                        Long sample = r.optionalInteger("sample");
                        if (sample == null) {
                            throw r.problem("sample", "missing: which of the item's trials this row is");
                        }
                        keys.add(name, r.line(), "item, model, sample", item, model, sample);
                        trials.computeIfAbsent(model, k -> new LinkedHashMap<>())
                                .computeIfAbsent(item, k -> new ArrayList<>())
                                .add(r.number("score"));
                        firstLine.putIfAbsent(model + '\u0000' + item, r.line());
                    }
                    RepeatedSamples.Fold f = fold == null ? RepeatedSamples.Fold.MEAN : fold;
                    trials.forEach((model, items) -> items.forEach((item, scores) -> {
                        double v;
                        try {
                            v = f.of(
                                    item,
                                    scores.stream()
                                            .mapToDouble(Double::doubleValue)
                                            .toArray());
                        } catch (InputError e) {
                            throw new BadInputException(
                                    name, firstLine.get(model + '\u0000' + item), "sample", e.getMessage());
                        }
                        ids.computeIfAbsent(model, k -> new ArrayList<>()).add(item);
                        values.computeIfAbsent(model, k -> new ArrayList<>()).add(v);
                    }));
                } else {
                    if (fold != null && fold != RepeatedSamples.Fold.MEAN) {
                        throw BadInputException.of(
                                name,
                                fold.name()
                                        + " needs several trials per item: a sample column (item,model,sample,score)");
                    }
                    for (CsvTable.Row r : t) {
                        add.row(r.required("item"), r.required("model"), r.number("score"), r.line());
                    }
                }
            }
        } else {
            JsonLines.forEach(
                    file,
                    (node, line) -> add.row(
                            JsonLines.text(node, "item", file, line),
                            JsonLines.text(node, "model", file, line),
                            JsonLines.number(node, "score", file, line),
                            line));
        }
        if (ids.isEmpty()) {
            throw BadInputException.of(name, "no item scores (item, model, score)");
        }
        List<Observations> out = new ArrayList<>();
        ids.forEach((model, list) -> out.add(new Observations(
                layer,
                metric,
                model,
                list,
                values.get(model).stream().mapToDouble(Double::doubleValue).toArray(),
                name,
                rotation)));
        return out;
    }

    private interface Row {
        void row(String item, String model, double score, long line);
    }

    /** The metrics a traffic replay may carry, in the order they are reported. */
    public static final List<String> REPLAY_METRICS = List.of("quality", "latency_ms", "tokens", "refusal", "error");

    /**
     * A traffic replay: one {@link Observations} per model and metric present. A request replayed twice against the
     * same model is refused (it would count twice); latencies and token counts must not be negative.
     */
    public static List<Observations> replay(Path file) {
        String name = TextInput.name(file);
        Map<String, Map<String, List<Object[]>>> byMetric = new LinkedHashMap<>();
        UniqueKeys keys = new UniqueKeys();
        JsonLines.forEach(file, (node, line) -> {
            String id = JsonLines.text(node, "request_id", file, line);
            String model = JsonLines.text(node, "model", file, line);
            keys.add(name, line, "request_id, model", id, model);
            FieldChecks at = FieldChecks.at(name, line);
            boolean any = false;
            for (String metric : REPLAY_METRICS) {
                JsonNode v = node.get(metric);
                if (v == null || v.isNull()) {
                    continue;
                }
                double value = v.isBoolean() ? (v.booleanValue() ? 1 : 0) : JsonLines.number(node, metric, file, line);
                if ((metric.equals("refusal") || metric.equals("error")) && value != 0 && value != 1) {
                    throw new BadInputException(name, line, metric, "expected true/false or 0/1, got " + v);
                }
                if (metric.equals("latency_ms") || metric.equals("tokens")) {
                    at.nonNegative(metric, value);
                }
                byMetric.computeIfAbsent(metric, k -> new LinkedHashMap<>())
                        .computeIfAbsent(model, k -> new ArrayList<>())
                        .add(new Object[] {id, value});
                any = true;
            }
            if (!any) {
                throw new BadInputException(
                        name, line, null, "no metric: expected any of " + String.join(", ", REPLAY_METRICS));
            }
        });
        List<Observations> out = new ArrayList<>();
        byMetric.forEach((metric, models) -> models.forEach((model, rows) -> out.add(new Observations(
                GatePolicy.Layer.REPLAY,
                metric,
                model,
                rows.stream().map(r -> (String) r[0]).toList(),
                rows.stream().mapToDouble(r -> (Double) r[1]).toArray(),
                name,
                null))));
        if (out.isEmpty()) {
            throw BadInputException.of(name, "no requests in the replay");
        }
        return out;
    }

    /**
     * A gate policy from JSON (the fields of {@code sextant gate policy --json}'s "policy"), validated: each number is
     * checked by name ({@code checks[1].margin: must not be negative, got -0.1}), each check's name once.
     */
    public static GatePolicy policy(Path file) {
        String name = TextInput.name(file);
        JsonNode tree = Json.readFile(file);
        if (!tree.isObject()) {
            throw BadInputException.of(
                    name,
                    tree.isMissingNode() ? "the file is empty" : "expected a JSON object describing a gate policy");
        }
        JsonNode node = tree.has("policy") && tree.get("policy").isObject() ? tree.get("policy") : tree;
        // enum values as people write them: "required-gain", "win-rate", "private"
        if (node.has("checks") && node.get("checks").isArray()) {
            for (JsonNode check : node.get("checks")) {
                if (check instanceof ObjectNode o) {
                    for (String field : List.of("layer", "test", "role")) {
                        if (o.hasNonNull(field) && o.get(field).isTextual()) {
                            o.put(
                                    field,
                                    o.get(field)
                                            .asText()
                                            .strip()
                                            .toUpperCase(Locale.ROOT)
                                            .replace('-', '_'));
                        }
                    }
                }
            }
        }
        for (String field : List.of("name", "confidence", "checks")) {
            if (!node.hasNonNull(field)) {
                throw new BadInputException(
                        name, 0, field, "missing; a gate policy needs a name, a confidence and checks");
            }
        }
        GatePolicy p = Json.toValue(node, GatePolicy.class, name);
        FieldChecks at = FieldChecks.at(name, 0);
        double confidence = at.finite("confidence", p.confidence());
        if (!(confidence > 0.5 && confidence < 1)) {
            throw at.problem(
                    "confidence", "must lie between 0.5 and 1 (e.g. 0.95), got " + FieldChecks.show(confidence));
        }
        UniqueKeys names = new UniqueKeys();
        for (int i = 0; i < p.checks().size(); i++) {
            GatePolicy.Check c = p.checks().get(i);
            String entry = "checks[" + i + "]";
            if (c == null) {
                throw at.problem(entry, "expected a check object");
            }
            if (c.name() == null || c.name().isBlank()) {
                throw at.problem(entry + ".name", "missing; every check needs a name");
            }
            names.addEntry(name, entry, "name", c.name().strip().toLowerCase(Locale.ROOT));
            for (String field : List.of("layer", "metric", "higherIsBetter", "test", "role")) {
                if (!node.get("checks").get(i).hasNonNull(field)) {
                    throw at.problem(entry + "." + field, "missing");
                }
            }
            at.nonNegative(entry + ".margin", c.margin());
            at.nonNegative(entry + ".minimumEffect", c.minimumEffect());
            if (c.test() == GatePolicy.Test.WIN_RATE) {
                // win rates are shares of battles: an effect or margin of 0.5 or more leaves nothing to decide
                if (c.minimumEffect() >= 0.5) {
                    throw at.problem(
                            entry + ".minimumEffect",
                            "a win rate cannot rise " + FieldChecks.show(c.minimumEffect())
                                    + " above 0.5; must be below 0.5");
                }
                if (c.margin() >= 0.5) {
                    throw at.problem(
                            entry + ".margin",
                            "a margin of " + FieldChecks.show(c.margin())
                                    + " below a 0.5 win rate tolerates losing every battle; must be below 0.5");
                }
            }
        }
        try {
            return p.validate();
        } catch (IllegalArgumentException e) {
            throw BadInputException.of(name, e.getMessage());
        }
    }

    /**
     * Monitoring data for the canary replay: CSV {@code step,group,metric,value}, group baseline or canary; steps are
     * ordered as numbers when they all are, else as text (e.g. ISO timestamps).
     */
    public static SortedMap<String, CanaryReplay.Step> monitoring(Path file) {
        String name = TextInput.name(file);
        Map<String, Map<String, Map<String, List<Double>>>> byStep = new LinkedHashMap<>();
        try (CsvTable t = CsvTable.open(file, List.of("step", "group", "metric", "value"), Set.of())) {
            for (CsvTable.Row r : t) {
                String group = r.required("group").toLowerCase(Locale.ROOT);
                if (!group.equals("baseline") && !group.equals("canary")) {
                    throw new BadInputException(
                            name, r.line(), "group", "expected baseline or canary, got '" + r.required("group") + "'");
                }
                byStep.computeIfAbsent(r.required("step"), k -> new LinkedHashMap<>())
                        .computeIfAbsent(group, k -> new LinkedHashMap<>())
                        .computeIfAbsent(r.required("metric"), k -> new ArrayList<>())
                        .add(r.number("value"));
            }
        }
        if (byStep.isEmpty()) {
            throw BadInputException.of(name, "no step,group,metric,value rows");
        }
        boolean numeric = byStep.keySet().stream().allMatch(k -> k.matches("-?\\d+(\\.\\d+)?"));
        Comparator<String> order =
                numeric ? Comparator.comparingDouble(Double::parseDouble) : Comparator.naturalOrder();
        SortedMap<String, CanaryReplay.Step> out = new TreeMap<>(order);
        byStep.forEach((step, groups) ->
                out.put(step, new CanaryReplay.Step(arrays(groups.get("baseline")), arrays(groups.get("canary")))));
        return out;
    }

    private static Map<String, double[]> arrays(Map<String, List<Double>> m) {
        Map<String, double[]> out = new LinkedHashMap<>();
        if (m != null) {
            m.forEach((k, v) ->
                    out.put(k, v.stream().mapToDouble(Double::doubleValue).toArray()));
        }
        return out;
    }
}
