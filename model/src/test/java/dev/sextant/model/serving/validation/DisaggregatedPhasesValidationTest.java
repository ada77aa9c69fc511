package dev.sextant.model.serving.validation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.architecture.ModelCatalog;
import dev.sextant.model.hardware.GpuCatalog;
import dev.sextant.model.hardware.GpuSpec;
import dev.sextant.model.serving.EngineProfile;
import dev.sextant.model.serving.ServingFit;
import dev.sextant.model.serving.StepLatency;
import dev.sextant.model.serving.WeightFormat;
import dev.sextant.model.training.ComputeEfficiency;
import org.junit.jupiter.api.Test;

/**
 * The two pools of a published disaggregated deployment, each measured on its own: SGLang's DeepSeek-V3 on 12 nodes of
 * 8 H100 (LMSYS blog, "Deploying DeepSeek with PD Disaggregation and Large-scale Expert Parallelism on 96 H100 GPUs",
 * 2025-05-05, "Performance Analysis of Prefill and Decode Phases"): prefill on 4 nodes (EP 32, data-parallel attention
 * 32, 16,384 tokens a device a batch), decode on 9 nodes (EP 72, data-parallel attention, 256 sequences a device). No
 * constant was fitted to these rows. The decode pool's 72 GPUs hold 288 experts (32 redundant), 4 a GPU; EP 64 over
 * DeepSeek-V3's 256 keeps those 4 a GPU.
 */
class DisaggregatedPhasesValidationTest {

    private static final ModelArchitecture DEEPSEEK_V3 = ModelCatalog.get("deepseek-v3");
    private static final GpuSpec H100 = GpuCatalog.get("h100-sxm");

    private static StepLatency instance(int ep) {
        return new StepLatency(DEEPSEEK_V3, H100, 1, ep, WeightFormat.FP8, false, ComputeEfficiency.DEFAULTS, EngineProfile.SGLANG,
                ServingFit.DEFAULT);
    }

    /** Input tokens per second per node of a prefill instance running batches of 16,384 tokens a GPU of {@code prompt}-token prompts. */
    static double prefillPerNode(int prompt) {
        int prompts = 16384 / prompt;
        double step = instance(32).seconds((long) prompts * prompt, prompts * (prompt * (prompt + 1) / 2.0), 0, 0);
        return 8 * 16384 / step;
    }

    /** Output tokens per second per node of a decode instance with {@code batch} sequences a GPU of {@code context} tokens. */
    static double decodePerNode(int batch, int context) {
        return 8 * batch / instance(64).seconds(0, 0, batch, (double) batch * context);
    }

    @Test
    void bothPoolsOfSglangsDeepSeekV3DeploymentWithin20Percent() {
        // published: prefill 57,674 / 54,543 / 50,302 input tokens/s per node at 1K / 2K / 4K prompts (default EPLB);
        // decode 22,282 output tokens/s per node at 256 sequences a GPU, 2,000-token contexts
        double[][] rows = {{prefillPerNode(1024), 57_674}, {prefillPerNode(2048), 54_543}, {prefillPerNode(4096), 50_302},
                {decodePerNode(256, 2000), 22_282}};
        StringBuilder report = new StringBuilder();
        double sum = 0;
        for (double[] r : rows) {
            double error = r[0] / r[1] - 1;
            sum += Math.abs(error);
            report.append(String.format("%.0f vs %.0f (%+.1f %%)%n", r[0], r[1], 100 * error));
            assertThat(Math.abs(error)).as(report.toString()).isLessThan(0.20);
        }
        assertThat(sum / rows.length).as(report.toString()).isLessThan(0.15);
    }
}
