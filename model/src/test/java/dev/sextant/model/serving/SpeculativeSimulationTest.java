package dev.sextant.model.serving;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.sextant.model.architecture.ModelCatalog;
import dev.sextant.model.hardware.GpuCatalog;
import dev.sextant.model.job.CancellationToken;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Speculative decoding in the simulator against Leviathan et al.'s expected tokens per step (Eq. 1). */
class SpeculativeSimulationTest {

    final StepLatency latency = StepLatency.defaults(
            ModelCatalog.get("llama-3-8b"), GpuCatalog.get("h100-sxm"), 1, WeightFormat.BF16, false);
    final BatchingSimulator.Scheduler scheduler = new BatchingSimulator.Scheduler(64, 8192, true, 16, 50_000);

    /** Decode steps of lone requests, one after another (no batching), so that each step is one sequence's. */
    long decodeSteps(BatchingSimulator.Speculation s, int requests, int output) {
        List<BatchingSimulator.Request> list = new ArrayList<>();
        for (int i = 0; i < requests; i++) {
            list.add(new BatchingSimulator.Request(i * 1000.0, 100, output));
        }
        BatchingSimulator.Outcome o = BatchingSimulator.run(list, latency, scheduler, s, 7, CancellationToken.none());
        assertThat(o.outputTokens()).isEqualTo((long) requests * output); // never more than asked for
        return o.steps() - requests; // one prefill step each
    }

    @Test
    void tokensPerStepFollowTheAcceptanceRate() {
        // α = 0.8, γ = 4: E = (1 − 0.8⁵) / 0.2 = 3.3616 tokens per verification step
        double e = SpeculativeDecoding.expectedTokens(0.8, 4);
        assertThat(e).isCloseTo(3.3616, within(1e-9));
        long steps = decodeSteps(new BatchingSimulator.Speculation(0.8, 4, 0.05), 20, 1001);
        assertThat(20 * 1000 / (double) steps).isCloseTo(e, within(e * 0.03));
        // α = 0: one token a step, as without speculation; α = 1: γ + 1 a step (the last step takes what is left)
        assertThat(decodeSteps(new BatchingSimulator.Speculation(0, 4, 0.05), 3, 101))
                .isEqualTo(3 * 100);
        assertThat(decodeSteps(new BatchingSimulator.Speculation(1, 4, 0.05), 3, 101))
                .isEqualTo(3 * 20);
    }

    @Test
    void aLoneRequestSpeedsUpAsLeviathanPredictsWhenVerificationIsFree() {
        // in the memory-bound regime verifying γ + 1 tokens costs about one decode step, so the speed-up approaches
        // E / (γ c + 1) (Leviathan et al., Theorem 3.8): 3.3616 / 1.2 = 2.80 at c = 0.05
        ServingReplica plain = ServingReplica.of(
                ModelCatalog.get("llama-3-8b"),
                GpuCatalog.get("h100-sxm"),
                1,
                WeightFormat.BF16,
                false,
                64,
                8192,
                true);
        ServingReplica spec = plain.withSpeculation(new BatchingSimulator.Speculation(0.8, 4, 0.05));
        double speedup = plain.singleStreamTpot(2000) / spec.singleStreamTpot(2000);
        assertThat(speedup).isCloseTo(SpeculativeDecoding.speedup(0.8, 4, 0.05), within(0.1));
        assertThat(speedup).isLessThan(SpeculativeDecoding.speedup(0.8, 4, 0.05)); // verification is not quite free
    }

    @Test
    void underHeavyLoadTheGainShrinks() {
        // compute-bound batches pay for the γ extra tokens each sequence verifies
        var prompt = new LengthDistribution.Constant(200);
        var output = new LengthDistribution.Constant(200);
        List<BatchingSimulator.Request> light = BatchingSimulator.poisson(0.5, 0, 300, prompt, output, 3);
        List<BatchingSimulator.Request> heavy = BatchingSimulator.poisson(60, 0, 3000, prompt, output, 3);
        BatchingSimulator.Speculation s = new BatchingSimulator.Speculation(0.7, 4, 0.05);
        double lightGain = BatchingSimulator.quantile(
                        BatchingSimulator.run(light, latency, scheduler, CancellationToken.none())
                                .tpot(),
                        0.5)
                / BatchingSimulator.quantile(
                        BatchingSimulator.run(light, latency, scheduler, s, 1, CancellationToken.none())
                                .tpot(),
                        0.5);
        double heavyGain = BatchingSimulator.quantile(
                        BatchingSimulator.run(heavy, latency, scheduler, CancellationToken.none())
                                .tpot(),
                        0.5)
                / BatchingSimulator.quantile(
                        BatchingSimulator.run(heavy, latency, scheduler, s, 1, CancellationToken.none())
                                .tpot(),
                        0.5);
        assertThat(lightGain).isGreaterThan(1.8);
        assertThat(heavyGain).isLessThan(lightGain);
    }
}
