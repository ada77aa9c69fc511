package dev.sextant.model.serving;

import java.util.SplittableRandom;

/**
 * Seconds one engine step takes ({@link StepLatency}): with data-parallel attention the step waits for the slowest
 * rank ({@link BatchingSimulator.PeerRanks}); with speculative decoding the target verifies γ drafted tokens per
 * sequence and the draft runs γ steps of its own.
 */
final class StepCost {

    private final StepLatency.Prepared step;
    private final BatchingSimulator.Speculation speculation;
    private final BatchingSimulator.PeerRanks peers;

    StepCost(StepLatency latency, BatchingSimulator.Speculation speculation, long seed) {
        this.step = latency.prepared();
        this.speculation = speculation;
        this.peers = step.attentionReplicas() > 1
                ? new BatchingSimulator.PeerRanks(
                        step.attentionReplicas() - 1, new SplittableRandom(seed ^ 0x9E3779B97F4A7C15L))
                : null;
    }

    double seconds(long prefillTokens, double prefillContext, int decodeSeqs, double decodeContext) {
        if (prefillTokens == 0 && decodeSeqs == 0) {
            return 0; // only transferred prompts admitted: they decode from the next step
        }
        if (peers != null && speculation == null) {
            StepLatency.Batch own = new StepLatency.Batch(
                    prefillTokens > 0 ? 1 : 0, prefillTokens, prefillContext, decodeSeqs, decodeContext);
            return step.seconds(own, peers.draw(own));
        }
        if (speculation == null || decodeSeqs == 0) {
            return step.seconds(prefillTokens, prefillContext, decodeSeqs, decodeContext);
        }
        // verification: γ more tokens per sequence, attending to its context (like a prefill chunk); the draft's γ
        // steps at c times the target's decode step
        int g = speculation.draftTokens();
        return step.seconds(
                        prefillTokens + (long) g * decodeSeqs,
                        prefillContext + g * decodeContext + decodeSeqs * g * (g + 1) / 2.0,
                        decodeSeqs,
                        decodeContext)
                + g * speculation.draftCost() * step.seconds(0, 0, decodeSeqs, decodeContext);
    }
}
