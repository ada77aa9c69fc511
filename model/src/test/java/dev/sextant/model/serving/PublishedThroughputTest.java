package dev.sextant.model.serving;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.hardware.GpuCatalog;
import dev.sextant.model.architecture.ModelCatalog;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The simulator under load against published saturation throughputs (docs/validation/serving-measurements.md, Part B):
 * TensorRT-LLM's perf-overview (B1, B2: FP8 checkpoints, all requests at once, 30,000 requests) and NVIDIA NIM's
 * concurrency sweep at saturation (B7: Llama 3.3 70B FP8 on 2 × H100, 5000/500, ~920 output tokens/s at concurrency
 * 100–250). Engine settings as those engines run FP8 checkpoints: FP8 weights and KV cache, chunked prefill, a batch
 * of up to 2048 sequences (256 for B7, whose in-flight count is ~85 by Little's law). Requests arrive all at once.
 */
class PublishedThroughputTest {

    @ParameterizedTest(name = "{0}: {1} TP {2}, {3}/{4}: published {6} output tokens/s")
    @CsvSource({
            "B1, llama-3-8b, 1, 1000, 1000, 2048, 15220, 3000",
            "B1, llama-3-8b, 1, 2048, 128, 2048, 3450, 3000",
            "B1, llama-3-8b, 1, 128, 2048, 2048, 22714, 3000",
            "B2, llama-3-70b, 2, 1000, 1000, 2048, 4205, 2000",
            "B7, llama-3-70b, 2, 5000, 500, 256, 920, 500"})
    void saturationThroughputWithinThirtyPercent(String source, String model, int tp, int prompt, int output, int maxSeqs, double published,
                                                 int requests) {
        ServingReplica replica = ServingReplica.of(ModelCatalog.get(model), GpuCatalog.get("h100-sxm"), tp, WeightFormat.FP8, true, maxSeqs, 8192,
                true);
        List<BatchingSimulator.Request> burst = new ArrayList<>();
        for (int i = 0; i < requests; i++) {
            burst.add(new BatchingSimulator.Request(0, prompt, output));
        }
        double simulated = replica.simulate(burst, 1, CancellationToken.none()).throughputTokensPerSecond();
        assertThat(Math.abs(simulated / published - 1)).as("%s simulated %.0f tok/s vs %.0f published", source, simulated, published)
                .isLessThan(0.30);
    }
}
