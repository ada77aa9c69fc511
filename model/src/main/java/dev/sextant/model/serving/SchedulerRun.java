package dev.sextant.model.serving;

import dev.sextant.model.InputError;
import dev.sextant.model.job.CancellationToken;
import java.util.ArrayDeque;
import java.util.Arrays;
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
    private final LayerBlockTable blocks;
    private final Deque<ScheduledSequence> waiting = new ArrayDeque<>();
    private final Sequences running = new Sequences();
    /** This step's decoding sequences, in the order of {@link #running} (a buffer reused step after step). */
    private final Sequences decoding = new Sequences();
    /** This step's sequences whose prompt is being prefilled in chunks, in the order of {@link #running}. */
    private final Sequences prefilling = new Sequences();

    private final Prefill prefill = new Prefill();
    private double t;
    private long steps;
    private long preemptions;
    private int done;
    /** Σ of this step's decoding sequences' contexts. */
    private long decodeContext;
    /** Whether a sequence may have finished since the last retirement (a step where none did skips the look). */
    private boolean mayHaveFinished;
    /** Ends the run once its P99 latencies are sure to miss their targets; null: run to the end. */
    private P99Watch watch;

    /**
     * What one step prefills: the sequences, their chunks, and the tokens and attention context they add (one instance
     * a run, cleared each step).
     */
    private static final class Prefill {
        final Sequences sequences = new Sequences();
        int[] chunks = new int[16];
        long tokens;
        double context;

        void clear() {
            sequences.clear();
            tokens = 0;
            context = 0;
        }

        void add(ScheduledSequence q, int chunk) {
            if (sequences.size() == chunks.length) {
                chunks = Arrays.copyOf(chunks, 2 * chunks.length);
            }
            chunks[sequences.size()] = chunk;
            sequences.add(q);
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
        this.blocks = new LayerBlockTable(s);
        this.record = new RunRecord(requests.size(), clock.horizon());
        this.lookahead = speculation == null ? 1 : speculation.draftTokens() + 1;
    }

    /** Ends the run as soon as {@code w} says its targets are missed: {@link #run} then returns null. */
    SchedulerRun stopWhenMissed(P99Watch w) {
        this.watch = w;
        return this;
    }

    /** The run's outcome, or null when a {@link #stopWhenMissed watch} ended it. */
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
            if (watch != null && watch.missed()) {
                return null;
            }
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
        long before = preemptions;
        // blocks the decodes of this step take, kept from admissions
        long reserve = Math.max(0, preemptForDecodes());
        // an engine whose prefill steps run no decodes (vLLM V0) admits nothing in a step that had to preempt for its
        // decodes: the victim, readmitted into the blocks it left, would be preempted again by the same decodes the
        // prefill kept from running, step after step, and nothing would move
        boolean starved = preemptions > before && !admission.decodesBesidePrefill() && !decoding.isEmpty();
        prefill.clear();
        if (!starved) {
            admit(decoding.size(), reserve);
        }
        boolean decodeThisStep = admission.decodesBesidePrefill() || prefill.sequences.isEmpty();
        int decodeSeqs = decodeThisStep ? decoding.size() : 0;
        if (decodeThisStep) {
            pool.take(reserve); // each decoding sequence's share is added to its own count as it decodes
        }
        double dt = cost.seconds(prefill.tokens, prefill.context, decodeSeqs, decodeThisStep ? decodeContext : 0);
        record.step(t, dt, pool.used());
        t += dt;
        applyPrefill();
        if (decodeThisStep) {
            applyDecodes();
        }
        retireFinished();
    }

    /**
     * Gathers this step's decodes (the running sequences whose prompt is in the cache, in running order), the blocks
     * each needs for its next token and their contexts; then, while the cache cannot give those blocks, preempts the
     * latest admitted sequences. Returns the blocks the remaining decodes need.
     */
    private long preemptForDecodes() {
        decoding.clear();
        prefilling.clear();
        long needed = 0;
        long context = 0;
        for (int k = 0, n = running.size(); k < n; k++) {
            ScheduledSequence q = running.get(k);
            if (q.prefillDone()) {
                decoding.add(q);
                int c = q.context();
                needed += decodeNeed(q, c);
                context += c;
            } else {
                prefilling.add(q);
            }
        }
        while (needed > pool.free() && !running.isEmpty()) {
            ScheduledSequence victim = running.removeLast();
            pool.release(victim);
            // both lists keep running's order, so a victim (running's last) is the last of the one it is in
            if (decoding.last() == victim) {
                decoding.removeLast();
                needed -= victim.decodeNeed;
                context -= victim.context();
            } else if (prefilling.last() == victim) {
                prefilling.removeLast();
            }
            victim.reset();
            waiting.addFirst(victim);
            preemptions++;
        }
        decodeContext = context;
        return needed;
    }

    /**
     * The blocks {@code q}'s decode this step adds, kept in {@code q.decodeNeed}: looked up only from the context where
     * the sequence can outgrow its blocks ({@code q.needCheckAt}), which for a layout whose counts change only at block
     * boundaries is the next boundary; a chunked layout looks every step.
     */
    private long decodeNeed(ScheduledSequence q, int context) {
        if (context < q.needCheckAt) {
            q.decodeNeed = 0;
            return 0;
        }
        long need = Math.max(0, blocks.blocksFor(context + lookahead) - q.blocks);
        q.decodeNeed = need;
        // while no block is wanted, none will be until the next token count the table says may need one
        q.needCheckAt = need > 0 ? context : blocks.nextGrowth(context + lookahead, q.blocks) - lookahead;
        return need;
    }

    /** Continues prompts already being prefilled in chunks, then admits waiting requests, within the budget and the cache. */
    private void admit(int decodes, long reserve) {
        int budget = admission.budget(s.maxNumBatchedTokens(), decodes);
        int next = 0;
        while (true) {
            ScheduledSequence q;
            boolean fresh;
            if (next < prefilling.size()) {
                q = prefilling.get(next++);
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
            long more = Math.max(0, blocks.blocksFor(reservation.context(q, chunk, fresh)) - q.blocks);
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
    }

    /** The prompt's KV arrives computed: blocks for it (reserving, for the output too), no prefill work. */
    private boolean admitTransferred(ScheduledSequence q, long reserve) {
        long more = blocks.blocksFor(reservation.transferredContext(q));
        if (!pool.fits(more, reserve)) {
            return false;
        }
        waiting.pollFirst();
        running.add(q);
        pool.take(q, more);
        q.prefilled = q.request.promptTokens();
        q.produced = 1; // sampled by the prefill instance, streamed from here
        record.produced(1);
        mayHaveFinished |= q.finished();
        return true;
    }

    private void applyPrefill() {
        for (int k = 0; k < prefill.sequences.size(); k++) {
            ScheduledSequence q = prefill.sequences.get(k);
            q.prefilled += prefill.chunks[k];
            if (q.prefillDone()) {
                // the step that completes the prompt (or its recomputation) samples the next token
                q.produced++;
                record.produced(1);
                if (Double.isNaN(q.firstToken)) {
                    firstToken(q);
                }
                mayHaveFinished |= q.finished();
            }
        }
    }

    private void applyDecodes() {
        for (int k = 0, n = decoding.size(); k < n; k++) {
            ScheduledSequence q = decoding.get(k);
            q.blocks += q.decodeNeed; // taken from the pool as one before the step
            int gained = 1;
            if (speculation != null) {
                // accepted drafts until the first rejection, plus the target's own token
                while (gained <= speculation.draftTokens() && accept.nextDouble() < speculation.acceptance()) {
                    gained++;
                }
                gained = Math.min(gained, q.outputTokens - q.produced);
            }
            q.produced += gained;
            record.produced(gained);
            if (Double.isNaN(q.firstToken)) {
                firstToken(q); // a transferred prompt: the first token this instance computes
            }
            mayHaveFinished |= q.produced >= q.outputTokens;
        }
    }

    private void firstToken(ScheduledSequence q) {
        q.firstToken = t;
        if (watch != null) {
            watch.firstToken(t - clock.arrival(q.index));
        }
    }

    private void retireFinished() {
        if (!mayHaveFinished) {
            return;
        }
        mayHaveFinished = false;
        for (int k = running.size() - 1; k >= 0; k--) {
            ScheduledSequence q = running.get(k);
            if (q.finished()) {
                running.remove(k);
                pool.release(q);
                if (Double.isNaN(q.firstToken)) {
                    firstToken(q); // a transferred prompt with a one-token output
                }
                record.finished(q, clock.arrival(q.index), t);
                if (watch != null) {
                    watch.finished(record.tpot(q.index));
                }
                done++;
                clock.finished(done, t);
            }
        }
    }
}
