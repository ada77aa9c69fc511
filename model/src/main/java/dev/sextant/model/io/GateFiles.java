package dev.sextant.model.io;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import dev.sextant.model.gate.GatePolicy;
import dev.sextant.model.gate.Observations;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.LocalDate;

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

    private GateFiles() {
    }

    /** Values per metric, in file order. */
    public static Map<String, double[]> metricValues(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw BadInputException.of(file.toString(), "cannot read: " + e.getMessage());
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
                throw new BadInputException(file.toString(), i + 1, "value", "expected a number, got '" + f[1].strip() + "'");
            }
            if (!Double.isFinite(v)) {
                throw new BadInputException(file.toString(), i + 1, "value", "must be finite");
            }
            values.computeIfAbsent(metric, k -> new ArrayList<>()).add(v);
        }
        if (values.isEmpty()) {
            throw BadInputException.of(file.toString(), "no metric,value rows");
        }
        Map<String, double[]> out = new LinkedHashMap<>();
        values.forEach((k, v) -> out.put(k, v.stream().mapToDouble(Double::doubleValue).toArray()));
        return out;
    }

    /** Per-item scores of a suite: one {@link Observations} per model, in file order. */
    public static List<Observations> itemScores(Path file, GatePolicy.Layer layer, String metric, LocalDate rotation) {
        Map<String, List<String>> ids = new LinkedHashMap<>();
        Map<String, List<Double>> values = new LinkedHashMap<>();
        String name = TextInput.name(file);
        java.util.function.Consumer<Object[]> add = row -> {
            String model = (String) row[1];
            ids.computeIfAbsent(model, k -> new ArrayList<>()).add((String) row[0]);
            values.computeIfAbsent(model, k -> new ArrayList<>()).add((Double) row[2]);
        };
        if (name.toLowerCase(java.util.Locale.ROOT).endsWith(".csv")) {
            try (CsvTable t = CsvTable.open(file, List.of("item", "model", "score"), java.util.Set.of())) {
                for (CsvTable.Row r : t) {
                    add.accept(new Object[] {r.required("item"), r.required("model"), number(r.required("score"), name, r.line(), "score")});
                }
            }
        } else {
            JsonLines.forEach(file, (node, line) -> add.accept(new Object[] {JsonLines.text(node, "item", file, line),
                    JsonLines.text(node, "model", file, line), number(node, "score", name, line, true)}));
        }
        if (ids.isEmpty()) {
            throw BadInputException.of(name, "no item scores (item, model, score)");
        }
        List<Observations> out = new ArrayList<>();
        ids.forEach((model, list) -> out.add(new Observations(layer, metric, model, list,
                values.get(model).stream().mapToDouble(Double::doubleValue).toArray(), name, rotation)));
        return out;
    }

    /** The metrics a traffic replay may carry, in the order they are reported. */
    public static final List<String> REPLAY_METRICS = List.of("quality", "latency_ms", "tokens", "refusal", "error");

    /** A traffic replay: one {@link Observations} per model and metric present. */
    public static List<Observations> replay(Path file) {
        String name = TextInput.name(file);
        Map<String, Map<String, List<Object[]>>> byMetric = new LinkedHashMap<>();
        JsonLines.forEach(file, (node, line) -> {
            String id = JsonLines.text(node, "request_id", file, line);
            String model = JsonLines.text(node, "model", file, line);
            boolean any = false;
            for (String metric : REPLAY_METRICS) {
                JsonNode v = node.get(metric);
                if (v == null || v.isNull()) {
                    continue;
                }
                double value = v.isBoolean() ? (v.booleanValue() ? 1 : 0) : number(node, metric, name, line, true);
                if ((metric.equals("refusal") || metric.equals("error")) && value != 0 && value != 1) {
                    throw new BadInputException(name, line, metric, "expected true/false or 0/1, got " + v);
                }
                byMetric.computeIfAbsent(metric, k -> new LinkedHashMap<>()).computeIfAbsent(model, k -> new ArrayList<>())
                        .add(new Object[] {id, value});
                any = true;
            }
            if (!any) {
                throw new BadInputException(name, line, null, "no metric: expected any of " + String.join(", ", REPLAY_METRICS));
            }
        });
        List<Observations> out = new ArrayList<>();
        byMetric.forEach((metric, models) -> models.forEach((model, rows) -> out.add(new Observations(GatePolicy.Layer.REPLAY, metric, model,
                rows.stream().map(r -> (String) r[0]).toList(), rows.stream().mapToDouble(r -> (Double) r[1]).toArray(), name, null))));
        if (out.isEmpty()) {
            throw BadInputException.of(name, "no requests in the replay");
        }
        return out;
    }

    private static double number(String text, String file, long line, String field) {
        try {
            double v = Double.parseDouble(text.strip());
            if (Double.isFinite(v)) {
                return v;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw new BadInputException(file, line, field, "expected a number, got '" + text.strip() + "'");
    }

    private static double number(JsonNode node, String field, String file, long line, boolean required) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            throw new BadInputException(file, line, field, "missing");
        }
        if (!v.isNumber() || !Double.isFinite(v.asDouble())) {
            throw new BadInputException(file, line, field, "expected a number, got " + v);
        }
        return v.asDouble();
    }

    /** A gate policy from JSON (the fields of {@code sextant gate policy --json}'s "policy"), validated. */
    public static GatePolicy policy(Path file) {
        String name = TextInput.name(file);
        GatePolicy p;
        try {
            JsonNode tree = Json.mapper().readTree(file.toFile());
            JsonNode node = tree.has("policy") && tree.get("policy").isObject() ? tree.get("policy") : tree;
            // enum values as people write them: "required-gain", "win-rate", "private"
            if (node.has("checks") && node.get("checks").isArray()) {
                for (JsonNode check : node.get("checks")) {
                    if (check instanceof com.fasterxml.jackson.databind.node.ObjectNode o) {
                        for (String field : List.of("layer", "test", "role")) {
                            if (o.hasNonNull(field) && o.get(field).isTextual()) {
                                o.put(field, o.get(field).asText().strip().toUpperCase(java.util.Locale.ROOT).replace('-', '_'));
                            }
                        }
                    }
                }
            }
            p = Json.mapper().treeToValue(node, GatePolicy.class);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw BadInputException.of(name, "not a gate policy: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw BadInputException.of(name, "cannot read: " + e.getMessage());
        }
        if (p.name() == null || p.checks() == null) {
            throw BadInputException.of(name, "a gate policy needs a name, a confidence and checks");
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
    public static java.util.SortedMap<String, dev.sextant.model.gate.CanaryReplay.Step> monitoring(Path file) {
        String name = TextInput.name(file);
        Map<String, Map<String, Map<String, List<Double>>>> byStep = new LinkedHashMap<>();
        try (CsvTable t = CsvTable.open(file, List.of("step", "group", "metric", "value"), java.util.Set.of())) {
            for (CsvTable.Row r : t) {
                String group = r.required("group").toLowerCase(java.util.Locale.ROOT);
                if (!group.equals("baseline") && !group.equals("canary")) {
                    throw new BadInputException(name, r.line(), "group", "expected baseline or canary, got '" + r.required("group") + "'");
                }
                byStep.computeIfAbsent(r.required("step"), k -> new LinkedHashMap<>()).computeIfAbsent(group, k -> new LinkedHashMap<>())
                        .computeIfAbsent(r.required("metric"), k -> new ArrayList<>()).add(number(r.required("value"), name, r.line(), "value"));
            }
        }
        if (byStep.isEmpty()) {
            throw BadInputException.of(name, "no step,group,metric,value rows");
        }
        boolean numeric = byStep.keySet().stream().allMatch(k -> k.matches("-?\\d+(\\.\\d+)?"));
        java.util.Comparator<String> order = numeric ? java.util.Comparator.comparingDouble(Double::parseDouble) : java.util.Comparator.naturalOrder();
        java.util.SortedMap<String, dev.sextant.model.gate.CanaryReplay.Step> out = new java.util.TreeMap<>(order);
        byStep.forEach((step, groups) -> out.put(step, new dev.sextant.model.gate.CanaryReplay.Step(arrays(groups.get("baseline")),
                arrays(groups.get("canary")))));
        return out;
    }

    private static Map<String, double[]> arrays(Map<String, List<Double>> m) {
        Map<String, double[]> out = new LinkedHashMap<>();
        if (m != null) {
            m.forEach((k, v) -> out.put(k, v.stream().mapToDouble(Double::doubleValue).toArray()));
        }
        return out;
    }
}
