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
    /** The running sequences whose prompt is in the cache. */
    private final DecodingSet decoding = new DecodingSet();
    /** The running sequences whose prompt (or its recomputation) is still being prefilled, in admission order. */
    private final Sequences prefilling = new Sequences();
    /** Sequences admitted or prefilled this step that decode from the next (buffers reused step after step). */
    private final Sequences joining = new Sequences();

    private final Sequences finishedNow = new Sequences();
    /** Decoding sequences whose blocks were looked at this step, and their positions in {@link #decoding}. */
    private final Sequences dueNow = new Sequences();

    private int[] duePositions = new int[64];
    /** Decoding sequences whose first token is their first decode's (a transferred prompt). */
    private final Sequences awaitingFirstToken = new Sequences();

    private final Prefill prefill = new Prefill();
    private int running;
    private long admitted;
    private double t;
    private long steps;
    private long preemptions;
    private int done;
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

    /** Ends the run as soon as {@code w} (null: none) says its targets are missed: {@link #run} then returns null. */
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
            if (running == 0 && waiting.isEmpty()) {
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
        double decodeContext = decodeThisStep ? decoding.contextSum() : 0;
        if (decodeThisStep) {
            pool.take(reserve); // each due sequence's share is added to its own count as it decodes
        }
        double dt = cost.seconds(prefill.tokens, prefill.context, decodeSeqs, decodeContext);
        record.step(t, dt, pool.used());
        t += dt;
        applyPrefill();
        if (decodeThisStep) {
            applyDecodes();
        }
        retireFinished();
        for (int k = 0; k < joining.size(); k++) {
            ScheduledSequence q = joining.get(k);
            decoding.join(q);
            if (Double.isNaN(q.firstToken)) {
                awaitingFirstToken.add(q);
            }
        }
        joining.clear();
    }

    /**
     * Works out the blocks this step's decodes need — looked up only for the decoding sequences whose context has
     * reached the point where they may outgrow their blocks ({@link LayerBlockTable#nextGrowth}; a chunked layout looks
     * every step) — then, while the cache cannot give them, preempts the latest admitted sequences. Returns the blocks
     * the remaining decodes need.
     */
    private long preemptForDecodes() {
        dueNow.clear();
        if (duePositions.length < decoding.size()) {
            duePositions = new int[Math.max(2 * duePositions.length, decoding.size())];
        }
        int due = decoding.dueForBlocks(duePositions);
        long needed = 0;
        for (int i = 0; i < due; i++) {
            int k = duePositions[i];
            ScheduledSequence q = decoding.get(k);
            int c = decoding.context(q);
            long need = Math.max(0, blocks.blocksFor(c + lookahead) - q.blocks);
            q.decodeNeed = need;
            q.needStep = steps;
            needed += need;
            // while no block is wanted, none will be until the next token count the table says may need one
            q.needCheckAt = need > 0 ? c : blocks.nextGrowth(c + lookahead, q.blocks) - lookahead;
            decoding.recheck(k);
            dueNow.add(q);
        }
        while (needed > pool.free() && running > 0) {
            ScheduledSequence d = decoding.last();
            ScheduledSequence p = prefilling.last();
            ScheduledSequence victim = p == null || d != null && d.rank > p.rank ? d : p;
            pool.release(victim);
            if (victim.decoding) {
                needed -= victim.needStep == steps ? victim.decodeNeed : 0;
                decoding.leave(victim);
            } else {
                prefilling.removeLast();
            }
            running--;
            victim.reset();
            waiting.addFirst(victim);
            preemptions++;
        }
        return needed;
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
            } else if (!waiting.isEmpty() && running < s.maxNumSeqs()) {
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
                enter(q);
                prefilling.add(q);
                next++; // the list grew by this one, already taken
            }
            pool.take(q, more);
            prefill.add(q, chunk);
            budget -= chunk;
        }
    }

    /** {@code q} joins the running batch, ranked after every sequence there. */
    private void enter(ScheduledSequence q) {
        q.rank = admitted++;
        running++;
    }

    /** The prompt's KV arrives computed: blocks for it (reserving, for the output too), no prefill work. */
    private boolean admitTransferred(ScheduledSequence q, long reserve) {
        long more = blocks.blocksFor(reservation.transferredContext(q));
        if (!pool.fits(more, reserve)) {
            return false;
        }
        waiting.pollFirst();
        enter(q);
        pool.take(q, more);
        q.prefilled = q.request.promptTokens();
        q.produced = 1; // sampled by the prefill instance, streamed from here
        record.produced(1);
        settle(q);
        return true;
    }

    /** A sequence whose prompt is now in the cache: finished already (a one-token output), or decoding from the next step. */
    private void settle(ScheduledSequence q) {
        if (q.finished()) {
            finishedNow.add(q);
        } else {
            joining.add(q);
        }
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
                prefilling.removeByRank(q);
                settle(q);
            }
        }
    }

    private void applyDecodes() {
        for (int k = 0; k < dueNow.size(); k++) {
            ScheduledSequence q = dueNow.get(k);
            if (q.decoding) {
                q.blocks += q.decodeNeed; // taken from the pool as one before the step
            }
        }
        if (speculation == null) {
            record.produced(decoding.size());
        } else {
            for (int k = 0; k < decoding.size(); k++) {
                ScheduledSequence q = decoding.get(k);
                // accepted drafts until the first rejection, plus the target's own token
                int gained = 1;
                while (gained <= speculation.draftTokens() && accept.nextDouble() < speculation.acceptance()) {
                    gained++;
                }
                gained = Math.min(gained, q.outputTokens - decoding.produced(q));
                if (gained > 1) {
                    decoding.gain(k, gained - 1);
                }
                record.produced(gained);
            }
        }
        decoding.advance(finishedNow);
        for (int k = 0; k < awaitingFirstToken.size(); k++) {
            ScheduledSequence q = awaitingFirstToken.get(k);
            if (q.decoding && Double.isNaN(q.firstToken)) {
                firstToken(q); // a transferred prompt: the first token this instance computes
            }
        }
        awaitingFirstToken.clear();
    }

    private void firstToken(ScheduledSequence q) {
        q.firstToken = t;
        if (watch != null) {
            watch.firstToken(t - clock.arrival(q.index));
        }
    }

    private void retireFinished() {
        for (int k = 0; k < finishedNow.size(); k++) {
            ScheduledSequence q = finishedNow.get(k);
            if (q.decoding) {
                decoding.leave(q);
            }
            running--;
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
        finishedNow.clear();
    }
}
