package dev.sextant.app.cli.gate;

import dev.sextant.model.InputError;
import dev.sextant.model.gate.CanaryJudge;
import dev.sextant.model.gate.JudgeSettings;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import picocli.CommandLine.Option;

/** The canary judge's settings, shared by {@code gate judge} and {@code gate replay}. */
public final class JudgeOptions {

    @Option(
            names = "--confidence",
            defaultValue = "0.98",
            paramLabel = "C",
            description = "Confidence of the intervals (default: ${DEFAULT-VALUE}).")
    double confidence;

    @Option(
            names = "--tolerance",
            defaultValue = "0.25",
            paramLabel = "T",
            description = "Share of the |shift| an interval must clear to count (default: ${DEFAULT-VALUE}).")
    double tolerance;

    @Option(
            names = "--direction",
            paramLabel = "METRIC=increase|decrease|either",
            description = "Which change fails a metric (repeatable; default: either).")
    List<String> directions = List.of();

    @Option(
            names = "--critical",
            paramLabel = "METRIC",
            description = "A metric whose failure fails the canary outright (repeatable).")
    List<String> critical = List.of();

    @Option(
            names = "--pass-threshold",
            defaultValue = "95",
            paramLabel = "S",
            description = "Score to pass (default: ${DEFAULT-VALUE}).")
    double passThreshold;

    @Option(
            names = "--marginal-threshold",
            defaultValue = "75",
            paramLabel = "S",
            description = "Score to be marginal (default: ${DEFAULT-VALUE}).")
    double marginalThreshold;

    /** The settings these options give; a --direction without '=' is a usage error, a metric the data lacks the model's. */
    JudgeSettings settings() {
        Map<String, CanaryJudge.Direction> dirs = new HashMap<>();
        for (String d : directions) {
            int eq = d.indexOf('=');
            if (eq <= 0) {
                throw new InputError("judge.direction", "expected METRIC=increase|decrease|either, got '" + d + "'");
            }
            dirs.put(d.substring(0, eq).strip(), CanaryJudge.Direction.parse(d.substring(eq + 1)));
        }
        Map<String, CanaryJudge.MetricSpec> metrics = new LinkedHashMap<>();
        Set<String> named = new TreeSet<>(dirs.keySet());
        named.addAll(critical);
        for (String m : named) {
            metrics.put(
                    m,
                    new CanaryJudge.MetricSpec(
                            dirs.getOrDefault(m, CanaryJudge.Direction.EITHER), critical.contains(m)));
        }
        return new JudgeSettings(confidence, tolerance, passThreshold, marginalThreshold, metrics);
    }
}
