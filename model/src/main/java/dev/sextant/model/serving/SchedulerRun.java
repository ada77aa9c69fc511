package dev.sextant.model.serving;

import dev.sextant.model.InputError;
import dev.sextant.model.job.CancellationToken;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.SplittableRandom;

/**
 * One run of {@link BatchingSimulator}: the loop of engine steps, each made of its parts — hand over what arrived,
 * preempt for the decodes, admit prefills ({@link Admission}, {@link Reservation}), cost the step ({@link StepCost}),
 * advance the clock, apply what the step produced, retire what finished ({@link RunRecord}).
 */
final class SchedulerRun {

    private final List<BatchingSimulator.Request> requests;
    private final BatchingSimulator.Scheduler s;
    private final BatchingSimulator.Speculation speculation;
    private final SplittableRandom accept;
    private final StepCost cost;
    private final Admission admission;
    private final Reservation reservation;
    private final ArrivalClock clock;
    private final KvBlockPool pool;
    private final RunRecord record;
    private final int lookahead; // KV slots a decode step may fill
    private final Deque<ScheduledSequence> waiting = new ArrayDeque<>();
    private final List<ScheduledSequence> running = new ArrayList<>();
    private double t;
    private long steps;
    private long preemptions;
    private int done;

    /** What one step prefills: the sequences, their chunks, and the tokens and attention context they add. */
    private static final class Prefill {
        final List<ScheduledSequence> sequences = new ArrayList<>();
        final List<Integer> chunks = new ArrayList<>();
        long tokens;
        double context;

        void add(ScheduledSequence q, int chunk) {
            sequences.add(q);
            chunks.add(chunk);
            tokens += chunk;
            context += (double) chunk * q.prefilled + chunk * (chunk + 1) / 2.0;
        }
    }

    SchedulerRun(
            List<BatchingSimulator.Request> requests,
            StepLatency latency,
            BatchingSimulator.Scheduler s,
            BatchingSimulator.Speculation speculation,
            long seed,
            int concurrency,
            double frontendSeconds) {
        this.requests = requests;
        this.s = s;
        this.speculation = speculation;
        this.accept = new SplittableRandom(seed ^ 0x5DEECE66DL);
        this.cost = new StepCost(latency, speculation, seed);
        this.admission = Admission.of(s);
        this.reservation = Reservation.of(s);
        this.clock = new ArrivalClock(requests, concurrency, frontendSeconds);
        this.pool = new KvBlockPool(s.kvBlocks());
        this.record = new RunRecord(requests.size(), clock.horizon());
        this.lookahead = speculation == null ? 1 : speculation.draftTokens() + 1;
    }

    BatchingSimulator.Outcome run(CancellationToken cancel) {
        refuseRequestsLargerThanTheCache();
        int n = requests.size();
        while (done < n) {
            if ((steps & 1023) == 0) {
                cancel.throwIfCancelled();
            }
            clock.handOver(t, waiting);
            if (running.isEmpty() && waiting.isEmpty()) {
                t = clock.nextReady(); // idle until the next request is handed over
                continue;
            }
            if (++steps > BatchingSimulator.MAX_STEPS) {
                throw new InputError(
                        "serving.duration",
                        "the simulation would take more than " + BatchingSimulator.MAX_STEPS
                                + " engine steps; shorten the duration or lower the rate");
            }
            step();
        }
        return record.outcome(t, steps, preemptions);
    }

    private void refuseRequestsLargerThanTheCache() {
        for (BatchingSimulator.Request r : requests) {
            long need = s.blocksFor(r.promptTokens() + r.outputTokens());
            if (need > s.kvBlocks()) {
                throw new InputError(
                        "serving.promptTokens",
                        "a request of " + (r.promptTokens() + r.outputTokens()) + " tokens needs " + need
                                + " KV blocks and the cache holds " + s.kvBlocks());
            }
        }
    }

    private void step() {
        List<ScheduledSequence> decoding = new ArrayList<>();
        for (ScheduledSequence q : running) {
            if (q.prefillDone()) {
                decoding.add(q);
            }
        }
        // blocks the decodes of this step take, kept from admissions
        long before = preemptions;
        long reserve = Math.max(0, preemptForDecodes(decoding));
        // an engine whose prefill steps run no decodes (vLLM V0) admits nothing in a step that had to preempt for its
        // decodes: the victim, readmitted into the blocks it left, would be preempted again by the same decodes the
        // prefill kept from running, step after step, and nothing would move
        boolean starved = preemptions > before && !admission.decodesBesidePrefill() && !decoding.isEmpty();
        Prefill prefill = starved ? new Prefill() : admit(decoding.size(), reserve);
        boolean decodeThisStep = admission.decodesBesidePrefill() || prefill.sequences.isEmpty();
        int decodeSeqs = decodeThisStep ? decoding.size() : 0;
        double decodeContext = 0;
        if (decodeThisStep) {
            for (ScheduledSequence q : decoding) {
                pool.take(q, Math.max(0, s.blocksFor(q.context() + lookahead) - q.blocks));
                decodeContext += q.context();
            }
        }
        double dt = cost.seconds(prefill.tokens, prefill.context, decodeSeqs, decodeContext);
        record.step(t, dt, pool.used());
        t += dt;
        applyPrefill(prefill);
        if (decodeThisStep) {
            applyDecodes(decoding);
        }
        retireFinished();
    }

    /**
     * Decodes first need a slot each: preempts the latest admitted sequences while the cache cannot give them, and
     * returns the blocks the remaining decodes need.
     */
    private long preemptForDecodes(List<ScheduledSequence> decoding) {
        long needed = 0;
        for (ScheduledSequence q : decoding) {
            needed += Math.max(0, s.blocksFor(q.context() + lookahead) - q.blocks);
        }
        while (needed > pool.free() && !running.isEmpty()) {
            ScheduledSequence victim = running.remove(running.size() - 1);
            pool.release(victim);
            if (decoding.remove(victim)) {
                needed -= Math.max(0, s.blocksFor(victim.context() + lookahead) - victim.blocks);
            }
            victim.reset();
            waiting.addFirst(victim);
            preemptions++;
        }
        return needed;
    }

    /** Continues prompts already being prefilled in chunks, then admits waiting requests, within the budget and the cache. */
    private Prefill admit(int decodes, long reserve) {
        Prefill prefill = new Prefill();
        int budget = admission.budget(s.maxNumBatchedTokens(), decodes);
        List<ScheduledSequence> candidates = new ArrayList<>();
        for (ScheduledSequence q : running) {
            if (!q.prefillDone()) {
                candidates.add(q);
            }
        }
        while (true) {
            ScheduledSequence q;
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
                if (!admitTransferred(q, reserve)) {
                    break;
                }
                continue;
            }
            int chunk = admission.chunk(q.prefillTarget() - q.prefilled, budget);
            if (!admission.fits(chunk, budget, prefill.sequences.isEmpty(), s.maxNumBatchedTokens())) {
                break;
            }
            long more = Math.max(0, s.blocksFor(reservation.context(q, chunk, fresh)) - q.blocks);
            if (!pool.fits(more, reserve)) {
                break;
            }
            if (fresh) {
                waiting.pollFirst();
                running.add(q);
            }
            pool.take(q, more);
            prefill.add(q, chunk);
            budget -= chunk;
        }
        return prefill;
    }

    /** The prompt's KV arrives computed: blocks for it (reserving, for the output too), no prefill work. */
    private boolean admitTransferred(ScheduledSequence q, long reserve) {
        long more = s.blocksFor(reservation.transferredContext(q));
        if (!pool.fits(more, reserve)) {
            return false;
        }
        waiting.pollFirst();
        running.add(q);
        pool.take(q, more);
        q.prefilled = q.request.promptTokens();
        q.produced = 1; // sampled by the prefill instance, streamed from here
        record.produced(1);
        return true;
    }

    private void applyPrefill(Prefill prefill) {
        for (int k = 0; k < prefill.sequences.size(); k++) {
            ScheduledSequence q = prefill.sequences.get(k);
            q.prefilled += prefill.chunks.get(k);
            if (q.prefillDone()) {
                // the step that completes the prompt (or its recomputation) samples the next token
                q.produced++;
                record.produced(1);
                if (Double.isNaN(q.firstToken)) {
                    q.firstToken = t;
                }
            }
        }
    }

    private void applyDecodes(List<ScheduledSequence> decoding) {
        for (ScheduledSequence q : decoding) {
            int gained = 1;
            if (speculation != null) {
                // accepted drafts until the first rejection, plus the target's own token
                while (gained <= speculation.draftTokens() && accept.nextDouble() < speculation.acceptance()) {
                    gained++;
                }
                gained = Math.min(gained, q.request.outputTokens() - q.produced);
            }
            q.produced += gained;
            record.produced(gained);
            if (Double.isNaN(q.firstToken)) {
                q.firstToken = t; // a transferred prompt: the first token this instance computes
            }
        }
    }

    private void retireFinished() {
        for (int k = running.size() - 1; k >= 0; k--) {
            ScheduledSequence q = running.get(k);
            if (q.finished()) {
                running.remove(k);
                pool.release(q);
                if (Double.isNaN(q.firstToken)) {
                    q.firstToken = t; // a transferred prompt with a one-token output
                }
                record.finished(q, clock.arrival(q.index), t);
                done++;
                clock.finished(done, t);
            }
        }
    }
}
