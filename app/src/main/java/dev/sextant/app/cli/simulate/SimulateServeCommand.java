package dev.sextant.app.cli.simulate;

import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.app.cli.plan.PlanServeCommand;
import dev.sextant.app.cli.plan.PlanTrainCommand;
import dev.sextant.model.io.BadInputException;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.serving.BatchingSimulator;
import dev.sextant.model.serving.LengthDistribution;
import dev.sextant.model.serving.ServingMemory;
import dev.sextant.model.serving.ServingSpec;
import dev.sextant.model.serving.StepLatency;
import dev.sextant.model.serving.WeightFormat;
import dev.sextant.model.training.GpuSpec;
import dev.sextant.model.training.ModelArchitecture;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code sextant simulate serve}: continuous batching under a request stream, with latency percentiles and SLOs. */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = {"Simulate a serving engine's continuous batching: Poisson arrivals at --rate, prompt and output lengths",
                "from distributions (const:N, uniform:A:B, lognormal:MEAN:SD, file:PATH), the KV cache of `plan serve`.",
                "Deterministic for a seed."})
public final class SimulateServeCommand implements Runnable {

    @Option(names = "--model", required = true, paramLabel = "ID|config.json", description = "Catalog id or a Hugging Face config.json.")
    String model;
    @Option(names = "--gpu", required = true, paramLabel = "ID|gpu.json", description = "GPU type: a catalog id or a JSON file.")
    String gpu;
    @Option(names = "--tp", defaultValue = "1", paramLabel = "T", description = "Tensor-parallel size (default: ${DEFAULT-VALUE}).")
    int tp;
    @Option(names = "--weight-dtype", defaultValue = "bf16", paramLabel = "bf16|fp8|int8|int4", description = "Weights (default: ${DEFAULT-VALUE}).")
    WeightFormat weightDtype;
    @Option(names = "--rate", paramLabel = "R", description = "Requests per second.")
    Double rate;
    @ArgGroup(exclusive = true, multiplicity = "0..1")
    Length length;
    @Option(names = "--prompt-tokens", paramLabel = "DIST", description = "Prompt lengths: const:N, uniform:A:B, lognormal:MEAN:SD or file:PATH.")
    String promptTokens;
    @Option(names = "--output-tokens", paramLabel = "DIST", description = "Output lengths, as --prompt-tokens.")
    String outputTokens;
    @Option(names = "--arrivals", defaultValue = "poisson", paramLabel = "poisson|gamma:CV|trace:FILE",
            description = {"Arrival process (default: ${DEFAULT-VALUE}): Poisson at --rate; gamma gaps with coefficient of variation CV",
                    "(bursty above 1); or a trace CSV of arrival seconds, prompt tokens, output tokens (then --rate, --duration,",
                    "--requests and the length distributions are not used)."})
    String arrivals;
    @Option(names = "--max-num-seqs", defaultValue = "256", paramLabel = "S", description = "Most sequences in a batch (default: ${DEFAULT-VALUE}).")
    int maxNumSeqs;
    @Option(names = "--max-num-batched-tokens", defaultValue = "8192", paramLabel = "T", description = "Token budget per step (default: ${DEFAULT-VALUE}).")
    int maxNumBatchedTokens;
    @Option(names = "--chunked-prefill", description = "Split prompts into chunks that share steps with decodes.")
    boolean chunkedPrefill;
    @Option(names = "--slo-ttft", paramLabel = "S", description = "Time-to-first-token target, seconds.")
    Double sloTtft;
    @Option(names = "--slo-tpot", paramLabel = "S", description = "Time-per-output-token target, seconds.")
    Double sloTpot;
    @Option(names = "--seed", defaultValue = "1", paramLabel = "N", description = "Random seed (default: ${DEFAULT-VALUE}).")
    long seed;
    @Mixin
    JsonOption output;
    @Spec
    CommandSpec spec;

    static final class Length {
        @Option(names = "--duration", paramLabel = "S", description = "Seconds of arrivals.")
        Double duration;
        @Option(names = "--requests", paramLabel = "N", description = "Number of requests.")
        Integer requests;
    }

    public record Percentiles(double p50, double p90, double p99) {
        static Percentiles of(double[] v) {
            return new Percentiles(BatchingSimulator.quantile(v, 0.5), BatchingSimulator.quantile(v, 0.9), BatchingSimulator.quantile(v, 0.99));
        }
    }

    /** The contract's keys first. */
    public record Result(int requests, int completed, Percentiles ttftSeconds, Percentiles tpotSeconds, Percentiles e2eSeconds,
                         double throughputTokensPerSecond, Double sloAttainment, double simulatedSeconds, double wallSeconds, long steps,
                         long preemptions, double meanKvUtilisation, long kvBlocks) {
    }

    @Override
    public void run() {
        long start = System.nanoTime();
        ModelArchitecture arch = PlanTrainCommand.readModel(model, spec);
        GpuSpec g = PlanServeCommand.readGpu(gpu);
        Result r;
        try {
            boolean trace = arrivals.startsWith("trace:");
            if (!trace && (rate == null || length == null || promptTokens == null || outputTokens == null)) {
                throw new IllegalArgumentException("give --rate, --duration or --requests, --prompt-tokens and --output-tokens "
                        + "(or --arrivals trace:FILE)");
            }
            int maxLen = (int) Math.min(arch.maxPositions(), 1L << 20);
            ServingMemory memory = ServingMemory.plan(new ServingSpec(arch, g, tp, 1, weightDtype, false, maxLen, maxNumSeqs, maxNumBatchedTokens,
                    0.9, 16, null, null, null));
            if (!memory.fits()) {
                throw new IllegalArgumentException(arch.name() + " does not fit on " + g.name() + " with TP " + tp
                        + " (see sextant plan serve)");
            }
            List<BatchingSimulator.Request> requests = trace ? readTrace(Path.of(arrivals.substring(6))) : generate();
            BatchingSimulator.Outcome o = BatchingSimulator.run(requests, StepLatency.defaults(arch, g, tp, weightDtype, false),
                    new BatchingSimulator.Scheduler(maxNumSeqs, maxNumBatchedTokens, chunkedPrefill, 16, memory.kvBlocks()), CancellationToken.none());
            Double attainment = null;
            if (sloTtft != null || sloTpot != null) {
                int met = 0;
                for (int i = 0; i < o.ttft().length; i++) {
                    if ((sloTtft == null || o.ttft()[i] <= sloTtft) && (sloTpot == null || o.tpot()[i] <= sloTpot)) {
                        met++;
                    }
                }
                attainment = o.ttft().length == 0 ? null : (double) met / o.ttft().length;
            }
            r = new Result(requests.size(), o.ttft().length, Percentiles.of(o.ttft()), Percentiles.of(o.tpot()), Percentiles.of(o.e2e()),
                    o.simulatedSeconds() > 0 ? o.outputTokens() / o.simulatedSeconds() : 0, attainment, o.simulatedSeconds(),
                    (System.nanoTime() - start) / 1e9, o.steps(), o.preemptions(), o.meanKvUtilisation(), memory.kvBlocks());
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        new CommandContext(spec).print(output.json(), r, w -> {
            w.printf("%d requests (%s) on %s × %d: %.0f output tokens/s over %.1f simulated s (%.2f s to simulate)%n", r.requests(),
                    arrivals, g.name(), tp, r.throughputTokensPerSecond(), r.simulatedSeconds(), r.wallSeconds());
            w.printf("TTFT  p50 %.3f  p90 %.3f  p99 %.3f s%n", r.ttftSeconds().p50(), r.ttftSeconds().p90(), r.ttftSeconds().p99());
            w.printf("TPOT  p50 %.4f  p90 %.4f  p99 %.4f s%n", r.tpotSeconds().p50(), r.tpotSeconds().p90(), r.tpotSeconds().p99());
            w.printf("E2E   p50 %.2f  p90 %.2f  p99 %.2f s%n", r.e2eSeconds().p50(), r.e2eSeconds().p90(), r.e2eSeconds().p99());
            if (r.sloAttainment() != null) {
                w.printf("SLO attainment %.1f%%%n", 100 * r.sloAttainment());
            }
            w.printf("KV cache: %,d blocks, %.0f%% used on average; %d preemptions%n", r.kvBlocks(), 100 * r.meanKvUtilisation(), r.preemptions());
        });
    }

    private List<BatchingSimulator.Request> generate() {
        LengthDistribution prompt = distribution("--prompt-tokens", promptTokens);
        LengthDistribution out = distribution("--output-tokens", outputTokens);
        if (!(rate > 0)) {
            throw new IllegalArgumentException("--rate must be positive");
        }
        if (length.duration != null && !(length.duration > 0) || length.requests != null && length.requests < 1) {
            throw new IllegalArgumentException("--duration and --requests must be positive");
        }
        if (rate * (length.duration != null ? length.duration : 0) > 2_000_000 || length.requests != null && length.requests > 2_000_000) {
            throw new IllegalArgumentException("more than 2,000,000 requests: the simulation would not finish in reasonable time; "
                    + "shorten --duration or lower --rate");
        }
        double duration = length.duration == null ? 0 : length.duration;
        int count = length.requests == null ? 0 : length.requests;
        if (arrivals.equals("poisson")) {
            return BatchingSimulator.poisson(rate, duration, count, prompt, out, seed);
        }
        if (arrivals.startsWith("gamma:")) {
            double cv;
            try {
                cv = Double.parseDouble(arrivals.substring(6));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--arrivals: gamma:CV needs a number, got '" + arrivals + "'");
            }
            return BatchingSimulator.gamma(rate, cv, duration, count, prompt, out, seed);
        }
        throw new IllegalArgumentException("--arrivals: poisson, gamma:CV or trace:FILE, got '" + arrivals + "'");
    }

    /** A trace CSV: arrival seconds, prompt tokens, output tokens per line (a header line is allowed), in arrival order. */
    static List<BatchingSimulator.Request> readTrace(Path file) {
        List<BatchingSimulator.Request> out = new ArrayList<>();
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw BadInputException.of(file.toString(), "cannot read: " + e.getMessage());
        }
        double last = 0;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#") || i == 0 && Character.isLetter(line.charAt(0))) {
                continue;
            }
            String[] f = line.split(",");
            if (f.length < 3) {
                throw new BadInputException(file.toString(), i + 1, null, "expected arrival,prompt_tokens,output_tokens");
            }
            try {
                double at = Double.parseDouble(f[0].strip());
                int p = Integer.parseInt(f[1].strip());
                int o = Integer.parseInt(f[2].strip());
                if (at < last || p < 1 || o < 1) {
                    throw new BadInputException(file.toString(), i + 1, null,
                            "arrivals must not go back in time and token counts must be at least 1");
                }
                last = at;
                out.add(new BatchingSimulator.Request(at, p, o));
            } catch (NumberFormatException e) {
                throw new BadInputException(file.toString(), i + 1, null, "expected numbers: arrival,prompt_tokens,output_tokens");
            }
        }
        if (out.isEmpty()) {
            throw BadInputException.of(file.toString(), "no requests in the trace");
        }
        return out;
    }

    private static LengthDistribution distribution(String option, String spec) {
        if (!spec.startsWith("file:")) {
            return LengthDistribution.parse(option, spec);
        }
        Path file = Path.of(spec.substring(5));
        List<Integer> values = new ArrayList<>();
        try {
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i).strip();
                if (line.isEmpty() || line.startsWith("#")) {
                    continue;
                }
                try {
                    int v = Integer.parseInt(line);
                    if (v < 1) {
                        throw new NumberFormatException();
                    }
                    values.add(v);
                } catch (NumberFormatException e) {
                    throw new BadInputException(file.toString(), i + 1, option, "expected a token count of at least 1, got '" + line + "'");
                }
            }
        } catch (IOException e) {
            throw BadInputException.of(file.toString(), "cannot read: " + e.getMessage());
        }
        if (values.isEmpty()) {
            throw BadInputException.of(file.toString(), "no token counts in the file");
        }
        return new LengthDistribution.Empirical(values);
    }
}
