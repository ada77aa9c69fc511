package dev.sextant.model.serving;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.sextant.model.InputError;
import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.architecture.ModelCatalog;
import dev.sextant.model.hardware.GpuCatalog;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ModelLimitException;
import dev.sextant.model.job.ProgressListener;
import java.util.List;
import org.junit.jupiter.api.Test;

class DisaggregationTest {

    private static ServingReplica replica(String model, String gpu, WeightFormat weights, boolean kvFp8) {
        ServingReplica r =
                ServingReplica.of(ModelCatalog.get(model), GpuCatalog.get(gpu), 1, weights, kvFp8, 256, 8192, true);
        return r.withSpec(r.spec().withTp(8, 1));
    }

    @Test
    void aTransferredPromptCostsNoPrefillAndItsFirstTokenIsOneDecodeStepAway() {
        ServingReplica r = ServingReplica.of(
                ModelCatalog.get("llama-3.1-8b"),
                GpuCatalog.get("h100-sxm"),
                1,
                WeightFormat.BF16,
                false,
                256,
                8192,
                true);
        StepLatency.Prepared step = r.latency().prepared();
        BatchingSimulator.Request plain = new BatchingSimulator.Request(0, 1000, 10);
        BatchingSimulator.Outcome transferred = BatchingSimulator.run(
                List.of(plain.asPrefilled()), r.latency(), r.scheduler(), CancellationToken.none());
        // admitted with its 1,000 prompt tokens and first token in the cache; nine decode steps at contexts 1,001…1,009
        double first = step.seconds(0, 0, 1, 1001);
        assertThat(transferred.ttft()[0]).isCloseTo(first, within(1e-12));
        double e2e = 0;
        for (int c = 1001; c <= 1009; c++) {
            e2e += step.seconds(0, 0, 1, c);
        }
        assertThat(transferred.e2e()[0]).isCloseTo(e2e, within(1e-12));
        assertThat(transferred.tpot()[0])
                .as("the eight tokens after the first decode step")
                .isCloseTo((e2e - first) / 8, within(1e-12));
        assertThat(transferred.outputTokens()).isEqualTo(10);
        BatchingSimulator.Outcome computed =
                BatchingSimulator.run(List.of(plain), r.latency(), r.scheduler(), CancellationToken.none());
        assertThat(computed.ttft()[0])
                .as("the prompt computed here")
                .isGreaterThan(3 * transferred.ttft()[0]);
    }

    @Test
    void kvBytesOfQwen3_8bByHandAndATransferIsTheFloorPlusItsBytesAtThreeQuartersOfTheLink() {
        ServingSpec spec = ServingReplica.of(
                        ModelCatalog.get("qwen3-8b"),
                        GpuCatalog.get("h100-sxm"),
                        8,
                        WeightFormat.BF16,
                        false,
                        256,
                        8192,
                        true)
                .spec();
        // 2 (K, V) × 36 layers × 8 KV heads × 128 × 2 bytes = 147,456 bytes a token, an eighth on each GPU
        assertThat(ServingMemory.plan(spec).kvBytesPerTokenPerGpu()).isCloseTo(147_456 / 8.0, within(1e-9));
        // 1 GB from each GPU over 25 GB/s: 0.45 ms + 1e9 / (0.75 × 25e9) s = 53.78 ms
        assertThat(new Disaggregation.KvLink(25, "").seconds(1e9)).isCloseTo(0.45e-3 + 1 / 18.75, within(1e-12));
    }

    @Test
    void poolsAreRateMatchedAndTheDeploymentIsTheBestWholeNumberOfInstances() {
        ServingReplica base = replica("llama-3.1-8b", "h100-sxm", WeightFormat.BF16, false);
        Workload w =
                new Workload(new LengthDistribution.Constant(2000), new LengthDistribution.Constant(200), 1.0, 0.03, 1);
        Disaggregation.Plan plan = Disaggregation.plan(
                base,
                w,
                new Disaggregation.Choices(1, 1, 1, 1, null),
                2.0,
                ProgressListener.NONE,
                CancellationToken.none());
        Disaggregation.Disaggregated d = plan.disaggregated();
        assertThat(d.problem()).isNull();
        double rp = d.prefill().goodput();
        double rd = d.decode().goodput();
        assertThat(rp).isPositive();
        assertThat(rd).isPositive();
        // TensorRT-LLM tech blog 5: per GPU = 1 / (g_p / R_p + g_d / R_d) with fractional instance counts
        assertThat(d.rateMatchedGoodputPerGpu()).isCloseTo(1 / (1 / rp + 1 / rd), within(1e-12));
        double unit = Math.min(d.prefillInstances() * rp, d.decodeInstances() * rd)
                / (d.prefillInstances() + d.decodeInstances());
        assertThat(d.goodputPerGpu())
                .isCloseTo(unit, within(1e-12))
                .isLessThanOrEqualTo(d.rateMatchedGoodputPerGpu() + 1e-12);
        assertThat(d.goodputPerGpu())
                .as("within 2 % of the best unit of up to 16 + 16 instances")
                .isGreaterThanOrEqualTo(0.98 * bestUnit(rp, rd) - 1e-12);
        assertThat(d.ratio()).isCloseTo((double) d.prefillInstances() / d.decodeInstances(), within(1e-12));
        assertThat(d.outputTokensPerSecondPerGpu()).isCloseTo(200 * d.goodputPerGpu(), within(1e-9));
        // price × 10⁶ / (requests per GPU-second × output tokens × 3,600 s)
        assertThat(d.costPerMillionOutputTokens())
                .isCloseTo(2.0 * 1e6 / (d.goodputPerGpu() * 200 * 3600), within(1e-9));
        // a prefill instance holds its P99 TTFT, with the transfer, inside what the decode instance's wait leaves
        assertThat(d.prefill().p99WaitSeconds())
                .isLessThanOrEqualTo(1.0 - d.decode().p99WaitSeconds());
        assertThat(d.decode().p99WaitSeconds()).isLessThanOrEqualTo(Disaggregation.DECODE_WAIT_SHARE * 1.0);
        // NVLink when the deployment unit fits one node of 8, else each GPU's network share
        assertThat(d.link().gbsPerGpu())
                .isEqualTo(
                        d.gpus() <= 8
                                ? GpuCatalog.get("h100-sxm").linkGBs()
                                : GpuCatalog.get("h100-sxm").networkGbps() / 8);
        assertThat(d.kvTransferSecondsPerRequest()).isCloseTo(d.link().seconds(d.kvBytesPerRequest()), within(1e-15));
        Disaggregation.Aggregated a = plan.aggregated();
        assertThat(a.goodputPerReplica()).isCloseTo(w.goodput(a.replica(), CancellationToken.none()), within(1e-12));
        assertThat(plan.better()).isEqualTo(d.goodputPerGpu() > a.goodputPerGpu() ? "disaggregated" : "aggregated");
    }

    private static double bestUnit(double rp, double rd) {
        double best = 0;
        for (int p = 1; p <= Disaggregation.MAX_INSTANCES; p++) {
            for (int d = 1; d <= Disaggregation.MAX_INSTANCES; d++) {
                best = Math.max(best, Math.min(p * rp, d * rd) / (p + d));
            }
        }
        return best;
    }

    @Test
    void longPromptsWithATightTpotTargetFavourDisaggregationShortPromptsWithLongOutputsDoNot() {
        ServingReplica base = replica("llama-3.1-8b", "h100-sxm", WeightFormat.BF16, false);
        // prefill-heavy: chunks of other prompts stall every decode in aggregated serving
        // (DistServe's prefill-decode interference)
        Workload heavy =
                new Workload(new LengthDistribution.Constant(2000), new LengthDistribution.Constant(200), 1.0, 0.03, 1);
        Disaggregation.Plan h = Disaggregation.plan(
                base,
                heavy,
                new Disaggregation.Choices(1, 1, 1, 1, null),
                0,
                ProgressListener.NONE,
                CancellationToken.none());
        assertThat(h.better()).isEqualTo("disaggregated");
        // 100-token prompts, 1,000-token outputs, a loose TPOT: the prefill instance
        // idles; an aggregated replica does both
        Workload light =
                new Workload(new LengthDistribution.Constant(100), new LengthDistribution.Constant(1000), 2.0, 0.1, 1);
        Disaggregation.Plan l = Disaggregation.plan(
                base,
                light,
                new Disaggregation.Choices(1, 1, 1, 1, null),
                0,
                ProgressListener.NONE,
                CancellationToken.none());
        assertThat(l.better()).isEqualTo("aggregated");
    }

    @Test
    void aTpThatDoesNotFitOrDoesNotDivideTheHeadsIsRefusedNamingTheField() {
        ServingReplica base = replica("llama-3.1-70b", "h100-sxm", WeightFormat.BF16, false);
        Workload w =
                new Workload(new LengthDistribution.Constant(1000), new LengthDistribution.Constant(100), 1.0, 0.05, 1);
        assertThatThrownBy(() -> Disaggregation.plan(
                        base,
                        w,
                        new Disaggregation.Choices(null, 1, null, 1, null),
                        0,
                        ProgressListener.NONE,
                        CancellationToken.none()))
                .isInstanceOf(InputError.class)
                .hasMessageContaining("does not fit");
        assertThatThrownBy(() -> Disaggregation.plan(
                        base,
                        w,
                        new Disaggregation.Choices(null, null, 3, 1, null),
                        0,
                        ProgressListener.NONE,
                        CancellationToken.none()))
                .isInstanceOf(InputError.class)
                .hasMessageContaining("divide");
        assertThatThrownBy(() -> new Disaggregation.KvLink(0, "none")).isInstanceOf(InputError.class);
    }

    @Test
    void theSearchKeepsTheTpWithTheBestGoodputPerGpu() {
        ModelArchitecture m = ModelCatalog.get("llama-3.1-70b");
        ServingReplica base =
                ServingReplica.of(m, GpuCatalog.get("h100-sxm"), 8, WeightFormat.FP8, true, 256, 8192, true);
        Workload w = new Workload(
                new LengthDistribution.Constant(3000), new LengthDistribution.Constant(150), 2.0, 0.025, 1);
        Disaggregation.Plan plan = Disaggregation.plan(
                base, w, Disaggregation.Choices.searchAll(), 0, ProgressListener.NONE, CancellationToken.none());
        for (ServingReplica r : Disaggregation.candidates(base, null, 1)) {
            assertThat(plan.aggregated().goodputPerGpu())
                    .isGreaterThanOrEqualTo(w.goodput(r, CancellationToken.none()) / r.gpus() - 1e-12);
        }
        // 70B in BF16 needs at least 2 H100s
        assertThat(Disaggregation.candidates(base.withSpec(base.spec().withTp(8, 1)), null, 1))
                .isNotEmpty();
        ServingReplica bf16 =
                ServingReplica.of(m, GpuCatalog.get("h100-sxm"), 8, WeightFormat.BF16, false, 256, 8192, true);
        assertThat(Disaggregation.candidates(bf16, null, 1))
                .extracting(r -> r.spec().tp())
                .containsExactly(2, 4, 8);
    }

    @Test
    void eachPoolKeepsItsOwnBatchLimits() {
        ServingReplica base = replica("llama-3.1-8b", "h100-sxm", WeightFormat.BF16, false);
        Workload w =
                new Workload(new LengthDistribution.Constant(2000), new LengthDistribution.Constant(200), 1.0, 0.03, 1);
        Disaggregation.Plan wide = Disaggregation.plan(
                base,
                w,
                new Disaggregation.Choices(1, 1, 1, 1, null),
                0,
                ProgressListener.NONE,
                CancellationToken.none());
        Disaggregation.Plan narrow = Disaggregation.plan(
                base,
                w,
                new Disaggregation.Choices(1, 1, 1, 1, null, 4096, 8),
                0,
                ProgressListener.NONE,
                CancellationToken.none());
        assertThat(narrow.disaggregated().decode().replica().spec().maxNumSeqs())
                .isEqualTo(8);
        assertThat(narrow.disaggregated().decode().replica().spec().maxNumBatchedTokens())
                .isEqualTo(8192);
        assertThat(narrow.disaggregated().prefill().replica().spec().maxNumBatchedTokens())
                .isEqualTo(4096);
        assertThat(narrow.disaggregated().prefill().replica().spec().maxNumSeqs())
                .isEqualTo(256);
        // eight sequences at most: a decode instance serves fewer requests within the same TPOT
        assertThat(narrow.disaggregated().decode().goodput())
                .isLessThan(wide.disaggregated().decode().goodput());
        // the aggregated replica keeps the base's
        assertThat(narrow.aggregated().replica().spec().maxNumSeqs()).isEqualTo(256);
        assertThatThrownBy(() -> new Disaggregation.Choices(1, 1, 1, 1, null, 0, null))
                .isInstanceOf(InputError.class);
    }

    @Test
    void dataParallelAttentionInstancesPlanAndRun() {
        // Qwen3-30B-A3B with EP 8: TP 1 instances are 8 attention replicas around
        // one expert layer, each simulating a share
        ServingReplica base = ServingReplica.of(
                ModelCatalog.get("qwen3-30b-a3b"),
                GpuCatalog.get("h100-sxm"),
                1,
                WeightFormat.BF16,
                false,
                256,
                8192,
                true);
        Workload w =
                new Workload(new LengthDistribution.Constant(2000), new LengthDistribution.Constant(300), 1.0, 0.05, 1);
        Disaggregation.Plan plan = Disaggregation.plan(
                base,
                w,
                new Disaggregation.Choices(1, 1, 1, 8, null),
                0,
                ProgressListener.NONE,
                CancellationToken.none());
        assertThat(plan.disaggregated().prefill().gpus()).isEqualTo(8);
        assertThat(plan.disaggregated().problem()).isNull();
        ServingReplica instance = plan.disaggregated().prefill().replica();
        List<BatchingSimulator.Request> requests = BatchingSimulator.poisson(5, 0, 200, w.prompt(), w.output(), 1);
        Disaggregation.Run run = Disaggregation.run(
                instance,
                1,
                plan.disaggregated().decode().replica(),
                1,
                new Disaggregation.KvLink(450, ""),
                requests,
                CancellationToken.none());
        assertThat(run.e2e()).hasSize(200);
        for (double x : run.e2e()) {
            assertThat(x).isPositive();
        }
        assertThat(Disaggregation.of(new double[] {1, 2}, 5, 8)).isEqualTo(2);
        assertThat(Disaggregation.of(new double[] {1, 2}, 1, 2)).isEqualTo(2);
    }

    /**
     * Issue 33, part 4b: DeepSeek-V3's decode pool at TP 1, EP 64 (64 attention replicas of up to 1,024 sequences each).
     * With a fixed 3,000 requests each replica simulated 47 and never filled its batch, so every rate "met" the targets
     * and the search's bound (524,288 requests/s) came back as the capacity. Now each replica simulates three full
     * batches: the rate found lies well inside the bound, and a search that reaches it is a failure, not an answer.
     */
    @Test
    void aDataParallelAttentionDecodePoolIsBoundedByItsBatchesNotBySearchLimits() {
        ServingReplica base = ServingReplica.of(
                ModelCatalog.get("deepseek-v3"),
                GpuCatalog.get("h100-sxm"),
                1,
                WeightFormat.BF16,
                false,
                64,
                8192,
                true);
        ServingReplica decode = base.withSpec(base.spec().withTp(1, 64));
        assertThat(Capacity.searchRequests(decode)).isEqualTo(64 * 3000);
        Workload w =
                new Workload(new LengthDistribution.Constant(1000), new LengthDistribution.Constant(200), 2.0, 0.1, 1);
        Disaggregation.Pool pool = Disaggregation.decodePool(decode, w, CancellationToken.none());
        // 64 replicas × 64 sequences at ≥ one step per 0.1 s: at most 64 × 64 / (0.1
        // × 200) ≈ 205 requests/s can meet TPOT
        assertThat(pool.goodput()).isPositive().isLessThan(410);
        assertThatThrownBy(() -> Capacity.highestRate(rate -> true))
                .isInstanceOf(ModelLimitException.class)
                .hasMessageContaining("cannot bound this capacity");
    }

    @Test
    void prefillAndDecodePoolsTakeTheirOwnExpertParallelism() {
        ServingReplica base = ServingReplica.of(
                ModelCatalog.get("qwen3-30b-a3b"),
                GpuCatalog.get("h100-sxm"),
                1,
                WeightFormat.BF16,
                false,
                64,
                8192,
                true);
        Workload w =
                new Workload(new LengthDistribution.Constant(1000), new LengthDistribution.Constant(100), 2.0, 0.1, 1);
        Disaggregation.Plan plan = Disaggregation.plan(
                base,
                w,
                new Disaggregation.Choices(1, 1, 1, 1, null, null, null, 2, 8),
                0,
                ProgressListener.NONE,
                CancellationToken.none());
        assertThat(plan.disaggregated().prefill().replica().spec().ep()).isEqualTo(2);
        assertThat(plan.disaggregated().decode().replica().spec().ep()).isEqualTo(8);
        assertThat(plan.aggregated().replica().spec().ep()).isEqualTo(1);
    }
}
