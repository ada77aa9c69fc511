package dev.sextant.app.cli.plan;

import dev.sextant.app.cli.CommandContext;
import dev.sextant.app.cli.JsonOption;
import dev.sextant.app.study.ServingStudy;
import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.hardware.GpuSpec;
import dev.sextant.model.serving.PrefixCaching;
import dev.sextant.model.serving.ServingMemory;
import dev.sextant.model.serving.WeightFormat;
import dev.sextant.model.serving.WeightStorage;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sextant plan serve}: the memory plan a serving engine makes at start-up, before renting the GPU. */
@Command(
        name = "serve",
        mixinStandardHelpOptions = true,
        description = {
            "Serving memory plan, as vLLM sizes its KV cache at start-up: weights per GPU, KV bytes per token,",
            "activation peak, KV blocks and tokens, maximum concurrency at max-model-len."
        })
public final class PlanServeCommand implements Runnable {

    @Mixin
    ModelGpuOptions inputs;

    @Mixin
    ReplicaOptions replica;

    @Option(
            names = "--max-model-len",
            paramLabel = "L",
            description = "Longest request in tokens (default: the model's maximum positions, at most 1,048,576).")
    Integer maxModelLen;

    @Mixin
    EngineOption engine;

    @Option(
            names = "--gpu-memory-utilization",
            paramLabel = "U",
            description = {
                "The engine's memory setting: vLLM's share of the card",
                "(TensorRT-LLM, LMDeploy: of the memory the weights leave free; SGLang: mem_fraction_static) (default: the engine's)."
            })
    Double gpuMemoryUtilization;

    @Option(names = "--block-size", paramLabel = "B", description = "Tokens per KV block (default: 16).")
    Integer blockSize;

    @Option(
            names = "--gpu-memory-gib",
            paramLabel = "X",
            description = "Memory the runtime reports for the card, GiB (default: the catalog's size less 1 %%).")
    Double gpuMemoryGib;

    @Option(
            names = "--activation-peak-gib",
            paramLabel = "X",
            description = "Measured activation peak, replacing the modelled one.")
    Double activationPeakGib;

    @Option(
            names = "--overhead-gib",
            paramLabel = "X",
            description =
                    "Measured non-torch overhead (CUDA context, communication buffers), replacing the modelled one.")
    Double overheadGib;

    @Option(
            names = "--prefix-tokens",
            defaultValue = "0",
            paramLabel = "N",
            description = "Length of a prefix many requests share (system prompt, few-shot examples).")
    int prefixTokens;

    @Option(
            names = "--prefix-share",
            defaultValue = "0",
            paramLabel = "F",
            description = "Share of requests that start with it, 0–1.")
    double prefixShare;

    @Option(
            names = "--prompt-tokens",
            paramLabel = "N",
            description =
                    "Average prompt length, for the prefill that prefix caching saves (default: half of max-model-len).")
    Integer promptTokens;

    @Mixin
    JsonOption output;

    @Spec
    CommandSpec spec;

    /**
     * The contract's keys first.
     *
     * @param weightFormat           the weight format planned (bf16, fp8, int8, int4)
     * @param weightSource           why: --weight-dtype, default, or the checkpoint's quantization_config and its scheme
     * @param bytesPerWeight         bytes per linear-layer weight, scales included (routed experts apart in expertBytesPerWeight)
     * @param attentionLayers        the most loaded GPU's layers by attention kind, e.g. "sliding window 4096 × 21, full × 21"
     * @param kvBytesPerRequestPerGpu KV cache one request of max-model-len holds on that GPU, windowed layers holding their window
     * @param engine                 the engine whose defaults filled what was not given
     * @param gpuMemoryUtilization   the share of the card the KV cache may fill up to (the engine's setting turned into vLLM's terms)
     */
    public record Result(
            double weightsBytesPerGpu,
            double kvBytesPerToken,
            double kvBytesPerTokenPerGpu,
            double activationPeakBytes,
            double kvCacheBytesPerGpu,
            double blockBytes,
            long kvBlocks,
            long kvTokens,
            double maxConcurrency,
            double overheadBytes,
            double gpuMemoryBytes,
            int maxModelLen,
            boolean fits,
            PrefixCaching prefixCaching,
            String weightFormat,
            String weightSource,
            double bytesPerWeight,
            double expertBytesPerWeight,
            String attentionLayers,
            double kvBytesPerRequestPerGpu,
            int ep,
            int attentionReplicas,
            int gpusPerReplica,
            String engine,
            int maxNumSeqs,
            int maxNumBatchedTokens,
            double gpuMemoryUtilization) {}

    @Override
    public void run() {
        ModelArchitecture arch = inputs.model(spec);
        GpuSpec g = inputs.gpu(spec);
        int tp = replica.tp;
        WeightStorage storage = replica.storage(inputs.checkpointWeights());
        WeightFormat weightDtype = storage.format();
        ServingStudy study = new ServingStudy();
        int pp = replica.pp;
        ServingMemory plan = study.memory(replica.applyTo(engine.builder(arch, g), inputs.checkpointWeights())
                .maxModelLen(maxModelLen)
                .memorySetting(gpuMemoryUtilization)
                .blockSize(blockSize)
                .measured(gib(gpuMemoryGib), gib(activationPeakGib), gib(overheadGib))
                .build());
        int len = plan.spec().maxModelLen();
        if (!plan.fits()) {
            throw plan.doesNotFitError();
        }
        PrefixCaching prefix = prefixTokens > 0 && prefixShare > 0
                ? study.prefixCaching(plan, prefixTokens, prefixShare, promptTokens != null ? promptTokens : len / 2.0)
                : null;
        Result r = new Result(
                plan.weightsBytesPerGpu(),
                plan.kvBytesPerToken(),
                plan.kvBytesPerTokenPerGpu(),
                plan.activationPeakBytes(),
                plan.kvCacheBytesPerGpu(),
                plan.blockBytes(),
                plan.kvBlocks(),
                plan.kvTokens(),
                plan.maxConcurrency(),
                plan.overheadBytes(),
                plan.totalBytes(),
                len,
                plan.fits(),
                prefix,
                weightDtype.slug(),
                storage.source(),
                storage.linearBytesPerWeight(),
                storage.expertBytesPerWeight(),
                plan.kvLayout().summary(),
                plan.kvBytesPerRequestPerGpu(len),
                replica.ep,
                plan.spec().attentionReplicas(),
                tp * pp * plan.spec().attentionReplicas(),
                engine.profile().id(),
                plan.spec().maxNumSeqs(),
                plan.spec().maxNumBatchedTokens(),
                plan.spec().gpuMemoryUtilization());
        new CommandContext(spec).print(output.json(), r, out -> {
            double gib = ServingMemory.GIB;
            out.printf(
                    "%s on %s, TP %d, PP %d%s, %s weights, %s KV cache%n",
                    arch.name(),
                    g.name(),
                    tp,
                    pp,
                    replica.ep > 1
                            ? String.format(
                                    ", EP %d%s",
                                    replica.ep,
                                    r.attentionReplicas() > 1
                                            ? String.format(
                                                    " (%d attention replicas, %d GPUs)",
                                                    r.attentionReplicas(), r.gpusPerReplica())
                                            : "")
                            : "",
                    storage.headline(),
                    replica.precision.kvDtype.toLowerCase(Locale.ROOT));
            out.printf(
                    "Engine               %s: %d sequences, %,d tokens a step%n",
                    engine.profile().name(), r.maxNumSeqs(), r.maxNumBatchedTokens());
            out.printf("Weight format        %s (from %s)%n", storage.bytesText(), storage.source());
            out.printf("Weights per GPU      %8.2f GiB%n", r.weightsBytesPerGpu() / gib);
            out.printf(
                    "Activation peak      %8.2f GiB (%s)%n",
                    r.activationPeakBytes() / gib, activationPeakGib == null ? "modelled" : "given");
            out.printf(
                    "Other overhead       %8.2f GiB (%s)%n",
                    r.overheadBytes() / gib, overheadGib == null ? "modelled" : "given");
            out.printf(
                    "KV cache per GPU     %8.2f GiB of %.2f GiB × %.2f%n",
                    r.kvCacheBytesPerGpu() / gib,
                    r.gpuMemoryBytes() / gib,
                    plan.spec().gpuMemoryUtilization());
            out.printf(
                    "KV per token         %,.0f bytes (%,.0f per GPU)%n",
                    r.kvBytesPerToken(), r.kvBytesPerTokenPerGpu());
            out.printf(
                    "KV blocks            %,d of %d tokens (%,.0f bytes each)%n",
                    r.kvBlocks(), plan.spec().blockSize(), r.blockBytes());
            out.printf("Attention layers     %s%n", r.attentionLayers());
            out.printf("KV per request       %,.0f bytes per GPU at %,d tokens%n", r.kvBytesPerRequestPerGpu(), len);
            out.printf(
                    "KV tokens            %,d: %.2f× concurrency at %,d tokens per request%s%n",
                    r.kvTokens(),
                    r.maxConcurrency(),
                    len,
                    plan.kvLayout().allFull() ? "" : " (windowed layers hold only their window)");
            if (prefix != null) {
                out.printf(
                        "Prefix caching       %,d tokens shared by %.0f%% of requests: %.2f× concurrency, %.0f%% of prefill saved%n",
                        prefix.sharedTokens(), 100 * prefixShare, prefix.maxConcurrency(), 100 * prefix.prefillSaved());
            }
        });
    }

    private static Double gib(Double v) {
        return v == null ? null : v * ServingMemory.GIB;
    }
}
