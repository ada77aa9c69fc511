package dev.sextant.app.cli.gate;

import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.app.cli.TextTable;
import dev.sextant.model.gate.CanaryJudge;
import dev.sextant.model.gate.JudgeSettings;
import dev.sextant.model.io.GateFiles;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sextant gate judge}: baseline against canary metrics, Kayenta-style. */
@Command(
        name = "judge",
        mixinStandardHelpOptions = true,
        description = {
            "Judge a canary against its baseline: per metric a Mann-Whitney test with the Hodges-Lehmann shift and its",
            "interval, classified high/low/pass against a tolerance; a score and a verdict (pass, marginal, fail).",
            "CSV files of metric,value rows."
        })
public final class GateJudgeCommand implements Runnable {

    @Option(
            names = "--baseline",
            required = true,
            paramLabel = "B.csv",
            description = "Baseline samples: metric,value rows.")
    Path baseline;

    @Option(
            names = "--canary",
            required = true,
            paramLabel = "C.csv",
            description = "Canary samples: metric,value rows.")
    Path canary;

    @Mixin
    JudgeOptions options;

    @Mixin
    JsonOption output;

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        CanaryJudge.Judgement j;
        Map<String, double[]> base = GateFiles.metricValues(baseline);
        Map<String, double[]> can = GateFiles.metricValues(canary);
        Set<String> metrics = new TreeSet<>(base.keySet());
        metrics.addAll(can.keySet());
        JudgeSettings settings = options.settings();
        j = settings.judge().judge(base, can, settings.specsFor(metrics));
        new CommandContext(spec).print(output.json(), j, out -> {
            TextTable t =
                    new TextTable("METRIC", "CLASS", "SHIFT", "INTERVAL", "BASELINE MEDIAN", "CANARY MEDIAN", "COUNTS");
            for (CanaryJudge.MetricResult r : j.metrics()) {
                t.row(
                        r.metric() + (r.critical() ? " (critical)" : ""),
                        r.classification() + (r.failed() ? " ✗" : ""),
                        r.hodgesLehmann() == null ? "—" : String.format("%+.4g", r.hodgesLehmann()),
                        r.ciLow() == null ? "—" : String.format("[%.4g, %.4g]", r.ciLow(), r.ciHigh()),
                        r.baselineMedian() == null ? "—" : String.format("%.4g", r.baselineMedian()),
                        r.canaryMedian() == null ? "—" : String.format("%.4g", r.canaryMedian()),
                        r.baselineCount() + " / " + r.canaryCount());
            }
            t.print(out);
            out.printf("Score %.1f: %s%n", j.score(), j.verdict());
            j.reasons().forEach(reason -> out.println("  " + reason));
        });
    }
}
