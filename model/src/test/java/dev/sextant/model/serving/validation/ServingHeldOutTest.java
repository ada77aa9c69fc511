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
 * vLLM ROCm tables on MI300X and the H100 TensorRT-LLM column of AMD's blog, dense Llama 3.1 70B and 405B; NVIDIA's
 * H200 launch table of TensorRT-LLM 0.5, static batches of Llama-2 13B and 70B). Writes model/target/serving-heldout.md.
 * The bounds are today's figures, so a change that makes these worse fails; they are not a target.
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
        // today 23.4 % over 35: TensorRT-LLM 1.2's MoE rows 23.3 % (DeepSeek-R1 under attention DP within 25 %,
        // Qwen3-235B on 4 H200 36-42 % slow, gpt-oss-120b on 4 H100 31-48 % fast); MI300X (AMD's vLLM 0.10 ROCm
        // tables, the MI300X share fitted on dstack's vLLM 0.6 runs) 9.7 %, all within 16 %; the H100 column of AMD's
        // blog +10 to +83 %, 405B the worst; TensorRT-LLM 0.5's static batches on H200 12-37 % slow, Llama-2-13B
        // (no grouped KV heads) as much as 70B
        assertThat(report.overall().meanAbsolute()).isLessThan(0.26);
        assertThat(report.bySource().get("trtllm-perf-1.2").meanAbsolute()).isLessThan(0.25);
        assertThat(report.bySource().get("rocm-vllm-docker").meanAbsolute()).isLessThan(0.12);
    }
}
