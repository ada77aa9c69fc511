package dev.sextant.model.serving.validation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.architecture.ModelCatalog;
import dev.sextant.model.hardware.GpuCatalog;
import dev.sextant.model.hardware.GpuSpec;
import dev.sextant.model.serving.Disaggregation;
import dev.sextant.model.serving.EngineProfile;
import dev.sextant.model.serving.ServingFit;
import dev.sextant.model.serving.ServingMemory;
import dev.sextant.model.serving.ServingReplica;
import dev.sextant.model.serving.StepLatency;
import dev.sextant.model.serving.WeightFormat;
import dev.sextant.model.training.ComputeEfficiency;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * Published disaggregated deployments, each pool measured on its own, and the KV transfer between pools; no constant
 * was fitted to any of these rows except the KV link's two (see {@link Disaggregation.KvLink}), whose table is shown
 * here too. Writes {@code target/disaggregation-validation.md}.
 * <ul>
 * <li>SGLang, DeepSeek-V3 on 12 nodes of 8 H100 (LMSYS blog, 2025-05-05, "Deploying DeepSeek with PD Disaggregation
 * and Large-scale Expert Parallelism on 96 H100 GPUs", "Performance Analysis of Prefill and Decode Phases"): prefill on
 * 4 nodes (EP 32, data-parallel attention, 16,384 tokens a GPU a batch), decode on 9 nodes (EP 72, 256 sequences a GPU,
 * 2,000-token contexts). The decode pool's 72 GPUs hold 288 experts (32 redundant), 4 a GPU; EP 64 over DeepSeek-V3's
 * 256 keeps those 4 a GPU.</li>
 * <li>SGLang and Mooncake, Kimi K2 on 16 nodes of 8 H200 (LMSYS blog, 2025-07-20, "Deploying Kimi K2 with PD
 * Disaggregation and Large-Scale Expert Parallelism on 128 H200 GPUs"): prefill on 4 nodes (EP 32), 56k input
 * tokens/s a node at 2,000-token prompts; decode on 12 nodes (EP 96), 24k output tokens/s a node at 480 sequences a
 * GPU (2,000-token prompts, 100-token outputs).</li>
 * </ul>
 */
class DisaggregatedPhasesValidationTest {

    record Row(String source, String pool, String configuration, double published, double predicted, String unit) {
        double error() {
            return predicted / published - 1;
        }
    }

    private static StepLatency instance(String model, String gpu, int ep) {
        ModelArchitecture m = ModelCatalog.get(model);
        GpuSpec g = GpuCatalog.get(gpu);
        return new StepLatency(
                m,
                g,
                1,
                ep,
                WeightFormat.FP8,
                false,
                ComputeEfficiency.DEFAULTS,
                EngineProfile.SGLANG,
                ServingFit.DEFAULT);
    }

    /** Input tokens per second per node of a prefill instance running batches of {@code batch} tokens a GPU of {@code prompt}-token prompts. */
    static double prefillPerNode(String model, String gpu, int ep, int prompt, int batch) {
        int prompts = batch / prompt;
        double step = instance(model, gpu, ep)
                .seconds((long) prompts * prompt, prompts * (prompt * (prompt + 1) / 2.0), 0, 0);
        return 8.0 * prompts * prompt / step;
    }

    /** Output tokens per second per node of a decode instance with {@code batch} sequences a GPU of {@code context} tokens. */
    static double decodePerNode(String model, String gpu, int ep, int batch, int context) {
        return 8.0 * batch / instance(model, gpu, ep).seconds(0, 0, batch, (double) batch * context);
    }

    static List<Row> phases() {
        String sgl = "SGLang DeepSeek-V3, 96 × H100";
        String k2 = "SGLang Kimi K2, 128 × H200";
        return List.of(
                new Row(
                        sgl,
                        "prefill",
                        "EP 32, 1K prompts, 16,384 tokens a GPU",
                        57_674,
                        prefillPerNode("deepseek-v3", "h100-sxm", 32, 1024, 16384),
                        "input tok/s a node"),
                new Row(
                        sgl,
                        "prefill",
                        "EP 32, 2K prompts",
                        54_543,
                        prefillPerNode("deepseek-v3", "h100-sxm", 32, 2048, 16384),
                        "input tok/s a node"),
                new Row(
                        sgl,
                        "prefill",
                        "EP 32, 4K prompts",
                        50_302,
                        prefillPerNode("deepseek-v3", "h100-sxm", 32, 4096, 16384),
                        "input tok/s a node"),
                new Row(
                        sgl,
                        "decode",
                        "EP 72 (as 64), 256 sequences a GPU, 2K context",
                        22_282,
                        decodePerNode("deepseek-v3", "h100-sxm", 64, 256, 2000),
                        "output tok/s a node"),
                new Row(
                        k2,
                        "prefill",
                        "EP 32, 2K prompts, 16,000 tokens a GPU",
                        56_000,
                        prefillPerNode("kimi-k2", "h200-sxm", 32, 2000, 16000),
                        "input tok/s a node"),
                new Row(
                        k2,
                        "decode",
                        "EP 96, 480 sequences a GPU, 2K context",
                        24_000,
                        decodePerNode("kimi-k2", "h200-sxm", 96, 480, 2050),
                        "output tok/s a node"));
    }

    /**
     * Mooncake's vLLM v1 disaggregation benchmark (kvcache-ai/Mooncake docs/source/performance/vllm/vllm-v1-pd-performance.md):
     * Qwen3-8B TP8 → TP8 across two H800 nodes, 8 × ConnectX-7 RoCE of 200 Gb/s (25 GB/s a GPU). The source of the
     * link's two constants: in-sample.
     */
    static List<Row> transfers() {
        int[] prompt = {128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768};
        double[] measuredMs = {0.54, 0.61, 0.92, 1.50, 2.51, 4.75, 8.84, 16.43, 31.65};
        double perTokenPerGpu = ServingMemory.plan(ServingReplica.of(
                                ModelCatalog.get("qwen3-8b"),
                                GpuCatalog.get("h100-sxm"),
                                8,
                                WeightFormat.BF16,
                                false,
                                256,
                                8192,
                                true)
                        .spec())
                .kvBytesPerTokenPerGpu();
        Disaggregation.KvLink link = new Disaggregation.KvLink(25, "8 × 200 Gb/s");
        List<Row> out = new ArrayList<>();
        for (int i = 0; i < prompt.length; i++) {
            out.add(new Row(
                    "Mooncake vLLM v1 PD, Qwen3-8B, 2 × 8 H800 (fit)",
                    "KV transfer",
                    String.format(Locale.ROOT, "%,d-token prompt", prompt[i]),
                    measuredMs[i],
                    link.seconds(perTokenPerGpu * prompt[i]) * 1e3,
                    "ms"));
        }
        return out;
    }

    @Test
    void everyPoolOfThePublishedDeploymentsWithin20Percent() throws Exception {
        List<Row> rows = phases();
        StringBuilder md = new StringBuilder(
                "# Disaggregated serving: published pools and KV transfers against the model\n\n"
                        + "Written by `DisaggregatedPhasesValidationTest` (`mvn -o -q test -pl model -Dtest=DisaggregatedPhasesValidationTest`).\n\n"
                        + "| Source | Pool | Configuration | Published | Predicted | Unit | Error |\n|---|---|---|---:|---:|---|---:|\n");
        double sum = 0;
        List<Row> all = new ArrayList<>(rows);
        all.addAll(transfers());
        for (Row r : all) {
            md.append(String.format(
                    Locale.ROOT,
                    "| %s | %s | %s | %,.2f | %,.2f | %s | %+.1f %% |%n",
                    r.source(),
                    r.pool(),
                    r.configuration(),
                    r.published(),
                    r.predicted(),
                    r.unit(),
                    100 * r.error()));
        }
        for (Row r : rows) {
            sum += Math.abs(r.error());
        }
        md.append(String.format(
                Locale.ROOT,
                "%nPools: mean absolute error %.1f %% over %d published pools (none fitted).%n",
                100 * sum / rows.size(),
                rows.size()));
        Files.createDirectories(Path.of("target"));
        Files.writeString(Path.of("target", "disaggregation-validation.md"), md.toString());
        for (Row r : all) {
            assertThat(Math.abs(r.error())).as(md.toString()).isLessThan(0.20);
        }
        assertThat(sum / rows.size()).as(md.toString()).isLessThan(0.15);
    }
}
