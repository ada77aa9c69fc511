package dev.sextant.model.serving;

import dev.sextant.model.InputError;
import dev.sextant.model.job.CancellationToken;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
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
    public record Scheduler(int maxNumSeqs, int maxNumBatchedTokens, boolean chunkedPrefill, int blockSize, long kvBlocks,
                            KvCacheLayout layout, boolean reserveOutput) {

        /** Admission as vLLM does it: blocks for what is computed, preemption when they run out. */
        public Scheduler(int maxNumSeqs, int maxNumBatchedTokens, boolean chunkedPrefill, int blockSize, long kvBlocks, KvCacheLayout layout) {
            this(maxNumSeqs, maxNumBatchedTokens, chunkedPrefill, blockSize, kvBlocks, layout, false);
        }

        public Scheduler {
            InputError.require(maxNumSeqs >= 1, "serving.maxNumSeqs", "the most sequences in a batch must be at least 1");
            InputError.require(maxNumBatchedTokens >= 1, "serving.maxNumBatchedTokens", "the tokens in one forward pass must be at least 1");
            InputError.require(blockSize >= 1, "serving.blockSize", "the block size must be at least 1 token");
            InputError.require(kvBlocks >= 1, "serving.gpuMemoryUtilization", "the KV cache must hold at least one block");
            if (layout.blockSize() != blockSize) {
                throw new IllegalArgumentException("the KV layout's block size differs from the scheduler's");
            }
        }

        /** Every layer full attention: {@code kvBlocks} whole blocks. */
        public Scheduler(int maxNumSeqs, int maxNumBatchedTokens, boolean chunkedPrefill, int blockSize, long kvBlocks) {
            this(maxNumSeqs, maxNumBatchedTokens, chunkedPrefill, blockSize, kvBlocks, KvCacheLayout.uniform(blockSize));
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
                throw new InputError("serving.specAcceptance", "speculative decoding: the acceptance rate must lie in [0, 1], got " + acceptance);
            }
            if (draftTokens < 1 || draftTokens > 16) {
                throw new InputError("serving.specTokens", "speculative decoding: drafted tokens must lie in 1..16, got " + draftTokens);
            }
            if (!(draftCost >= 0 && draftCost <= 1)) {
                throw new InputError("serving.specCost", "speculative decoding: the draft's cost relative to the target must lie in [0, 1], got "
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
    public record Outcome(double[] ttft, double[] tpot, double[] e2e, long outputTokens, double simulatedSeconds, long steps,
                          long preemptions, double meanKvUtilisation, double[] kvUtilisation, double kvSeriesSeconds) {

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

    private BatchingSimulator() {
    }

    /** Poisson arrivals at {@code rate} per second until {@code duration} seconds or {@code count} requests. */
    public static List<Request> poisson(double rate, double duration, int count, LengthDistribution prompt, LengthDistribution output,
                                        long seed) {
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
    public static List<Request> gamma(double rate, double cv, double duration, int count, LengthDistribution prompt,
                                      LengthDistribution output, long seed) {
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

    private static final class Seq {
        final int index;
        final Request request;
        int prefilled; // prompt tokens whose KV is in the cache
        int produced; // output tokens produced
        long blocks;
        double firstToken = Double.NaN;
        boolean transferred; // the prompt's KV came with the request and has not been lost to a preemption

        Seq(int index, Request request) {
            this.index = index;
            this.request = request;
            this.transferred = request.prefilled();
        }

        int context() {
            return prefilled + produced;
        }

        boolean prefillDone() {
            return prefilled >= request.promptTokens();
        }
    }

    public static Outcome run(List<Request> requests, StepLatency latency, Scheduler s, CancellationToken cancel) {
        return run(requests, latency, s, null, 0, cancel);
    }

    /**
     * @param speculation speculative decoding, or null
     * @param seed        for the acceptance draws of speculative decoding
     */
    public static Outcome run(List<Request> requests, StepLatency latency, Scheduler s, Speculation speculation, long seed,
                              CancellationToken cancel) {
        return run(requests, latency, s, speculation, seed, 0, cancel);
    }

    /**
     * @param concurrency 0 for the requests' own arrival times; otherwise a closed loop (a benchmark client holding
     *                    {@code concurrency} requests in flight): the first ones arrive at once, each later one when an
     *                    earlier one finishes, whatever its arrival time says
     */
    public static Outcome run(List<Request> requests, StepLatency latency, Scheduler s, Speculation speculation, long seed,
                              int concurrency, CancellationToken cancel) {
        return run(requests, latency, s, speculation, seed, concurrency, 0, cancel);
    }

    /**
     * @param frontendSeconds time the serving front end (an OpenAI-compatible API server: parse, chat template, tokenize,
     *                        hand over) spends on each request before the scheduler sees it, one request at a time; 0 for
     *                        an offline benchmark that feeds the engine directly
     */
    public static Outcome run(List<Request> requests, StepLatency latency, Scheduler s, Speculation speculation, long seed,
                              int concurrency, double frontendSeconds, CancellationToken cancel) {
        StepLatency.Prepared step = latency.prepared();
        SplittableRandom accept = new SplittableRandom(seed ^ 0x5DEECE66DL);
        PeerRanks peers = step.attentionReplicas() > 1 ? new PeerRanks(step.attentionReplicas() - 1, new SplittableRandom(seed ^ 0x9E3779B97F4A7C15L)) : null;
        int lookahead = speculation == null ? 1 : speculation.draftTokens() + 1; // KV slots a decode step may fill
        int n = requests.size();
        double[] ttft = new double[n];
        double[] tpot = new double[n];
        double[] e2e = new double[n];
        Deque<Seq> waiting = new ArrayDeque<>();
        List<Seq> running = new ArrayList<>();
        long freeBlocks = s.kvBlocks();
        int next = 0;
        int done = 0;
        double t = 0;
        long steps = 0;
        long preemptions = 0;
        long outputTokens = 0;
        double kvWeighted = 0;
        int points = KV_SERIES_POINTS;
        double[] kvBySlice = new double[points];
        double[] timeBySlice = new double[points];
        double[] arrival = new double[n];
        double[] ready = new double[n]; // when the front end hands a request to the scheduler, in arrival order
        double frontFree = 0;
        for (int i = 0; i < n; i++) {
            arrival[i] = concurrency > 0 ? (i < concurrency ? 0 : Double.POSITIVE_INFINITY) : requests.get(i).arrival();
            ready[i] = arrival[i] == Double.POSITIVE_INFINITY ? arrival[i] : Math.max(arrival[i], frontFree) + frontendSeconds;
            if (ready[i] != Double.POSITIVE_INFINITY) {
                frontFree = ready[i];
            }
        }
        double horizon = requests.isEmpty() ? 0 : concurrency > 0 ? 0 : requests.get(n - 1).arrival();
        for (Request r : requests) {
            long need = s.blocksFor(r.promptTokens() + r.outputTokens());
            if (need > s.kvBlocks()) {
                throw new InputError("serving.promptTokens", "a request of " + (r.promptTokens() + r.outputTokens()) + " tokens needs " + need
                        + " KV blocks and the cache holds " + s.kvBlocks());
            }
        }
        while (done < n) {
            if ((steps & 1023) == 0) {
                cancel.throwIfCancelled();
            }
            while (next < n && ready[next] <= t) {
                waiting.addLast(new Seq(next, requests.get(next)));
                next++;
            }
            if (running.isEmpty() && waiting.isEmpty()) {
                t = ready[next]; // idle until the next request is handed over
                continue;
            }
            if (++steps > MAX_STEPS) {
                throw new InputError("serving.duration", "the simulation would take more than " + MAX_STEPS + " engine steps; "
                        + "shorten the duration or lower the rate");
            }
            // decodes first need a slot each; preempt the latest admitted sequences while the cache is full
            List<Seq> decoding = new ArrayList<>();
            for (Seq q : running) {
                if (q.prefillDone()) {
                    decoding.add(q);
                }
            }
            long needed = 0;
            for (Seq q : decoding) {
                needed += Math.max(0, s.blocksFor(q.context() + lookahead) - q.blocks);
            }
            while (needed > freeBlocks && !running.isEmpty()) {
                Seq victim = running.remove(running.size() - 1);
                freeBlocks += victim.blocks;
                if (decoding.remove(victim)) {
                    needed -= Math.max(0, s.blocksFor(victim.context() + lookahead) - victim.blocks);
                }
                victim.blocks = 0;
                victim.prefilled = 0;
                victim.produced = 0;
                victim.firstToken = Double.NaN;
                victim.transferred = false;
                waiting.addFirst(victim);
                preemptions++;
            }
            long reserve = Math.max(0, needed); // blocks the decodes of this step take, kept from admissions
            long prefillTokens = 0;
            double prefillContext = 0;
            List<Seq> prefilling = new ArrayList<>();
            List<Integer> chunks = new ArrayList<>();
            int budget = s.maxNumBatchedTokens() - (s.chunkedPrefill() ? decoding.size() : 0);
            // continue prompts already being prefilled in chunks, then admit waiting requests
            List<Seq> candidates = new ArrayList<>();
            for (Seq q : running) {
                if (!q.prefillDone()) {
                    candidates.add(q);
                }
            }
            int admitted = 0;
            while (true) {
                Seq q;
                boolean fresh;
                if (!candidates.isEmpty()) {
                    q = candidates.remove(0);
                    fresh = false;
                } else if (!waiting.isEmpty() && running.size() < s.maxNumSeqs()) {
                    q = waiting.peekFirst();
                    fresh = true;
                } else {
                    break;
                }
                if (fresh && q.transferred) {
                    // the prompt's KV arrives computed: blocks for it (and with reserveOutput the output), no prefill work
                    long more = s.blocksFor(s.reserveOutput() ? q.request.promptTokens() + q.request.outputTokens() : q.request.promptTokens());
                    if (more > freeBlocks - reserve) {
                        break;
                    }
                    waiting.pollFirst();
                    admitted++;
                    running.add(q);
                    freeBlocks -= more;
                    q.blocks = more;
                    q.prefilled = q.request.promptTokens();
                    q.produced = 1; // sampled by the prefill instance, streamed from here
                    outputTokens++;
                    continue;
                }
                int remaining = q.request.promptTokens() - q.prefilled;
                int chunk = s.chunkedPrefill() ? Math.min(remaining, budget) : remaining;
                if (chunk <= 0 || !s.chunkedPrefill() && chunk > budget && !(prefilling.isEmpty() && chunk > s.maxNumBatchedTokens())) {
                    break;
                }
                // with reserveOutput a fresh request takes the blocks of its whole output at admission
                long more = Math.max(0, s.blocksFor(fresh && s.reserveOutput() ? q.request.promptTokens() + q.request.outputTokens()
                        : q.prefilled + chunk) - q.blocks);
                if (more > freeBlocks - reserve) {
                    break;
                }
                if (fresh) {
                    waiting.pollFirst();
                    admitted++;
                    running.add(q);
                }
                freeBlocks -= more;
                q.blocks += more;
                prefilling.add(q);
                chunks.add(chunk);
                prefillTokens += chunk;
                prefillContext += (double) chunk * q.prefilled + chunk * (chunk + 1) / 2.0;
                budget -= chunk;
            }
            boolean decodeThisStep = s.chunkedPrefill() || prefilling.isEmpty();
            int decodeSeqs = decodeThisStep ? decoding.size() : 0;
            double decodeContext = 0;
            if (decodeThisStep) {
                for (Seq q : decoding) {
                    long more = Math.max(0, s.blocksFor(q.context() + lookahead) - q.blocks);
                    freeBlocks -= more;
                    q.blocks += more;
                    decodeContext += q.context();
                }
            }
            double dt;
            if (prefillTokens == 0 && decodeSeqs == 0) {
                dt = 0; // only transferred prompts admitted: they decode from the next step
            } else if (peers != null && speculation == null) {
                StepLatency.Batch own = new StepLatency.Batch(prefillTokens > 0 ? 1 : 0, prefillTokens, prefillContext, decodeSeqs, decodeContext);
                dt = step.seconds(own, peers.draw(own));
            } else if (speculation == null || decodeSeqs == 0) {
                dt = step.seconds(prefillTokens, prefillContext, decodeSeqs, decodeContext);
            } else {
                // verification: γ more tokens per sequence, attending to its context (like a prefill chunk); the
                // draft's γ steps at c times the target's decode step
                int g = speculation.draftTokens();
                dt = step.seconds(prefillTokens + (long) g * decodeSeqs, prefillContext + g * decodeContext + decodeSeqs * g * (g + 1) / 2.0,
                        decodeSeqs, decodeContext) + g * speculation.draftCost() * step.seconds(0, 0, decodeSeqs, decodeContext);
            }
            double used = 1 - (double) freeBlocks / s.kvBlocks();
            kvWeighted += used * dt;
            int slice = horizon <= 0 ? 0 : (int) Math.min(points - 1, Math.floor(points * t / horizon));
            kvBySlice[slice] += used * dt;
            timeBySlice[slice] += dt;
            t += dt;
            for (int k = 0; k < prefilling.size(); k++) {
                Seq q = prefilling.get(k);
                q.prefilled += chunks.get(k);
                if (q.prefillDone() && Double.isNaN(q.firstToken)) {
                    q.firstToken = t; // the step that completes the prompt samples the first token
                    q.produced = 1;
                    outputTokens++;
                }
            }
            if (decodeThisStep) {
                for (Seq q : decoding) {
                    int gained = 1;
                    if (speculation != null) {
                        // accepted drafts until the first rejection, plus the target's own token
                        while (gained <= speculation.draftTokens() && accept.nextDouble() < speculation.acceptance()) {
                            gained++;
                        }
                        gained = Math.min(gained, q.request.outputTokens() - q.produced);
                    }
                    q.produced += gained;
                    outputTokens += gained;
                    if (Double.isNaN(q.firstToken)) {
                        q.firstToken = t; // a transferred prompt: the first token this instance computes
                    }
                }
            }
            for (int k = running.size() - 1; k >= 0; k--) {
                Seq q = running.get(k);
                if (q.prefillDone() && q.produced >= q.request.outputTokens()) {
                    running.remove(k);
                    freeBlocks += q.blocks;
                    int i = q.index;
                    if (Double.isNaN(q.firstToken)) {
                        q.firstToken = t; // a transferred prompt with a one-token output
                    }
                    ttft[i] = q.firstToken - arrival[i];
                    e2e[i] = t - arrival[i];
                    // a transferred prompt's first decode step made its second token
                    int after = q.request.outputTokens() - (q.transferred ? 2 : 1);
                    tpot[i] = after > 0 ? (e2e[i] - ttft[i]) / after : 0;
                    done++;
                    if (concurrency > 0 && done + concurrency - 1 < n) {
                        int sent = done + concurrency - 1; // the client sends its next request
                        arrival[sent] = t;
                        ready[sent] = Math.max(t, frontFree) + frontendSeconds;
                        frontFree = ready[sent];
                    }
                }
            }
        }
        double[] series = new double[points];
        for (int k = 0; k < points; k++) {
            series[k] = timeBySlice[k] > 0 ? kvBySlice[k] / timeBySlice[k] : 0;
        }
        return new Outcome(ttft, tpot, e2e, outputTokens, t, steps, preemptions, t > 0 ? kvWeighted / t : 0, series,
                horizon > 0 ? horizon / points : 0);
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
