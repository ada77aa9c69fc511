package dev.sextant.app.cli.trainlog;

import dev.sextant.app.cli.CliProgress;
import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.app.cli.TextTable;
import dev.sextant.app.study.RunHealthStudy;
import dev.sextant.model.BadInputException;
import dev.sextant.model.io.trainlog.TrainingLogFormat;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.runhealth.MetricSeries;
import dev.sextant.model.runhealth.RunComparison;
import dev.sextant.model.runhealth.TrainingLog;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sextant trainlog compare}: several runs' curves of one metric side by side (the workbench's Overlay). */
@Command(
        name = "compare",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Reads several runs' logs (each a file or folder, in any format analyze reads) and compares one metric: each run's",
            "extent and lowest value, and its level at the last step every run reached (the median of its last 10 points there)",
            "against the first run's. With --json, each run's points too, to plot."
        })
public final class TrainlogCompareCommand implements Runnable {

    @Option(
            names = "--run",
            required = true,
            arity = "1",
            paramLabel = "NAME=FILE|DIR",
            description =
                    "A run: its name and its log file or folder (repeat: two or more; the first is the reference).")
    List<String> runs;

    @Option(
            names = "--metric",
            defaultValue = "loss",
            paramLabel = "M",
            description = "The metric to compare (default: ${DEFAULT-VALUE}).")
    String metric;

    @Option(
            names = "--format",
            defaultValue = "auto",
            paramLabel = "F",
            description =
                    "auto (by content), megatron, hf-trainer, tensorboard, csv or jsonl (default: ${DEFAULT-VALUE}).")
    String format;

    @Mixin
    JsonOption output;

    @Spec
    CommandSpec spec;

    /** The contract's keys first; {@code series} holds each run's steps and values of the metric, in the runs' order. */
    public record Result(String metric, long commonStep, List<RunComparison.Run> runs, List<Series> series) {}

    public record Series(String name, long[] steps, double[] values) {}

    @Override
    public void run() {
        Map<String, Path> named = new LinkedHashMap<>();
        for (String r : runs) {
            int eq = r.indexOf('=');
            if (eq <= 0 || eq == r.length() - 1) {
                throw BadInputException.of("--run", "expected NAME=FILE|DIR, got '" + r + "'");
            }
            if (named.put(
                            r.substring(0, eq).strip(),
                            Path.of(r.substring(eq + 1).strip()))
                    != null) {
                throw BadInputException.of(
                        "--run", "two runs are named '" + r.substring(0, eq).strip() + "'");
            }
        }
        if (named.size() < 2) {
            throw BadInputException.of("--run", "give two or more runs to compare");
        }
        CliProgress progress = new CommandContext(spec).progress();
        List<String> names = new ArrayList<>();
        List<MetricSeries> series = new ArrayList<>();
        for (Map.Entry<String, Path> e : named.entrySet()) {
            TrainingLog log = RunHealthStudy.read(
                    List.of(e.getValue()), TrainingLogFormat.of(format), progress, CancellationToken.none());
            MetricSeries s = log.metric(metric)
                    .orElseThrow(() -> BadInputException.of(
                            "--metric",
                            "run '" + e.getKey() + "' (" + e.getValue() + ") has no metric '" + metric + "'; it has "
                                    + log.metricNames()));
            names.add(e.getKey());
            series.add(s);
        }
        progress.done();
        List<RunComparison.Run> compared = RunHealthStudy.compare(names, series);
        List<Series> points = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            points.add(new Series(
                    names.get(i), series.get(i).steps(), series.get(i).values()));
        }
        Result r = new Result(metric, compared.get(0).commonStep(), compared, points);
        new CommandContext(spec).print(output.json(), r, out -> {
            out.printf(
                    Locale.ROOT,
                    "%s of %d runs; every run reached step %,d%n",
                    metric,
                    compared.size(),
                    r.commonStep());
            TextTable t = new TextTable(
                    "RUN",
                    "POINTS",
                    "STEPS",
                    "LAST",
                    "LOWEST (AT STEP)",
                    "AT " + String.format(Locale.ROOT, "%,d", r.commonStep()),
                    "VS " + names.get(0).toUpperCase(Locale.ROOT));
            for (RunComparison.Run x : compared) {
                t.row(
                        x.name(),
                        String.format(Locale.ROOT, "%,d", x.points()),
                        String.format(Locale.ROOT, "%,d–%,d", x.firstStep(), x.lastStep()),
                        num(x.lastValue()),
                        num(x.lowest()) + String.format(Locale.ROOT, " (%,d)", x.lowestStep()),
                        x.atCommonStep() == null ? "—" : num(x.atCommonStep()),
                        x.versusFirst() == null ? "—" : String.format(Locale.ROOT, "%+.2f %%", 100 * x.versusFirst()));
            }
            t.print(out);
            out.printf(
                    "Levels are the median of each run's last %d points up to that step.%n",
                    RunComparison.LEVEL_POINTS);
        });
    }

    private static String num(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%.4g", v) : String.valueOf(v);
    }
}
