package dev.sextant.model.serving;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.sextant.model.hardware.GpuCatalog;
import dev.sextant.model.architecture.ModelCatalog;
import org.junit.jupiter.api.Test;

/** The step latency model in its two limits, by hand. */
class StepLatencyTest {

    final StepLatency llama8b = StepLatency.defaults(ModelCatalog.get("llama-3-8b"), GpuCatalog.get("h100-sxm"), 1, WeightFormat.BF16, false);

    @Test
    void aSingleDecodeStepIsMemoryBound() {
        // one sequence with 1,000 tokens of context: read 16.06 GB of weights and 1,000 × 128 KiB of KV, write 128 KiB,
        // at 70 % of 3.35 TB/s, plus 1 ms: (16,060,514,304 + 1,001 × 131,072) / 2.345e12 + 0.001 = 7.9047 ms
        double expected = (2.0 * (8_030_261_248L - 4096) + 1001 * 131072.0) / (3350e9 * 0.7) + 1e-3;
        assertThat(llama8b.seconds(0, 0, 1, 1000)).isCloseTo(expected, within(1e-9));
    }

    @Test
    void aLongPrefillIsComputeBound() {
        // 4,096 prompt tokens: 2 × matmul weights × 4,096 + 2 · l · (q + o width) · n(n + 1)/2 at 60 % of 989 TFLOP/s
        long n = 4096;
        double matmul = ModelCatalog.get("llama-3-8b").parameters().matmulActive();
        double ctx = n * (n + 1) / 2.0;
        double flops = 2 * matmul * n + 2.0 * 32 * (4096 + 4096) * ctx;
        assertThat(llama8b.seconds(n, ctx, 0, 0)).isCloseTo(flops / (989e12 * 0.6) + 1e-3, within(1e-9));
        // and batching decodes is nearly free until compute catches up with the weights' bytes
        double one = llama8b.seconds(0, 0, 1, 1000);
        double many = llama8b.seconds(0, 0, 64, 64 * 1000);
        assertThat(many / one).isBetween(1.0, 1.6);
    }

    @Test
    void tensorParallelismSplitsWorkButAddsAllReduces() {
        StepLatency tp2 = StepLatency.defaults(ModelCatalog.get("llama-3-8b"), GpuCatalog.get("h100-sxm"), 2, WeightFormat.BF16, false);
        double single = llama8b.seconds(0, 0, 1, 1000);
        double split = tp2.seconds(0, 0, 1, 1000);
        assertThat(split).isLessThan(single).isGreaterThan(single / 2);
        // a mixture of experts reads only the experts one token touches: top-2 of 8 in a batch of one
        StepLatency mixtral = StepLatency.defaults(ModelCatalog.get("mixtral-8x7b"), GpuCatalog.get("h100-sxm"), 2, WeightFormat.BF16, false);
        assertThat(mixtral.seconds(0, 0, 1, 100)).isLessThan(mixtral.seconds(0, 0, 64, 6400));
    }
}
