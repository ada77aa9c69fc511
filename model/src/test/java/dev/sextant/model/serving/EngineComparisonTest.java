package dev.sextant.model.serving;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.sextant.model.architecture.ModelCatalog;
import dev.sextant.model.hardware.GpuCatalog;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import java.util.List;
import org.junit.jupiter.api.Test;

class EngineComparisonTest {

    final Workload workload =
            new Workload(new LengthDistribution.Constant(1000), new LengthDistribution.Constant(200), 2.0, 0.05, 1);
    /** Llama 3 70B in BF16 at TP 4 on H100s, with limits the user typed (256 sequences, 2,048 tokens): the engines replace them. */
    final ServingReplica base = ServingReplica.of(
            ModelCatalog.get("llama-3-70b"), GpuCatalog.get("h100-sxm"), 4, WeightFormat.BF16, false, 256, 2048, true);

    @Test
    void eachEngineRunsTheReplicaAtItsOwnDefaults() {
        List<ServingLevers.Lever> engines = EngineComparison.engines(base);
        assertThat(engines)
                .extracting(ServingLevers.Lever::name)
                .containsExactly(
                        "vLLM (V1 engine)", "vLLM V0 (0.4–0.6)", "SGLang", "TensorRT-LLM", "LMDeploy (TurboMind)");
        // vLLM V1 on a card of at least 70 GiB: max_num_seqs 1024, max_num_batched_tokens
        // 8192 (vllm/engine/arg_utils.py, the OpenAI server's defaults); V0 prefills whole
        // prompts with a budget of at least max_model_len
        assertThat(engines.get(0).change())
                .startsWith("max_num_seqs 1024, 8,192 tokens a step, gpu_memory_utilization 0.90")
                .endsWith("chunked prefill");
        assertThat(engines.get(1).change())
                .startsWith("max_num_seqs 256, 8,192 tokens a step")
                .endsWith("whole prompts");
        assertThat(engines.get(2).change()).contains("mem_fraction_static 0.88");
        assertThat(engines.get(3).change())
                .contains("kv_cache_free_gpu_mem_fraction 0.90")
                .startsWith("max_num_seqs 2048");
        assertThat(engines.get(4).change()).contains("cache_max_entry_count 0.80");
        assertThat(engines).allMatch(l -> l.replica().engine().name().equals(l.name()));
    }

    @Test
    void tensorRtLlmsShareOfTheFreeMemoryHoldsMoreKvThanVllmsShareOfTheCard() {
        // by hand: vLLM lets everything take 0.9 of the card C; TensorRT-LLM the weights W plus 0.9 (C
        // − W), i.e. 0.9 C + 0.1 W: the KV cache gains 0.1 W, less what the larger batch (2048
        // sequences, not 1024) adds to the activation peak
        ServingMemory vllm = EngineComparison.asRunBy(base, EngineProfile.VLLM).memory();
        ServingMemory trt = EngineComparison.asRunBy(base, EngineProfile.TRTLLM).memory();
        double byHand = 0.1 * vllm.weightsBytesPerGpu() - (trt.activationPeakBytes() - vllm.activationPeakBytes());
        assertThat(trt.kvCacheBytesPerGpu() - vllm.kvCacheBytesPerGpu()).isCloseTo(byHand, within(0.01 * byHand));
        // Llama 3 70B: 80 layers × 8 KV heads × 128 × 2 (K and V) × 2 bytes = 327,680 bytes a token, a quarter per GPU
        assertThat(vllm.kvBytesPerTokenPerGpu()).isEqualTo(81_920.0);
    }

    @Test
    void theEnginesAreJudgedOnTheSameWorkloadAgainstVllm() {
        List<ServingLevers.Row> rows =
                EngineComparison.compare(base, workload, 2.5, ProgressListener.NONE, CancellationToken.none());
        assertThat(rows).hasSize(EngineProfile.ALL.size());
        assertThat(rows)
                .allMatch(r -> r.problem() == null && r.goodputPerGpu() > 0, "every engine serves this workload");
        assertThat(rows.get(0).costVersusBaseline()).isCloseTo(1.0, within(1e-12));
        for (ServingLevers.Row r : rows) {
            assertThat(r.gpusPerReplica()).isEqualTo(4);
            assertThat(r.costPerMillionOutputTokens())
                    .isCloseTo(2.5 * 1e6 / (r.goodputPerGpu() * 200 * 3600), within(1e-9));
            assertThat(r.costVersusBaseline())
                    .isCloseTo(rows.get(0).goodputPerGpu() / r.goodputPerGpu(), within(1e-12));
        }
        // a lower host cost per step (SGLang, TensorRT-LLM) gives a lone request a
        // shorter time per token than vLLM V0's
        assertThat(rows.get(2).singleStreamTpotSeconds()).isLessThan(rows.get(1).singleStreamTpotSeconds());
        assertThat(rows.get(3).singleStreamTpotSeconds()).isLessThan(rows.get(1).singleStreamTpotSeconds());
    }

    @Test
    void anEngineThatCannotHoldTheModelSaysSo() {
        // 70B in BF16 on one 80 GB card: 131 GiB of weights fit no engine
        ServingReplica one = ServingReplica.of(
                ModelCatalog.get("llama-3-70b"),
                GpuCatalog.get("h100-sxm"),
                1,
                WeightFormat.BF16,
                false,
                256,
                2048,
                true);
        List<ServingLevers.Row> rows =
                EngineComparison.compare(one, workload, 0, ProgressListener.NONE, CancellationToken.none());
        assertThat(rows).allMatch(r -> r.problem() != null && r.problem().startsWith("does not fit"));
    }
}
