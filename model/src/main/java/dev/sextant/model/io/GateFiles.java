package dev.sextant.model.io;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The rollout gate's input files. Metric samples: CSV rows {@code metric,value} (a header line, blank lines and {@code #}
 * comments allowed). Errors name file, line and field.
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
}
