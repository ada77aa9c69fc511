package dev.sextant.app.cli.plan;

import dev.sextant.app.cli.CliProgress;
import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.app.cli.TextTable;
import dev.sextant.app.study.ServingStudy;
import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.hardware.GpuSpec;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.serving.BatchingSimulator;
import dev.sextant.model.serving.ServingIntervals;
import dev.sextant.model.serving.ServingLevers;
import dev.sextant.model.serving.ServingMemory;
import dev.sextant.model.serving.ServingSpec;
import dev.sextant.model.serving.Workload;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code sextant plan levers}: quantization, KV precision, TP, speculative decoding, batch limits and a model split, side by side. */
@Command(
        name = "levers",
        mixinStandardHelpOptions = true,
        description = {
            "Serving levers side by side on one workload: weights FP8/INT8/INT4, an FP8 KV cache, TP ×2 and ÷2,",
            "speculative decoding, batch limits and a smaller model for a share of the traffic. Each is judged by",
            "memory, a lone request's time per token, goodput per replica and per GPU at the P99 targets (simulated)",
            "and the cost of a million output tokens; accuracy risks are flagged."
        })
public final class PlanLeversCommand implements Runnable {

    @Mixin
    ModelGpuOptions inputs;

    @Mixin
    ReplicaOptions replica;

    @Option(
            names = "--max-model-len",
            paramLabel = "L",
            description = "Longest request in tokens (default: the model's maximum positions, at most 1,048,576).")
    Integer maxModelLen;

    @Option(
            names = "--speculative",
            paramLabel = "ALPHA:GAMMA:COST",
            description =
                    "Compare speculative decoding: acceptance rate, drafted tokens, draft cost relative to the target, e.g. 0.7:4:0.05.")
    String speculative;

    @Option(
            names = "--small-model",
            paramLabel = "ID|config.json",
            description = "Compare sending a share of the requests to this smaller model.")
    String smallModel;

    @Option(
            names = "--small-share",
            defaultValue = "0.3",
            paramLabel = "F",
            description = "Share of requests the small model takes (default: ${DEFAULT-VALUE}).")
    double smallShare;

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

    /**
     * @param goodputFactors the 80 % interval on every row's goodput, as factors (held-out errors on published measurements)
     * @param costFactors    the same on every row's cost per million output tokens
     */
    public record Result(List<ServingLevers.Row> levers, double[] goodputFactors, double[] costFactors) {}

    @Override
    public void run() {
        ModelArchitecture arch = inputs.model(spec);
        GpuSpec g = inputs.gpu(spec);
        ModelArchitecture small = smallModel == null ? null : ModelGpuOptions.model(spec, smallModel);
        if (!(smallShare > 0 && smallShare < 1)) {
            throw new ParameterException(spec.commandLine(), "--small-share must lie between 0 and 1");
        }
        Workload w = workload.workload();
        ServingSpec s = replica.applyTo(engine.builder(arch, g), inputs.checkpointWeights())
                .maxModelLen(maxModelLen)
                .build();
        ServingStudy study = new ServingStudy();
        study.fittingMemory(s);
        ServingLevers.Options options = new ServingLevers.Options(speculation(), small, small == null ? 0 : smallShare);
        var calibration = profile.resolve(spec, null, null);
        CliProgress progress = new CommandContext(spec).progress();
        ServingIntervals.Factors f = ServingIntervals.DEFAULT.throughput();
        Result r = new Result(
                study.levers(
                        s,
                        calibration,
                        engine.profile(),
                        options,
                        w,
                        workload.price,
                        progress,
                        CancellationToken.none()),
                new double[] {f.low(), f.high()},
                new double[] {1 / f.high(), 1 / f.low()});
        progress.done();
        new CommandContext(spec).print(output.json(), r, out -> {
            out.printf(
                    "%s on %s: P99 TTFT ≤ %.2f s, TPOT ≤ %.3f s%n",
                    arch.name(), g.name(), workload.sloTtft, workload.sloTpot);
            TextTable t = new TextTable(
                    "LEVER",
                    "GPUS",
                    "WEIGHTS GIB",
                    "KV TOKENS",
                    "TPOT MS",
                    "REQ/S",
                    "REQ/S/GPU",
                    "COST/M TOK",
                    "VS BASE",
                    "ACCURACY RISK");
            for (ServingLevers.Row x : r.levers()) {
                t.row(
                        x.name(),
                        x.gpusPerReplica() == null ? "—" : x.gpusPerReplica(),
                        TextTable.cell(x.weightsBytesPerGpu(), 1 / ServingMemory.GIB, "%.1f"),
                        x.kvTokens() == null ? "—" : String.format("%,d", x.kvTokens()),
                        TextTable.cell(x.singleStreamTpotSeconds(), 1000, "%.1f"),
                        TextTable.cell(x.goodputPerReplica(), 1, "%.2f"),
                        TextTable.cell(x.goodputPerGpu(), 1, "%.3f"),
                        TextTable.cell(x.costPerMillionOutputTokens(), 1, "%.2f"),
                        TextTable.cell(x.costVersusBaseline(), 1, "%.2f×"),
                        x.problem() != null ? x.problem() : x.accuracyRisk());
            }
            t.print(out);
            out.printf(
                    "80 %% intervals from held-out published runs: goodput ×%.2f–×%.2f, cost ×%.2f–×%.2f (the comparison between levers is "
                            + "tighter: they share the model's errors)%n",
                    r.goodputFactors()[0], r.goodputFactors()[1], r.costFactors()[0], r.costFactors()[1]);
        });
    }

    private BatchingSimulator.Speculation speculation() {
        if (speculative == null) {
            return null;
        }
        String[] p = speculative.split(":");
        try {
            return new BatchingSimulator.Speculation(
                    Double.parseDouble(p[0]), Integer.parseInt(p[1]), Double.parseDouble(p[2]));
        } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
            throw new ParameterException(
                    spec.commandLine(),
                    "--speculative: expected ALPHA:GAMMA:COST, e.g. 0.7:4:0.05, got '" + speculative + "'");
        }
    }
}
