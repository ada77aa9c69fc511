package dev.sextant.model.io;

import java.util.List;
import java.util.Map;

/**
 * What an evaluation harness's metric key means, in words an analyst reads: {@code acc_norm,none} is "length-normalised
 * accuracy (acc_norm)", {@code exact_match,strict-match} is "exact match (exact_match, strict-match filter)". The key
 * stays in brackets so the user can find it in the file. Names follow lm-evaluation-harness's metric registry and task
 * configs (EleutherAI, lm-evaluation-harness, {@code lm_eval/api/metrics.py}); an unknown key is shown as it is.
 */
public final class MetricWords {

    private static final Map<String, String> WORDS = Map.ofEntries(
            Map.entry("acc", "accuracy"),
            Map.entry("acc_norm", "length-normalised accuracy"),
            Map.entry("acc_mutual_info", "mutual-information accuracy"),
            Map.entry("exact_match", "exact match"),
            Map.entry("em", "exact match"),
            Map.entry("f1", "F1"),
            Map.entry("mcc", "Matthews correlation"),
            Map.entry("bleu", "BLEU"),
            Map.entry("chrf", "chrF"),
            Map.entry("ter", "translation edit rate"),
            Map.entry("rouge1", "ROUGE-1"),
            Map.entry("rouge2", "ROUGE-2"),
            Map.entry("rougeL", "ROUGE-L"),
            Map.entry("mc1", "single-true multiple choice (MC1)"),
            Map.entry("mc2", "multi-true multiple choice (MC2)"),
            Map.entry("pass@1", "pass@1"),
            Map.entry("pass_at_1", "pass@1"),
            Map.entry("perplexity", "perplexity"),
            Map.entry("word_perplexity", "word perplexity"),
            Map.entry("byte_perplexity", "byte perplexity"),
            Map.entry("bits_per_byte", "bits per byte"),
            Map.entry("prompt_level_strict_acc", "prompt-level strict accuracy"),
            Map.entry("prompt_level_loose_acc", "prompt-level loose accuracy"),
            Map.entry("inst_level_strict_acc", "instruction-level strict accuracy"),
            Map.entry("inst_level_loose_acc", "instruction-level loose accuracy"),
            Map.entry("contains", "answer contained"),
            Map.entry("score", "score"));

    private MetricWords() {}

    /** The metric in words with its key (and filter, when not {@code none}) in brackets. */
    public static String of(String key) {
        int comma = key.indexOf(',');
        String name = comma < 0 ? key : key.substring(0, comma);
        String filter = comma < 0 ? "" : key.substring(comma + 1);
        String words = WORDS.get(name);
        String detail = name + (filter.isEmpty() || filter.equals("none") ? "" : ", " + filter + " filter");
        if (words == null || words.equals(name)) {
            return filter.isEmpty() || filter.equals("none") ? name : name + " (" + filter + " filter)";
        }
        return words + " (" + detail + ")";
    }

    /** Several metrics in words, joined with commas. */
    public static String of(List<String> keys) {
        return String.join(", ", keys.stream().map(MetricWords::of).toList());
    }
}
