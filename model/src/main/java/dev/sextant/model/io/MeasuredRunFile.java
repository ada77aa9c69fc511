package dev.sextant.model.io;

import dev.sextant.model.BadInputException;
import dev.sextant.model.architecture.ModelArchitecture;
import dev.sextant.model.training.Recompute;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Small-cluster runs as measured, to calibrate the training planner: a CSV of runs typed in (one row a run: its GPUs,
 * layout, batch and sequence length, and its tokens per second per GPU or seconds a step), or a Megatron-LM / NeMo
 * stdout log, whose argument dump gives the layout, the batch and the model's shape and whose iteration lines give the
 * step time (the median after the first tenth, warm-up and compilation, is left out).
 */
public final class MeasuredRunFile {

    public static final List<String> REQUIRED = List.of("gpus", "tp", "pp", "micro_batch", "global_batch", "seq_len");
    public static final Set<String> OPTIONAL = Set.of(
            "run",
            "gpus_per_node",
            "cp",
            "ep",
            "zero",
            "recompute",
            "tokens_per_gpu_per_second",
            "step_seconds",
            "model",
            "gpu");
    /** The share of a log's first iterations left out of its step time (warm-up, compilation, the first checkpoint load). */
    static final double WARMUP_SHARE = 0.1;

    /**
     * A run measured on a small cluster.
     *
     * @param shape the model's shape as the log describes it, or null (a CSV names a catalog {@code model}, or none)
     * @param model a catalog id or config the CSV names, or null (the planned model)
     * @param gpu   the GPU type the CSV names, or null (the planned GPU)
     */
    public record MeasuredRun(
            String name,
            int gpus,
            int gpusPerNode,
            int tp,
            int pp,
            int cp,
            int ep,
            int microBatch,
            int globalBatch,
            int seqLen,
            Integer zeroStage,
            Recompute recompute,
            double tokensPerGpuPerSecond,
            ModelArchitecture shape,
            String model,
            String gpu,
            String source,
            long line) {

        public double stepSeconds() {
            return (double) globalBatch * seqLen / (tokensPerGpuPerSecond * gpus);
        }

        public String layout() {
            return "TP" + tp + " PP" + pp + " DP" + gpus / (tp * pp * cp) + (cp > 1 ? " CP" + cp : "");
        }
    }

    private MeasuredRunFile() {}

    /** Reads a CSV of measured runs, or one Megatron-LM / NeMo log (recognised by its iteration lines). */
    public static List<MeasuredRun> read(Path file) {
        String name = TextInput.name(file);
        if (name.toLowerCase(Locale.ROOT).endsWith(".csv")) {
            return csv(file);
        }
        return List.of(megatron(file));
    }

    private static List<MeasuredRun> csv(Path file) {
        List<MeasuredRun> out = new ArrayList<>();
        try (CsvTable t = CsvTable.open(file, REQUIRED, OPTIONAL)) {
            for (CsvTable.Row r : t) {
                int gpus = positiveInt(r, "gpus");
                int tp = positiveInt(r, "tp");
                int pp = positiveInt(r, "pp");
                int cp = r.text("cp").isEmpty() ? 1 : positiveInt(r, "cp");
                if (gpus % (tp * pp * cp) != 0) {
                    throw r.problem("gpus", "TP × PP × CP (" + tp * pp * cp + ") must divide the " + gpus + " GPUs");
                }
                int gb = positiveInt(r, "global_batch");
                int seq = positiveInt(r, "seq_len");
                double tps;
                if (!r.text("tokens_per_gpu_per_second").isEmpty()) {
                    tps = positive(r, "tokens_per_gpu_per_second");
                } else if (!r.text("step_seconds").isEmpty()) {
                    tps = gb * (double) seq / (positive(r, "step_seconds") * gpus);
                } else {
                    throw r.problem(
                            "tokens_per_gpu_per_second",
                            "give the run's tokens per second per GPU, or its seconds a step");
                }
                Recompute rc = null;
                if (!r.text("recompute").isEmpty()) {
                    try {
                        rc = Recompute.valueOf(r.text("recompute").toUpperCase(Locale.ROOT));
                    } catch (IllegalArgumentException e) {
                        throw r.problem(
                                "recompute", "expected none, selective or full, got '" + r.text("recompute") + "'");
                    }
                }
                out.add(new MeasuredRun(
                        r.text("run").isEmpty() ? "run on line " + r.line() : r.text("run"),
                        gpus,
                        r.text("gpus_per_node").isEmpty() ? Math.min(8, gpus) : positiveInt(r, "gpus_per_node"),
                        tp,
                        pp,
                        cp,
                        r.text("ep").isEmpty() ? 1 : positiveInt(r, "ep"),
                        positiveInt(r, "micro_batch"),
                        gb,
                        seq,
                        r.text("zero").isEmpty() ? null : (int) r.number("zero"),
                        rc,
                        tps,
                        null,
                        blankToNull(r.text("model")),
                        blankToNull(r.text("gpu")),
                        TextInput.name(file),
                        r.line()));
            }
        }
        if (out.isEmpty()) {
            throw BadInputException.of(
                    TextInput.name(file),
                    "no runs: one row a measured run with " + String.join(",", REQUIRED)
                            + " and tokens_per_gpu_per_second or step_seconds");
        }
        return out;
    }

    private static final Pattern ARG = Pattern.compile("^\\s{1,4}([a-z_][a-z0-9_]*) \\.{3,} (\\S+)\\s*$");
    private static final Pattern ITERATION = Pattern.compile(
            "iteration\\s+(\\d+)\\s*/\\s*\\d+\\s*\\|.*?elapsed time per iteration \\(ms\\):\\s*([0-9.eE+-]+)");
    private static final Pattern PADDED_VOCAB =
            Pattern.compile("padded vocab \\(size: \\d+\\) with \\d+ dummy tokens \\(new size: (\\d+)\\)");

    /** A Megatron-LM log: the argument dump and the iteration lines. */
    static MeasuredRun megatron(Path file) {
        String source = TextInput.name(file);
        Map<String, String> args = new HashMap<>();
        List<Double> steps = new ArrayList<>();
        Integer vocab = null;
        long lineNo = 0;
        try (BufferedReader in = TextInput.open(file)) {
            String line;
            while ((line = in.readLine()) != null) {
                lineNo++;
                Matcher a = ARG.matcher(line);
                if (a.matches()) {
                    args.putIfAbsent(a.group(1), a.group(2));
                    continue;
                }
                Matcher it = ITERATION.matcher(line);
                if (it.find()) {
                    try {
                        steps.add(Double.parseDouble(it.group(2)) / 1000);
                    } catch (NumberFormatException e) {
                        throw new BadInputException(
                                source,
                                lineNo,
                                "elapsed time per iteration (ms)",
                                "'" + it.group(2) + "' is not a number");
                    }
                    continue;
                }
                Matcher v = PADDED_VOCAB.matcher(line);
                if (v.find()) {
                    vocab = Integer.parseInt(v.group(1));
                }
            }
        } catch (IOException e) {
            throw TextInput.readError(file, lineNo, e);
        }
        for (String k : List.of(
                "world_size",
                "tensor_model_parallel_size",
                "pipeline_model_parallel_size",
                "global_batch_size",
                "seq_length",
                "micro_batch_size")) {
            if (!args.containsKey(k)) {
                throw BadInputException.of(
                        source,
                        "not a Megatron-LM log with its argument dump: no '" + k + "' (give a CSV of the measured run "
                                + "instead: " + String.join(",", REQUIRED) + ",tokens_per_gpu_per_second)");
            }
        }
        if (steps.size() < 5) {
            throw BadInputException.of(
                    source,
                    "fewer than five iterations with 'elapsed time per iteration (ms)': too few to time the run");
        }
        double[] kept = steps.subList((int) Math.floor(WARMUP_SHARE * steps.size()), steps.size()).stream()
                .mapToDouble(Double::doubleValue)
                .sorted()
                .toArray();
        double step =
                kept.length % 2 == 1 ? kept[kept.length / 2] : (kept[kept.length / 2 - 1] + kept[kept.length / 2]) / 2;
        int gpus = integer(args, "world_size", source);
        int gb = integer(args, "global_batch_size", source);
        int seq = integer(args, "seq_length", source);
        ModelArchitecture shape = shape(args, vocab, seq, source);
        String rc = args.getOrDefault("recompute_granularity", "None");
        Recompute recompute =
                switch (rc.toLowerCase(Locale.ROOT)) {
                    case "full" -> Recompute.FULL;
                    case "selective" -> Recompute.SELECTIVE;
                    default -> Recompute.NONE;
                };
        Integer zero = args.containsKey("zero_stage")
                ? integer(args, "zero_stage", source)
                : "True".equals(args.get("use_distributed_optimizer")) ? 1 : null;
        return new MeasuredRun(
                source,
                gpus,
                Math.min(8, gpus),
                integer(args, "tensor_model_parallel_size", source),
                integer(args, "pipeline_model_parallel_size", source),
                args.containsKey("context_parallel_size") ? integer(args, "context_parallel_size", source) : 1,
                1,
                integer(args, "micro_batch_size", source),
                gb,
                seq,
                zero,
                recompute,
                gb * (double) seq / (step * gpus),
                shape,
                null,
                null,
                source,
                0);
    }

    /** The model as the argument dump describes it, or null when it leaves out a width. */
    private static ModelArchitecture shape(Map<String, String> a, Integer vocab, int seq, String source) {
        if (!a.containsKey("num_layers") || !a.containsKey("hidden_size") || !a.containsKey("num_attention_heads")) {
            return null;
        }
        int layers = integer(a, "num_layers", source);
        int hidden = integer(a, "hidden_size", source);
        int heads = integer(a, "num_attention_heads", source);
        String kv = a.containsKey("num_key_value_heads") && !"None".equals(a.get("num_key_value_heads"))
                ? a.get("num_key_value_heads")
                : "True".equals(a.get("group_query_attention"))
                        ? a.getOrDefault("num_query_groups", a.get("num_attention_heads"))
                        : a.get("num_attention_heads");
        int kvHeads = Integer.parseInt(kv);
        boolean gated = "True".equals(a.get("swiglu"));
        int ffn = a.containsKey("ffn_hidden_size") && !"None".equals(a.get("ffn_hidden_size"))
                ? integer(a, "ffn_hidden_size", source)
                : 4 * hidden;
        int v = vocab != null
                ? vocab
                : a.containsKey("padded_vocab_size") ? integer(a, "padded_vocab_size", source) : 50_304;
        boolean tied = !"True".equals(a.get("untie_embeddings_and_output_weights"));
        return new ModelArchitecture(
                "measured",
                String.format(Locale.ROOT, "the logged model (%d layers × %d wide)", layers, hidden),
                layers,
                hidden,
                heads,
                kvHeads,
                hidden / heads,
                ffn,
                v,
                seq,
                tied,
                gated ? ModelArchitecture.Style.LLAMA : ModelArchitecture.Style.GPT,
                false,
                null,
                null,
                source + "'s argument dump");
    }

    private static int integer(Map<String, String> a, String key, String source) {
        try {
            return Integer.parseInt(a.get(key));
        } catch (NumberFormatException e) {
            throw BadInputException.of(source, key + ": '" + a.get(key) + "' is not a whole number");
        }
    }

    private static int positiveInt(CsvTable.Row r, String field) {
        double v = r.number(field);
        if (!(v >= 1) || v != Math.rint(v)) {
            throw r.problem(field, "must be a whole number of 1 or more, got '" + r.text(field) + "'");
        }
        return (int) v;
    }

    private static double positive(CsvTable.Row r, String field) {
        double v = r.number(field);
        if (!(v > 0) || !Double.isFinite(v)) {
            throw r.problem(field, "must be a positive number, got '" + r.text(field) + "'");
        }
        return v;
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }
}
