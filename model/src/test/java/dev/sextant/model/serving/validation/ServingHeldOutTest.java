package dev.sextant.model.serving.validation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sextant.model.io.ServingRunsCsv;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The shipped simulator on published measurements it was never fitted to (validation/serving-heldout.csv: NVIDIA's
 * DeepSeek-R1 blog and the TensorRT-LLM 1.2 per-GPU table, MoE with attention data parallelism and gpt-oss; AMD's
 * vLLM ROCm tables on MI300X and the H100 TensorRT-LLM column of AMD's blog, dense Llama 3.1 70B and 405B). Writes
 * model/target/serving-heldout.md. The bounds are today's figures, so a change that makes these worse fails; they are
 * not a target.
 */
class ServingHeldOutTest {

    @Test
    void theSimulatorOnHeldOutMeasurements() throws Exception {
        List<PublishedServingRun> runs = ServingRunsCsv.read(Path.of(
                getClass().getResource("/validation/serving-heldout.csv").toURI()));
        ServingValidation v = new ServingValidation(runs);
        ServingReport report = v.heldOut(ServingValidation::simulate);
        Files.writeString(Path.of("target", "serving-heldout.md"), report.markdown());
        assertThat(report.overall().refused()).isZero();
        assertThat(report.predictions()).hasSize(runs.size());
        // today 33.3 % over 28: TensorRT-LLM's MoE rows 21.5 % (DeepSeek-R1 under attention DP within 25 %,
        // Qwen3-235B on 4 H200 36-42 % slow, gpt-oss-120b on 4 H100 31-48 % fast); dense Llama 3.1 on 8 GPUs
        // decode-heavy and optimistic: 70B +10 to +38 %, 405B +43 to +93 % on H100 (TensorRT-LLM 0.16) and MI300X
        // (vLLM 0.10 ROCm) alike
        assertThat(report.overall().meanAbsolute()).isLessThan(0.36);
        assertThat(report.bySource().get("trtllm-perf-1.2").meanAbsolute()).isLessThan(0.25);
    }
}
