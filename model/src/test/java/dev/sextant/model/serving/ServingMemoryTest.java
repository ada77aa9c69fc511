package dev.sextant.model.serving;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.architecture.ModelCatalog;
import dev.sextant.model.hardware.GpuCatalog;
import dev.sextant.model.hardware.GpuSpec;
import org.junit.jupiter.api.Test;

/** The serving memory plan against the DeepSeek-V2 KV formulas, the PagedAttention paper and a published vLLM log. */
class ServingMemoryTest {

    static final double GIB = ServingMemory.GIB;

    static ServingSpec spec(String model, String gpu, int tp, WeightFormat w, boolean kvFp8, int len) {
        return new ServingSpec(
                ModelCatalog.get(model),
                GpuCatalog.get(gpu),
                tp,
                1,
                w,
                kvFp8,
                len,
                256,
                8192,
                0.9,
                16,
                null,
                null,
                null);
    }

    static double kvPerToken(String model) {
        return ServingMemory.plan(spec(model, "h200-sxm", 8, WeightFormat.BF16, false, 4096))
                .kvBytesPerToken();
    }

    @Test
    void kvBytesPerTokenAsPublished() {
        // Published per-token KV sizes: Llama-2-7B 512 KiB; Llama-2-13B 800 KiB ("800 KB",
        // PagedAttention); Llama-3-8B 128 KiB; Llama-3-70B 320 KiB; Llama-3.1-405B 504 KiB;
        // DeepSeek-V3 61 × 576 × 2 = 70,272 bytes (MLA, no factor 2)
        assertThat(kvPerToken("llama-2-7b")).isEqualTo(512 * 1024);
        assertThat(kvPerToken("llama-2-13b")).isEqualTo(800 * 1024);
        assertThat(kvPerToken("llama-3-8b")).isEqualTo(128 * 1024);
        assertThat(kvPerToken("llama-3-70b")).isEqualTo(320 * 1024);
        assertThat(kvPerToken("llama-3.1-405b")).isEqualTo(504 * 1024);
        assertThat(kvPerToken("deepseek-v3")).isEqualTo(70_272);
        // FP8 halves it
        assertThat(ServingMemory.plan(spec("llama-3-8b", "h100-sxm", 1, WeightFormat.BF16, true, 4096))
                        .kvBytesPerToken())
                .isEqualTo(64 * 1024);
    }

    @Test
    void tensorParallelismSplitsKvHeadsAndReplicatesThemPastTheirCount() {
        ServingMemory tp4 = ServingMemory.plan(spec("llama-3-70b", "h100-sxm", 4, WeightFormat.BF16, false, 8192));
        assertThat(tp4.kvBytesPerTokenPerGpu()).isEqualTo(320 * 1024 / 4.0);
        assertThat(tp4.blockBytes()).isEqualTo(16 * 320 * 1024 / 4.0);
        ServingMemory tp16 = ServingMemory.plan(new ServingSpec(
                ModelCatalog.get("llama-3-70b"),
                GpuCatalog.get("h100-sxm"),
                16,
                1,
                WeightFormat.BF16,
                false,
                8192,
                256,
                8192,
                0.9,
                16,
                null,
                null,
                null));
        assertThat(tp16.kvBytesPerTokenPerGpu())
                .as("8 KV heads on 16 GPUs: one head each, replicated")
                .isEqualTo(320 * 1024 / 8.0);
        ServingMemory mla = ServingMemory.plan(spec("deepseek-v3", "h200-sxm", 8, WeightFormat.FP8, false, 8192));
        assertThat(mla.kvBytesPerTokenPerGpu())
                .as("MLA's latent is whole on every rank")
                .isEqualTo(70_272);
    }

    @Test
    void thePublishedVllmStartUpLog() {
        // vLLM issue: Llama-3.1-8B on a 24 GB RTX 3090 (23.58 GiB), utilisation 0.9, torch peak 17.06 GiB, non-torch
        // 0.35 GiB → KV 3.81 GiB → 1,952 blocks of 2 MiB
        ModelArchitecture m = ModelCatalog.get("llama-3-8b");
        GpuSpec card = GpuCatalog.get("rtx-4090");
        double weights = ServingMemory.weightsPerGpu(m, WeightFormat.BF16, 1, 1);
        assertThat(weights / GIB).isCloseTo(14.96, within(0.01));
        ServingMemory measured = ServingMemory.plan(new ServingSpec(
                m,
                card,
                1,
                1,
                WeightFormat.BF16,
                false,
                8192,
                256,
                8192,
                0.9,
                16,
                23.58 * GIB,
                17.06 * GIB - weights,
                0.35 * GIB));
        assertThat(measured.kvCacheBytesPerGpu() / GIB).isCloseTo(3.81, within(0.01));
        assertThat(measured.blockBytes()).isEqualTo(2 * 1024 * 1024);
        assertThat(measured.kvBlocks()).isBetween(1951L, 1952L);
        assertThat(measured.kvTokens()).isEqualTo(measured.kvBlocks() * 16);
        assertThat(measured.maxConcurrency()).isCloseTo(measured.kvTokens() / 8192.0, within(1e-12));
        // the modelled activation peak and overhead land within 10 % of the logged blocks: that run had max_model_len
        // 20,000 without chunked prefill, so 20,000 batched tokens (1,952 blocks); at 29,000 the same card had 1,478
        ServingMemory modelled = ServingMemory.plan(new ServingSpec(
                m, card, 1, 1, WeightFormat.BF16, false, 20000, 256, 20000, 0.9, 16, 23.58 * GIB, null, null));
        assertThat((double) modelled.kvBlocks()).isCloseTo(1952, within(195.2));
        ServingMemory longer = ServingMemory.plan(new ServingSpec(
                m, card, 1, 1, WeightFormat.BF16, false, 29000, 256, 29000, 0.9, 16, 23.58 * GIB, null, null));
        assertThat((double) longer.kvBlocks()).isCloseTo(1478, within(147.8));
    }

    @Test
    void quantizedWeightsShrinkAndWhatDoesNotFitSaysSo() {
        ModelArchitecture m = ModelCatalog.get("llama-3-70b");
        double bf16 = ServingMemory.weightsPerGpu(m, WeightFormat.BF16, 1, 1);
        double int4 = ServingMemory.weightsPerGpu(m, WeightFormat.INT4, 1, 1);
        assertThat(bf16)
                .isCloseTo(2.0 * (m.parameters().total() - m.parameters().finalNorm()), within(1.0));
        assertThat(int4 / bf16).as("4-bit linear layers, 16-bit embeddings").isBetween(0.27, 0.30);
        ServingMemory tooBig = ServingMemory.plan(spec("llama-3-70b", "h100-sxm", 1, WeightFormat.BF16, false, 8192));
        assertThat(tooBig.fits()).isFalse();
        assertThat(tooBig.kvBlocks()).isZero();
        assertThatThrownBy(() -> spec("llama-3-70b", "h100-sxm", 3, WeightFormat.BF16, false, 8192))
                .hasMessage("TP (3) must divide the 64 attention heads");
        assertThatThrownBy(() -> new ServingSpec(
                        m,
                        GpuCatalog.get("h100-sxm"),
                        1,
                        1,
                        WeightFormat.BF16,
                        false,
                        8192,
                        256,
                        8192,
                        1.2,
                        16,
                        null,
                        null,
                        null))
                .hasMessageContaining("GPU memory utilisation must lie in (0, 1]");
        assertThatThrownBy(() -> new ServingSpec(
                        m,
                        GpuCatalog.get("h100-sxm"),
                        1,
                        1,
                        WeightFormat.BF16,
                        false,
                        8192,
                        256,
                        8192,
                        0.9,
                        0,
                        null,
                        null,
                        null))
                .hasMessage("the block size must be at least 1 token");
    }

    @Test
    void publishedH100StartUpLogsWithinFivePercent() {
        // llm-d-planner's vLLM 0.19 logs on H100 80GB (79.19 GiB), utilisation 0.95, max_model_len 8192 (cases A1, A6,
        // A7 of docs/validation/serving-measurements.md): KV tokens 476,016; 244,304 (70B FP8, TP 2); 708,992 (TP 4)
        GpuSpec h100 = GpuCatalog.get("h100-sxm");
        long[][] cases = {{1, 476_016}, {2, 244_304}, {4, 708_992}};
        String[] models = {"llama-3-8b", "llama-3-70b", "llama-3-70b"};
        WeightFormat[] formats = {WeightFormat.BF16, WeightFormat.FP8, WeightFormat.FP8};
        for (int i = 0; i < cases.length; i++) {
            ServingMemory p = ServingMemory.plan(new ServingSpec(
                    ModelCatalog.get(models[i]),
                    h100,
                    (int) cases[i][0],
                    1,
                    formats[i],
                    false,
                    8192,
                    256,
                    8192,
                    0.95,
                    16,
                    79.19 * GIB,
                    null,
                    null));
            assertThat((double) p.kvTokens())
                    .as(models[i] + " TP " + cases[i][0])
                    .isCloseTo(cases[i][1], within(cases[i][1] * 0.05));
        }
    }
}
