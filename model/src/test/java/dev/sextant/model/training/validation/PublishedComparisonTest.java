package dev.sextant.model.training.validation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.sextant.model.architecture.ModelCatalog;
import dev.sextant.model.hardware.GpuCatalog;
import dev.sextant.model.hardware.Precision;
import dev.sextant.model.io.TrainingRunsCsv;
import dev.sextant.model.training.ComputeEfficiency;
import dev.sextant.model.training.LayoutSearch;
import dev.sextant.model.training.SoftwareStack;
import dev.sextant.model.training.TrainingPlan;
import dev.sextant.model.training.TrainingRequest;
import dev.sextant.model.training.validation.PredictionIntervals.ErrorClass;
import dev.sextant.model.training.validation.PredictionIntervals.Interval;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A plan against the layouts measured in public: which run is the bar, and what the gain over it is called. */
class PublishedComparisonTest {

    static final List<PublishedRun> RUNS = TrainingRunsCsv.bundled();
    static final Interval WIDE = interval(0.5, 2.0);
    static final Interval NARROW = interval(0.99, 1.01);

    @Test
    void theBarIsTheFastestMatchingRunWithinFourTimesTheGpus() {
        // Llama 3 70B, 64 H100, 8k tokens, BF16: the dgxc run on 64 GPUs (D7), not the one on 2,048 (D8, 32× the GPUs)
        TrainingRequest request = request("llama-3-70b", 64, 8192, 128);
        TrainingPlan best = request.search(ComputeEfficiency.DEFAULTS).plans().get(0);
        PublishedComparison c = PublishedComparison.find(request, best, WIDE, RUNS, ComputeEfficiency.DEFAULTS)
                .orElseThrow();
        assertThat(c.run().id()).isEqualTo("D7");
        PublishedRun d7 = c.run();
        // 128 sequences of 8,192 tokens in 14.7 s on 64 GPUs
        assertThat(c.measuredTokensPerGpu()).isCloseTo(128 * 8192 / d7.measuredStepSeconds() / 64, within(1e-6));
        assertThat(c.predictedTokensPerGpu()).isCloseTo(best.tokensPerSecond() / 64, within(1e-6));
        assertThat(c.plannerOnPublished())
                .isCloseTo(
                        128
                                * 8192
                                / TrainingValidation.plan(d7, ComputeEfficiency.DEFAULTS)
                                        .stepTimeSeconds()
                                / 64,
                        within(1e-6));
        assertThat(c.layout()).isEqualTo("TP 4, PP 4 (5 virtual), CP 2, DP 2, micro-batch 1");
    }

    @Test
    void noBarForAnotherSequenceLengthPrecisionOrScale() {
        TrainingRequest otherSeq = request("llama-3-70b", 64, 4096, 128);
        TrainingPlan best = otherSeq.search(ComputeEfficiency.DEFAULTS).plans().get(0);
        assertThat(PublishedComparison.find(otherSeq, best, WIDE, RUNS, ComputeEfficiency.DEFAULTS))
                .isEmpty();
        // 8 GPUs is an eighth of D7's 64: beyond the 4× a per-GPU comparison is trusted over
        TrainingRequest few = request("llama-3-70b", 8, 8192, 16);
        Optional<TrainingPlan> fewBest =
                few.search(ComputeEfficiency.DEFAULTS).plans().stream().findFirst();
        fewBest.ifPresent(p -> assertThat(PublishedComparison.find(few, p, WIDE, RUNS, ComputeEfficiency.DEFAULTS))
                .isEmpty());
    }

    @Test
    void aGainBeyondTheIntervalIsCalledUnmeasuredAndOneInsideItIsNot() {
        // the planner's own plan of Nemotron-4 340B's published layout on 128 H100 (D13) is faster than D13 measured
        PublishedRun d13 = run("D13");
        TrainingPlan own = TrainingValidation.plan(d13, ComputeEfficiency.DEFAULTS);
        TrainingRequest request = request("nemotron-4-340b", 128, 4096, 32);
        PublishedComparison narrow = PublishedComparison.of(d13, request, own, NARROW, ComputeEfficiency.DEFAULTS);
        assertThat(narrow.gain()).isGreaterThan(0.01);
        assertThat(narrow.verdict()).isEqualTo(PublishedComparison.Verdict.UNMEASURED_GAIN);
        assertThat(narrow.sentence(0.8))
                .contains("D13")
                .contains("the gain is unmeasured")
                .contains("for the published layout itself");
        PublishedComparison wide = PublishedComparison.of(d13, request, own, WIDE, ComputeEfficiency.DEFAULTS);
        assertThat(wide.verdict()).isEqualTo(PublishedComparison.Verdict.WITHIN_INTERVAL);
        assertThat(wide.sentence(0.8)).contains("not shown to be faster");
    }

    @Test
    void aPlanPredictedSlowerThanTheMeasurementSaysSo() {
        // Megatron-Bridge's Llama 3 70B FP8 run: the planner is 7.5 % slow on it
        PublishedRun mb07 = run("MB07");
        TrainingPlan own = TrainingValidation.plan(mb07, ComputeEfficiency.DEFAULTS);
        var gpu = GpuCatalog.get(mb07.gpuId());
        TrainingRequest request = new TrainingRequest(
                mb07.model(),
                gpu,
                mb07.gpus(),
                8,
                gpu.networkGbps(),
                gpu.linkGBs(),
                mb07.seq(),
                mb07.globalBatch(),
                0,
                LayoutSearch.Fixed.none(),
                SoftwareStack.of(mb07.stack()));
        PublishedComparison c = PublishedComparison.of(mb07, request, own, NARROW, ComputeEfficiency.DEFAULTS);
        assertThat(c.gain()).isNegative();
        assertThat(c.verdict()).isEqualTo(PublishedComparison.Verdict.NOT_FASTER);
        assertThat(c.sentence(0.8)).contains("measured at least as fast");
        // a gain that rounds to zero is +0 %, never -0 %
        PublishedComparison even = new PublishedComparison(mb07, 1000, 999.99, 1000, c.verdict());
        assertThat(even.sentence(0.8)).contains("(+0 %)").doesNotContain("-0 %");
    }

    private static TrainingRequest request(String model, int gpus, int seq, int globalBatch) {
        var h100 = GpuCatalog.get("h100-sxm");
        return new TrainingRequest(
                ModelCatalog.get(model),
                h100,
                gpus,
                8,
                h100.networkGbps(),
                h100.linkGBs(),
                seq,
                globalBatch,
                0,
                new LayoutSearch.Fixed(null, null, null, null, null, null, null, null, null, Precision.BF16, null),
                SoftwareStack.NEMO);
    }

    private static Interval interval(double lower, double upper) {
        return new Interval(0.8, ErrorClass.ALL, ErrorClass.ALL, 100, 10, 0, 0, lower, upper, 0.8);
    }

    private static PublishedRun run(String id) {
        return RUNS.stream().filter(r -> r.id().equals(id)).findFirst().orElseThrow();
    }
}
