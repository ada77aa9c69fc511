package dev.sextant.app.cli.gate;

import dev.sextant.model.gate.CanaryJudge;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import picocli.CommandLine.Option;

/** The canary judge's settings, shared by {@code gate judge} and {@code gate replay}. */
public final class JudgeOptions {

    @Option(names = "--confidence", defaultValue = "0.98", paramLabel = "C", description = "Confidence of the intervals (default: ${DEFAULT-VALUE}).")
    double confidence;
    @Option(names = "--tolerance", defaultValue = "0.25", paramLabel = "T",
            description = "Share of the |shift| an interval must clear to count (default: ${DEFAULT-VALUE}).")
    double tolerance;
    @Option(names = "--direction", paramLabel = "METRIC=increase|decrease|either",
            description = "Which change fails a metric (repeatable; default: either).")
    List<String> directions = List.of();
    @Option(names = "--critical", paramLabel = "METRIC", description = "A metric whose failure fails the canary outright (repeatable).")
    List<String> critical = List.of();
    @Option(names = "--pass-threshold", defaultValue = "95", paramLabel = "S", description = "Score to pass (default: ${DEFAULT-VALUE}).")
    double passThreshold;
    @Option(names = "--marginal-threshold", defaultValue = "75", paramLabel = "S", description = "Score to be marginal (default: ${DEFAULT-VALUE}).")
    double marginalThreshold;

    CanaryJudge judge() {
        return new CanaryJudge(confidence, tolerance, passThreshold, marginalThreshold);
    }

    /** Per metric of {@code metrics}, its direction and criticality; options naming metrics the data lacks are refused. */
    Map<String, CanaryJudge.MetricSpec> specs(Collection<String> metrics) {
        Set<String> known = new java.util.TreeSet<>(metrics);
        Map<String, CanaryJudge.Direction> dirs = new HashMap<>();
        for (String d : directions) {
            int eq = d.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("--direction: expected METRIC=increase|decrease|either, got '" + d + "'");
            }
            String m = d.substring(0, eq).strip();
            if (!known.contains(m)) {
                throw new IllegalArgumentException("--direction: no metric '" + m + "' in the data");
            }
            dirs.put(m, CanaryJudge.Direction.parse(d.substring(eq + 1)));
        }
        for (String m : critical) {
            if (!known.contains(m)) {
                throw new IllegalArgumentException("--critical: no metric '" + m + "' in the data");
            }
        }
        Map<String, CanaryJudge.MetricSpec> specs = new LinkedHashMap<>();
        for (String m : known) {
            specs.put(m, new CanaryJudge.MetricSpec(dirs.getOrDefault(m, CanaryJudge.Direction.EITHER), critical.contains(m)));
        }
        return specs;
    }
}
