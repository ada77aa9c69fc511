package dev.sextant.model.serving;

import java.util.Arrays;

/**
 * The sequences whose prompt is in the cache, decoding together: every decode step (a round) each gains one token, so
 * a member's output and context are kept as of the round it joined and read as that plus the rounds since, and the
 * sum of their contexts is kept as a whole. Beside each member, in an array of its own, the round from which it may
 * need another KV block ({@link LayerBlockTable#nextGrowth}): a step looks up blocks only for those due, a scan of one
 * array of numbers rather than of the sequences; the round each member produces its last token is queued
 * ({@link RoundQueue}). Speculative decoding, whose members gain different numbers of tokens, adds each member's
 * extra tokens and moves its rounds. Members are kept in admission order (their {@link ScheduledSequence#rank}), the
 * order the scheduler preempts and draws acceptances in.
 */
final class DecodingSet {

    private ScheduledSequence[] members = new ScheduledSequence[64];
    /** For each member, the round from which it may need another block. */
    private long[] dueRound = new long[64];

    private int size;
    private final RoundQueue finishes = new RoundQueue();
    /** Decode steps so far. */
    private long round;
    /** Σ over members of (context when it joined − round when it joined): the contexts sum to this + size × round. */
    private long contextOffset;

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** The member admitted last, or null. */
    ScheduledSequence last() {
        return size == 0 ? null : members[size - 1];
    }

    /** The k-th member in admission order. */
    ScheduledSequence get(int k) {
        return members[k];
    }

    /** Σ of the members' contexts. */
    long contextSum() {
        return contextOffset + (long) size * round;
    }

    /** A member's output tokens now. */
    int produced(ScheduledSequence q) {
        return q.producedAtJoin + (int) (round - q.joinRound);
    }

    /** A member's context now. */
    int context(ScheduledSequence q) {
        return q.contextAtJoin + (int) (round - q.joinRound);
    }

    /** {@code q}, its prompt in the cache and its output not finished, decodes from the next round on. */
    void join(ScheduledSequence q) {
        q.decoding = true;
        q.joinRound = round;
        q.producedAtJoin = q.produced;
        q.contextAtJoin = q.context();
        q.needCheckAt = 0; // its blocks changed while it was not decoding: looked at in its first step
        contextOffset += q.contextAtJoin - round;
        int at = Sequences.indexByRank(members, size, q.rank);
        at = -at - 1;
        if (size == members.length) {
            members = Arrays.copyOf(members, 2 * size);
            dueRound = Arrays.copyOf(dueRound, 2 * size);
        }
        System.arraycopy(members, at, members, at + 1, size - at);
        System.arraycopy(dueRound, at, dueRound, at + 1, size - at);
        members[at] = q;
        dueRound[at] = due(q);
        size++;
        finishes.add(round + (q.outputTokens - q.produced), q);
    }

    /** {@code q} leaves (finished or preempted), its output written back to it. */
    void leave(ScheduledSequence q) {
        int k = Sequences.indexByRank(members, size, q.rank);
        if (k < 0 || members[k] != q) {
            throw new IllegalStateException("sequence " + q.index + " is not decoding");
        }
        q.produced = produced(q);
        contextOffset -= q.contextAtJoin - q.joinRound;
        q.decoding = false;
        q.stamp++;
        System.arraycopy(members, k + 1, members, k, size - k - 1);
        System.arraycopy(dueRound, k + 1, dueRound, k, size - k - 1);
        members[--size] = null;
    }

    /**
     * The positions of the members whose context has reached the point where they may need another block
     * ({@link ScheduledSequence#needCheckAt}), into {@code due} (its length at least {@link #size}); returns how many.
     * The caller works out their needs and {@link #recheck}s each before the set changes.
     */
    int dueForBlocks(int[] due) {
        int n = 0;
        for (int k = 0; k < size; k++) {
            if (dueRound[k] <= round) {
                due[n++] = k;
            }
        }
        return n;
    }

    /** Member {@code k}'s needs were looked at: it is due again once its context reaches {@code needCheckAt}. */
    void recheck(int k) {
        dueRound[k] = due(members[k]);
    }

    /** {@code extra} tokens more than the round's one for member {@code k} (accepted drafts). */
    void gain(int k, int extra) {
        ScheduledSequence q = members[k];
        q.producedAtJoin += extra;
        q.contextAtJoin += extra;
        contextOffset += extra;
        dueRound[k] = due(q);
        q.stamp++; // its last round moves earlier
        finishes.add(round + (q.outputTokens - produced(q)), q);
    }

    /** The round ends: every member has gained its token; those that produced their last are added to {@code done}. */
    void advance(Sequences done) {
        round++;
        for (ScheduledSequence q = finishes.pollDue(round); q != null; q = finishes.pollDue(round)) {
            done.add(q);
        }
    }

    /** The round from which {@code q} may need another block (this one when its context has reached the point). */
    private long due(ScheduledSequence q) {
        return round + Math.max(0, q.needCheckAt - context(q));
    }
}
