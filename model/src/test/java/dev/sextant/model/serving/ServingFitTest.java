package dev.sextant.model.serving;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.sextant.model.architecture.ModelCatalog;
import dev.sextant.model.hardware.GpuCatalog;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.training.ComputeEfficiency;
import dev.sextant.model.training.FusedAttention;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Where each fitted serving constant acts, and only there. */
class ServingFitTest {

    static final EngineProfile BARE = StepLatencyTest.BARE;

    StepLatency on(String gpu, ServingFit fit) {
        return new StepLatency(
                ModelCatalog.get("llama-3-8b"),
                GpuCatalog.get(gpu),
                1,
                1,
                WeightFormat.BF16,
                false,
                ComputeEfficiency.DEFAULTS,
                BARE,
                fit);
    }

    @Test
    void computeSharesSlowComputeBoundStepsOnTheirOwnGenerationOnly() {
        ServingFit hopperHalf = ServingFit.NONE.withHopperCompute(0.5);
        long n = 8192;
        double ctx = n * (n + 1) / 2.0;
        // a long prefill is compute-bound: half the rate, nearly twice the time
        assertThat(on("h100-sxm", hopperHalf).seconds(n, ctx, 0, 0)
                        / on("h100-sxm", ServingFit.NONE).seconds(n, ctx, 0, 0))
                .isBetween(1.8, 2.0);
        // a decode of one streams weights: unchanged
        assertThat(on("h100-sxm", hopperHalf).seconds(0, 0, 1, 1000))
                .isCloseTo(on("h100-sxm", ServingFit.NONE).seconds(0, 0, 1, 1000), within(1e-4));
        // an A100 is not a Hopper card
        assertThat(on("a100-sxm-80gb", hopperHalf).seconds(n, ctx, 0, 0))
                .isEqualTo(on("a100-sxm-80gb", ServingFit.NONE).seconds(n, ctx, 0, 0));
        assertThat(ServingFit.NONE.withAmpereCompute(0.7).computeShare(GpuCatalog.get("a100-sxm-40gb")))
                .isEqualTo(0.7);
        assertThat(ServingFit.NONE.withAmpereCompute(0.7).computeShare(GpuCatalog.get("b200")))
                .isEqualTo(1);
    }

    @Test
    void theExpertTimeActsOnMixturesOfExpertsByTheExpertsAStepTouches() {
        ServingFit tenMicro = ServingFit.NONE.withExpertSeconds(10e-6);
        StepLatency plain = new StepLatency(
                ModelCatalog.get("mixtral-8x7b"),
                GpuCatalog.get("h100-sxm"),
                1,
                1,
                WeightFormat.BF16,
                false,
                ComputeEfficiency.DEFAULTS,
                BARE,
                ServingFit.NONE);
        // an expert pays the time in proportion to its rows up to a tile of 16: below that, 10 µs per 16 routed copies.
        // One token: 2 copies, 2/16 × 2 grouped GEMMs × 32 layers × 10 µs = 0.08 ms; 16 tokens: 32 copies, 1.28 ms;
        // 64 tokens touch all 8 experts with 16 rows each: 8 × 2 × 32 × 10 µs = 5.12 ms
        assertThat(plain.withFit(tenMicro).seconds(0, 0, 1, 100) - plain.seconds(0, 0, 1, 100))
                .isCloseTo(0.08e-3, within(1e-9));
        assertThat(plain.withFit(tenMicro).seconds(0, 0, 16, 1600) - plain.seconds(0, 0, 16, 1600))
                .isCloseTo(1.28e-3, within(1e-9));
        assertThat(plain.withFit(tenMicro).seconds(0, 0, 64, 6400) - plain.seconds(0, 0, 64, 6400))
                .isCloseTo(8 * 2 * 32 * 10e-6, within(2e-5));
        assertThat(on("h100-sxm", tenMicro).seconds(0, 0, 1, 100))
                .isEqualTo(on("h100-sxm", ServingFit.NONE).seconds(0, 0, 1, 100));
    }

    @Test
    void theRequestTimeIsAFrontEndServingOneRequestAtATime() {
        // 100 requests at once through a front end of 10 ms each: the last reaches the scheduler after 1 s
        StepLatency l = on("h100-sxm", ServingFit.NONE);
        List<BatchingSimulator.Request> burst = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            burst.add(new BatchingSimulator.Request(0, 16, 2));
        }
        BatchingSimulator.Scheduler s = new BatchingSimulator.Scheduler(256, 8192, true, 16, 100_000);
        BatchingSimulator.Outcome direct = BatchingSimulator.run(burst, l, s, null, 0, 0, 0, CancellationToken.none());
        BatchingSimulator.Outcome front =
                BatchingSimulator.run(burst, l, s, null, 0, 0, 0.010, CancellationToken.none());
        assertThat(front.ttft()[99]).isGreaterThan(1.0).isLessThan(1.0 + direct.e2e()[99]);
        assertThat(front.simulatedSeconds()).isGreaterThan(1.0);
        assertThat(direct.simulatedSeconds()).isLessThan(0.5);
    }

    @Test
    void theDefaultIsInRangeAndNamedInTheJson() {
        assertThat(ServingFit.DEFAULT.hopperCompute()).isBetween(0.3, 1.2);
        assertThat(ServingFit.DEFAULT.requestSeconds()).isBetween(0.0, 0.05);
        assertThat(FusedAttention.Generation.values()).isNotEmpty();
    }
}
