package dev.sextant.model.serving;

/**
 * How many KV blocks a request takes as it is admitted: vLLM and SGLang take blocks for what is computed and preempt the
 * latest admitted sequence when the cache runs out; TensorRT-LLM's GUARANTEED_NO_EVICT capacity scheduler takes the
 * blocks of a request's whole output at admission, so nothing is ever preempted.
 */
enum Reservation {
    /** Blocks for the context computed so far. */
    COMPUTED {
        @Override
        long context(ScheduledSequence q, int chunk, boolean fresh) {
            return q.prefilled + chunk;
        }

        @Override
        long transferredContext(ScheduledSequence q) {
            return q.request.promptTokens();
        }
    },
    /** A fresh request's whole prompt and output at once. */
    WHOLE_OUTPUT {
        @Override
        long context(ScheduledSequence q, int chunk, boolean fresh) {
            return fresh ? q.request.promptTokens() + q.request.outputTokens() : q.prefilled + chunk;
        }

        @Override
        long transferredContext(ScheduledSequence q) {
            return q.request.promptTokens() + q.request.outputTokens();
        }
    };

    /** The context a request's blocks must cover once {@code chunk} more prompt tokens are prefilled ({@code fresh}: just admitted). */
    abstract long context(ScheduledSequence q, int chunk, boolean fresh);

    /** The context a request whose prompt's KV arrives computed must have blocks for at admission. */
    abstract long transferredContext(ScheduledSequence q);

    static Reservation of(BatchingSimulator.Scheduler s) {
        return s.reserveOutput() ? WHOLE_OUTPUT : COMPUTED;
    }
}
