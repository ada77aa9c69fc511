package dev.sextant.model.serving;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.sextant.model.architecture.ModelCatalog;
import dev.sextant.model.hardware.GpuCatalog;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import java.util.List;
import org.junit.jupiter.api.Test;

class ServingAnalysisTest {

    static ServingPlanRequest request(String model, String gpu, int tp) {
        ServingSpec spec = new ServingSpec(
                ModelCatalog.get(model),
                GpuCatalog.get(gpu),
                tp,
                1,
                WeightFormat.BF16,
                false,
                8192,
                256,
                2048,
                0.9,
                16,
                null,
                null,
                null);
        List<Capacity.Window> day =
                List.of(new Capacity.Window(0, 8, 1), new Capacity.Window(8, 10, 6), new Capacity.Window(18, 6, 3));
        return new ServingPlanRequest(
                spec,
                true,
                "lognormal:1000:400",
                "lognormal:200:80",
                1.5,
                0.05,
                1,
                4,
                day,
                0.2,
                10,
                2.5,
                null,
                null,
                0,
                0,
                0,
                null);
    }

    @Test
    void aStudyOfLlama8bOnAnH100() {
        ServingPlanRequest req = request("llama-3-8b", "h100-sxm", 1);
        ServingAnalysis s = ServingAnalysis.run(
                req,
                new LengthDistribution.LogNormal(1000, 400),
                new LengthDistribution.LogNormal(200, 80),
                ProgressListener.NONE,
                CancellationToken.none());
        assertThat(s.goodputPerReplica()).isPositive();
        // the sweep's knee: the targets hold at and below the goodput and break well above it
        assertThat(s.sweep()).hasSize(ServingAnalysis.SWEEP.length);
        assertThat(s.sweep().get(0).rate()).isCloseTo(0.25 * s.goodputPerReplica(), within(1e-9));
        assertThat(s.sweep().get(ServingAnalysis.SWEEP.length - 1).ttft().p99())
                .isGreaterThan(s.sweep().get(0).ttft().p99());
        // concurrency by context: KV tokens / context, down to max_model_len
        double[] last = s.concurrency().get(s.concurrency().size() - 1);
        assertThat(last[0]).isEqualTo(8192);
        assertThat(last[1]).isCloseTo(s.memory().kvTokens() / 8192.0, within(1e-9));
        assertThat(s.concurrency().get(0)[0]).isEqualTo(512);
        // the run at the chosen rate: ten minutes of traffic with the KV series over it
        assertThat(s.atRate().requests()).isEqualTo(2400);
        assertThat(s.atRate().kvUtilisation()).hasSize(BatchingSimulator.KV_SERIES_POINTS);
        assertThat(s.atRate().meanKvUtilisation()).isBetween(0.0, 1.0);
        assertThat(s.day().windows()).hasSize(3);
        assertThat(s.day().goodputPerReplica()).isEqualTo(s.goodputPerReplica());
        assertThat(s.levers().get(0).goodputPerReplica()).isEqualTo(s.goodputPerReplica()); // same seed, same search
        assertThat(s.notes()).isEmpty();
    }

    @Test
    void aModelThatDoesNotFitIsRefusedWithTheShortfall() {
        ServingPlanRequest req = request("llama-3-70b", "h100-sxm", 1);
        assertThatThrownBy(() -> ServingAnalysis.run(
                        req,
                        new LengthDistribution.Constant(100),
                        new LengthDistribution.Constant(10),
                        ProgressListener.NONE,
                        CancellationToken.none()))
                .hasMessageContaining("does not fit on NVIDIA H100 SXM with TP 1")
                .hasMessageContaining("GiB short");
    }
}
