package dev.sextant.app.cli.plan;

import dev.sextant.app.cli.CliProgress;
import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.app.study.ServingStudy;
import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.hardware.GpuSpec;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.serving.Disaggregation;
import dev.sextant.model.serving.ServingIntervals;
import dev.sextant.model.serving.ServingReplica;
import dev.sextant.model.serving.Workload;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sextant plan disagg}: disaggregated prefill/decode pools against aggregated replicas on one workload. */
@Command(
        name = "disagg",
        mixinStandardHelpOptions = true,
        description = {
            "Disaggregated prefill/decode serving against aggregated serving of one workload: prefill and decode",
            "instances each judged at its own P99 target (simulated), the KV cache moved over the link between them,",
            "the pools rate-matched; goodput per GPU and cost of a million output tokens for both, and which is better.",
            "TPs not given are searched over 1, 2, 4, 8 for the best goodput per GPU."
        })
public final class PlanDisaggCommand implements Runnable {

    @Mixin
    ModelGpuOptions inputs;

    @Option(names = "--tp", paramLabel = "T", description = "TP of an aggregated replica (default: searched).")
    Integer tp;

    @Option(names = "--prefill-tp", paramLabel = "T", description = "TP of a prefill instance (default: searched).")
    Integer prefillTp;

    @Option(names = "--decode-tp", paramLabel = "T", description = "TP of a decode instance (default: searched).")
    Integer decodeTp;

    @Option(
            names = "--ep",
            defaultValue = "1",
            paramLabel = "E",
            description =
                    "Expert-parallel size of every instance (mixtures of experts; a multiple of TP runs data-parallel attention; default: ${DEFAULT-VALUE}).")
    int ep;

    @Option(
            names = "--prefill-ep",
            paramLabel = "E",
            description = "Expert-parallel size of a prefill instance (default: --ep).")
    Integer prefillEp;

    @Option(
            names = "--decode-ep",
            paramLabel = "E",
            description =
                    "Expert-parallel size of a decode instance (default: --ep); large EP over TP 1 is data-parallel attention, as "
                            + "DeepSeek-class models are served.")
    Integer decodeEp;

    @Option(
            names = "--kv-link-gbs",
            paramLabel = "G",
            description =
                    "Bandwidth per GPU of the link the KV cache crosses, GB/s (default: NVLink when a prefill/decode unit fits in one "
                            + "node, else the GPU's network share).")
    Double kvLinkGbs;

    @Option(
            names = "--prefill-max-num-batched-tokens",
            paramLabel = "T",
            description =
                    "Token budget per step of a prefill instance (default: the engine's, as --max-num-batched-tokens).")
    Integer prefillMaxNumBatchedTokens;

    @Option(
            names = "--decode-max-num-seqs",
            paramLabel = "S",
            description = "Most sequences in a decode instance's batch (default: the engine's, as --max-num-seqs).")
    Integer decodeMaxNumSeqs;

    @Mixin
    PrecisionOptions precision;

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

    /** Goodput per GPU in requests per second; output tokens per second per GPU beside it. */
    public record Aggregated(
            int tp,
            int ep,
            int gpusPerReplica,
            double goodputPerReplica,
            double goodputPerGpu,
            double outputTokensPerSecondPerGpu,
            Double costPerMillionOutputTokens,
            String problem,
            double[] goodputPerGpuInterval,
            double[] costPerMillionOutputTokensInterval) {}

    /** One pool: its instance's parallelism, GPUs of the deployment unit's pool, and what one instance sustains. */
    public record Pool(
            int tp,
            int ep,
            int gpus,
            int instances,
            int gpusPerInstance,
            double goodputPerInstance,
            double p99Seconds,
            int maxNumSeqs,
            int maxNumBatchedTokens) {}

    public record Disaggregated(
            Pool prefill,
            Pool decode,
            double ratio,
            double goodputPerGpu,
            double outputTokensPerSecondPerGpu,
            double rateMatchedGoodputPerGpu,
            double kvTransferSecondsPerRequest,
            double kvBytesPerRequestPerGpu,
            double kvLinkGbsPerGpu,
            String kvLink,
            Double costPerMillionOutputTokens,
            String problem,
            double[] goodputPerGpuInterval,
            double[] costPerMillionOutputTokensInterval) {}

    /**
     * The contract's keys first.
     *
     * @param gain               disaggregated goodput per GPU over aggregated (null when aggregated serves nothing)
     * @param goodputPerGpuFactors 80 % interval on either goodput per GPU, as factors (held-out serving errors)
     */
    public record Result(
            Aggregated aggregated,
            Disaggregated disaggregated,
            String better,
            Double gain,
            String model,
            String gpu,
            String engine,
            double sloTtft,
            double sloTpot,
            double[] goodputPerGpuFactors) {}

    @Override
    public void run() {
        ModelArchitecture arch = inputs.model(spec);
        GpuSpec g = inputs.gpu(spec);
        Workload w = workload.workload();
        ServingStudy study = new ServingStudy();
        ServingReplica base = study.replica(
                engine.builder(arch, g)
                        .parallel(1, 1, ep)
                        .weights(precision.storage(inputs.checkpointWeights()))
                        .kvFp8(precision.kvFp8()),
                null,
                profile.resolve(spec, null, null));
        CliProgress progress = new CommandContext(spec).progress();
        Disaggregation.Plan plan = study.disaggregation(
                base,
                w,
                new Disaggregation.Choices(
                        tp,
                        prefillTp,
                        decodeTp,
                        ep,
                        kvLinkGbs,
                        prefillMaxNumBatchedTokens,
                        decodeMaxNumSeqs,
                        prefillEp,
                        decodeEp),
                workload.price,
                progress,
                CancellationToken.none());
        progress.done();
        Result r = result(plan, arch, g, w);
        new CommandContext(spec).print(output.json(), r, out -> {
            out.printf(
                    "%s on %s (%s): P99 TTFT ≤ %.2f s, TPOT ≤ %.3f s%n",
                    arch.name(), g.name(), engine.profile().name(), w.sloTtft(), w.sloTpot());
            Aggregated a = r.aggregated();
            out.printf(
                    "Aggregated:    TP %d%s, %d GPUs a replica, %.3f req/s per GPU (%.0f output tok/s per GPU)%s%s%n",
                    a.tp(),
                    epText(a.ep()),
                    a.gpusPerReplica(),
                    a.goodputPerGpu(),
                    a.outputTokensPerSecondPerGpu(),
                    cost(a.costPerMillionOutputTokens()),
                    a.problem() == null ? "" : " — " + a.problem());
            Disaggregated d = r.disaggregated();
            if (d.problem() != null) {
                out.printf("Disaggregated: %s%n", d.problem());
            } else {
                out.printf(
                        "Disaggregated: %d prefill × TP %d%s + %d decode × TP %d%s = %d GPUs, %.3f req/s per GPU (%.0f output tok/s per GPU)%s%n",
                        d.prefill().instances(),
                        d.prefill().tp(),
                        epText(d.prefill().ep()),
                        d.decode().instances(),
                        d.decode().tp(),
                        epText(d.decode().ep()),
                        d.prefill().gpus() + d.decode().gpus(),
                        d.goodputPerGpu(),
                        d.outputTokensPerSecondPerGpu(),
                        cost(d.costPerMillionOutputTokens()));
                out.printf(
                        "               a prefill instance %.2f req/s (P99 TTFT with transfer %.2f s), a decode instance %.2f req/s "
                                + "(P99 wait %.3f s); KV %.1f MiB per GPU a request, %.1f ms over %s%n",
                        d.prefill().goodputPerInstance(),
                        d.prefill().p99Seconds(),
                        d.decode().goodputPerInstance(),
                        d.decode().p99Seconds(),
                        d.kvBytesPerRequestPerGpu() / (1 << 20),
                        d.kvTransferSecondsPerRequest() * 1e3,
                        d.kvLink());
            }
            out.printf(
                    "Better: %s%s. 80 %% interval on either goodput: ×%.2f–×%.2f (the two share the model's errors, so their ratio is "
                            + "tighter)%n",
                    r.better(),
                    r.gain() == null ? "" : String.format(" (disaggregated/aggregated per GPU %.2f×)", r.gain()),
                    r.goodputPerGpuFactors()[0],
                    r.goodputPerGpuFactors()[1]);
        });
    }

    static Result result(Disaggregation.Plan plan, ModelArchitecture arch, GpuSpec g, Workload w) {
        Disaggregation.Aggregated a = plan.aggregated();
        ServingIntervals.Factors f = ServingIntervals.DEFAULT.throughput();
        Aggregated agg = new Aggregated(
                a.replica().spec().tp(),
                a.replica().spec().ep(),
                a.gpusPerReplica(),
                a.goodputPerReplica(),
                a.goodputPerGpu(),
                a.outputTokensPerSecondPerGpu(),
                a.costPerMillionOutputTokens(),
                a.problem(),
                f.around(a.goodputPerGpu()),
                a.costPerMillionOutputTokens() == null ? null : f.aroundInverse(a.costPerMillionOutputTokens()));
        Disaggregation.Disaggregated d = plan.disaggregated();
        Disaggregated dis = new Disaggregated(
                pool(d.prefill(), d.prefillInstances()),
                pool(d.decode(), d.decodeInstances()),
                d.ratio(),
                d.goodputPerGpu(),
                d.outputTokensPerSecondPerGpu(),
                d.rateMatchedGoodputPerGpu(),
                d.kvTransferSecondsPerRequest(),
                d.kvBytesPerRequest(),
                d.link().gbsPerGpu(),
                d.link().source(),
                d.costPerMillionOutputTokens(),
                d.problem(),
                f.around(d.goodputPerGpu()),
                d.costPerMillionOutputTokens() == null ? null : f.aroundInverse(d.costPerMillionOutputTokens()));
        Double gain = a.goodputPerGpu() > 0 ? d.goodputPerGpu() / a.goodputPerGpu() : null;
        return new Result(
                agg,
                dis,
                plan.better(),
                gain,
                arch.name(),
                g.name(),
                a.replica().engine().id(),
                w.sloTtft(),
                w.sloTpot(),
                new double[] {f.low(), f.high()});
    }

    private static Pool pool(Disaggregation.Pool p, int instances) {
        return new Pool(
                p.replica().spec().tp(),
                p.replica().spec().ep(),
                instances * p.gpus(),
                instances,
                p.gpus(),
                p.goodput(),
                p.p99WaitSeconds(),
                p.replica().spec().maxNumSeqs(),
                p.replica().spec().maxNumBatchedTokens());
    }

    private static String epText(int ep) {
        return ep > 1 ? ", EP " + ep : "";
    }

    private static String cost(Double c) {
        return c == null ? "" : String.format(", %.2f per million output tokens", c);
    }
}
