package dev.sextant.model.serving;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.architecture.ModelCatalog;
import dev.sextant.model.hardware.GpuCatalog;
import dev.sextant.model.hardware.GpuSpec;
import dev.sextant.model.io.ServingRunsCsv;
import dev.sextant.model.serving.validation.PublishedServingRun;
import dev.sextant.model.serving.validation.ServingValidation;
import dev.sextant.model.training.ComputeEfficiency;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TensorRT-LLM before v0.7 decoded grouped-query attention one query head a thread block, reading the shared KV head
 * again for each query head of its group; its GQA generation kernels of v0.7 read it once.
 */
class GqaDecodeKernelTest {

    private static final GpuSpec H200 = GpuCatalog.find("h200-sxm").orElseThrow();

    @Test
    void theOlderKernelReadsTheKvCacheAgainForEachQueryHeadOfAGroup() {
        ModelArchitecture llama70b = ModelCatalog.find("llama-2-70b").orElseThrow(); // 64 query heads, 8 KV heads
        double seqs = 64;
        double context = 2048;
        double newer = step(llama70b, EngineProfile.TRTLLM, 1, seqs, context);
        double older = step(llama70b, EngineProfile.TRTLLM_PRE_GQA, 1, seqs, context);
        // by hand: 80 layers × 8 KV heads × 128 × 2 (K, V) × 2 bytes = 327,680 bytes a token; the older kernel reads it
        // 1 + 0.9 × (8 − 1) = 7.3 times, 6.3 more than the newer one, at the streaming rate of the memory model
        double kvBytes = 80 * 8 * 128 * 2 * 2.0 * seqs * context;
        double extra = ComputeEfficiency.DEFAULTS.memorySeconds(H200, 7.3 * kvBytes)
                - ComputeEfficiency.DEFAULTS.memorySeconds(H200, kvBytes);
        assertThat(older - newer).isCloseTo(extra, within(extra * 0.01));
        // at TP 8 each GPU holds one KV head and its 8 query heads: the same group
        double tp8 = step(llama70b, EngineProfile.TRTLLM_PRE_GQA, 8, seqs, context)
                - step(llama70b, EngineProfile.TRTLLM, 8, seqs, context);
        double extraTp8 = ComputeEfficiency.DEFAULTS.memorySeconds(H200, 7.3 * kvBytes / 8)
                - ComputeEfficiency.DEFAULTS.memorySeconds(H200, kvBytes / 8);
        assertThat(tp8).isCloseTo(extraTp8, within(extraTp8 * 0.01));
    }

    @Test
    void multiHeadModelsAreUnaffected() {
        ModelArchitecture llama13b = ModelCatalog.find("llama-2-13b").orElseThrow(); // 40 heads, 40 KV heads
        assertThat(step(llama13b, EngineProfile.TRTLLM_PRE_GQA, 1, 64, 2048))
                .isEqualTo(step(llama13b, EngineProfile.TRTLLM, 1, 64, 2048));
    }

    /**
     * The published pair that isolates the kernel change: Llama-2-70B FP8 on one H200, a static batch of 192 at
     * 128/2048, 1,227 tokens/s with TensorRT-LLM v0.6a and 2,941 with v0.7a, "2.4x" (NVIDIA/TensorRT-LLM
     * docs/source/blogs/Falcon180B-H200.md). The simulator's ratio, through the whole static batch, is that.
     */
    @Test
    void theSimulatorReproducesThePublishedSpeedUpOfTheNewKernels(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("pair.csv");
        String header =
                Files.readAllLines(Path.of(getClass()
                                .getResource("/validation/serving-heldout.csv")
                                .toURI()))
                        .stream()
                        .filter(l -> l.startsWith("id,"))
                        .findFirst()
                        .orElseThrow();
        Files.writeString(
                csv,
                header + "\n"
                        + "old,pair,nvidia,Falcon180B-H200 (v0.6a),trtllm-0.6,0.6,llama-2-70b,h200-sxm,1,1,1,fp8,auto,"
                        + "batch,offline,192,128,2048,,,output_tps,1227,kv\n"
                        + "new,pair,nvidia,Falcon180B-H200 (v0.7a),trtllm,0.7,llama-2-70b,h200-sxm,1,1,1,fp8,auto,"
                        + "batch,offline,192,128,2048,,,output_tps,2941,kv\n");
        List<PublishedServingRun> pair = ServingRunsCsv.read(csv);
        double ratio = ServingValidation.simulate(pair.get(1)) / ServingValidation.simulate(pair.get(0));
        assertThat(ratio).isCloseTo(2941.0 / 1227, within(0.15));
    }

    private static double step(ModelArchitecture m, EngineProfile e, int tp, double seqs, double context) {
        return new StepLatency(m, H200, tp, 1, WeightFormat.FP8, false, ComputeEfficiency.DEFAULTS, e)
                .seconds(0, 0, (int) seqs, seqs * context);
    }
}
