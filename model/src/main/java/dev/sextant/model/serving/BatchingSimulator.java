package dev.sextant.model.serving;

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

    /** Scheduler settings. */
    public record Scheduler(int maxNumSeqs, int maxNumBatchedTokens, boolean chunkedPrefill, int blockSize, long kvBlocks) {
        public Scheduler {
            if (maxNumSeqs < 1 || maxNumBatchedTokens < 1 || blockSize < 1 || kvBlocks < 1) {
                throw new IllegalArgumentException("max-num-seqs, max-num-batched-tokens, block size and KV blocks must be at least 1");
            }
        }
    }

    /** One request: when it arrives and its prompt and output lengths. */
    public record Request(double arrival, int promptTokens, int outputTokens) {
    }

    /** What happened to each request, and over time. */
    public record Outcome(double[] ttft, double[] tpot, double[] e2e, long outputTokens, double simulatedSeconds, long steps,
                          long preemptions, double meanKvUtilisation, double[] kvUtilisationByTenth) {

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
            throw new IllegalArgumentException("--rate must be positive");
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
        if (!(rate > 0) || !(cv > 0)) {
            throw new IllegalArgumentException("--rate and the burstiness (coefficient of variation) must be positive");
        }
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
        int blocks;
        double firstToken = Double.NaN;

        Seq(int index, Request request) {
            this.index = index;
            this.request = request;
        }

        int context() {
            return prefilled + produced;
        }

        boolean prefillDone() {
            return prefilled >= request.promptTokens();
        }
    }

    public static Outcome run(List<Request> requests, StepLatency latency, Scheduler s, CancellationToken cancel) {
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
        double[] kvByTenth = new double[10];
        double[] timeByTenth = new double[10];
        double horizon = requests.isEmpty() ? 0 : requests.get(n - 1).arrival();
        for (Request r : requests) {
            int need = blocksFor(r.promptTokens() + r.outputTokens(), s.blockSize());
            if (need > s.kvBlocks()) {
                throw new IllegalArgumentException("a request of " + (r.promptTokens() + r.outputTokens()) + " tokens needs " + need
                        + " KV blocks and the cache holds " + s.kvBlocks());
            }
        }
        while (done < n) {
            if ((steps & 1023) == 0) {
                cancel.throwIfCancelled();
            }
            while (next < n && requests.get(next).arrival() <= t) {
                waiting.addLast(new Seq(next, requests.get(next)));
                next++;
            }
            if (running.isEmpty() && waiting.isEmpty()) {
                t = requests.get(next).arrival(); // idle until the next arrival
                continue;
            }
            if (++steps > MAX_STEPS) {
                throw new IllegalArgumentException("the simulation would take more than " + MAX_STEPS + " engine steps; "
                        + "shorten --duration or lower --rate");
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
                needed += blocksFor(q.context() + 1, s.blockSize()) - q.blocks;
            }
            while (needed > freeBlocks && !running.isEmpty()) {
                Seq victim = running.remove(running.size() - 1);
                freeBlocks += victim.blocks;
                if (decoding.remove(victim)) {
                    needed -= blocksFor(victim.context() + 1, s.blockSize()) - victim.blocks;
                }
                victim.blocks = 0;
                victim.prefilled = 0;
                victim.produced = 0;
                victim.firstToken = Double.NaN;
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
                } else if (!waiting.isEmpty() && running.size() + admitted < s.maxNumSeqs()) {
                    q = waiting.peekFirst();
                    fresh = true;
                } else {
                    break;
                }
                int remaining = q.request.promptTokens() - q.prefilled;
                int chunk = s.chunkedPrefill() ? Math.min(remaining, budget) : remaining;
                if (chunk <= 0 || !s.chunkedPrefill() && chunk > budget && !(prefilling.isEmpty() && chunk > s.maxNumBatchedTokens())) {
                    break;
                }
                int more = blocksFor(q.prefilled + chunk, s.blockSize()) - q.blocks;
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
                    int more = blocksFor(q.context() + 1, s.blockSize()) - q.blocks;
                    freeBlocks -= more;
                    q.blocks += more;
                    decodeContext += q.context();
                }
            }
            double dt = latency.seconds(prefillTokens, prefillContext, decodeSeqs, decodeContext);
            double used = 1 - (double) freeBlocks / s.kvBlocks();
            kvWeighted += used * dt;
            int tenth = horizon <= 0 ? 0 : (int) Math.min(9, Math.floor(10 * t / horizon));
            kvByTenth[tenth] += used * dt;
            timeByTenth[tenth] += dt;
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
                    q.produced++;
                    outputTokens++;
                }
            }
            for (int k = running.size() - 1; k >= 0; k--) {
                Seq q = running.get(k);
                if (q.prefillDone() && q.produced >= q.request.outputTokens()) {
                    running.remove(k);
                    freeBlocks += q.blocks;
                    int i = q.index;
                    ttft[i] = q.firstToken - q.request.arrival();
                    e2e[i] = t - q.request.arrival();
                    tpot[i] = q.request.outputTokens() > 1 ? (e2e[i] - ttft[i]) / (q.request.outputTokens() - 1) : 0;
                    done++;
                }
            }
        }
        double[] byTenth = new double[10];
        for (int k = 0; k < 10; k++) {
            byTenth[k] = timeByTenth[k] > 0 ? kvByTenth[k] / timeByTenth[k] : 0;
        }
        return new Outcome(ttft, tpot, e2e, outputTokens, t, steps, preemptions, t > 0 ? kvWeighted / t : 0, byTenth);
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
}
