package dev.sextant.model.serving;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.sextant.model.architecture.ModelCatalog;
import dev.sextant.model.hardware.GpuCatalog;
import dev.sextant.model.job.CancellationToken;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class P99WatchTest {

    @Test
    void callsAMissOnlyWhenTheInterpolatedP99MustExceedTheTarget() {
        // 100 values: P99 sits at position 0.99 × 99 = 98.01, between the 99th and 100th smallest (hand count: it
        // exceeds the target for sure once two values do, since then the 99th smallest does)
        P99Watch w = new P99Watch(100, 1.0, 1.0);
        w.firstToken(5.0);
        assertThat(w.missed()).isFalse();
        double[] one = new double[100];
        Arrays.fill(one, 1.0);
        one[99] = 5.0;
        // with one slow value the P99 is 1 + 0.01 × 4 = 1.04: above the target, yet the watch may not say so, since
        // the same single slow value with a target of 1.05 would meet it: only the full run can tell
        assertThat(BatchingSimulator.quantile(one, 0.99)).isEqualTo(1.04, within(1e-12));
        w.firstToken(1.5);
        assertThat(w.missed()).isTrue();
        one[98] = 1.5;
        assertThat(BatchingSimulator.quantile(one, 0.99)).isGreaterThan(1.0);
        // TPOTs count apart from TTFTs; values at the target do not count
        P99Watch t = new P99Watch(100, 1.0, 0.05);
        t.finished(0.05);
        t.finished(0.06);
        assertThat(t.missed()).isFalse();
        t.finished(0.07);
        assertThat(t.missed()).isTrue();
    }

    @Test
    void anEndedSearchAgreesWithTheWholeRunAtEveryRate() {
        ServingReplica replica = ServingReplica.of(
                ModelCatalog.get("llama-3-8b"),
                GpuCatalog.get("h100-sxm"),
                1,
                WeightFormat.BF16,
                false,
                128,
                2048,
                true);
        LengthDistribution prompt = new LengthDistribution.Uniform(200, 1500);
        LengthDistribution output = new LengthDistribution.LogNormal(150, 100);
        CancellationToken none = CancellationToken.none();
        int met = 0;
        for (double rate = 2; rate <= 60; rate *= 1.4) {
            List<BatchingSimulator.Request> requests = BatchingSimulator.poisson(rate, 0, 1500, prompt, output, 3);
            BatchingSimulator.Outcome whole = replica.simulate(requests, 3, none);
            boolean full = BatchingSimulator.quantile(whole.ttft(), 0.99) <= 0.8
                    && BatchingSimulator.quantile(whole.tpot(), 0.99) <= 0.04;
            assertThat(replica.meetsP99(requests, 3, true, 0.8, 0.04, none))
                    .as("rate %.1f", rate)
                    .isEqualTo(full);
            met += full ? 1 : 0;
        }
        // the range covers both answers
        assertThat(met).isBetween(1, 11);
    }
}
