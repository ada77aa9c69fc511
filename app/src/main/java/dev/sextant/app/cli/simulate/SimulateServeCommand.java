package dev.sextant.app.cli.simulate;

import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.app.cli.plan.EngineOption;
import dev.sextant.app.cli.plan.ModelGpuOptions;
import dev.sextant.app.cli.plan.ProfileOption;
import dev.sextant.app.cli.plan.ReplicaOptions;
import dev.sextant.app.study.ServingStudy;
import dev.sextant.model.InputError;
import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.hardware.GpuSpec;
import dev.sextant.model.io.ServingFiles;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.serving.BatchingSimulator;
import dev.sextant.model.serving.EngineProfile;
import dev.sextant.model.serving.LengthDistribution;
import dev.sextant.model.serving.Percentiles;
import dev.sextant.model.serving.ServingFit;
import dev.sextant.model.serving.ServingIntervals;
import dev.sextant.model.serving.ServingReplica;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code sextant simulate serve}: continuous batching under a request stream, with latency percentiles and SLOs. */
@Command(
        name = "serve",
        mixinStandardHelpOptions = true,
        description = {
            "Simulate a serving engine's continuous batching: Poisson arrivals at --rate, prompt and output lengths",
            "from distributions (const:N, uniform:A:B, lognormal:MEAN:SD, file:PATH), the KV cache of `plan serve`.",
            "Deterministic for a seed."
        })
public final class SimulateServeCommand implements Runnable {

    @Mixin
    ModelGpuOptions inputs;

    @Mixin
    ReplicaOptions replica;

    @Option(names = "--rate", paramLabel = "R", description = "Requests per second.")
    Double rate;

    @Option(
            names = "--concurrency",
            paramLabel = "C",
            description =
                    "Closed loop instead of arrivals: C requests in flight, the next sent as one finishes (as vllm "
                            + "bench serve --max-concurrency or trtllm-bench --concurrency); give --requests, not --rate.")
    Integer concurrency;

    @ArgGroup(exclusive = true, multiplicity = "0..1")
    Length length;

    @Option(
            names = "--prompt-tokens",
            paramLabel = "DIST",
            description = "Prompt lengths: const:N, uniform:A:B, lognormal:MEAN:SD or file:PATH.")
    String promptTokens;

    @Option(names = "--output-tokens", paramLabel = "DIST", description = "Output lengths, as --prompt-tokens.")
    String outputTokens;

    @Option(
            names = "--arrivals",
            defaultValue = "poisson",
            paramLabel = "poisson|gamma:CV|trace:FILE",
            description = {
                "Arrival process (default: ${DEFAULT-VALUE}): Poisson at --rate; gamma gaps with coefficient of variation CV",
                "(bursty above 1); or a trace: a CSV of arrival seconds, prompt tokens, output tokens, or a request log or",
                "public trace as published (Azure's, Mooncake's, any log monitor import reads); then --rate, --duration,",
                "--requests and the length distributions are not used."
            })
    String arrivals;

    @Mixin
    EngineOption engine;

    @Option(
            names = "--chunked-prefill",
            negatable = true,
            description =
                    "Split prompts into chunks that share steps with decodes (default: as the engine does; vLLM's V1 engine always).")
    Boolean chunkedPrefill;

    @Option(names = "--slo-ttft", paramLabel = "S", description = "Time-to-first-token target, seconds.")
    Double sloTtft;

    @Option(names = "--slo-tpot", paramLabel = "S", description = "Time-per-output-token target, seconds.")
    Double sloTpot;

    @Option(
            names = "--seed",
            defaultValue = "1",
            paramLabel = "N",
            description = "Random seed (default: ${DEFAULT-VALUE}).")
    long seed;

    @Mixin
    ProfileOption profile;

    @Mixin
    JsonOption output;

    @Spec
    CommandSpec spec;

    private final ServingStudy study = new ServingStudy();

    static final class Length {
        @Option(names = "--duration", paramLabel = "S", description = "Seconds of arrivals.")
        Double duration;

        @Option(names = "--requests", paramLabel = "N", description = "Number of requests.")
        Integer requests;
    }

    /** The contract's keys first. */
    public record Result(
            int requests,
            int completed,
            Percentiles ttftSeconds,
            Percentiles tpotSeconds,
            Percentiles e2eSeconds,
            double throughputTokensPerSecond,
            Double sloAttainment,
            double simulatedSeconds,
            double wallSeconds,
            long steps,
            long preemptions,
            double meanKvUtilisation,
            long kvBlocks,
            String latencySource,
            EngineProfile engine,
            int maxNumSeqs,
            int maxNumBatchedTokens,
            boolean chunkedPrefill,
            ServingFit fittedConstants,
            Intervals intervals) {}

    /**
     * 80 % intervals from the simulator's held-out errors on published measurements ({@link ServingIntervals}): the
     * throughput, and the P50/P99 TTFT and TPOT.
     */
    public record Intervals(
            double[] throughputTokensPerSecond,
            double[] ttftP50Seconds,
            double[] ttftP99Seconds,
            double[] tpotP50Seconds,
            double[] tpotP99Seconds) {
        static Intervals of(BatchingSimulator.Outcome o, Percentiles ttft, Percentiles tpot) {
            ServingIntervals i = ServingIntervals.DEFAULT;
            return new Intervals(
                    i.throughput().around(o.throughputTokensPerSecond()),
                    i.ttft().around(ttft.p50()),
                    i.ttft().around(ttft.p99()),
                    i.tpot().around(tpot.p50()),
                    i.tpot().around(tpot.p99()));
        }
    }

    @Override
    public void run() {
        long start = System.nanoTime();
        ModelArchitecture arch = inputs.model(spec);
        GpuSpec g = inputs.gpu(spec);
        boolean trace = arrivals.startsWith("trace:");
        if (concurrency != null
                && (trace
                        || rate != null
                        || length == null
                        || length.requests == null
                        || promptTokens == null
                        || outputTokens == null)) {
            throw new ParameterException(
                    spec.commandLine(),
                    "--concurrency C runs a closed loop: give --requests, --prompt-tokens and --output-tokens, "
                            + "without --rate, --duration or a trace");
        }
        if (!trace
                && concurrency == null
                && (rate == null || length == null || promptTokens == null || outputTokens == null)) {
            throw new ParameterException(
                    spec.commandLine(),
                    "give --rate, --duration or --requests, --prompt-tokens and --output-tokens "
                            + "(or --arrivals trace:FILE)");
        }
        EngineProfile e = engine.profile();
        ServingReplica server = study.replica(
                replica.applyTo(engine.builder(arch, g), inputs.checkpointWeights()),
                chunkedPrefill,
                profile.resolve(spec, null, null));
        study.fittingMemory(server.spec()); // a replica that does not fit is refused before the requests are read
        List<BatchingSimulator.Request> requests =
                trace ? ServingFiles.trace(Path.of(arrivals.substring(6))) : generate();
        ServingStudy.Simulation sim = concurrency == null
                ? study.simulate(server, requests, seed, CancellationToken.none())
                : study.simulate(server, requests, seed, concurrency, CancellationToken.none());
        BatchingSimulator.Outcome o = sim.outcome();
        Result r = new Result(
                requests.size(),
                Math.min(requests.size(), o.ttft().length * server.spec().attentionReplicas()),
                Percentiles.of(o.ttft()),
                Percentiles.of(o.tpot()),
                Percentiles.of(o.e2e()),
                o.throughputTokensPerSecond(),
                o.sloAttainment(sloTtft, sloTpot),
                o.simulatedSeconds(),
                (System.nanoTime() - start) / 1e9,
                o.steps(),
                o.preemptions(),
                o.meanKvUtilisation(),
                sim.kvBlocks(),
                sim.latencySource(),
                e,
                server.spec().maxNumSeqs(),
                server.spec().maxNumBatchedTokens(),
                server.chunkedPrefill(),
                server.latency().fit(),
                Intervals.of(o, Percentiles.of(o.ttft()), Percentiles.of(o.tpot())));
        new CommandContext(spec).print(output.json(), r, w -> {
            w.printf(
                    "%d requests (%s) on %s × %d: %.0f output tokens/s (80 %% interval %.0f–%.0f) over %.1f simulated s (%.2f s to simulate)%n",
                    r.requests(),
                    concurrency != null ? "closed loop of " + concurrency + " in flight" : arrivals,
                    g.name(),
                    replica.tp,
                    r.throughputTokensPerSecond(),
                    r.intervals().throughputTokensPerSecond()[0],
                    r.intervals().throughputTokensPerSecond()[1],
                    r.simulatedSeconds(),
                    r.wallSeconds());
            w.printf(
                    "TTFT  p50 %.3f  p90 %.3f  p99 %.3f s%n",
                    r.ttftSeconds().p50(),
                    r.ttftSeconds().p90(),
                    r.ttftSeconds().p99());
            w.printf(
                    "TPOT  p50 %.4f  p90 %.4f  p99 %.4f s%n",
                    r.tpotSeconds().p50(),
                    r.tpotSeconds().p90(),
                    r.tpotSeconds().p99());
            w.printf(
                    "E2E   p50 %.2f  p90 %.2f  p99 %.2f s%n",
                    r.e2eSeconds().p50(), r.e2eSeconds().p90(), r.e2eSeconds().p99());
            if (r.sloAttainment() != null) {
                w.printf("SLO attainment %.1f%%%n", 100 * r.sloAttainment());
            }
            w.printf(
                    "KV cache: %,d blocks, %.0f%% used on average; %d preemptions%n",
                    r.kvBlocks(), 100 * r.meanKvUtilisation(), r.preemptions());
            w.printf(
                    "Engine: %s, %d sequences, %d tokens a step, chunked prefill %s%n",
                    e.name(), r.maxNumSeqs(), r.maxNumBatchedTokens(), r.chunkedPrefill() ? "on" : "off");
            w.println("Step latency: " + r.latencySource());
        });
    }

    private List<BatchingSimulator.Request> generate() {
        LengthDistribution prompt = ServingFiles.distribution("serving.promptTokens", promptTokens);
        LengthDistribution out = ServingFiles.distribution("serving.outputTokens", outputTokens);
        if (concurrency != null) {
            InputError.require(concurrency >= 1, "serving.concurrency", "the requests in flight must be at least 1");
            InputError.require(
                    length.requests >= 1 && length.requests <= 2_000_000,
                    "serving.requests",
                    "the number of requests must lie between 1 and 2,000,000");
            return study.closedLoop(length.requests, prompt, out, seed);
        }
        InputError.require(rate > 0, "serving.rate", "the request rate must be positive");
        InputError.require(
                length.duration == null || length.duration > 0, "serving.duration", "the duration must be positive");
        InputError.require(
                length.requests == null || length.requests >= 1,
                "serving.requests",
                "the number of requests must be at least 1");
        if (rate * (length.duration != null ? length.duration : 0) > 2_000_000
                || length.requests != null && length.requests > 2_000_000) {
            throw new ParameterException(
                    spec.commandLine(),
                    "more than 2,000,000 requests: the simulation would not finish in reasonable time; "
                            + "shorten --duration or lower --rate");
        }
        double duration = length.duration == null ? 0 : length.duration;
        int count = length.requests == null ? 0 : length.requests;
        return study.arrivals(arrivals, rate, duration, count, prompt, out, seed);
    }
}
