package dev.sextant.model.serving;

/** One request as the scheduler holds it: how much of its prompt is in the cache, what it has produced, its blocks. */
final class ScheduledSequence {
    final int index;
    final BatchingSimulator.Request request;
    int prefilled; // prompt tokens whose KV is in the cache
    int produced; // output tokens produced
    long blocks;
    double firstToken = Double.NaN;
    boolean transferred; // the prompt's KV came with the request and has not been lost to a preemption

    ScheduledSequence(int index, BatchingSimulator.Request request) {
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

    boolean finished() {
        return prefillDone() && produced >= request.outputTokens();
    }

    /** Preempted: its blocks are gone, and it starts over (recomputed) when admitted again. */
    void reset() {
        blocks = 0;
        prefilled = 0;
        produced = 0;
        firstToken = Double.NaN;
        transferred = false;
    }
}
