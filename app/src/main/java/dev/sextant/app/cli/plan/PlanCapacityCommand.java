package dev.sextant.app.cli.plan;

import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.app.cli.TextTable;
import dev.sextant.app.study.ServingStudy;
import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.hardware.GpuSpec;
import dev.sextant.model.io.ServingFiles;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.serving.Capacity;
import dev.sextant.model.serving.EngineProfile;
import dev.sextant.model.serving.ServingFit;
import dev.sextant.model.serving.ServingIntervals;
import dev.sextant.model.serving.ServingReplica;
import dev.sextant.model.serving.Workload;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code sextant plan capacity}: replicas and GPUs per window of a day's traffic, meeting P99 latency targets. */
@Command(
        name = "capacity",
        mixinStandardHelpOptions = true,
        description = {
            "Capacity over a day: one replica's goodput (highest rate meeting the P99 TTFT and TPOT targets, by",
            "simulation), then replicas per traffic window with headroom and scale-up delay, GPU-hours and cost;",
            "fixed provisioning at the peak for comparison. Traffic CSV: start,rate (start HH:MM or hours; rate in",
            "requests/s; each window lasts until the next start, the last until 24:00)."
        })
public final class PlanCapacityCommand implements Runnable {

    @Mixin
    ModelGpuOptions inputs;

    @Mixin
    ReplicaOptions replica;

    @Option(
            names = "--traffic",
            required = true,
            paramLabel = "FILE.csv",
            description = "The day's traffic: start,rate per window.")
    Path traffic;

    @Option(
            names = "--headroom",
            defaultValue = "0.2",
            paramLabel = "H",
            description = "Capacity kept above the forecast (default: ${DEFAULT-VALUE}).")
    double headroom;

    @Option(
            names = "--scale-up-minutes",
            defaultValue = "10",
            paramLabel = "M",
            description = "Time to start a replica (default: ${DEFAULT-VALUE}; 0: instant).")
    double scaleUpMinutes;

    @Mixin
    WorkloadOptions workload;

    @Mixin
    EngineOption engine;

    @Mixin
    ProfileOption profile;

    @Mixin
    JsonOption output;

    @Spec
    CommandSpec spec;

    public record Window(String start, double rate, int replicas, int gpus) {}

    /** The contract's keys first. */
    public record Result(
            List<Window> windows,
            double gpuHours,
            double costPerDay,
            double goodputPerReplica,
            int peakReplicas,
            double fixedGpuHours,
            double fixedCostPerDay,
            String latencySource,
            EngineProfile engine,
            int maxNumSeqs,
            int maxNumBatchedTokens,
            ServingFit fittedConstants,
            double[] goodputPerReplicaInterval,
            double[] gpuHoursInterval,
            double[] costPerDayInterval) {}

    @Override
    public void run() {
        ModelArchitecture arch = inputs.model(spec);
        GpuSpec g = inputs.gpu(spec);
        int tp = replica.tp;
        List<Capacity.Window> windows = ServingFiles.traffic(traffic);
        if (headroom < 0 || scaleUpMinutes < 0) {
            throw new ParameterException(spec.commandLine(), "--headroom and --scale-up-minutes must not be negative");
        }
        Workload load = workload.workload();
        ServingStudy study = new ServingStudy();
        EngineProfile e = engine.profile();
        ServingReplica server = study.replica(
                replica.applyTo(engine.builder(arch, g), inputs.checkpointWeights()),
                null,
                profile.resolve(spec, null, null));
        Capacity.Plan plan = study.capacity(
                server, load, windows, headroom, scaleUpMinutes, workload.price, CancellationToken.none());
        List<Window> rows = plan.windows().stream()
                .map(w -> new Window(clock(w.startHour()), w.rate(), w.replicas(), w.gpus()))
                .toList();
        Result r = new Result(
                rows,
                plan.gpuHours(),
                plan.costPerDay(),
                plan.goodputPerReplica(),
                plan.peakReplicas(),
                plan.fixedGpuHours(),
                plan.fixedCostPerDay(),
                server.latencySource(),
                e,
                server.spec().maxNumSeqs(),
                server.spec().maxNumBatchedTokens(),
                server.latency().fit(),
                ServingIntervals.DEFAULT.throughput().around(plan.goodputPerReplica()),
                ServingIntervals.DEFAULT.throughput().aroundInverse(plan.gpuHours()),
                ServingIntervals.DEFAULT.throughput().aroundInverse(plan.costPerDay()));
        new CommandContext(spec).print(output.json(), r, w -> {
            w.printf(
                    "One replica (%d × %s, %s) meets P99 TTFT ≤ %.2f s and TPOT ≤ %.3f s up to %.2f requests/s (80 %% interval %.2f–%.2f)%n",
                    tp,
                    g.name(),
                    e.name(),
                    workload.sloTtft,
                    workload.sloTpot,
                    r.goodputPerReplica(),
                    r.goodputPerReplicaInterval()[0],
                    r.goodputPerReplicaInterval()[1]);
            TextTable t = new TextTable("START", "RATE/S", "REPLICAS", "GPUS");
            r.windows().forEach(x -> t.row(x.start(), String.format("%.2f", x.rate()), x.replicas(), x.gpus()));
            t.print(w);
            w.printf(
                    "Autoscaled: %.0f GPU-hours a day%s; fixed at the peak (%d replicas): %.0f GPU-hours%s%n",
                    r.gpuHours(),
                    workload.price > 0 ? String.format(", %.2f a day", r.costPerDay()) : "",
                    r.peakReplicas(),
                    r.fixedGpuHours(),
                    workload.price > 0 ? String.format(", %.2f a day", r.fixedCostPerDay()) : "");
        });
    }

    static String clock(double hours) {
        int minutes = (int) Math.round(hours * 60);
        return String.format(Locale.ROOT, "%02d:%02d", minutes / 60, minutes % 60);
    }
}
