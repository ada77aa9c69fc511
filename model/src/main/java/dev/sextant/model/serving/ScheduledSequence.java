package dev.sextant.model.serving;

/** One request as the scheduler holds it: how much of its prompt is in the cache, what it has produced, its blocks. */
final class ScheduledSequence {
    final int index;
    final BatchingSimulator.Request request;
    final int outputTokens; // the request's, kept here: the scheduler asks at every step
    private final int promptTokens;
    int prefilled; // tokens of the prefix to compute (the prompt, and after a preemption the output kept) in the cache
    int produced; // output tokens produced
    int kept; // output tokens produced before the last preemption, computed again with the prompt
    long blocks;
    long decodeNeed; // blocks the decode of step needStep adds (worked out before admission, taken after)
    long needStep = -1;
    long needCheckAt; // the context from which a decode may need more blocks than it holds (see SchedulerRun)
    long rank; // order of admission to the running batch: the scheduler preempts the latest
    // while decoding (DecodingSet): output and context as of the round it joined, and its queue entries' stamp
    boolean decoding;
    long joinRound;
    int producedAtJoin;
    int contextAtJoin;
    int stamp;
    double firstToken = Double.NaN;
    boolean transferred; // the prompt's KV came with the request and has not been lost to a preemption

    ScheduledSequence(int index, BatchingSimulator.Request request) {
        this.index = index;
        this.request = request;
        this.outputTokens = request.outputTokens();
        this.promptTokens = request.promptTokens();
        this.transferred = request.prefilled();
    }

    int context() {
        return prefilled + produced - kept;
    }

    /** The tokens a prefill must compute: the prompt, and after a preemption the output already produced. */
    int prefillTarget() {
        return promptTokens + kept;
    }

    boolean prefillDone() {
        return prefilled >= prefillTarget();
    }

    boolean finished() {
        return prefillDone() && produced >= outputTokens;
    }

    /**
     * Preempted: its blocks are gone; admitted again, it computes its prompt and the output it has already produced in
     * one prefill and goes on from there (vLLM's recompute preemption: the tokens sent stay sent).
     */
    void reset() {
        blocks = 0;
        prefilled = 0;
        kept = produced;
        transferred = false;
    }
}
