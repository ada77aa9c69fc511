package dev.sextant.model.serving;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.sextant.model.architecture.AttentionKind;
import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.architecture.ModelCatalog;
import dev.sextant.model.hardware.GpuCatalog;
import dev.sextant.model.io.HfModelConfig;
import dev.sextant.model.job.CancellationToken;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Sliding-window and chunked layers keep only their window of a request (vLLM's hybrid KV cache manager): counted by
 * hand for Gemma 2 9B and gpt-oss-120b at 32k tokens, and seen in the simulator's admissions.
 */
class KvCacheLayoutTest {

    static ModelArchitecture config(String name) throws Exception {
        return HfModelConfig.read(Path.of(KvCacheLayoutTest.class
                .getResource("/hf-configs/" + name + ".json")
                .toURI()));
    }

    @Test
    void blocksHeldByEachKind() {
        // 16-token blocks. A 4096-token window: the token and 4095 before it start anywhere in a block, so at most
        // ⌈4095 / 16⌉ + 1 = 257 blocks; a short context holds its own ⌈n / 16⌉
        assertThat(new AttentionKind.SlidingWindow(4096).blocksHeld(32_768, 16)).isEqualTo(257);
        assertThat(new AttentionKind.SlidingWindow(4096).blocksHeld(1000, 16)).isEqualTo(63);
        assertThat(new AttentionKind.SlidingWindow(128).blocksHeld(32_768, 16)).isEqualTo(9); // ⌈127/16⌉ + 1
        // chunks of 8192: at 32,768 tokens the fourth chunk (24,576–32,767) is complete, 512
        // blocks; one token into the second chunk, one block
        assertThat(new AttentionKind.Chunked(8192).blocksHeld(32_768, 16)).isEqualTo(512);
        assertThat(new AttentionKind.Chunked(8192).blocksHeld(8193, 16)).isEqualTo(1);
        assertThat(new AttentionKind.Full().blocksHeld(32_768, 16)).isEqualTo(2048);
        assertThat(new AttentionKind.SlidingWindow(4096).tokensHeld(32_768, 16)).isEqualTo(257 * 16);
        assertThat(new AttentionKind.SlidingWindow(4096).tokensHeld(1000, 16)).isEqualTo(1000);
    }

    @Test
    void gemma2At32kFitsMoreRequestsThanAllFullLayersWould() throws Exception {
        ModelArchitecture g = config("gemma-2-9b");
        ServingMemory m = ServingMemory.plan(new ServingSpec(
                g,
                GpuCatalog.get("h100-sxm"),
                1,
                1,
                WeightFormat.BF16,
                false,
                32_768,
                256,
                8192,
                0.9,
                16,
                null,
                null,
                null));
        // per request: 21 global layers × 32,768 tokens + 21 local layers × 257 blocks × 16 = 774,480 token-layers,
        // against 42 × 32,768 = 1,376,256 if every layer kept everything
        assertThat(m.kvLayout().tokenSlotsFor(32_768)).isEqualTo(774_480);
        assertThat(m.maxConcurrency()).isCloseTo(m.kvBlocks() * 16.0 * 42 / 774_480, within(1e-9));
        assertThat(m.maxConcurrency() / (m.kvTokens() / 32_768.0)).isCloseTo(1_376_256 / 774_480.0, within(1e-9));
        assertThat(m.concurrencyAt(4096))
                .as("within the window every layer holds the whole request")
                .isCloseTo(m.kvTokens() / 4096.0, within(1e-9));
        // per-request bytes: KV of one token of one layer (2 × 8 heads × 256 × 2 bytes = 8 KiB) × 774,480
        assertThat(m.kvBytesPerRequestPerGpu(32_768)).isCloseTo(8192.0 * 774_480, within(1e-3));
        assertThat(m.kvLayout().summary()).isEqualTo("sliding window 4096 × 21, full × 21");
    }

    @Test
    void gptOss120bAt32k() throws Exception {
        ModelArchitecture o = config("gpt-oss-120b");
        ServingMemory m = ServingMemory.plan(new ServingSpec(
                o,
                GpuCatalog.get("h200-sxm"),
                2,
                1,
                WeightFormat.FP8,
                false,
                32_768,
                256,
                8192,
                0.9,
                16,
                null,
                null,
                null));
        // 18 full layers × 32,768 + 18 sliding layers × 9 blocks × 16 = 592,416 token-layers (all full: 1,179,648)
        assertThat(m.kvLayout().tokenSlotsFor(32_768)).isEqualTo(592_416);
        assertThat(m.maxConcurrency()).isCloseTo(m.kvBlocks() * 16.0 * 36 / 592_416, within(1e-9));
        // at 512 tokens the 128-token windows still hold 144 tokens (9 blocks): 18 × 512 + 18 × 144 = 11,808 of 18,432
        assertThat(ServingAnalysis.concurrencyByContext(m).get(0)[1])
                .isCloseTo(m.kvTokens() / 512.0 * 18_432 / 11_808, within(1e-9));
    }

    @Test
    void pipelineStagesTakeTheHeaviestStage() throws Exception {
        ModelArchitecture g = config("gemma-3-27b");
        // 62 layers in 2 stages of 31: layers 0–30 hold 5 global layers (5, 11, 17, 23, 29), layers 31–61 hold 5 too
        KvCacheLayout l = KvCacheLayout.of(g, 2, 16, 32_768);
        assertThat(l.layers()).hasSize(31);
        assertThat(l.layers().stream()
                        .filter(k -> k instanceof AttentionKind.Full)
                        .count())
                .isEqualTo(5);
    }

    @Test
    void decodeStepsReadOnlyTheWindowOfLocalLayers() throws Exception {
        ModelArchitecture g = config("gemma-2-9b");
        StepLatency l = StepLatency.defaults(g, GpuCatalog.get("h100-sxm"), 1, WeightFormat.BF16, false);
        // 10 sequences of 32,768 tokens: 21 global layers read 327,680 tokens each, 21 local layers 10 × 4096
        assertThat(l.layerContext(327_680, 10)).isEqualTo(21 * 327_680.0 + 21 * 40_960.0);
        assertThat(l.layerContext(5_000, 10))
                .as("short contexts: every layer reads all")
                .isEqualTo(42 * 5_000.0);
        StepLatency full = StepLatency.defaults(
                ModelCatalog.get("llama-3-8b"), GpuCatalog.get("h100-sxm"), 1, WeightFormat.BF16, false);
        assertThat(full.layerContext(327_680, 10)).isEqualTo(32 * 327_680.0);
    }

    @Test
    void fullModelsSimulateAsBefore() {
        // with every layer full, layer-blocks are blocks × layers: the same admissions and preemptions
        ModelArchitecture llama = ModelCatalog.get("llama-3-8b");
        StepLatency latency = StepLatency.defaults(llama, GpuCatalog.get("h100-sxm"), 1, WeightFormat.BF16, false);
        List<BatchingSimulator.Request> rs = BatchingSimulator.poisson(
                20, 0, 400, new LengthDistribution.Constant(2000), new LengthDistribution.Constant(300), 7);
        KvCacheLayout layout = new KvCacheLayout(16, Collections.nCopies(32, new AttentionKind.Full()));
        BatchingSimulator.Outcome plain = BatchingSimulator.run(
                rs, latency, new BatchingSimulator.Scheduler(256, 8192, true, 16, 2000), CancellationToken.none());
        BatchingSimulator.Outcome layered = BatchingSimulator.run(
                rs,
                latency,
                new BatchingSimulator.Scheduler(256, 8192, true, 16, layout.layerBlocks(2000), layout),
                CancellationToken.none());
        assertThat(layered.preemptions()).isEqualTo(plain.preemptions()).isPositive();
        assertThat(layered.ttft()).containsExactly(plain.ttft());
    }

    @Test
    void slidingLayersLetTheSimulatorAdmitMoreLongRequests() throws Exception {
        ModelArchitecture g = config("gemma-2-9b");
        StepLatency latency = StepLatency.defaults(g, GpuCatalog.get("h100-sxm"), 1, WeightFormat.BF16, false);
        KvCacheLayout hybrid = KvCacheLayout.of(g, 1, 16, 32_768);
        KvCacheLayout allFull = new KvCacheLayout(16, Collections.nCopies(42, new AttentionKind.Full()));
        // room for three 32k requests with local layers (21 × 2048 + 21 × 257 = 48,405 layer-blocks each), for one
        // when every layer holds everything (86,016 each)
        long capacity = 3 * 48_405L + 100;
        assertThat(hybrid.layerBlocksFor(32_768)).isEqualTo(48_405);
        List<BatchingSimulator.Request> three = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            three.add(new BatchingSimulator.Request(0, 32_000, 768));
        }
        BatchingSimulator.Outcome h = BatchingSimulator.run(
                three,
                latency,
                new BatchingSimulator.Scheduler(256, 8192, true, 16, capacity, hybrid),
                CancellationToken.none());
        BatchingSimulator.Outcome f = BatchingSimulator.run(
                three,
                latency,
                new BatchingSimulator.Scheduler(256, 8192, true, 16, capacity, allFull),
                CancellationToken.none());
        assertThat(h.preemptions()).isZero();
        // all layers full: the third request waits for the first to finish before its prefill can be admitted
        assertThat(f.ttft()[2]).isGreaterThan(f.e2e()[0]);
        assertThat(h.ttft()[2]).isLessThan(h.e2e()[0]);
        assertThat(h.simulatedSeconds())
                .as("three decode together instead of one after another")
                .isLessThan(f.simulatedSeconds());
    }
}
