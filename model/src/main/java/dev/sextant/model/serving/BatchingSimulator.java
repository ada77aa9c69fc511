package dev.sextant.model.serving;

import dev.sextant.model.InputError;
import dev.sextant.model.job.CancellationToken;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A discrete-event simulation of continuous (iteration-level) batching, as vLLM schedules it: every engine step runs
 * one decode token for each running sequence plus prefill tokens of admitted ones, bounded by max_num_seqs and the
 * token budget max_num_batched_tokens; a request is admitted only when KV blocks are free for it, and when the cache
 * runs out the latest admitted sequence is preempted (recomputed later). Without chunked prefill a step is either all
 * prefill (whole prompts, admitted first, as vLLM V0 does) or all decode; with it, prompts are split into chunks that
 * share steps with decodes (Sarathi-Serve). Step times come from {@link StepLatency}. Deterministic for a seed.
 */
public final class BatchingSimulator {

    /**
     * Scheduler settings.
     *
     * @param kvBlocks      the cache in layer-blocks of {@code layout} (with one full layer, plain blocks)
     * @param layout        the layers' attention kinds: how many layer-blocks a sequence of n tokens holds
     * @param reserveOutput admit a request only when the cache can hold its prompt and its whole output, and reserve
     *                      that at once (TensorRT-LLM's GUARANTEED_NO_EVICT capacity scheduler): nothing is preempted
     */
    public record Scheduler(
            int maxNumSeqs,
            int maxNumBatchedTokens,
            boolean chunkedPrefill,
            int blockSize,
            long kvBlocks,
            KvCacheLayout layout,
            boolean reserveOutput) {

        /** Admission as vLLM does it: blocks for what is computed, preemption when they run out. */
        public Scheduler(
                int maxNumSeqs,
                int maxNumBatchedTokens,
                boolean chunkedPrefill,
                int blockSize,
                long kvBlocks,
                KvCacheLayout layout) {
            this(maxNumSeqs, maxNumBatchedTokens, chunkedPrefill, blockSize, kvBlocks, layout, false);
        }

        public Scheduler {
            InputError.require(
                    maxNumSeqs >= 1, "serving.maxNumSeqs", "the most sequences in a batch must be at least 1");
            InputError.require(
                    maxNumBatchedTokens >= 1,
                    "serving.maxNumBatchedTokens",
                    "the tokens in one forward pass must be at least 1");
            InputError.require(blockSize >= 1, "serving.blockSize", "the block size must be at least 1 token");
            InputError.require(
                    kvBlocks >= 1, "serving.gpuMemoryUtilization", "the KV cache must hold at least one block");
            if (layout.blockSize() != blockSize) {
                throw new IllegalArgumentException("the KV layout's block size differs from the scheduler's");
            }
        }

        /** Every layer full attention: {@code kvBlocks} whole blocks. */
        public Scheduler(
                int maxNumSeqs, int maxNumBatchedTokens, boolean chunkedPrefill, int blockSize, long kvBlocks) {
            this(
                    maxNumSeqs,
                    maxNumBatchedTokens,
                    chunkedPrefill,
                    blockSize,
                    kvBlocks,
                    KvCacheLayout.uniform(blockSize));
        }

        /** Layer-blocks a sequence whose context is {@code tokens} long holds. */
        long blocksFor(long tokens) {
            return layout.layerBlocksFor(tokens);
        }
    }

    /**
     * One request: when it arrives and its prompt and output lengths.
     *
     * @param prefilled the prompt's KV cache arrives with the request, computed elsewhere (a decode instance of
     *                  disaggregated serving): admitting it takes the prompt's blocks at once, its first token came from
     *                  the prefill instance, and its "time to first token" here is the wait until its first decode
     *                  step. Preempted, it is recomputed here as vLLM's connectors do.
     */
    public record Request(double arrival, int promptTokens, int outputTokens, boolean prefilled) {

        public Request(double arrival, int promptTokens, int outputTokens) {
            this(arrival, promptTokens, outputTokens, false);
        }

        /** This request with its prompt's KV cache computed elsewhere. */
        public Request asPrefilled() {
            return new Request(arrival, promptTokens, outputTokens, true);
        }
    }

    /**
     * Speculative decoding (Leviathan et al., arXiv 2211.17192): a draft model proposes {@code draftTokens} (γ) tokens
     * per step for every decoding sequence at {@code draftCost} (c) times the target's decode step each; the target
     * verifies all γ + 1 positions in one pass, and each drafted token is accepted with probability {@code acceptance}
     * (α) until the first rejection, which the target's own token replaces. A sequence thus gains between 1 and γ + 1
     * tokens per step, (1 − α^(γ+1)) / (1 − α) on average; the verification adds γ tokens of compute per sequence.
     */
    public record Speculation(double acceptance, int draftTokens, double draftCost) {
        public Speculation {
            if (!(acceptance >= 0 && acceptance <= 1)) {
                throw new InputError(
                        "serving.specAcceptance",
                        "speculative decoding: the acceptance rate must lie in [0, 1], got " + acceptance);
            }
            if (draftTokens < 1 || draftTokens > 16) {
                throw new InputError(
                        "serving.specTokens",
                        "speculative decoding: drafted tokens must lie in 1..16, got " + draftTokens);
            }
            if (!(draftCost >= 0 && draftCost <= 1)) {
                throw new InputError(
                        "serving.specCost",
                        "speculative decoding: the draft's cost relative to the target must lie in [0, 1], got "
                                + draftCost);
            }
        }
    }

    /** Points of the KV-utilisation time series (equal slices of the arrival period). */
    public static final int KV_SERIES_POINTS = 120;

    /**
     * What happened to each request, and over time.
     *
     * @param kvUtilisation time-weighted share of KV blocks in use over {@link #KV_SERIES_POINTS} equal slices of the
     *                      arrival period (the last slice also holds the drain after the last arrival)
     * @param kvSeriesSeconds length of one slice
     */
    public record Outcome(
            double[] ttft,
            double[] tpot,
            double[] e2e,
            long outputTokens,
            double simulatedSeconds,
            long steps,
            long preemptions,
            double meanKvUtilisation,
            double[] kvUtilisation,
            double kvSeriesSeconds) {

        /** Share of requests meeting both targets (null: no target), or null when no target is given or nothing ran. */
        public Double sloAttainment(Double ttftTarget, Double tpotTarget) {
            if (ttftTarget == null && tpotTarget == null || ttft.length == 0) {
                return null;
            }
            int met = 0;
            for (int i = 0; i < ttft.length; i++) {
                if ((ttftTarget == null || ttft[i] <= ttftTarget) && (tpotTarget == null || tpot[i] <= tpotTarget)) {
                    met++;
                }
            }
            return (double) met / ttft.length;
        }

        public double throughputTokensPerSecond() {
            return simulatedSeconds > 0 ? outputTokens / simulatedSeconds : 0;
        }
    }

    /** Simulation steps allowed; beyond this a run is refused rather than left to run for minutes. */
    public static final long MAX_STEPS = 20_000_000;

    private BatchingSimulator() {}

    /** Poisson arrivals at {@code rate} per second until {@code duration} seconds or {@code count} requests. */
    public static List<Request> poisson(
            double rate, double duration, int count, LengthDistribution prompt, LengthDistribution output, long seed) {
        if (!(rate > 0)) {
            throw new InputError("serving.rate", "the request rate must be positive");
        }
        SplittableRandom random = new SplittableRandom(seed);
        List<Request> out = new ArrayList<>();
        double t = 0;
        while (true) {
            t += -Math.log(1 - random.nextDouble()) / rate;
            if (count > 0 ? out.size() >= count : t > duration) {
                break;
            }
            out.add(new Request(t, prompt.sample(random), Math.max(1, output.sample(random))));
        }
        return out;
    }

    /**
     * Bursty arrivals: gaps from a gamma distribution with mean 1/rate and coefficient of variation {@code cv} (1 is
     * Poisson; above 1, bursts and lulls), by Marsaglia and Tsang's method.
     */
    public static List<Request> gamma(
            double rate,
            double cv,
            double duration,
            int count,
            LengthDistribution prompt,
            LengthDistribution output,
            long seed) {
        InputError.require(rate > 0, "serving.rate", "the request rate must be positive");
        InputError.require(cv > 0, "serving.arrivals", "the burstiness (coefficient of variation) must be positive");
        SplittableRandom random = new SplittableRandom(seed);
        double shape = 1 / (cv * cv);
        double scale = 1 / (rate * shape);
        List<Request> out = new ArrayList<>();
        double t = 0;
        while (true) {
            t += gammaSample(shape, random) * scale;
            if (count > 0 ? out.size() >= count : t > duration) {
                break;
            }
            out.add(new Request(t, prompt.sample(random), Math.max(1, output.sample(random))));
        }
        return out;
    }

    private static double gammaSample(double shape, SplittableRandom random) {
        if (shape < 1) {
            // boost: Gamma(a) = Gamma(a + 1) · U^(1/a)
            return gammaSample(shape + 1, random) * Math.pow(random.nextDouble(), 1 / shape);
        }
        double d = shape - 1.0 / 3;
        double c = 1 / Math.sqrt(9 * d);
        while (true) {
            double x;
            double v;
            do {
                double u1 = 1 - random.nextDouble();
                double u2 = random.nextDouble();
                x = Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
                v = 1 + c * x;
            } while (v <= 0);
            v = v * v * v;
            double u = random.nextDouble();
            if (u < 1 - 0.0331 * x * x * x * x || Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) {
                return d * v;
            }
        }
    }

    public static Outcome run(List<Request> requests, StepLatency latency, Scheduler s, CancellationToken cancel) {
        return run(requests, latency, s, null, 0, cancel);
    }

    /**
     * @param speculation speculative decoding, or null
     * @param seed        for the acceptance draws of speculative decoding
     */
    public static Outcome run(
            List<Request> requests,
            StepLatency latency,
            Scheduler s,
            Speculation speculation,
            long seed,
            CancellationToken cancel) {
        return run(requests, latency, s, speculation, seed, 0, cancel);
    }

    /**
     * @param concurrency 0 for the requests' own arrival times; otherwise a closed loop (a benchmark client holding
     *                    {@code concurrency} requests in flight): the first ones arrive at once, each later one when an
     *                    earlier one finishes, whatever its arrival time says
     */
    public static Outcome run(
            List<Request> requests,
            StepLatency latency,
            Scheduler s,
            Speculation speculation,
            long seed,
            int concurrency,
            CancellationToken cancel) {
        return run(requests, latency, s, speculation, seed, concurrency, 0, cancel);
    }

    /**
     * @param frontendSeconds time the serving front end (an OpenAI-compatible API server: parse, chat template, tokenize,
     *                        hand over) spends on each request before the scheduler sees it, one request at a time; 0 for
     *                        an offline benchmark that feeds the engine directly
     */
    public static Outcome run(
            List<Request> requests,
            StepLatency latency,
            Scheduler s,
            Speculation speculation,
            long seed,
            int concurrency,
            double frontendSeconds,
            CancellationToken cancel) {
        return run(requests, latency, s, speculation, seed, concurrency, frontendSeconds, null, cancel);
    }

    /**
     * As above, ended as soon as {@code watch} (null: none) says the P99 targets are sure to be missed: null then, the
     * whole run's outcome otherwise.
     */
    static Outcome run(
            List<Request> requests,
            StepLatency latency,
            Scheduler s,
            Speculation speculation,
            long seed,
            int concurrency,
            double frontendSeconds,
            P99Watch watch,
            CancellationToken cancel) {
        return new SchedulerRun(requests, latency, s, speculation, seed, concurrency, frontendSeconds)
                .stopWhenMissed(watch)
                .run(cancel);
    }

    static int blocksFor(int tokens, int blockSize) {
        return (tokens + blockSize - 1) / blockSize;
    }

    /** The q-quantile (0–1) of values, by linear interpolation between order statistics. */
    public static double quantile(double[] values, double q) {
        if (values.length == 0) {
            return Double.NaN;
        }
        double[] v = values.clone();
        Arrays.sort(v);
        double pos = q * (v.length - 1);
        int lo = (int) Math.floor(pos);
        int hi = Math.min(v.length - 1, lo + 1);
        return v[lo] + (v[hi] - v[lo]) * (pos - lo);
    }

    /**
     * The other attention replicas of data-parallel attention, which the simulator does not schedule one by one: each
     * runs the same scheduler over its own share of the requests, so its batch in a step is taken as a draw from the
     * simulated rank's recent batches ({@value #PEER_WINDOW} steps), independent of this step's. Balanced on average, as
     * the router's round robin makes them, but not in phase: a rank prefilling a long prompt while the others decode
     * lengthens everyone's step. The first step of all, before there is any history, is in phase (a burst reaches every
     * rank at once).
     */
    static final class PeerRanks {
        static final int PEER_WINDOW = 64;
        private final int count;
        private final SplittableRandom random;
        private final StepLatency.Batch[] history = new StepLatency.Batch[PEER_WINDOW];
        private int recorded;

        PeerRanks(int count, SplittableRandom random) {
            this.count = count;
            this.random = random;
        }

        /** The peers' batches for the step in which the simulated rank runs {@code own}; then {@code own} joins the history. */
        List<StepLatency.Batch> draw(StepLatency.Batch own) {
            List<StepLatency.Batch> out = new ArrayList<>(count);
            int size = Math.min(recorded, PEER_WINDOW);
            for (int i = 0; i < count; i++) {
                out.add(size == 0 ? own : history[random.nextInt(size)]);
            }
            history[recorded % PEER_WINDOW] = own;
            recorded++;
            return out;
        }
    }
}
