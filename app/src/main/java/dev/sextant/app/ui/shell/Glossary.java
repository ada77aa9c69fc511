package dev.sextant.app.ui.shell;

import java.util.Map;
import java.util.Optional;
import javafx.scene.control.Labeled;
import javafx.scene.control.Tooltip;
import javafx.util.Duration;

/**
 * The workbench's jargon in one place, explained where it appears: a form label or a column header that names a term
 * gets the term's meaning as its tooltip. Definitions follow the sources the README cites (Megatron-LM for the
 * parallel layout, Young 1974 and Daly 2006 for checkpoint intervals, vLLM for the serving engine's knobs).
 */
public final class Glossary {

    private static final Map<String, String> TERMS = Map.ofEntries(
            Map.entry(
                    "TP",
                    "Tensor parallelism: each layer's matrices split across this many GPUs, which exchange activations every layer "
                            + "(all-reduce over NVLink). Must divide the attention heads."),
            Map.entry(
                    "PP",
                    "Pipeline parallelism: the layers split into this many stages on different GPUs; micro-batches flow through them, "
                            + "with an idle 'bubble' at the start and end of each step."),
            Map.entry(
                    "CP",
                    "Context (sequence) parallelism: each sequence split across this many GPUs, which pass keys and values around a "
                            + "ring for attention. For long sequences."),
            Map.entry(
                    "EP",
                    "Expert parallelism: a mixture-of-experts model's experts spread across this many GPUs, tokens sent to their "
                            + "experts and back (all-to-all)."),
            Map.entry("DP", "Data parallelism: copies of the model on different data, gradients averaged every step."),
            Map.entry(
                    "v",
                    "Virtual pipeline stages (interleaving): each GPU holds v non-adjacent chunks of layers, shrinking the pipeline "
                            + "bubble by v at the cost of more communication."),
            Map.entry(
                    "Micro-batch",
                    "Sequences each pipeline stage processes at once; the global batch is micro-batch × gradient "
                            + "accumulation × DP."),
            Map.entry(
                    "ZeRO stage",
                    "Zero Redundancy Optimizer: 1 shards optimizer state across data-parallel GPUs, 2 also gradients, 3 also "
                            + "the weights (gathered for each layer as needed)."),
            Map.entry(
                    "ZeRO",
                    "Zero Redundancy Optimizer stage: 1 shards optimizer state, 2 also gradients, 3 also weights."),
            Map.entry(
                    "Recompute",
                    "Activation recomputation: keep fewer activations and compute them again in the backward pass — "
                            + "selective (attention only) or full (whole layers) — trading time for memory."),
            Map.entry(
                    "MFU %",
                    "Model FLOPs utilisation: the model's useful FLOPs per second as a share of the GPUs' peak (recomputation not "
                            + "counted as useful)."),
            Map.entry(
                    "Checkpoint every",
                    "Young's interval √(2 · checkpoint time · MTBF) and Daly's refinement, which minimise the time lost to "
                            + "writing checkpoints plus the work redone after a failure."),
            Map.entry(
                    "TTFT",
                    "Time to first token: from a request's arrival to its first output token (queueing plus prefill)."),
            Map.entry("TPOT", "Time per output token after the first: the decode step time a request sees."),
            Map.entry("Max sequences", "vLLM's max_num_seqs: requests decoded together in one step at most."),
            Map.entry(
                    "Token budget",
                    "vLLM's max_num_batched_tokens: prompt and decode tokens one engine step may process (chunked prefill)."),
            Map.entry(
                    "GPU memory utilisation",
                    "vLLM's gpu_memory_utilization: the share of GPU memory the engine may take; the KV cache gets "
                            + "what weights and activations leave."),
            Map.entry(
                    "Block size", "Tokens per KV-cache block (vLLM's paged attention allocates the cache in blocks)."),
            Map.entry(
                    "KV cache",
                    "The attention keys and values kept for every token in flight; fp8 halves it at a small quality cost."),
            Map.entry(
                    "Headroom",
                    "Spare capacity kept above the forecast rate, e.g. 0.2 plans replicas for 120 % of the traffic."),
            Map.entry(
                    "Goodput",
                    "Useful work. In training: the share of wall-clock time whose work is kept, not lost to checkpoint writes, "
                            + "failures and restarts. In serving: requests per second a replica serves within both latency targets at the 99th "
                            + "percentile — past its knee, queues grow and the tail latency breaks the target."),
            Map.entry(
                    "α (false rollback)",
                    "Chance of rolling back a canary that is in fact as good as the baseline (per test)."),
            Map.entry("Power", "Chance that a canary that really breaches a threshold is caught at a step."),
            Map.entry(
                    "P99 latency, ms",
                    "The baseline's 99th-percentile latency; the canary rolls back when its P99 exceeds it by the rise."),
            Map.entry("Confidence", "Confidence of the intervals."),
            Map.entry(
                    "Tolerance",
                    "Share of the |shift| an interval must clear to count as a change (Kayenta's default 0.25)."));

    private Glossary() {}

    /** The meaning of {@code term}, if the glossary has it. */
    public static Optional<String> meaning(String term) {
        return Optional.ofNullable(TERMS.get(term == null ? null : term.strip()));
    }

    /** Gives {@code labeled} the meaning of its text as a tooltip, when its text is a term of the glossary. */
    public static void explain(Labeled labeled) {
        meaning(labeled.getText()).ifPresent(m -> {
            Tooltip t = new Tooltip(m);
            t.setWrapText(true);
            t.setMaxWidth(420);
            t.setShowDelay(Duration.millis(300));
            labeled.setTooltip(t);
        });
    }
}
