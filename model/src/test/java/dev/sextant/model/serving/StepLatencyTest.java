package dev.sextant.model.serving;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.sextant.model.architecture.ModelCatalog;
import dev.sextant.model.hardware.GpuCatalog;
import dev.sextant.model.hardware.GpuSpec;
import dev.sextant.model.hardware.Precision;
import dev.sextant.model.training.ComputeEfficiency;
import dev.sextant.model.training.FusedAttention;
import dev.sextant.model.training.TiledGemm;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

/** The step latency's parts, each against a hand calculation in its limit, with the kernel figures as published (no fit). */
class StepLatencyTest {

    static final GpuSpec H100 = GpuCatalog.get("h100-sxm");
    /** An engine without host costs or launches, to look at the GPU's kernels alone. */
    static final EngineProfile BARE = new EngineProfile(
            "bare", "no host", true, false, 1 << 20, 0, 0, 0, 0, 0, FusedAttention.Generation.FLASH3, true);

    final StepLatency llama8b = new StepLatency(
            ModelCatalog.get("llama-3-8b"),
            H100,
            1,
            1,
            WeightFormat.BF16,
            false,
            ComputeEfficiency.DEFAULTS,
            BARE,
            ServingFit.NONE);

    @Test
    void aSingleDecodeStepStreamsTheWeightsOnce() {
        // one sequence at 1,000 tokens of context reads the 16.06 GB of 16-bit matmul weights at the streaming share
        // (0.8) of 3.35 TB/s: 5.99 ms, plus the KV cache (1,000 × 128 KiB), 4 µs for each of 32 × 5 GEMMs, 17.5 µs for
        // each of 32 decode-attention calls and the elementwise work: within 20 % of the weights' time
        double weights = 2.0 * ModelCatalog.get("llama-3-8b").parameters().matmulActive();
        double floor = (weights + 1000 * 131072.0) / (3350e9 * 0.8);
        double step = llama8b.seconds(0, 0, 1, 1000);
        assertThat(step).isGreaterThan(floor + 32 * 17.5e-6).isLessThan(floor * 1.2);
    }

    @Test
    void aLongPrefillRunsAtTheTiledGemmRatePlusFusedAttention() {
        // 4,096 prompt tokens: the linear layers at the shape-dependent GEMM rate (about 0.77 of 989 TFLOP/s at these
        // shapes), the causal attention's 2 · l · (q + o width) · n(n + 1)/2 FLOPs at FlashAttention-3's rate
        long n = 4096;
        double matmul = ModelCatalog.get("llama-3-8b").parameters().matmulActive();
        double ctx = n * (n + 1) / 2.0;
        double linear = 2 * matmul * n / (989e12 * TiledGemm.efficiency(H100, Precision.BF16, n, 14336, 4096));
        double attention = FusedAttention.seconds(H100, 2.0 * 32 * (4096 + 4096) * ctx, n, 128, true, 32, false);
        assertThat(llama8b.seconds(n, ctx, 0, 0)).isCloseTo(linear + attention, within((linear + attention) * 0.08));
        // batching decodes is nearly free until compute catches up with the weights' bytes
        double one = llama8b.seconds(0, 0, 1, 1000);
        double many = llama8b.seconds(0, 0, 64, 64 * 1000);
        assertThat(many / one).isBetween(1.0, 1.6);
    }

    @Test
    void theHostsWorkAddsWhatTheGpuWaitsForAndHidesTheRest() {
        EngineProfile host = new EngineProfile(
                "h", "host", true, false, 1 << 20, 1e-3, 10e-6, 0, 0, 0, FusedAttention.Generation.FLASH3, true);
        double gpu = llama8b.seconds(0, 0, 100, 100 * 1000);
        // serial: 1 ms + 100 × 10 µs on top of the GPU's time
        assertThat(llama8b.withEngine(host).seconds(0, 0, 100, 100 * 1000)).isCloseTo(gpu + 2e-3, within(1e-9));
        // overlapped: shows only beyond the GPU's time
        EngineProfile overlapped = new EngineProfile(
                "o", "host", true, false, 1 << 20, 0, 0, 0, 1e-3, 0, FusedAttention.Generation.FLASH3, true);
        assertThat(llama8b.withEngine(overlapped).seconds(0, 0, 1, 1000))
                .isCloseTo(llama8b.seconds(0, 0, 1, 1000), within(1e-9));
        assertThat(llama8b.withEngine(overlapped).seconds(0, 0, 100, 100 * 1000))
                .isCloseTo(Math.max(gpu, 0.1), within(1e-9));
    }

    @Test
    void stepsOutsideACapturedGraphWaitForTheirLaunches() {
        // 50 µs a launch, graphs up to 8 sequences: 32 layers × 12 kernels + 4 = 388 launches = 19.4 ms
        EngineProfile eager = new EngineProfile(
                "e", "eager", true, false, 8, 0, 0, 0, 0, 50e-6, FusedAttention.Generation.FLASH3, true);
        StepLatency l = llama8b.withEngine(eager);
        assertThat(l.seconds(0, 0, 8, 8000)).isCloseTo(llama8b.seconds(0, 0, 8, 8000), within(1e-12));
        assertThat(l.seconds(0, 0, 9, 9000)).isCloseTo(388 * 50e-6, within(1e-12));
        assertThat(l.seconds(0, 0, 9, 9000)).isGreaterThan(llama8b.seconds(0, 0, 9, 9000));
    }

    @Test
    void tensorParallelismSplitsWorkButAddsAllReduces() {
        StepLatency tp2 = new StepLatency(
                ModelCatalog.get("llama-3-8b"),
                H100,
                2,
                1,
                WeightFormat.BF16,
                false,
                ComputeEfficiency.DEFAULTS,
                BARE,
                ServingFit.NONE);
        double single = llama8b.seconds(0, 0, 1, 1000);
        double split = tp2.seconds(0, 0, 1, 1000);
        assertThat(split).isLessThan(single).isGreaterThan(single / 2);
        // at one token the all-reduces are latency: 2 × 32 layers × 25 µs = 1.6 ms at least
        assertThat(split - single / 2).isGreaterThan(1.5e-3);
    }

    @Test
    void expertsAreOneGroupedKernelAndADecodeOfOneReadsOnlyItsExperts() {
        StepLatency mixtral = new StepLatency(
                ModelCatalog.get("mixtral-8x7b"),
                H100,
                1,
                1,
                WeightFormat.BF16,
                false,
                ComputeEfficiency.DEFAULTS,
                BARE,
                ServingFit.NONE);
        double active = 2.0 * ModelCatalog.get("mixtral-8x7b").parameters().active();
        double all = 2.0 * ModelCatalog.get("mixtral-8x7b").parameters().total();
        double one = mixtral.seconds(0, 0, 1, 100);
        double many = mixtral.seconds(0, 0, 64, 6400);
        // one token: two of eight experts a layer, about the active weights' bytes; 64 tokens touch all eight
        assertThat(one).isGreaterThan(active / (3350e9 * 0.8)).isLessThan(active / (3350e9 * 0.8) * 1.3);
        assertThat(many).isGreaterThan(all / (3350e9 * 0.8)).isLessThan(all / (3350e9 * 0.8) * 1.3);
        // Qwen3-235B at TP 8: 128 narrow experts a layer in one launch, not 128 GEMMs of their own
        StepLatency qwen = new StepLatency(
                ModelCatalog.get("qwen3-235b-a22b"),
                H100,
                8,
                1,
                WeightFormat.BF16,
                false,
                ComputeEfficiency.DEFAULTS,
                BARE,
                ServingFit.NONE);
        // (a GEMM each would cost 2 × 128 × 94 launches, 96 ms, alone): the weights and 256 × 1,000 tokens of KV (one
        // of the 4 KV heads on each of 8 GPUs: 94 × 2 × 128 × 2 bytes a token) take 24 ms to stream; permutes,
        // launches, 94 attention calls and 188 all-reduces of 25 µs add up to 80 % of that again
        double weightsPerGpu =
                2.0 * ModelCatalog.get("qwen3-235b-a22b").parameters().total() / 8;
        double kv = 256 * 1000 * 94 * 2 * 128 * 2.0;
        assertThat(qwen.seconds(0, 0, 256, 256 * 1000))
                .isBetween((weightsPerGpu + kv) / (3350e9 * 0.8), (weightsPerGpu + kv) / (3350e9 * 0.8) * 1.8);
    }

    @Test
    void expertParallelismKeepsExpertsWholeAndAddsAllToAlls() {
        StepLatency tp = new StepLatency(
                ModelCatalog.get("mixtral-8x7b"),
                H100,
                8,
                1,
                WeightFormat.BF16,
                false,
                ComputeEfficiency.DEFAULTS,
                BARE,
                ServingFit.NONE);
        StepLatency ep = new StepLatency(
                ModelCatalog.get("mixtral-8x7b"),
                H100,
                8,
                8,
                WeightFormat.BF16,
                false,
                ComputeEfficiency.DEFAULTS,
                BARE,
                ServingFit.NONE);
        // a large prefill: the same expert FLOPs either way, EP adds dispatch and combine
        assertThat(ep.seconds(8192, 8192 * 4096.0, 0, 0)).isGreaterThan(tp.seconds(8192, 8192 * 4096.0, 0, 0) * 0.9);
        Assertions.assertThatThrownBy(() -> new StepLatency(
                        ModelCatalog.get("llama-3-8b"),
                        H100,
                        8,
                        8,
                        WeightFormat.BF16,
                        false,
                        ComputeEfficiency.DEFAULTS,
                        BARE,
                        ServingFit.NONE))
                .hasMessageContaining("mixture-of-experts");
    }

    @Test
    void latentAttentionDecodeIsComputeBoundWithAllHeadsOnOneGpu() {
        // DeepSeek-V3 absorbed MLA with all 128 heads on a GPU (as data-parallel attention runs it): 128 × 2 × (2 · 512
        // + 64) FLOPs per context token and layer against 576 × 2 bytes of latent: 242 FLOP/B, above H200's 151 at
        // FlashMLA's 580 TFLOP/s and 0.8 of 4.8 TB/s; 61 layers × 100 sequences × 32k of context
        StepLatency ds = new StepLatency(
                ModelCatalog.get("deepseek-v3"),
                GpuCatalog.get("h200-sxm"),
                1,
                1,
                WeightFormat.FP8,
                false,
                ComputeEfficiency.DEFAULTS,
                BARE,
                ServingFit.NONE);
        double context = 100 * 32768.0;
        double mla = 2.0 * 128 * (2 * 512 + 64) * 61 * context / 580e12;
        double read = 576 * 2.0 * 61 * context / (4800e9 * 0.8);
        assertThat(mla).isGreaterThan(read);
        assertThat(ds.seconds(0, 0, 100, context) - ds.seconds(0, 0, 100, 100)).isCloseTo(mla, within(mla * 0.02));
        // at TP 8 each GPU has 16 heads: 30 FLOP/B, and reading the latent is the cost
        StepLatency tp8 = new StepLatency(
                ModelCatalog.get("deepseek-v3"),
                GpuCatalog.get("h200-sxm"),
                8,
                1,
                WeightFormat.FP8,
                false,
                ComputeEfficiency.DEFAULTS,
                BARE,
                ServingFit.NONE);
        assertThat(tp8.seconds(0, 0, 100, context) - tp8.seconds(0, 0, 100, 100))
                .isCloseTo(read, within(read * 0.02));
    }

    @Test
    void aTokenCrossesTheNetworkOncePerRemoteNodeHoldingItsExperts() {
        // 8 experts over 2 nodes: the other node holds one of them unless all 8 fall on this one, 1 − 0.5⁸ = 0.99609
        assertThat(StepLatency.remoteNodeCopies(2, 8)).isCloseTo(1 - Math.pow(0.5, 8), within(1e-12));
        // over 4 nodes: each of the 3 others with probability 1 − 0.75⁸ = 0.89989, 2.6997 in all (DeepEP's per-node
        // dispatch; a per-expert all-to-all would send 8 × 24/32 = 6 copies)
        assertThat(StepLatency.remoteNodeCopies(4, 8)).isCloseTo(3 * (1 - Math.pow(0.75, 8)), within(1e-12));
        assertThat(StepLatency.remoteNodeCopies(1, 8)).isZero();
        // never more than the k experts, nor more than the remote nodes
        assertThat(StepLatency.remoteNodeCopies(64, 8)).isLessThan(8);
        assertThat(StepLatency.remoteNodeCopies(3, 100)).isCloseTo(2, within(1e-9));
    }
}
