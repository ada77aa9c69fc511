package dev.sextant.app.cli.plan;

import dev.sextant.app.cli.CliProgress;
import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.app.cli.TextTable;
import dev.sextant.app.study.ServingStudy;
import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.hardware.GpuSpec;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.serving.EngineProfile;
import dev.sextant.model.serving.ServingIntervals;
import dev.sextant.model.serving.ServingLevers;
import dev.sextant.model.serving.ServingSpec;
import dev.sextant.model.serving.ServingSpecBuilder;
import dev.sextant.model.serving.Workload;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sextant plan engines}: one replica and workload under every serving engine, each at its own defaults. */
@Command(
        name = "engines",
        mixinStandardHelpOptions = true,
        description = {
            "The same model, GPU, TP and formats under vLLM (V1 and V0), SGLang, TensorRT-LLM and LMDeploy, each at its own",
            "defaults for the GPU: batch limits, memory rule, chunked prefill, CUDA graphs and host costs. Each is judged on",
            "the same simulated arrivals: KV tokens, a lone request's time per token, goodput per replica and per GPU at the",
            "P99 targets and the cost of a million output tokens, against vLLM's."
        })
public final class PlanEnginesCommand implements Runnable {

    @Mixin
    ModelGpuOptions inputs;

    @Mixin
    ReplicaOptions replica;

    @Option(
            names = "--max-model-len",
            paramLabel = "L",
            description = "Longest request in tokens (default: the model's maximum positions, at most 1,048,576).")
    Integer maxModelLen;

    @Mixin
    WorkloadOptions workload;

    @Mixin
    ProfileOption profile;

    @Mixin
    JsonOption output;

    @Spec
    CommandSpec spec;

    /**
     * @param engines        one row per engine in the order vllm, vllm-v0, sglang, trtllm, lmdeploy; {@code change} holds its
     *                       settings, {@code costVersusBaseline} is against vLLM, {@code problem} says why an engine has no numbers
     * @param engineIds      the engines' ids, in the rows' order
     * @param goodputFactors the 80 % interval on every row's goodput, as factors (held-out errors on published measurements)
     */
    public record Result(List<ServingLevers.Row> engines, List<String> engineIds, double[] goodputFactors) {}

    @Override
    public void run() {
        ModelArchitecture arch = inputs.model(spec);
        GpuSpec g = inputs.gpu(spec);
        Workload w = workload.workload();
        ServingSpec s = replica.applyTo(ServingSpecBuilder.of(arch, g), inputs.checkpointWeights())
                .maxModelLen(maxModelLen)
                .build();
        CliProgress progress = new CommandContext(spec).progress();
        ServingIntervals.Factors f = ServingIntervals.DEFAULT.throughput();
        Result r = new Result(
                new ServingStudy()
                        .engines(
                                s,
                                profile.resolve(spec, null, null),
                                w,
                                workload.price,
                                progress,
                                CancellationToken.none()),
                EngineProfile.ALL.stream().map(EngineProfile::id).toList(),
                new double[] {f.low(), f.high()});
        progress.done();
        new CommandContext(spec).print(output.json(), r, out -> {
            out.printf(
                    "%s on %s, TP %d: P99 TTFT ≤ %.2f s, TPOT ≤ %.3f s; each engine at its own defaults%n",
                    arch.name(), g.name(), replica.tp, workload.sloTtft, workload.sloTpot);
            TextTable t = new TextTable(
                    "ENGINE", "KV TOKENS", "TPOT MS", "REQ/S", "REQ/S/GPU", "COST/M TOK", "COST VS VLLM", "SETTINGS");
            for (ServingLevers.Row x : r.engines()) {
                t.row(
                        x.name(),
                        x.kvTokens() == null ? "—" : String.format("%,d", x.kvTokens()),
                        TextTable.cell(x.singleStreamTpotSeconds(), 1000, "%.1f"),
                        TextTable.cell(x.goodputPerReplica(), 1, "%.2f"),
                        TextTable.cell(x.goodputPerGpu(), 1, "%.3f"),
                        TextTable.cell(x.costPerMillionOutputTokens(), 1, "%.2f"),
                        TextTable.cell(x.costVersusBaseline(), 1, "%.2f×"),
                        x.problem() != null ? "⚠ " + x.problem() : x.change());
            }
            t.print(out);
            out.printf(
                    "80 %% interval from held-out published runs: goodput ×%.2f–×%.2f (engines share the model's errors, so their ratios are "
                            + "tighter; the host costs behind them are fitted per engine on few sources)%n",
                    r.goodputFactors()[0], r.goodputFactors()[1]);
        });
    }
}
