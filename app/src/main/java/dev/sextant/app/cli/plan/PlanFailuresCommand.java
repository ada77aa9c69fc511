package dev.sextant.app.cli.plan;

import dev.sextant.app.cli.CliProgress;
import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.app.cli.ProjectOption;
import dev.sextant.app.cli.WorkspaceOption;
import dev.sextant.app.study.RunHealthStudy;
import dev.sextant.model.Percent;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.runhealth.FailureScenario;
import dev.sextant.model.runhealth.FailureStudy;
import dev.sextant.model.runhealth.FailureTimeline;
import dev.sextant.model.training.TrainingRequest;
import dev.sextant.workspaces.Workspace;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sextant plan failures}: a Monte Carlo of a whole training run under hardware failures. */
@Command(
        name = "failures",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "A Monte Carlo of a whole training run under hardware failures: failures drawn from a per-GPU daily rate, each",
            "taking out a node; checkpoints synchronous or asynchronous, optional in-memory snapshots, spare nodes, and elastic",
            "continuation on fewer data-parallel replicas. Completion time (mean, P50, P90, P99), failures, goodput, GPU-hours lost."
        })
public final class PlanFailuresCommand implements Runnable {

    @Option(names = "--gpus", required = true, paramLabel = "N", description = "GPUs the run trains on.")
    int gpus;

    @Option(names = "--step-seconds", required = true, paramLabel = "S", description = "Seconds a training step.")
    double stepSeconds;

    @Option(names = "--steps", required = true, paramLabel = "K", description = "Steps to train.")
    long steps;

    @Option(
            names = "--failures-per-gpu-day",
            paramLabel = "R",
            description =
                    "Failures per GPU per day (default: 4.74e-4, Llama 3's 419 unexpected interruptions in 54 days on 16,384 GPUs).")
    Double failuresPerGpuDay;

    @Option(
            names = "--gpus-per-node",
            defaultValue = "" + TrainingRequest.DEFAULT_GPUS_PER_NODE,
            paramLabel = "G",
            description = "GPUs a node (a failure takes its node out; default: ${DEFAULT-VALUE}).")
    int gpusPerNode;

    @Option(
            names = "--checkpoint-every-minutes",
            paramLabel = "M",
            description = "Training minutes between checkpoints (default: Daly's optimum).")
    Double checkpointEveryMinutes;

    @Option(
            names = "--checkpoint-seconds",
            required = true,
            paramLabel = "C",
            description = "Seconds to write one checkpoint.")
    double checkpointSeconds;

    @Option(
            names = "--async",
            description = "Asynchronous checkpoints: only the snapshot to host memory (10%% of C) blocks.")
    boolean async;

    @Option(
            names = "--restart-minutes",
            defaultValue = "10",
            paramLabel = "R",
            description = "Detection and restart (default: ${DEFAULT-VALUE}).")
    double restartMinutes;

    @Option(
            names = "--spare-nodes",
            paramLabel = "K",
            description = "Spare nodes standing by (default: as many as needed).")
    Integer spareNodes;

    @Option(
            names = "--repair-hours",
            defaultValue = "24",
            paramLabel = "H",
            description = "Hours until a failed node is back (default: ${DEFAULT-VALUE}).")
    double repairHours;

    @Option(
            names = "--elastic",
            description =
                    "With no spare left, continue on fewer data-parallel replicas instead of waiting for repairs.")
    boolean elastic;

    @Option(
            names = "--gpus-per-replica",
            paramLabel = "G",
            description = "GPUs of one data-parallel replica (TP × PP × …; default: a node).")
    Integer gpusPerReplica;

    @Option(
            names = "--memory-snapshot-minutes",
            defaultValue = "0",
            paramLabel = "M",
            description =
                    "Tiered checkpoints: training minutes between in-memory snapshots (0: none; default: ${DEFAULT-VALUE}).")
    double memorySnapshotMinutes;

    @Option(
            names = "--memory-snapshot-seconds",
            defaultValue = "5",
            paramLabel = "S",
            description = "Seconds one in-memory snapshot blocks (default: ${DEFAULT-VALUE}).")
    double memorySnapshotSeconds;

    @Option(
            names = "--correlated-share",
            defaultValue = "0",
            paramLabel = "P",
            description = "Share of failures that take out several nodes at once (default: ${DEFAULT-VALUE}).")
    double correlatedShare;

    @Option(
            names = "--correlated-nodes",
            defaultValue = "1",
            paramLabel = "K",
            description = "Nodes such a failure takes out (default: ${DEFAULT-VALUE}).")
    int correlatedNodes;

    @Option(
            names = "--runs",
            defaultValue = "" + FailureScenario.DEFAULT_RUNS,
            paramLabel = "N",
            description = "Simulated runs (default: ${DEFAULT-VALUE}).")
    int runs;

    @Option(
            names = "--seed",
            defaultValue = "1",
            paramLabel = "S",
            description = "Random seed (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(
            names = "--compare",
            description =
                    "Also simulate the alternatives: the other checkpoint mode, in-memory snapshots, elastic or waiting.")
    boolean compare;

    @Option(names = "--timeline", description = "Include the first simulated run's timeline in the JSON.")
    boolean timeline;

    @Option(
            names = "--save",
            paramLabel = "NAME",
            description = "Keep the study (of the policy as given) in a project under NAME.")
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
            int runs,
            Hours completionHours,
            Mean failures,
            double goodput,
            Mean gpuHoursLost,
            double idealHours,
            double failuresPerDay,
            double checkpointEveryMinutes,
            Breakdown meanHours,
            List<Policy> policies,
            FailureTimeline timeline,
            String savedId,
            String spares) {}

    public record Hours(double mean, double p50, double p90, double p99) {}

    public record Mean(double mean) {}

    public record Breakdown(double lostWork, double restarts, double checkpoints, double waiting) {}

    public record Policy(String name, Hours completionHours, double failures, double goodput, double gpuHoursLost) {}

    @Override
    public void run() {
        double rate = failuresPerGpuDay == null ? FailureScenario.LLAMA3_FAILURES_PER_GPU_DAY : failuresPerGpuDay;
        double interval = checkpointEveryMinutes != null
                ? checkpointEveryMinutes * 60
                : FailureScenario.dalyInterval(gpus, rate, checkpointSeconds, async, stepSeconds * steps);
        FailureScenario s = new FailureScenario(
                gpus,
                gpusPerNode,
                stepSeconds,
                steps,
                rate,
                interval,
                checkpointSeconds,
                async,
                restartMinutes * 60,
                spareNodes == null ? -1 : spareNodes,
                repairHours,
                elastic,
                gpusPerReplica == null ? gpusPerNode : gpusPerReplica,
                memorySnapshotMinutes * 60,
                memorySnapshotSeconds,
                correlatedShare,
                correlatedNodes,
                null);
        CommandContext ctx = new CommandContext(spec);
        CliProgress progress = ctx.progress();
        List<RunHealthStudy.PolicyOutcome> outcomes =
                RunHealthStudy.simulate(s, runs, seed, compare, progress, CancellationToken.none());
        progress.done();
        FailureStudy st = outcomes.get(0).study();
        List<Policy> rows = new ArrayList<>();
        for (RunHealthStudy.PolicyOutcome o : outcomes) {
            FailureStudy x = o.study();
            rows.add(new Policy(o.name(), hours(x), x.failuresMean(), x.goodput(), x.gpuHoursLostMean()));
        }
        String savedId = null;
        if (save != null) {
            try (Workspace ws = ctx.openWorkspace(workspace)) {
                var p = ctx.project(ws, project.nameOrId());
                savedId =
                        new RunHealthStudy(ws, p.id()).keepStudy(save, st, seed).toString();
            }
        }
        Result r = new Result(
                st.runs(),
                hours(st),
                new Mean(st.failuresMean()),
                st.goodput(),
                new Mean(st.gpuHoursLostMean()),
                s.idealSeconds() / 3600,
                s.failuresPerDay(),
                interval / 60,
                new Breakdown(
                        st.lostWorkHoursMean(), st.restartHoursMean(), st.checkpointHoursMean(), st.waitHoursMean()),
                compare ? rows : null,
                timeline ? st.timeline() : null,
                savedId,
                RunHealthStudy.sparesNote(s));
        ctx.print(output.json(), r, out -> {
            out.printf(
                    Locale.ROOT,
                    "%,d GPUs, %,d steps of %.3g s: %.1f h without failures; %.2f failures a day expected%n",
                    gpus,
                    steps,
                    stepSeconds,
                    r.idealHours(),
                    r.failuresPerDay());
            out.printf(
                    Locale.ROOT,
                    "Checkpoint every %.1f training minutes%s; %,d runs simulated%n",
                    r.checkpointEveryMinutes(),
                    checkpointEveryMinutes == null ? " (Daly's optimum)" : "",
                    st.runs());
            out.println(r.spares());
            out.printf(
                    Locale.ROOT,
                    "Completion: mean %.1f h, P50 %.1f h, P90 %.1f h, P99 %.1f h%n",
                    r.completionHours().mean(),
                    r.completionHours().p50(),
                    r.completionHours().p90(),
                    r.completionHours().p99());
            out.printf(
                    Locale.ROOT,
                    "Failures %.1f a run; goodput %s; %,.0f GPU-hours lost (work %.1f h, restarts %.1f h, checkpoints %.1f h,"
                            + " waiting %.1f h)%n",
                    r.failures().mean(),
                    Percent.of(r.goodput()),
                    r.gpuHoursLost().mean(),
                    r.meanHours().lostWork(),
                    r.meanHours().restarts(),
                    r.meanHours().checkpoints(),
                    r.meanHours().waiting());
            if (r.savedId() != null) {
                out.println("Kept the study as “" + save + "” (" + r.savedId() + ")");
            }
            if (compare) {
                out.println();
                int width = rows.stream().mapToInt(p -> p.name().length()).max().orElse(6);
                out.printf(
                        Locale.ROOT,
                        "  %-" + width + "s %10s %10s %10s %10s%n",
                        "policy",
                        "mean h",
                        "P90 h",
                        "goodput",
                        "failures");
                for (Policy p : rows) {
                    out.printf(
                            Locale.ROOT,
                            "  %-" + width + "s %10.1f %10.1f %10s %10.1f%n",
                            p.name(),
                            p.completionHours().mean(),
                            p.completionHours().p90(),
                            Percent.of(p.goodput()),
                            p.failures());
                }
            }
        });
    }

    private static Hours hours(FailureStudy s) {
        return new Hours(
                s.completionHours().mean(),
                s.completionHours().p50(),
                s.completionHours().p90(),
                s.completionHours().p99());
    }
}
