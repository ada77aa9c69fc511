package dev.sextant.model.serving;

import dev.sextant.model.InputError;
import dev.sextant.model.hardware.GpuSpec;
import dev.sextant.model.training.FusedAttention;
import java.util.List;
import java.util.Locale;

/**
 * What a serving engine does around the GPU's kernels: its scheduler's defaults and the host work of every step. Each
 * default is the engine's own, from its source or documentation:
 * <ul>
 *   <li><b>vLLM</b> (V1 engine, v0.8 and later): {@code max_num_seqs} 1,024 and {@code max_num_batched_tokens} 8,192 for the
 *       OpenAI server on cards of 70 GiB or more other than the A100, else 256 and 2,048 ({@code EngineArgs.get_batch_defaults},
 *       vllm/engine/arg_utils.py); chunked prefill always on; preemption by recompute only, the last admitted request
 *       first (vllm/v1/core/sched/scheduler.py); CUDA graphs for batches up to min(2 × max_num_seqs, 512) (vllm/config:
 *       {@code _set_cudagraph_sizes}); scheduling and detokenization off the GPU's critical path (v1 alpha blog, Jan 2025).</li>
 *   <li><b>vLLM V0</b> (v0.4–v0.6): {@code max_num_seqs} 256, {@code max_num_batched_tokens} max(max_model_len, 2,048) without chunked
 *       prefill (vllm/config.py {@code SchedulerConfig}); CUDA graphs for batches up to 256 ({@code _BATCH_SIZES_TO_CAPTURE});
 *       host work per step measured by Vidur (microsoft/vidur, data/profiling/a100/cpu_overheads.csv, Llama-2-7B TP 1):
 *       schedule + prepare inputs + sampler 1.40 ms at batch 8 and 3.50 ms at batch 64, output processing 1.59 and 9.06 ms,
 *       which v0.6's asynchronous output processing overlaps with the next step (vLLM blog 2024-09-05).</li>
 *   <li><b>SGLang</b>: chunked prefill 8,192 tokens and CUDA graphs up to 256 sequences (512 at TP ≥ 4) on H100/A100-class
 *       cards (python/sglang/srt/server_args.py); the overlap scheduler hides the host's work behind the GPU's (SGLang v0.4
 *       blog, 2024-12-04).</li>
 *   <li><b>TensorRT-LLM</b>: max batch 2,048 and max num tokens 8,192 (docs/source/performance/tuning-max-batch-size-and-max-num-tokens.md);
 *       the capacity scheduler's GUARANTEED_NO_EVICT policy admits a request only when the KV cache can hold its prompt
 *       and all its output, so nothing is ever preempted; a C++ runtime.</li>
 *   <li><b>LMDeploy</b> (TurboMind): a C++ engine with persistent batches; its static benchmark (a fixed batch started
 *       together) is what the published tables measure.</li>
 * </ul>
 *
 * @param id                  the engine id the command line and reports use
 * @param name                what the engine is called in reports
 * @param chunkedPrefill      whether prompts are split into chunks that share steps with decodes
 * @param reserveOutput       whether admission reserves KV for the whole output (no preemption)
 * @param cudaGraphMaxBatch   decode batches up to this size replay a captured CUDA graph; larger ones and every step with
 *                            prefill launch their kernels one by one
 * @param hostSerialSeconds   host time per step the GPU waits for (scheduling, preparing inputs, sampling launch)
 * @param hostSerialPerSeq    the same, per sequence in the step
 * @param hostOverlapSeconds  host time per step that runs while the GPU works (output processing, detokenization)
 * @param hostOverlapPerSeq   the same, per sequence in the step
 * @param launchSeconds       host time to launch one kernel outside a CUDA graph
 * @param attention           the fused prefill attention kernel's generation on Hopper: FlashAttention-2 for vLLM V0 (its
 *                            default before v0.7), FlashAttention-3 class for the others (vLLM V1's vllm-flash-attn FA3,
 *                            SGLang's FA3/FlashInfer, TensorRT-LLM's Hopper FMHA)
 * @param groupedKvDecode     whether decode attention reads each KV head once for the query heads that share it
 *                            (grouped-query and multi-query attention): true for every engine but TensorRT-LLM before v0.7,
 *                            whose masked multi-head attention kernel ran one query head a thread block and read the shared
 *                            KV head again for each
 */
public record EngineProfile(
        String id,
        String name,
        boolean chunkedPrefill,
        boolean reserveOutput,
        int cudaGraphMaxBatch,
        double hostSerialSeconds,
        double hostSerialPerSeq,
        double hostOverlapSeconds,
        double hostOverlapPerSeq,
        double launchSeconds,
        FusedAttention.Generation attention,
        boolean groupedKvDecode) {

    /**
     * vLLM V0 as of v0.6: Vidur's measured host times split into the part the GPU waits for (schedule, prepare inputs,
     * sampler: 1.096 ms + 37.5 µs a sequence, the line through batch 8 and 64) and output processing (0.52 ms + 133 µs a
     * sequence), overlapped by asynchronous output processing. Kernel launches from Python: 5 µs each (PyTorch eager).
     */
    public static final EngineProfile VLLM_V0 = new EngineProfile(
            "vllm-v0",
            "vLLM V0 (0.4–0.6)",
            false,
            false,
            256,
            1.096e-3,
            37.5e-6,
            0.52e-3,
            133e-6,
            5e-6,
            FusedAttention.Generation.FLASH2,
            true);
    /**
     * vLLM V1: the scheduler, detokenizer and API server run beside the GPU worker; what the GPU waits for is preparing
     * the persistent batch's inputs and the sampler, taken as V0's serial part less the work V1 moved off the critical
     * path (V1 is "up to 1.7×" V0 from host overheads alone, same kernels: v1 alpha blog).
     */
    public static final EngineProfile VLLM = new EngineProfile(
            "vllm",
            "vLLM (V1 engine)",
            true,
            false,
            512,
            0.5e-3,
            10e-6,
            1.0e-3,
            60e-6,
            5e-6,
            FusedAttention.Generation.FLASH3,
            true);
    /** SGLang: the overlap scheduler runs the next batch's host work while the GPU runs the current one. */
    public static final EngineProfile SGLANG = new EngineProfile(
            "sglang",
            "SGLang",
            true,
            false,
            256,
            0.3e-3,
            5e-6,
            1.0e-3,
            60e-6,
            5e-6,
            FusedAttention.Generation.FLASH3,
            true);
    /** TensorRT-LLM: C++ batch manager, in-flight batching, guaranteed-no-evict admission. */
    public static final EngineProfile TRTLLM = new EngineProfile(
            "trtllm",
            "TensorRT-LLM",
            true,
            true,
            2048,
            0.3e-3,
            2e-6,
            0.5e-3,
            20e-6,
            3e-6,
            FusedAttention.Generation.FLASH3,
            true);
    /**
     * TensorRT-LLM 0.5–0.6: the same runtime, but decode attention by the masked multi-head attention kernel, one query
     * head a thread block, so that a grouped-query model reads its KV cache again for each query head of a group
     * ({@link StepLatency#PRE_GQA_KV_REREAD} of those reads reaching HBM). The generation kernels for grouped-query
     * attention came with v0.7 and gave Llama-2-70B 2.4× the throughput on one H200 (NVIDIA/TensorRT-LLM
     * docs/source/blogs/Falcon180B-H200.md: v0.7a against v0.6a, FP8, batch 192, 128/2048, 2,941 against 1,227 tokens/s).
     */
    public static final EngineProfile TRTLLM_PRE_GQA = new EngineProfile(
            "trtllm-0.6",
            "TensorRT-LLM 0.5–0.6 (before its GQA generation kernels)",
            true,
            true,
            2048,
            0.3e-3,
            2e-6,
            0.5e-3,
            20e-6,
            3e-6,
            FusedAttention.Generation.FLASH3,
            false);
    /** LMDeploy TurboMind: C++ engine. */
    public static final EngineProfile LMDEPLOY = new EngineProfile(
            "lmdeploy",
            "LMDeploy (TurboMind)",
            false,
            true,
            0,
            0.3e-3,
            2e-6,
            0.5e-3,
            20e-6,
            3e-6,
            FusedAttention.Generation.FLASH2,
            true);

    public static final List<EngineProfile> ALL = List.of(VLLM, VLLM_V0, SGLANG, TRTLLM, LMDEPLOY);

    /**
     * Generations kept for published measurements and {@code NAME@VERSION}, named by id but left out of {@link #ALL}'s
     * comparisons and choices, as nobody deploys them any more.
     */
    public static final List<EngineProfile> OLDER = List.of(TRTLLM_PRE_GQA);

    public EngineProfile {
        if (hostSerialSeconds < 0
                || hostSerialPerSeq < 0
                || hostOverlapSeconds < 0
                || hostOverlapPerSeq < 0
                || launchSeconds < 0) {
            throw new IllegalArgumentException("host times must not be negative");
        }
    }

    /** The profile an engine id names ("vllm-v1" is "vllm"). */
    public static EngineProfile of(String id) {
        String key = id == null ? "" : id.strip().toLowerCase(Locale.ROOT);
        int at = key.indexOf('@');
        if (at >= 0) {
            return ofVersion(id, key.substring(0, at), key.substring(at + 1));
        }
        if (key.equals("vllm-v1")) {
            key = "vllm";
        }
        for (EngineProfile e : ALL) {
            if (e.id.equals(key)) {
                return e;
            }
        }
        for (EngineProfile e : OLDER) {
            if (e.id.equals(key)) {
                return e;
            }
        }
        throw new InputError(
                "serving.engine",
                "unknown engine '" + id + "'; expected one of "
                        + ALL.stream().map(EngineProfile::id).toList() + ", or NAME@VERSION (vllm@0.9.2)");
    }

    /**
     * The profile of an engine release, {@code NAME@VERSION}: the generation whose scheduler and kernels that release
     * runs. vLLM 0.4–0.6 is the V0 engine with FlashAttention-2; from 0.8 the V1 engine is the default (vLLM 0.8.0
     * release notes); 0.7 ran V0's scheduler with FlashAttention-3 kernels, which no profile represents. SGLang from 0.4
     * runs the overlap scheduler (SGLang v0.4 release blog); TensorRT-LLM from 0.7 with its generation kernels for
     * grouped-query attention, 0.5–0.6 without them ({@link #TRTLLM_PRE_GQA}); LMDeploy's TurboMind at any version. A release outside these is
     * refused, naming the generation that is not modelled.
     */
    static EngineProfile ofVersion(String given, String name, String version) {
        int[] v = version(given, version);
        double n = v[0] + v[1] / 1000.0;
        String why =
                switch (name) {
                    case "vllm" -> n >= 0.008 || n >= 0.004 && n < 0.007
                            ? null
                            : n >= 0.007
                                    ? "vLLM 0.7 ran the V0 scheduler with FlashAttention-3 kernels, a generation no profile"
                                            + " represents (vllm@0.6 is V0 with FlashAttention-2, vllm@0.8 and later the V1 engine)"
                                    : "vLLM before 0.4 is not modelled (its scheduler and kernels predate the V0 profile)";
                    case "sglang" -> n >= 0.004
                            ? null
                            : "SGLang before 0.4 had no overlap scheduler, which the SGLang profile assumes";
                    case "trtllm", "tensorrt-llm" -> n >= 0.005
                            ? null
                            : "TensorRT-LLM before 0.5 (FasterTransformer) is not modelled";
                    case "lmdeploy" -> null;
                    default -> "unknown engine '" + name + "'; expected vllm, sglang, trtllm or lmdeploy before @";
                };
        if (why != null) {
            throw new InputError("serving.engine", given + ": " + why);
        }
        return switch (name) {
            case "vllm" -> n >= 0.008 ? VLLM : VLLM_V0;
            case "sglang" -> SGLANG;
            case "lmdeploy" -> LMDEPLOY;
            default -> n >= 0.007 ? TRTLLM : TRTLLM_PRE_GQA;
        };
    }

    /** MAJOR.MINOR[.PATCH…] as {major, minor}. */
    private static int[] version(String given, String version) {
        String[] parts = version.replaceFirst("^v", "").split("\\.");
        try {
            return new int[] {Integer.parseInt(parts[0]), parts.length > 1 ? Integer.parseInt(parts[1]) : 0};
        } catch (NumberFormatException e) {
            throw new InputError(
                    "serving.engine", given + ": expected a version such as 0.9.2 after @, got '" + version + "'");
        }
    }

    /** The engine's default most sequences in a batch on {@code gpu}. */
    public int defaultMaxNumSeqs(GpuSpec gpu) {
        return switch (id) {
            case "vllm" -> largeCard(gpu) ? 1024 : 256;
            case "vllm-v0" -> 256;
            case "sglang" -> 1024;
            default -> 2048;
        };
    }

    /** The engine's default token budget of one step on {@code gpu}, for requests of at most {@code maxModelLen} tokens. */
    public int defaultMaxNumBatchedTokens(GpuSpec gpu, int maxModelLen) {
        return switch (id) {
            case "vllm" -> largeCard(gpu) ? 8192 : 2048;
            case "vllm-v0" -> Math.max(maxModelLen, 2048);
            case "lmdeploy" -> Math.max(maxModelLen, 8192);
            default -> 8192;
        };
    }

    /** vLLM's test for its larger defaults: at least 70 GiB and not an A100. */
    private static boolean largeCard(GpuSpec gpu) {
        return gpu.usableMemoryBytes() >= 70.0 * (1L << 30) && !gpu.id().startsWith("a100");
    }

    /**
     * The share of the card the engine lets weights, activations and KV cache take, as vLLM's
     * {@code gpu_memory_utilization} counts it: vLLM 0.9 of the whole card; SGLang's {@code mem_fraction_static} 0.88
     * (python/sglang/srt/server_args.py, H100-class cards); TensorRT-LLM and LMDeploy size the KV cache as a share of the
     * memory left free after the weights ({@code kv_cache_free_gpu_mem_fraction} 0.9; LMDeploy's
     * {@code cache_max_entry_count} 0.8), which on a card the weights nearly fill leaves far more than vLLM's rule.
     */
    public double gpuMemoryUtilization(double cardBytes, double weightBytes) {
        return utilization(defaultMemoryShare(), cardBytes, weightBytes);
    }

    /**
     * The engine's own memory setting at its default: vLLM's {@code gpu_memory_utilization} 0.9, SGLang's
     * {@code mem_fraction_static} 0.88, TensorRT-LLM's {@code kv_cache_free_gpu_mem_fraction} 0.9, LMDeploy's
     * {@code cache_max_entry_count} 0.8.
     */
    public double defaultMemoryShare() {
        return switch (id) {
            case "lmdeploy" -> 0.8;
            case "sglang" -> 0.88;
            default -> 0.9;
        };
    }

    /**
     * The engine's memory setting {@code share} as vLLM's share of the whole card: itself for vLLM and SGLang; for
     * TensorRT-LLM and LMDeploy, which give the KV cache that share of what the weights leave free, the weights plus it.
     */
    public double utilization(double share, double cardBytes, double weightBytes) {
        if (!memoryFollowsWeights()) {
            return share;
        }
        return Math.min(0.99, (weightBytes + share * Math.max(0, cardBytes - weightBytes)) / cardBytes);
    }

    /** The inverse of {@link #utilization}: the engine's own setting that gives {@code utilization}. */
    public double share(double utilization, double cardBytes, double weightBytes) {
        if (!memoryFollowsWeights() || cardBytes <= weightBytes) {
            return utilization;
        }
        return (utilization * cardBytes - weightBytes) / (cardBytes - weightBytes);
    }

    /** {@code spec} with the engine's memory setting {@code share} turned into the share of the card it takes. */
    public ServingSpec withMemoryShare(ServingSpec spec, double share) {
        double card = spec.gpuMemoryBytes() != null
                ? spec.gpuMemoryBytes()
                : spec.gpu().usableMemoryBytes();
        double u = utilization(
                share,
                card,
                ServingMemory.weightsPerGpu(spec.model(), spec.storage(), spec.tp(), spec.pp(), spec.ep()));
        return new ServingSpec(
                spec.model(),
                spec.gpu(),
                spec.tp(),
                spec.pp(),
                spec.weights(),
                spec.kvFp8(),
                spec.maxModelLen(),
                spec.maxNumSeqs(),
                spec.maxNumBatchedTokens(),
                u,
                spec.blockSize(),
                spec.gpuMemoryBytes(),
                spec.activationPeakBytes(),
                spec.overheadBytes(),
                spec.storage(),
                spec.ep());
    }

    /** The name of the engine's own memory setting. */
    public String memorySettingName() {
        return switch (id) {
            case "trtllm", "trtllm-0.6" -> "kv_cache_free_gpu_mem_fraction";
            case "lmdeploy" -> "cache_max_entry_count";
            case "sglang" -> "mem_fraction_static";
            default -> "gpu_memory_utilization";
        };
    }

    /** Whether the engine sizes its KV cache as a share of the memory the weights leave free (so the share moves with TP). */
    public boolean memoryFollowsWeights() {
        return id.startsWith("trtllm") || id.equals("lmdeploy");
    }

    /** {@code spec} with the share of the card this engine's own memory rule gives ({@link #gpuMemoryUtilization}). */
    public ServingSpec withMemoryRule(ServingSpec spec) {
        return withMemoryShare(spec, defaultMemoryShare());
    }

    /** Host seconds of a step of {@code seqs} sequences that the GPU waits for. */
    public double hostSerial(int seqs) {
        return hostSerialSeconds + hostSerialPerSeq * seqs;
    }

    /** Host seconds of a step of {@code seqs} sequences that run alongside the GPU's work. */
    public double hostOverlapped(int seqs) {
        return hostOverlapSeconds + hostOverlapPerSeq * seqs;
    }
}
