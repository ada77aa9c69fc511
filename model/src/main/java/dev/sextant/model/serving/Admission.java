package dev.sextant.model.serving;

/**
 * How an engine admits work: how prompts share a step with decodes, and how many blocks admitting one takes. The
 * engines differ here, as implementations rather than branches: vLLM V1, SGLang and TensorRT-LLM chunk prompts into
 * the token budget beside the decodes (Sarathi-Serve); vLLM V0 and LMDeploy run whole prompts in prefill-only steps.
 * How many blocks admitting takes is the {@link Reservation}'s.
 */
interface Admission {

    /** Prompt tokens a step has room for beside {@code decodes} decoding sequences. */
    int budget(int maxNumBatchedTokens, int decodes);

    /** The part of a prompt with {@code remaining} tokens left that this step prefills, given what {@code budget} is left. */
    int chunk(int remaining, int budget);

    /**
     * Whether a chunk can join this step: {@code first} when no prompt is in it yet. A whole prompt larger than the budget
     * still runs alone, as vLLM V0 does.
     */
    boolean fits(int chunk, int budget, boolean first, int maxNumBatchedTokens);

    /** Whether decodes run in a step that prefills. */
    boolean decodesBesidePrefill();

    static Admission of(BatchingSimulator.Scheduler s) {
        return s.chunkedPrefill() ? Chunked.INSTANCE : WholePrompts.INSTANCE;
    }

    /** Prompts in chunks beside the decodes. */
    enum Chunked implements Admission {
        INSTANCE;

        @Override
        public int budget(int maxNumBatchedTokens, int decodes) {
            return maxNumBatchedTokens - decodes;
        }

        @Override
        public int chunk(int remaining, int budget) {
            return Math.min(remaining, budget);
        }

        @Override
        public boolean fits(int chunk, int budget, boolean first, int maxNumBatchedTokens) {
            return chunk > 0;
        }

        @Override
        public boolean decodesBesidePrefill() {
            return true;
        }
    }

    /** Whole prompts in prefill-only steps. */
    enum WholePrompts implements Admission {
        INSTANCE;

        @Override
        public int budget(int maxNumBatchedTokens, int decodes) {
            return maxNumBatchedTokens;
        }

        @Override
        public int chunk(int remaining, int budget) {
            return remaining;
        }

        @Override
        public boolean fits(int chunk, int budget, boolean first, int maxNumBatchedTokens) {
            return chunk > 0 && !(chunk > budget && !(first && chunk > maxNumBatchedTokens));
        }

        @Override
        public boolean decodesBesidePrefill() {
            return false;
        }
    }
}
