package dev.sextant.model.serving;

import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One replica and one workload under every serving engine, each engine at its own defaults for the GPU and the
 * longest request: its batch limits ({@link EngineProfile#defaultMaxNumSeqs}, {@link EngineProfile#defaultMaxNumBatchedTokens}),
 * its memory rule ({@link EngineProfile#withMemoryRule}: vLLM and SGLang a share of the card, TensorRT-LLM and LMDeploy a
 * share of what the weights leave free), chunked prefill or not, CUDA graphs and host costs. The model, GPU, TP, weight
 * and KV formats and the calibration stay the replica's. Each engine is judged as a serving lever is
 * ({@link ServingLevers#compare}): KV tokens, a lone request's time per token, goodput per replica and per GPU at the
 * P99 targets on the same simulated arrivals (one seed), and the cost of a million output tokens; "versus" is against
 * the first engine, vLLM's V1 engine.
 */
public final class EngineComparison {

    private EngineComparison() {}

    /** The replica of {@code base}'s model, GPU and formats as {@code engine} runs it at its own defaults. */
    public static ServingReplica asRunBy(ServingReplica base, EngineProfile engine) {
        ServingSpec s = base.spec();
        ServingSpec limits = s.withBatchLimits(
                engine.defaultMaxNumSeqs(s.gpu()), engine.defaultMaxNumBatchedTokens(s.gpu(), s.maxModelLen()));
        return new ServingReplica(
                engine.withMemoryRule(limits),
                engine.chunkedPrefill(),
                base.speculation(),
                base.calibration(),
                engine,
                base.fit());
    }

    /** Every engine ({@link EngineProfile#ALL}, vLLM first) as a lever of {@code base}. */
    public static List<ServingLevers.Lever> engines(ServingReplica base) {
        List<ServingLevers.Lever> out = new ArrayList<>();
        for (EngineProfile e : EngineProfile.ALL) {
            ServingReplica r = asRunBy(base, e);
            out.add(new ServingLevers.Lever(e.name(), settings(r), r, null, 0, "none: the same model and weights"));
        }
        return out;
    }

    /** Each engine judged on the workload, in {@link EngineProfile#ALL}'s order; an engine that does not fit says so. */
    public static List<ServingLevers.Row> compare(
            ServingReplica base,
            Workload workload,
            double pricePerGpuHour,
            ProgressListener progress,
            CancellationToken cancel) {
        return ServingLevers.compare(engines(base), workload, pricePerGpuHour, progress, cancel);
    }

    /** What the engine's defaults are, in its own words: "max_num_seqs 1024, 8,192 tokens a step, gpu_memory_utilization 0.9, chunked prefill". */
    static String settings(ServingReplica r) {
        ServingSpec s = r.spec();
        EngineProfile e = r.engine();
        double card = s.gpuMemoryBytes() != null ? s.gpuMemoryBytes() : s.gpu().usableMemoryBytes();
        double weights = ServingMemory.weightsPerGpu(s.model(), s.storage(), s.tp(), s.pp(), s.ep());
        return String.format(
                Locale.ROOT,
                "max_num_seqs %d, %,d tokens a step, %s %.2f (%.0f %% of the card), %s",
                s.maxNumSeqs(),
                s.maxNumBatchedTokens(),
                e.memorySettingName(),
                e.share(s.gpuMemoryUtilization(), card, weights),
                100 * s.gpuMemoryUtilization(),
                r.chunkedPrefill() ? "chunked prefill" : "whole prompts");
    }
}
