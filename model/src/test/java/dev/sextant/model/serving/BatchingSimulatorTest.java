package dev.sextant.model.serving;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.sextant.model.architecture.ModelCatalog;
import dev.sextant.model.hardware.GpuCatalog;
import dev.sextant.model.job.CancellationToken;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class BatchingSimulatorTest {

    final StepLatency latency = StepLatency.defaults(
            ModelCatalog.get("llama-3-8b"), GpuCatalog.get("h100-sxm"), 1, WeightFormat.BF16, false);

    @Test
    void batchSizeOneIsAnMD1Queue() {
        // max_num_seqs = 1 and fixed lengths: one server with a deterministic service time S (a prefill step, then
        // O − 1 decode steps), Poisson arrivals: M/D/1, mean wait Wq = λ S² / (2 (1 − λ S))
        int prompt = 512;
        int output = 32;
        double prefill = latency.seconds(prompt, prompt * (prompt + 1) / 2.0, 0, 0);
        double service = prefill;
        for (int k = 1; k < output; k++) {
            service += latency.seconds(0, 0, 1, prompt + k);
        }
        double rate = 0.7 / service;
        List<BatchingSimulator.Request> requests = BatchingSimulator.poisson(
                rate, 0, 60_000, new LengthDistribution.Constant(prompt), new LengthDistribution.Constant(output), 42);
        BatchingSimulator.Outcome o = BatchingSimulator.run(
                requests,
                latency,
                new BatchingSimulator.Scheduler(1, 8192, false, 16, 100_000),
                CancellationToken.none());
        double wq = rate * service * service / (2 * (1 - rate * service));
        double meanWait = Arrays.stream(o.ttft()).average().orElseThrow() - prefill;
        assertThat(meanWait).isCloseTo(wq, within(wq * 0.07));
        assertThat(Arrays.stream(o.e2e()).min().orElseThrow()).isCloseTo(service, within(1e-9));
    }

    @Test
    void continuousBatchingRaisesThroughputAndChunkedPrefillSteadiesTpot() {
        List<BatchingSimulator.Request> requests = BatchingSimulator.poisson(
                20, 60, 0, new LengthDistribution.Uniform(200, 2000), new LengthDistribution.Uniform(50, 400), 7);
        BatchingSimulator.Outcome one = BatchingSimulator.run(
                requests.subList(0, 200),
                latency,
                new BatchingSimulator.Scheduler(1, 8192, false, 16, 200_000),
                CancellationToken.none());
        BatchingSimulator.Outcome batched = BatchingSimulator.run(
                requests,
                latency,
                new BatchingSimulator.Scheduler(256, 8192, false, 16, 200_000),
                CancellationToken.none());
        BatchingSimulator.Outcome chunked = BatchingSimulator.run(
                requests,
                latency,
                new BatchingSimulator.Scheduler(256, 2048, true, 16, 200_000),
                CancellationToken.none());
        assertThat(batched.outputTokens() / batched.simulatedSeconds())
                .isGreaterThan(5 * one.outputTokens() / one.simulatedSeconds());
        assertThat(BatchingSimulator.quantile(chunked.tpot(), 0.99))
                .isLessThan(BatchingSimulator.quantile(batched.tpot(), 0.99));
        // the same seed gives the same run
        BatchingSimulator.Outcome again = BatchingSimulator.run(
                requests,
                latency,
                new BatchingSimulator.Scheduler(256, 2048, true, 16, 200_000),
                CancellationToken.none());
        assertThat(again.ttft()).containsExactly(chunked.ttft());
    }

    @Test
    void aSmallCachePreemptsAndARequestTooBigIsRefused() {
        List<BatchingSimulator.Request> requests = BatchingSimulator.poisson(
                50, 10, 0, new LengthDistribution.Constant(1000), new LengthDistribution.Constant(500), 3);
        BatchingSimulator.Outcome tight = BatchingSimulator.run(
                requests, latency, new BatchingSimulator.Scheduler(256, 8192, true, 16, 500), CancellationToken.none());
        assertThat(tight.preemptions()).isPositive();
        assertThat(tight.meanKvUtilisation()).isGreaterThan(0.5);
        assertThatThrownBy(() -> BatchingSimulator.run(
                        requests,
                        latency,
                        new BatchingSimulator.Scheduler(256, 8192, true, 16, 50),
                        CancellationToken.none()))
                .hasMessageContaining("KV blocks");
    }

    @Test
    void withoutChunkedPrefillATightCacheStillFinishesEveryRequest() {
        // vLLM V0: a step with a prefill runs no decodes. Three requests of 16 + 112 tokens (8 blocks each at the end)
        // in a cache of 20 blocks: all three start, their decodes outgrow the cache and the latest is preempted; were
        // it readmitted at once into the blocks it left, the decodes would never run again (issue 38: 256 requests of
        // Llama 3.1 405B on 8 H100 never finished)
        List<BatchingSimulator.Request> requests = List.of(
                new BatchingSimulator.Request(0, 16, 112),
                new BatchingSimulator.Request(0, 16, 112),
                new BatchingSimulator.Request(0, 16, 112));
        BatchingSimulator.Outcome v0 = BatchingSimulator.run(
                requests, latency, new BatchingSimulator.Scheduler(8, 8192, false, 16, 20), CancellationToken.none());
        assertThat(v0.outputTokens()).isEqualTo(3 * 112);
        assertThat(v0.preemptions()).isPositive();
        // two run to the end together (16 blocks), the third after them: fewer than three runs' worth of steps
        assertThat(v0.steps()).isLessThan(3 * 113);
    }

    @Test
    void gammaArrivalsKeepTheRateAndBurstinessRaisesTheTail() {
        List<BatchingSimulator.Request> smooth = BatchingSimulator.gamma(
                10, 1, 0, 20_000, new LengthDistribution.Constant(500), new LengthDistribution.Constant(100), 5);
        List<BatchingSimulator.Request> bursty = BatchingSimulator.gamma(
                10, 3, 0, 20_000, new LengthDistribution.Constant(500), new LengthDistribution.Constant(100), 5);
        // mean gap 1/rate whatever the burstiness: 20,000 arrivals in about 2,000 s
        assertThat(smooth.get(smooth.size() - 1).arrival()).isCloseTo(2000, within(60.0));
        assertThat(bursty.get(bursty.size() - 1).arrival()).isCloseTo(2000, within(150.0));
        // the gaps' coefficient of variation is what was asked
        double[] gaps = new double[bursty.size() - 1];
        for (int i = 1; i < bursty.size(); i++) {
            gaps[i - 1] = bursty.get(i).arrival() - bursty.get(i - 1).arrival();
        }
        double mean = Arrays.stream(gaps).average().orElseThrow();
        double sd =
                Math.sqrt(Arrays.stream(gaps).map(g -> (g - mean) * (g - mean)).sum() / (gaps.length - 1));
        assertThat(sd / mean).isCloseTo(3, within(0.3));
        BatchingSimulator.Scheduler scheduler = new BatchingSimulator.Scheduler(256, 2048, true, 16, 30_000);
        double p99Smooth = BatchingSimulator.quantile(
                BatchingSimulator.run(smooth, latency, scheduler, CancellationToken.none())
                        .ttft(),
                0.99);
        double p99Bursty = BatchingSimulator.quantile(
                BatchingSimulator.run(bursty, latency, scheduler, CancellationToken.none())
                        .ttft(),
                0.99);
        assertThat(p99Bursty).isGreaterThan(p99Smooth);
    }

    @Test
    void aClosedLoopOfOneRunsRequestsBackToBack() {
        // a client holding one request in flight: each starts when the last ends, so the run lasts n × one request's
        // time and no request waits
        int prompt = 256;
        int output = 16;
        List<BatchingSimulator.Request> requests = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            requests.add(new BatchingSimulator.Request(0, prompt, output));
        }
        BatchingSimulator.Scheduler s = new BatchingSimulator.Scheduler(64, 8192, true, 16, 100_000);
        BatchingSimulator.Outcome one =
                BatchingSimulator.run(requests.subList(0, 1), latency, s, CancellationToken.none());
        BatchingSimulator.Outcome loop =
                BatchingSimulator.run(requests, latency, s, null, 0, 1, CancellationToken.none());
        assertThat(loop.simulatedSeconds()).isCloseTo(20 * one.e2e()[0], within(1e-9));
        for (double e : loop.e2e()) {
            assertThat(e).isCloseTo(one.e2e()[0], within(1e-9));
        }
        // a loop of four keeps four in flight: faster overall than one at a time, each request slower
        BatchingSimulator.Outcome four =
                BatchingSimulator.run(requests, latency, s, null, 0, 4, CancellationToken.none());
        assertThat(four.simulatedSeconds()).isLessThan(loop.simulatedSeconds() / 2);
        assertThat(Arrays.stream(four.e2e()).average().orElseThrow()).isGreaterThan(one.e2e()[0]);
    }

    @Test
    void reservingTheWholeOutputAdmitsFewerAndNeverPreempts() {
        // 40 blocks of 16 tokens; requests of 128 + 384 tokens need 32 blocks each at the end. Admission by prompt
        // (vLLM) lets two start and preempts one when they grow; reservation (TensorRT-LLM) runs them one at a time
        List<BatchingSimulator.Request> requests =
                List.of(new BatchingSimulator.Request(0, 128, 384), new BatchingSimulator.Request(0, 128, 384));
        BatchingSimulator.Outcome vllm = BatchingSimulator.run(
                requests, latency, new BatchingSimulator.Scheduler(8, 8192, true, 16, 40), CancellationToken.none());
        BatchingSimulator.Outcome reserve = BatchingSimulator.run(
                requests,
                latency,
                new BatchingSimulator.Scheduler(8, 8192, true, 16, 40, KvCacheLayout.uniform(16), true),
                CancellationToken.none());
        assertThat(vllm.preemptions()).isPositive();
        assertThat(reserve.preemptions()).isZero();
        // the second waits for the first to finish entirely
        assertThat(reserve.ttft()[1]).isGreaterThan(reserve.e2e()[0]);
    }
}
