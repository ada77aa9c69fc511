package dev.sextant.model.serving;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.sextant.model.architecture.ModelCatalog;
import dev.sextant.model.hardware.GpuCatalog;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class ServingLeversTest {

    final Workload workload =
            new Workload(new LengthDistribution.Constant(1000), new LengthDistribution.Constant(200), 2.0, 0.05, 1);

    @Test
    void costOfAMillionTokensByHand() {
        // 0.5 requests per GPU-second × 200 tokens = 100 tokens/s = 360,000 tokens
        // an hour; at 3.60 an hour: 10 per million
        assertThat(ServingLevers.cost(0.5, workload, 3.6)).isCloseTo(10.0, within(1e-9));
        assertThat(ServingLevers.cost(0.5, workload, 0)).isNull();
    }

    @Test
    void leversOfA70bReplica() {
        ServingReplica base = ServingReplica.of(
                ModelCatalog.get("llama-3-70b"),
                GpuCatalog.get("h100-sxm"),
                4,
                WeightFormat.BF16,
                false,
                256,
                2048,
                true);
        var options = new ServingLevers.Options(
                new BatchingSimulator.Speculation(0.8, 4, 0.05), ModelCatalog.get("llama-3-8b"), 0.5);
        List<ServingLevers.Lever> levers = ServingLevers.standard(base, options);
        assertThat(levers)
                .extracting(ServingLevers.Lever::name)
                .containsExactly(
                        "Baseline",
                        "FP8 weights",
                        "INT8 weights",
                        "INT4 weights",
                        "FP8 KV cache",
                        "TP 8",
                        "TP 2",
                        "Speculative decoding",
                        "Disaggregated prefill/decode",
                        "Half the batch",
                        "Twice the token budget",
                        "Smaller model for simple traffic");
        List<ServingLevers.Row> rows =
                ServingLevers.compare(levers, workload, 2.5, ProgressListener.NONE, CancellationToken.none());
        Map<String, ServingLevers.Row> by =
                rows.stream().collect(Collectors.toMap(ServingLevers.Row::name, Function.identity()));
        ServingLevers.Row b = by.get("Baseline");
        assertThat(b.problem()).isNull();
        assertThat(b.costVersusBaseline()).isCloseTo(1.0, within(1e-12));
        assertThat(b.costPerMillionOutputTokens())
                .isCloseTo(2.5 * 1e6 / (b.goodputPerGpu() * 200 * 3600), within(1e-9));
        // INT4 weights: about a quarter of the bytes, so more KV and a faster lone decode (not 4× faster: at TP 4 the
        // 160 all-reduces and 80 attention calls of a step cost the same)
        assertThat(by.get("INT4 weights").weightsBytesPerGpu()).isLessThan(b.weightsBytesPerGpu() * 0.35);
        assertThat(by.get("INT4 weights").kvTokens()).isGreaterThan(b.kvTokens());
        assertThat(by.get("INT4 weights").singleStreamTpotSeconds()).isLessThan(b.singleStreamTpotSeconds() * 0.6);
        assertThat(by.get("INT4 weights").accuracyRisk()).startsWith("moderate");
        // an FP8 KV cache holds twice the tokens in the same bytes
        assertThat((double) by.get("FP8 KV cache").kvTokens())
                .isCloseTo(2.0 * b.kvTokens(), within(0.01 * b.kvTokens()));
        // on two 80 GB cards 131 GiB of weights leave little room for KV; on eight, more than four times as much
        assertThat(by.get("TP 2").kvTokens()).isLessThan(b.kvTokens() / 4);
        assertThat(by.get("TP 8").kvTokens()).isGreaterThan(b.kvTokens() * 2);
        // speculation cuts a lone request's time per token
        assertThat(by.get("Speculative decoding").singleStreamTpotSeconds())
                .isLessThan(b.singleStreamTpotSeconds() / 1.8);
        // half the traffic on an 8B model: goodput per GPU between the two models' and better than the 70B alone
        ServingLevers.Row split = by.get("Smaller model for simple traffic");
        assertThat(split.goodputPerGpu()).isGreaterThan(b.goodputPerGpu());
        assertThat(split.change()).contains("50% of requests to Llama 3 8B (TP 1)");
        assertThat(split.costVersusBaseline()).isLessThan(1);
        // disaggregated: whole prefill and decode instances of the baseline's TP, goodput per GPU that of the unit
        ServingLevers.Row pd = by.get("Disaggregated prefill/decode");
        assertThat(pd.problem()).isNull();
        assertThat(pd.change()).containsPattern("\\d+ prefill \\+ \\d+ decode instances of TP 4");
        assertThat(pd.gpusPerReplica() % 4).isZero();
        assertThat(pd.goodputPerReplica()).isCloseTo(pd.goodputPerGpu() * pd.gpusPerReplica(), within(1e-9));
    }
}
