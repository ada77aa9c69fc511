package dev.sextant.model.serving;

/** One request as the scheduler holds it: how much of its prompt is in the cache, what it has produced, its blocks. */
final class ScheduledSequence {
    final int index;
    final BatchingSimulator.Request request;
    int prefilled; // tokens of the prefix to compute (the prompt, and after a preemption the output kept) in the cache
    int produced; // output tokens produced
    int kept; // output tokens produced before the last preemption, computed again with the prompt
    long blocks;
    double firstToken = Double.NaN;
    boolean transferred; // the prompt's KV came with the request and has not been lost to a preemption

    ScheduledSequence(int index, BatchingSimulator.Request request) {
        this.index = index;
        this.request = request;
        this.transferred = request.prefilled();
    }

    int context() {
        return prefilled + produced - kept;
    }

    /** The tokens a prefill must compute: the prompt, and after a preemption the output already produced. */
    int prefillTarget() {
        return request.promptTokens() + kept;
    }

    boolean prefillDone() {
        return prefilled >= prefillTarget();
    }

    boolean finished() {
        return prefillDone() && produced >= request.outputTokens();
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
