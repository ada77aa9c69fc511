package dev.sextant.app.cli.trainlog;

import dev.sextant.app.cli.CliProgress;
import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.app.cli.ProjectOption;
import dev.sextant.app.cli.WorkspaceOption;
import dev.sextant.app.study.RunHealthStudy;
import dev.sextant.model.BadInputException;
import dev.sextant.model.io.trainlog.TrainingLogFormat;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.runhealth.AnalysisSettings;
import dev.sextant.model.runhealth.Anomaly;
import dev.sextant.model.runhealth.Checkpoints;
import dev.sextant.model.runhealth.DetectionSettings;
import dev.sextant.model.runhealth.LogAnalysis;
import dev.sextant.model.runhealth.PolicyReplay;
import dev.sextant.model.runhealth.Rollback;
import dev.sextant.model.runhealth.RollbackPolicy;
import dev.sextant.model.runhealth.TrainingLog;
import dev.sextant.workspaces.Workspace;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sextant trainlog analyze}: read a run's logs, find what went wrong, and cost the rollbacks. */
@Command(
        name = "analyze",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Reads a training run's logs (Megatron-LM/NeMo stdout, trainer_state.json, TensorBoard events, CSV or JSON Lines",
            "of metrics; several files of one run merged by step, a restart's steps replacing the earlier ones) and finds loss and",
            "gradient-norm spikes, non-finite values and loss-scale collapses, divergence and stalls. With the checkpoints, each",
            "anomaly's rollback: the checkpoint before its onset, the steps and GPU-hours lost, the data window to skip; and an",
            "automatic-rollback policy replayed over the log."
        })
public final class TrainlogAnalyzeCommand implements Runnable {

    @Option(
            names = "--input",
            required = true,
            arity = "1..*",
            paramLabel = "FILE|DIR",
            description = "Log files or folders of one run.")
    List<Path> inputs;

    @Option(
            names = "--format",
            defaultValue = "auto",
            paramLabel = "F",
            description =
                    "auto (by content), megatron, hf-trainer, tensorboard, csv or jsonl (default: ${DEFAULT-VALUE}).")
    String format;

    @Option(names = "--checkpoint-every", paramLabel = "N", description = "Checkpoints every N steps.")
    Long checkpointEvery;

    @Option(names = "--checkpoints", split = ",", paramLabel = "S1,S2,...", description = "The checkpoint steps.")
    List<Long> checkpoints;

    @Option(
            names = "--gpus",
            defaultValue = "0",
            paramLabel = "N",
            description = "GPUs of the run, for the GPU-hours lost.")
    int gpus;

    @Option(
            names = "--step-seconds",
            paramLabel = "S",
            description = "Seconds a step (default: the log's median step time).")
    Double stepSeconds;

    @Option(
            names = "--sensitivity",
            defaultValue = "normal",
            paramLabel = "L",
            description = "low (z ≥ 8), normal (z ≥ 6) or high (z ≥ 4.5) (default: ${DEFAULT-VALUE}).")
    String sensitivity;

    @Option(
            names = "--threshold",
            paramLabel = "Z",
            description = "Robust z-score of an anomaly (overrides --sensitivity).")
    Double threshold;

    @Option(
            names = "--window",
            paramLabel = "N",
            description = "Logged points of history the baseline is taken over (default: 100).")
    Integer window;

    @Option(
            names = "--policy-metric",
            defaultValue = "loss",
            paramLabel = "M",
            description = "Metric the replayed policy watches (default: ${DEFAULT-VALUE}).")
    String policyMetric;

    @Option(
            names = "--policy-threshold",
            defaultValue = "6",
            paramLabel = "Z",
            description = "The policy's z-score (default: ${DEFAULT-VALUE}).")
    double policyThreshold;

    @Option(
            names = "--policy-patience",
            defaultValue = "3",
            paramLabel = "N",
            description = "Anomalous points in a row before the policy rolls back (default: ${DEFAULT-VALUE}).")
    int policyPatience;

    @Option(
            names = "--save",
            paramLabel = "NAME",
            description = "Keep the log, with these settings, in a project under NAME.")
    String save;

    @Mixin
    ProjectOption project;

    @Mixin
    WorkspaceOption workspace;

    @Mixin
    JsonOption output;

    @Spec
    CommandSpec spec;

    /** The contract's keys first. */
    public record Result(
            String format,
            int steps,
            long firstStep,
            long lastStep,
            List<String> metrics,
            List<AnomalyRow> anomalies,
            List<RollbackRow> rollbacks,
            List<String> files,
            int restarts,
            Double stepSeconds,
            Settings settings,
            Replay policyReplay,
            String savedId) {}

    public record AnomalyRow(
            long step, String metric, String kind, Double value, Double baseline, Double score, long endStep) {}

    public record RollbackRow(
            long anomalyStep,
            long checkpointStep,
            long stepsLost,
            Double gpuHoursLost,
            String metric,
            String kind,
            long skipFromStep,
            long skipToStep,
            Double skipFromSample,
            Double skipToSample) {}

    public record Settings(
            int window,
            double threshold,
            double divergenceRise,
            int divergencePatience,
            String checkpoints,
            int gpus) {}

    public record Replay(
            String metric,
            double threshold,
            int patience,
            int fired,
            int needed,
            int falseAlarms,
            int missed,
            long stepsLost,
            Double gpuHoursLost,
            List<PolicyReplay.Firing> firings) {}

    @Override
    public void run() {
        if (checkpointEvery != null && checkpoints != null) {
            throw BadInputException.of("--checkpoints", "give --checkpoint-every or --checkpoints, not both");
        }
        DetectionSettings settings = DetectionSettings.sensitivity(sensitivity);
        if (threshold != null) {
            settings = settings.withThreshold(threshold);
        }
        if (window != null) {
            settings = settings.withWindow(window);
        }
        Checkpoints cps = checkpointEvery != null
                ? Checkpoints.every(checkpointEvery)
                : checkpoints != null ? Checkpoints.at(checkpoints) : null;
        RollbackPolicy policy = new RollbackPolicy(
                policyMetric, policyThreshold, policyPatience, RollbackPolicy.DEFAULT.recoveryPoints());
        CommandContext ctx = new CommandContext(spec);
        CliProgress progress = ctx.progress();
        TrainingLog log = RunHealthStudy.read(inputs, TrainingLogFormat.of(format), progress, CancellationToken.none());
        progress.done();
        if (cps != null && log.metric(policyMetric).isEmpty()) {
            throw BadInputException.of(
                    "--policy-metric", "the log has no metric '" + policyMetric + "'; it has " + log.metricNames());
        }
        AnalysisSettings kept = new AnalysisSettings(checkpointEvery, checkpoints, gpus, stepSeconds, settings, policy);
        LogAnalysis a = RunHealthStudy.analyze(log, kept, CancellationToken.none());
        String savedId = null;
        if (save != null) {
            try (Workspace ws = ctx.openWorkspace(workspace)) {
                var p = ctx.project(ws, project.nameOrId());
                savedId =
                        new RunHealthStudy(ws, p.id()).keepLog(save, log, kept).toString();
            }
        }
        Result r = result(a, savedId);
        ctx.print(output.json(), r, out -> human(out, a, r));
    }

    static Result result(LogAnalysis a, String savedId) {
        TrainingLog log = a.log();
        List<AnomalyRow> anomalies = a.anomalies().stream()
                .map(x -> new AnomalyRow(
                        x.step(), x.metric(), x.kind().id(), x.value(), x.baseline(), x.score(), x.endStep()))
                .toList();
        List<RollbackRow> rollbacks =
                a.rollbacks().stream().map(TrainlogAnalyzeCommand::row).toList();
        DetectionSettings s = a.settings();
        Replay replay = null;
        if (a.replay() != null) {
            PolicyReplay p = a.replay();
            replay = new Replay(
                    p.policy().metric(),
                    p.policy().threshold(),
                    p.policy().patience(),
                    p.firings().size(),
                    p.needed(),
                    p.falseAlarms(),
                    p.missed(),
                    p.stepsLost(),
                    p.gpuHoursLost(),
                    p.firings());
        }
        return new Result(
                log.format(),
                log.steps(),
                log.firstStep(),
                log.lastStep(),
                log.metricNames(),
                anomalies,
                rollbacks,
                log.files(),
                log.restarts(),
                a.stepSeconds(),
                new Settings(
                        s.window(),
                        s.threshold(),
                        s.divergenceRise(),
                        s.divergencePatience(),
                        a.checkpoints() == null ? null : a.checkpoints().describe(),
                        a.gpus()),
                replay,
                savedId);
    }

    private static RollbackRow row(Rollback r) {
        return new RollbackRow(
                r.anomalyStep(),
                r.checkpointStep(),
                r.stepsLost(),
                r.gpuHoursLost(),
                r.metric(),
                r.kind().id(),
                r.skipFromStep(),
                r.skipToStep(),
                r.skipFromSample(),
                r.skipToSample());
    }

    private void human(PrintWriter out, LogAnalysis a, Result r) {
        humanAnalysis(out, a, r);
        if (r.savedId() != null) {
            out.println("Kept the log as “" + save + "” (" + r.savedId() + ")");
        }
    }

    private static void humanAnalysis(PrintWriter out, LogAnalysis a, Result r) {
        out.printf(
                Locale.ROOT,
                "%s log: %,d logged steps (%,d to %,d) in %d file%s%s; metrics: %s%n",
                r.format(),
                r.steps(),
                r.firstStep(),
                r.lastStep(),
                r.files().size(),
                r.files().size() == 1 ? "" : "s",
                r.restarts() > 0 ? ", " + r.restarts() + " restart(s) merged" : "",
                String.join(", ", r.metrics()));
        if (a.anomalies().isEmpty()) {
            out.println("No anomalies at z ≥ " + plain(a.settings().threshold()) + ".");
        } else {
            out.printf(
                    Locale.ROOT,
                    "%d anomal%s:%n",
                    a.anomalies().size(),
                    a.anomalies().size() == 1 ? "y" : "ies");
            out.printf(
                    Locale.ROOT,
                    "  %10s  %-12s %-10s %12s %12s %8s%n",
                    "step",
                    "metric",
                    "kind",
                    "value",
                    "baseline",
                    "z");
            for (Anomaly x : a.anomalies()) {
                out.printf(
                        Locale.ROOT,
                        "  %10d  %-12s %-10s %12s %12s %8s%n",
                        x.step(),
                        x.metric(),
                        x.kind().id(),
                        fmt(x.value()),
                        fmt(x.baseline()),
                        Double.isInfinite(x.score()) ? "—" : String.format(Locale.ROOT, "%.1f", x.score()));
            }
        }
        if (a.checkpoints() == null) {
            out.println("Give --checkpoint-every N or --checkpoints S1,S2,... for the rollbacks and a policy replay.");
            return;
        }
        if (!a.rollbacks().isEmpty()) {
            out.printf(
                    Locale.ROOT,
                    "Rollbacks (checkpoints %s):%n",
                    a.checkpoints().describe());
            for (Rollback b : a.rollbacks()) {
                out.printf(
                        Locale.ROOT,
                        "  %-10s at %,d → checkpoint %,d: %,d steps lost%s; skip the data of steps %,d–%,d%n",
                        b.kind().id(),
                        b.anomalyStep(),
                        b.checkpointStep(),
                        b.stepsLost(),
                        Double.isFinite(b.gpuHoursLost())
                                ? String.format(Locale.ROOT, " (%,.0f GPU-hours)", b.gpuHoursLost())
                                : "",
                        b.skipFromStep(),
                        b.skipToStep());
            }
        }
        if (a.replay() != null) {
            PolicyReplay p = a.replay();
            out.printf(
                    Locale.ROOT,
                    "Policy (%s z ≥ %s for %d points): %d rollback%s, %d needed, %d false alarm%s, %d missed; %,d steps re-run%n",
                    p.policy().metric(),
                    plain(p.policy().threshold()),
                    p.policy().patience(),
                    p.firings().size(),
                    p.firings().size() == 1 ? "" : "s",
                    p.needed(),
                    p.falseAlarms(),
                    p.falseAlarms() == 1 ? "" : "s",
                    p.missed(),
                    p.stepsLost());
        }
    }

    private static String plain(double v) {
        return BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }

    private static String fmt(double v) {
        if (!Double.isFinite(v)) {
            return Double.isNaN(v) ? "nan" : v > 0 ? "inf" : "-inf";
        }
        return String.format(Locale.ROOT, "%.4g", v);
    }
}
