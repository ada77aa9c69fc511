package dev.sextant.model.serving;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.architecture.ModelCatalog;
import dev.sextant.model.architecture.ParameterCount;
import dev.sextant.model.hardware.GpuCatalog;
import dev.sextant.model.hardware.GpuSpec;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.training.ComputeEfficiency;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Expert parallelism and data-parallel attention in the memory plan, the step latency and the simulation. */
class ExpertParallelServingTest {

    static ServingSpec spec(String model, String gpu, int tp, int ep) {
        return new ServingSpec(
                ModelCatalog.get(model),
                GpuCatalog.get(gpu),
                tp,
                1,
                WeightFormat.FP8,
                false,
                8192,
                256,
                8192,
                0.9,
                16,
                null,
                null,
                null,
                WeightStorage.of(WeightFormat.FP8),
                ep);
    }

    @Test
    void expertsSpreadWholeAndAttentionReplicasHoldTheRestWhole() {
        ModelArchitecture v3 = ModelCatalog.get("deepseek-v3");
        ParameterCount p = v3.parameters();
        double experts = (double) v3.moeLayers() * v3.moe().experts() * p.expertPerLayer();
        // EP inside a TP group of 8: each GPU holds 32 whole experts instead of 256 eighths: the same bytes
        assertThat(ServingMemory.plan(spec("deepseek-v3", "h200-sxm", 8, 8)).weightsBytesPerGpu())
                .isCloseTo(
                        ServingMemory.plan(spec("deepseek-v3", "h200-sxm", 8, 1))
                                .weightsBytesPerGpu(),
                        within(1e3));
        // eight attention replicas of TP 1: the experts still an eighth each, everything else whole on every GPU
        double wide = ServingMemory.plan(spec("deepseek-v3", "h200-sxm", 1, 8)).weightsBytesPerGpu();
        double tp8 = ServingMemory.plan(spec("deepseek-v3", "h200-sxm", 8, 1)).weightsBytesPerGpu();
        double linearNotExperts = p.total()
                - p.embedding()
                - p.output()
                - p.finalNorm()
                - experts
                - (double) v3.layers() * p.normPerLayer();
        double embeddings = 2.0 * (p.embedding() + p.output());
        // FP8 block-quantized linear layers (1 + 4/16,384 bytes) and 16-bit
        // embeddings: the rest whole costs 7/8 of them more
        assertThat(wide - tp8)
                .isCloseTo(7.0 / 8 * (linearNotExperts * (1 + 4.0 / 16384) + embeddings), within(0.02 * (wide - tp8)));
        assertThat(spec("deepseek-v3", "h200-sxm", 1, 8).attentionReplicas()).isEqualTo(8);
        assertThat(spec("deepseek-v3", "h200-sxm", 8, 8).attentionReplicas()).isEqualTo(1);
    }

    @Test
    void expertParallelismIsRefusedWhereItDoesNotApply() {
        assertThatThrownBy(() -> spec("llama-3-8b", "h100-sxm", 1, 2)).hasMessageContaining("mixtures of experts");
        assertThatThrownBy(() -> spec("mixtral-8x7b", "h100-sxm", 2, 3)).hasMessageContaining("EP (3)");
        assertThatThrownBy(() -> spec("deepseek-v3", "h200-sxm", 8, 12)).hasMessageContaining("divide");
    }

    @Test
    void anExpertLayerServesEveryAttentionReplicasTokensOverAllToAlls() {
        ModelArchitecture v3 = ModelCatalog.get("deepseek-v3");
        StepLatency wide8 = new StepLatency(
                v3,
                GpuCatalog.get("h200-sxm"),
                1,
                8,
                WeightFormat.FP8,
                false,
                ComputeEfficiency.DEFAULTS,
                StepLatencyTest.BARE,
                ServingFit.NONE);
        StepLatency wide32 = new StepLatency(
                v3,
                GpuCatalog.get("h200-sxm"),
                1,
                32,
                WeightFormat.FP8,
                false,
                ComputeEfficiency.DEFAULTS,
                StepLatencyTest.BARE,
                ServingFit.NONE);
        // 64 sequences a replica: with 8 replicas the expert layer sees 512 tokens,
        // nearly every expert; per GPU 32 of them
        double step8 = wide8.seconds(0, 0, 64, 64 * 2000.0);
        double step32 = wide32.seconds(0, 0, 64, 64 * 2000.0);
        // with 32 replicas each GPU holds 8 experts instead of 32: 16 ms less weight to read a step,
        // but the all-to-alls cross nodes (DeepEP's ~100 µs floor each, and 400 Gb/s instead of
        // NVLink's 450 GB/s): about even at 64 a replica
        assertThat(step32).isGreaterThan(v3.moeLayers() * 2 * StepLatency.INTERNODE_ALL_TO_ALL_LATENCY);
        var h200 = GpuCatalog.get("h200-sxm");
        var fastNetwork = new GpuSpec(
                h200.id(),
                h200.name(),
                h200.bf16Tflops(),
                h200.fp8Tflops(),
                h200.memoryGB(),
                h200.hbmGBs(),
                h200.linkGBs(),
                h200.link(),
                h200.networkGbps() * 10,
                h200.source(),
                h200.smCount());
        StepLatency fast32 = new StepLatency(
                v3,
                fastNetwork,
                1,
                32,
                WeightFormat.FP8,
                false,
                ComputeEfficiency.DEFAULTS,
                StepLatencyTest.BARE,
                ServingFit.NONE);
        // with a network ten times as fast the smaller expert share wins
        assertThat(fast32.seconds(0, 0, 64, 64 * 2000.0)).isLessThan(step8).isLessThan(step32);
    }

    @Test
    void aReplicaOfAttentionReplicasCountsTheOutputOfAll() {
        ServingSpec s = new ServingSpec(
                ModelCatalog.get("qwen3-30b-a3b"),
                GpuCatalog.get("h100-sxm"),
                1,
                1,
                WeightFormat.BF16,
                false,
                4096,
                64,
                8192,
                0.9,
                16,
                null,
                null,
                null,
                WeightStorage.of(WeightFormat.BF16),
                4);
        ServingReplica r = new ServingReplica(s, true, null, null);
        assertThat(r.gpus()).isEqualTo(4);
        List<BatchingSimulator.Request> burst = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            burst.add(new BatchingSimulator.Request(0, 500, 100));
        }
        BatchingSimulator.Outcome o = r.simulate(burst, 1, 0, false, CancellationToken.none());
        assertThat(o.outputTokens()).isEqualTo(400L * 100);
        assertThat(o.ttft()).hasSize(100); // one replica's share, its latencies stand for all
    }

    @Test
    void aReplicaPrefillingALongPromptHoldsTheOthersDecodesBack() {
        StepLatency.Prepared step = new StepLatency(
                        ModelCatalog.get("qwen3-235b-a22b"),
                        GpuCatalog.get("h200-sxm"),
                        1,
                        8,
                        WeightFormat.FP8,
                        false,
                        ComputeEfficiency.DEFAULTS,
                        StepLatencyTest.BARE,
                        ServingFit.NONE)
                .prepared();
        StepLatency.Batch decode = new StepLatency.Batch(0, 0, 0, 64, 64 * 3000.0);
        StepLatency.Batch prefill = new StepLatency.Batch(1, 5000, 5000 * 5001 / 2.0, 64, 64 * 3000.0);
        // every replica running the same batch is the balanced step
        assertThat(step.seconds(decode, Collections.nCopies(7, decode))).isCloseTo(step.seconds(decode), within(1e-12));
        assertThat(step.seconds(prefill, Collections.nCopies(7, prefill)))
                .isCloseTo(step.seconds(prefill), within(1e-12));
        // one replica prefilling 5,000 tokens: the decoding replica waits for it, so its step is far longer than its
        // own balanced one, yet shorter than if all eight prefilled (the expert layer then sees eight prompts, not one)
        List<StepLatency.Batch> peers = new ArrayList<>(Collections.nCopies(6, decode));
        peers.add(prefill);
        double waiting = step.seconds(decode, peers);
        assertThat(waiting).isGreaterThan(3 * step.seconds(decode)).isLessThan(step.seconds(prefill));
        // which replica is the simulated one does not matter: the same eight batches give the same step
        List<StepLatency.Batch> decodes = Collections.nCopies(7, decode);
        assertThat(step.seconds(prefill, decodes)).isCloseTo(waiting, within(1e-12));
    }
}
