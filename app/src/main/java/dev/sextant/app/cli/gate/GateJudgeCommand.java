package dev.sextant.app.cli.gate;

import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.app.cli.TextTable;
import dev.sextant.model.gate.CanaryJudge;
import dev.sextant.model.io.GateFiles;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code sextant gate judge}: baseline against canary metrics, Kayenta-style. */
@Command(name = "judge", mixinStandardHelpOptions = true,
        description = {"Judge a canary against its baseline: per metric a Mann-Whitney test with the Hodges-Lehmann shift and its",
                "interval, classified high/low/pass against a tolerance; a score and a verdict (pass, marginal, fail).",
                "CSV files of metric,value rows."})
public final class GateJudgeCommand implements Runnable {

    @Option(names = "--baseline", required = true, paramLabel = "B.csv", description = "Baseline samples: metric,value rows.")
    Path baseline;
    @Option(names = "--canary", required = true, paramLabel = "C.csv", description = "Canary samples: metric,value rows.")
    Path canary;
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
    @Mixin
    JsonOption output;
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        CanaryJudge.Judgement j;
        Map<String, double[]> base = GateFiles.metricValues(baseline);
        Map<String, double[]> can = GateFiles.metricValues(canary);
        try {
            Map<String, CanaryJudge.Direction> dirs = new HashMap<>();
            for (String d : directions) {
                int eq = d.indexOf('=');
                if (eq <= 0) {
                    throw new IllegalArgumentException("--direction: expected METRIC=increase|decrease|either, got '" + d + "'");
                }
                dirs.put(d.substring(0, eq).strip(), CanaryJudge.Direction.parse(d.substring(eq + 1)));
            }
            Map<String, CanaryJudge.MetricSpec> specs = new LinkedHashMap<>();
            for (String m : union(base, can)) {
                specs.put(m, new CanaryJudge.MetricSpec(dirs.getOrDefault(m, CanaryJudge.Direction.EITHER), critical.contains(m)));
            }
            for (String m : dirs.keySet()) {
                requireKnown(m, base, can, "--direction");
            }
            for (String m : critical) {
                requireKnown(m, base, can, "--critical");
            }
            j = new CanaryJudge(confidence, tolerance, passThreshold, marginalThreshold).judge(base, can, specs);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        new CommandContext(spec).print(output.json(), j, out -> {
            TextTable t = new TextTable("METRIC", "CLASS", "SHIFT", "INTERVAL", "BASELINE MEDIAN", "CANARY MEDIAN", "COUNTS");
            for (CanaryJudge.MetricResult r : j.metrics()) {
                t.row(r.metric() + (r.critical() ? " (critical)" : ""), r.classification() + (r.failed() ? " ✗" : ""),
                        r.hodgesLehmann() == null ? "—" : String.format("%+.4g", r.hodgesLehmann()),
                        r.ciLow() == null ? "—" : String.format("[%.4g, %.4g]", r.ciLow(), r.ciHigh()),
                        r.baselineMedian() == null ? "—" : String.format("%.4g", r.baselineMedian()),
                        r.canaryMedian() == null ? "—" : String.format("%.4g", r.canaryMedian()), r.baselineCount() + " / " + r.canaryCount());
            }
            t.print(out);
            out.printf("Score %.1f: %s%n", j.score(), j.verdict());
            j.reasons().forEach(reason -> out.println("  " + reason));
        });
    }

    private static java.util.Set<String> union(Map<String, double[]> a, Map<String, double[]> b) {
        java.util.Set<String> s = new java.util.TreeSet<>(a.keySet());
        s.addAll(b.keySet());
        return s;
    }

    private static void requireKnown(String metric, Map<String, double[]> a, Map<String, double[]> b, String option) {
        if (!a.containsKey(metric) && !b.containsKey(metric)) {
            throw new IllegalArgumentException(option + ": no metric '" + metric + "' in either file");
        }
    }
}
