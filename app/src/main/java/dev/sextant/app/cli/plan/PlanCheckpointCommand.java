package dev.sextant.app.cli.plan;

import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.model.Percent;
import dev.sextant.model.training.Checkpointing;
import dev.sextant.model.training.FaultTolerance;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sextant plan checkpoint}: checkpoint interval and goodput for a job size and failure rate. */
@Command(
        name = "checkpoint",
        mixinStandardHelpOptions = true,
        description = {
            "Checkpoint interval against failures: job MTBF = per-GPU MTBF / GPUs; Young's √(2CM) and Daly's",
            "refinement (FGCS 2006, Eq. 37); goodput with a restart and half an interval lost per failure."
        })
public final class PlanCheckpointCommand implements Runnable {

    /**
     * Llama 3 (arXiv 2407.21783, §3.3.4): 419 unexpected interruptions in a 54-day snapshot on 16,384 H100 GPUs.
     */
    static final double LLAMA3_FAILURES_PER_GPU_DAY = FaultTolerance.Spec.LLAMA3_FAILURES_PER_GPU_DAY;

    @Option(names = "--gpus", required = true, paramLabel = "N", description = "GPUs in the job.")
    int gpus;

    @Option(
            names = "--failures-per-gpu-day",
            paramLabel = "R",
            description =
                    "Failures per GPU per day (default: 4.74e-4, Llama 3's 419 unexpected interruptions in 54 days on 16,384 GPUs).")
    Double failuresPerGpuDay;

    @Option(
            names = "--checkpoint-seconds",
            required = true,
            paramLabel = "C",
            description = "Time to write one checkpoint.")
    double checkpointSeconds;

    @Option(
            names = "--restart-seconds",
            defaultValue = "600",
            paramLabel = "S",
            description = "Detection and restart after a failure (default: ${DEFAULT-VALUE}).")
    double restartSeconds;

    @Option(
            names = "--async",
            description = "Checkpoints written asynchronously: only the snapshot to host memory (10%% of C) blocks.")
    boolean async;

    @Mixin
    JsonOption output;

    @Spec
    CommandSpec spec;

    /** The contract's keys first. */
    public record Result(
            double mtbfHours,
            double youngIntervalSeconds,
            double dalyIntervalSeconds,
            double goodput,
            double failuresPerDay,
            double failuresPerGpuDay,
            double blockingCheckpointSeconds,
            boolean async) {}

    @Override
    public void run() {
        double rate = failuresPerGpuDay == null ? LLAMA3_FAILURES_PER_GPU_DAY : failuresPerGpuDay;
        Checkpointing c = Checkpointing.plan(gpus, rate, checkpointSeconds, restartSeconds, async);
        double blocking = async ? checkpointSeconds * Checkpointing.ASYNC_BLOCKING_SHARE : checkpointSeconds;
        Result r = new Result(
                c.mtbfSeconds() / 3600,
                c.youngIntervalSeconds(),
                c.dalyIntervalSeconds(),
                c.goodput(),
                c.failuresPerDay(),
                rate,
                blocking,
                async);
        new CommandContext(spec).print(output.json(), r, out -> {
            out.printf(
                    "%d GPUs at %.3g failures per GPU-day: %.1f failures a day, job MTBF %.2f h%n",
                    gpus, rate, r.failuresPerDay(), r.mtbfHours());
            out.printf(
                    "Checkpoint every %.0f s (Daly; Young: %.0f s), %.0f s blocking each%n",
                    r.dalyIntervalSeconds(), r.youngIntervalSeconds(), blocking);
            out.printf("Expected goodput %s%n", Percent.of(r.goodput()));
        });
    }
}
