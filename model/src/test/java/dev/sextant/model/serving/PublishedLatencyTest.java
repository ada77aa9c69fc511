package dev.sextant.model.serving;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.sextant.model.hardware.GpuCatalog;
import dev.sextant.model.architecture.ModelCatalog;
import org.junit.jupiter.api.Test;

/**
 * The step latency model's defaults against published single-request latencies (docs/validation/
 * serving-measurements.md): TensorRT-LLM's batch-1 first-token latencies (case B6) and NVIDIA NIM at concurrency 1
 * (B7). Long prompts and decode steps come within 15 %; 128-token prompts come out 34–52 % fast (fixed per-request
 * costs the model does not have yet).
 */
class PublishedLatencyTest {

    static double prefill(StepLatency l, int n) {
        return l.seconds(n, n * (n + 1) / 2.0, 0, 0);
    }

    static StepLatency of(String model, String gpu, int tp, WeightFormat w) {
        return StepLatency.defaults(ModelCatalog.get(model), GpuCatalog.get(gpu), tp, w, false);
    }

    @Test
    void longPromptsAndDecodeStepsWithinFifteenPercent() {
        // B6, TensorRT-LLM 0.5, batch 1, 2,048-token prompts: first-token latency
        assertThat(prefill(of("llama-2-7b", "h100-sxm", 1, WeightFormat.FP8), 2048)).isCloseTo(0.036, within(0.036 * 0.15));
        assertThat(prefill(of("llama-2-70b", "h100-sxm", 4, WeightFormat.FP8), 2048)).isCloseTo(0.109, within(0.109 * 0.15));
        assertThat(prefill(of("llama-2-7b", "a100-sxm-80gb", 1, WeightFormat.BF16), 2048)).isCloseTo(0.133, within(0.133 * 0.15));
        assertThat(prefill(of("llama-2-70b", "a100-sxm-80gb", 4, WeightFormat.BF16), 2048)).isCloseTo(0.377, within(0.377 * 0.15));
        // B7, NIM 1.8 Llama-3.3-70B FP8 on 2 H100s, concurrency 1, 5,000 in / 500 out: TTFT 406.77 ms, ITL 18.58 ms
        StepLatency nim = of("llama-3-70b", "h100-sxm", 2, WeightFormat.FP8);
        assertThat(prefill(nim, 5000)).isCloseTo(0.40677, within(0.40677 * 0.15));
        assertThat(nim.seconds(0, 0, 1, 5250)).isCloseTo(0.01858, within(0.01858 * 0.15));
    }
}
