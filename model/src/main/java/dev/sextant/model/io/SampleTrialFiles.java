package dev.sextant.model.io;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sextant.model.BadInputException;
import dev.sextant.model.data.TokenCounting;
import dev.sextant.model.evaluation.ItemScore;
import dev.sextant.model.evaluation.RepeatedSamples;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
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
 * Items answered several times, as trials: the per-item CSV with one row per trial ({@code model,benchmark,item_id,
 * sample,score}, optionally {@code temperature, top_p, max_tokens, seed, input_tokens, output_tokens,
 * reasoning_tokens}; without a {@code sample} column each file is one trial), or lm-evaluation-harness samples files,
 * each file one trial (several runs of one model with different seeds), the sampling configuration read from the same
 * run's {@code results_<time>.json} ({@code configs.<task>.generation_kwargs}, {@code config.gen_kwargs},
 * {@code config.random_seed}), or τ-bench results (a JSON array of tasks' trials with their reward). Answers' tokens:
 * the file's counts, else counted from their text (a CSV's {@code response} column, the harness's {@code resps}) with
 * the model's tokenizer when one is given.
 */
public final class SampleTrialFiles {

    static final List<String> REQUIRED = List.of("model", "benchmark", "item_id", "score");
    static final Set<String> OPTIONAL = Set.of(
            "sample",
            "temperature",
            "top_p",
            "max_tokens",
            "seed",
            "input_tokens",
            "output_tokens",
            "reasoning_tokens",
            "cluster_id",
            "response",
            "answer");
    /** Where a reasoning model's thinking ends in its text (DeepSeek-R1, Qwen3 and others write {@code <think>…</think>}). */
    static final String THINK_END = "</think>";

    private static final Pattern SAMPLES = Pattern.compile("samples_(.+)_(\\d{4}-\\d{2}-\\d{2}T[\\d\\-:.]+)\\.jsonl");

    /** The trials read and what the reading noticed. */
    public record Read(List<RepeatedSamples.Trial> trials, List<String> notes) {}

    private SampleTrialFiles() {}

    /**
     * @param model  the model of lm-evaluation-harness files (null: found beside each file)
     * @param metric their metric (null: the first of acc, exact_match, pass@1, …)
     */
    public static Read read(List<Path> files, String model, String metric) {
        return read(files, model, metric, null);
    }

    /**
     * As above, counting the tokens of answers whose file gives their text but no count with {@code tokenizer} (the
     * model's own; null: none). Text before a closing {@code </think>} counts as reasoning tokens.
     */
    public static Read read(List<Path> files, String model, String metric, TokenCounting tokenizer) {
        List<RepeatedSamples.Trial> out = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        for (Path f : files) {
            if (!Files.isRegularFile(f)) {
                throw BadInputException.of(TextInput.name(f), "no such file");
            }
            String name = f.getFileName().toString().toLowerCase(Locale.ROOT);
            if (name.endsWith(".csv")) {
                csv(f, out, tokenizer);
            } else if (name.endsWith(".json") && tauBench(Json.peek(f))) {
                tauBench(f, model, out, notes);
            } else if (name.endsWith(".jsonl") || name.endsWith(".json")) {
                lmEval(f, model, metric, out, notes, tokenizer);
            } else {
                throw BadInputException.of(
                        TextInput.name(f),
                        "not a trials file: a per-item CSV (model,benchmark,item_id,sample,score) or an"
                                + " lm-evaluation-harness samples_<task>_<time>.jsonl");
            }
        }
        if (out.isEmpty()) {
            throw BadInputException.of(files.isEmpty() ? "input" : TextInput.name(files.get(0)), "no trials read");
        }
        return new Read(List.copyOf(out), List.copyOf(notes));
    }

    static void csv(Path file, List<RepeatedSamples.Trial> out, TokenCounting tokenizer) {
        String name = TextInput.name(file);
        try (CsvTable t = CsvTable.open(file, REQUIRED, OPTIONAL);
                Tokens tokens = new Tokens(tokenizer)) {
            boolean perFile = !t.has("sample");
            for (CsvTable.Row r : t) {
                Long sample = r.optionalInteger("sample");
                if (sample != null && sample < 0) {
                    throw r.problem("sample", "must be a whole number from 0, got " + sample);
                }
                Double topP = r.optionalNumber("top_p");
                if (topP != null && (topP <= 0 || topP > 1)) {
                    throw r.problem("top_p", "must lie in (0, 1], got " + FieldChecks.show(topP));
                }
                Long maxTokens = r.optionalInteger("max_tokens");
                if (maxTokens != null && maxTokens < 1) {
                    throw r.problem("max_tokens", "must be a whole number from 1, got " + maxTokens);
                }
                String trial = perFile ? name : sample == null ? null : Long.toString(sample);
                if (trial == null) {
                    throw r.problem("sample", "missing: which of the item's trials this row is");
                }
                double output = count(r, "output_tokens");
                double reasoning = count(r, "reasoning_tokens");
                String response = r.optional("response");
                if (Double.isNaN(output) && response != null && tokenizer != null) {
                    double[] counted = tokens.of(response);
                    output = counted[0];
                    reasoning = Double.isNaN(reasoning) ? counted[1] : reasoning;
                }
                out.add(new RepeatedSamples.Trial(
                        r.required("model"),
                        r.required("benchmark"),
                        r.required("item_id"),
                        trial,
                        r.number("score"),
                        new RepeatedSamples.Sampling(
                                r.at().nonNegative("temperature", r.optionalNumber("temperature")), topP, maxTokens),
                        r.optionalInteger("seed"),
                        count(r, "input_tokens"),
                        output,
                        reasoning,
                        r.optionalId("cluster_id"),
                        r.optional("answer")));
            }
        }
    }

    private static double count(CsvTable.Row r, String column) {
        Double v = r.optionalNumber(column);
        if (v == null) {
            return Double.NaN;
        }
        if (v < 0) {
            throw r.problem(column, "a token count cannot be negative, got " + FieldChecks.show(v));
        }
        return v;
    }

    /** τ-bench's results: a JSON array of {@code {task_id, reward, trial, info, traj}}, every trial of every task. */
    static boolean tauBench(Json.Peek p) {
        return p.first() == '[' && p.fields().containsAll(List.of("task_id", "reward", "trial"));
    }

    /**
     * A τ-bench results file (sierra-research/tau-bench, {@code run.py}'s output and its historical trajectories): the
     * task's reward per trial (1 a success). The model is the one named, else the file's name; the benchmark "tau-bench".
     */
    static void tauBench(Path file, String model, List<RepeatedSamples.Trial> out, List<String> notes) {
        String name = TextInput.name(file);
        JsonNode root;
        try (BufferedReader r = TextInput.open(file)) {
            root = Json.mapper().readTree(r);
        } catch (IOException e) {
            throw BadInputException.of(name, "not a τ-bench results file: " + e.getMessage());
        }
        String m = model != null ? model : file.getFileName().toString().replaceFirst("(?i)\\.json$", "");
        int i = 0;
        for (JsonNode run : root) {
            i++;
            for (String field : List.of("task_id", "reward", "trial")) {
                if (!run.hasNonNull(field) || !run.get(field).isValueNode()) {
                    throw BadInputException.of(name, "entry " + i + " of the array: " + field + " missing");
                }
            }
            if (!run.get("reward").isNumber()) {
                throw BadInputException.of(
                        name, "entry " + i + " of the array: reward is not a number: " + run.get("reward"));
            }
            out.add(new RepeatedSamples.Trial(
                    m,
                    "tau-bench",
                    run.get("task_id").asText(),
                    run.get("trial").asText(),
                    run.get("reward").asDouble(),
                    null,
                    null,
                    Double.NaN,
                    Double.NaN,
                    Double.NaN));
        }
        if (model == null) {
            notes.add(name
                    + ": τ-bench results, the model named after the file (name it to change that); the sampling configuration is not in"
                    + " the file");
        }
    }

    static void lmEval(
            Path file,
            String model,
            String metric,
            List<RepeatedSamples.Trial> out,
            List<String> notes,
            TokenCounting tokenizer) {
        List<String> fileNotes = new ArrayList<>();
        List<ItemScore> scores = LmEvalSamples.read(file, model, metric, new UniqueKeys(), fileNotes);
        Map<String, double[]> counted = tokenizer == null ? Map.of() : responseTokens(file, tokenizer, fileNotes);
        Map<String, String> answers = finalAnswers(file);
        String task = LmEvalSamples.task(file);
        Matcher m = SAMPLES.matcher(file.getFileName().toString());
        JsonNode results = null;
        if (m.matches()) {
            Path r = file.toAbsolutePath().normalize().resolveSibling("results_" + m.group(2) + ".json");
            if (Files.isRegularFile(r)) {
                results = LmEvalResults.parse(r);
            }
        }
        RepeatedSamples.Sampling sampling =
                results == null ? new RepeatedSamples.Sampling(null, null, null) : sampling(results, task);
        Long seed = results == null || !results.path("config").hasNonNull("random_seed")
                ? null
                : results.path("config").get("random_seed").asLong();
        String trial = TextInput.name(file);
        for (ItemScore s : scores) {
            double[] t = counted.getOrDefault(s.itemId(), new double[] {Double.NaN, Double.NaN});
            out.add(new RepeatedSamples.Trial(
                    s.model(),
                    s.benchmark(),
                    s.itemId(),
                    trial,
                    s.score(),
                    sampling,
                    seed,
                    Double.NaN,
                    t[0],
                    t[1],
                    null,
                    answers.get(s.itemId())));
        }
        fileNotes.forEach(n -> notes.add(trial + ": " + n));
        if (results == null) {
            notes.add(trial + ": no results file of the same run beside it: its sampling configuration is not known");
        }
    }

    /**
     * Each document's answer counted: the first generation of its first request ({@code resps[0][0]}, the model's raw
     * text), {output, reasoning} tokens by doc_id; a log-likelihood task's responses are numbers, not text (none, said).
     */
    static Map<String, double[]> responseTokens(Path file, TokenCounting tokenizer, List<String> notes) {
        Map<String, double[]> out = new HashMap<>();
        long[] notText = {0};
        try (Tokens tokens = new Tokens(tokenizer)) {
            JsonLines.forEach(file, (node, line) -> {
                JsonNode id = node.get("doc_id");
                JsonNode first = node.path("resps").path(0).path(0);
                if (id == null || !id.isValueNode() || out.containsKey(id.asText())) {
                    return;
                }
                if (!first.isTextual()) {
                    notText[0]++;
                    return;
                }
                out.put(id.asText(), tokens.of(first.asText()));
            });
        }
        if (notText[0] > 0) {
            notes.add(notText[0]
                    + " documents' responses are not text (a log-likelihood task): no output tokens for them");
        }
        return out;
    }

    /**
     * Each document's final answer as the harness extracted it ({@code filtered_resps[0]} when text), by doc_id, for
     * majority voting across runs; none when a document appears under several filters (which extraction to vote on is
     * then not the file's to say) or an answer is not text.
     */
    static Map<String, String> finalAnswers(Path file) {
        Map<String, String> out = new HashMap<>();
        boolean[] usable = {true};
        JsonLines.forEach(file, (node, line) -> {
            JsonNode id = node.get("doc_id");
            JsonNode a = node.path("filtered_resps").path(0);
            if (!usable[0] || id == null || !id.isValueNode()) {
                return;
            }
            if (!a.isTextual() || out.put(id.asText(), a.asText()) != null) {
                usable[0] = false;
            }
        });
        return usable[0] ? out : Map.of();
    }

    /** One tokenizer counter for a file's answers: {output, reasoning} tokens of a text. */
    static final class Tokens implements AutoCloseable {
        private final TokenCounting.Counter counter;

        Tokens(TokenCounting tokenizer) {
            this.counter = tokenizer == null ? null : tokenizer.newCounter();
        }

        double[] of(String text) {
            int end = text.indexOf(THINK_END);
            if (end < 0) {
                return new double[] {count(text), Double.NaN};
            }
            return new double[] {
                count(text.substring(end + THINK_END.length())), count(text.substring(0, end + THINK_END.length()))
            };
        }

        private double count(String text) {
            byte[] b = text.getBytes(StandardCharsets.UTF_8);
            return counter.count(b, b.length);
        }

        @Override
        public void close() {
            if (counter != null) {
                try {
                    counter.close();
                } catch (Exception e) {
                    // nothing held that matters
                }
            }
        }
    }

    /**
     * The task's sampling as the harness ran it: {@code configs.<task>.generation_kwargs}, overridden by the command
     * line's {@code config.gen_kwargs} ("temperature=0.7,top_p=0.9").
     */
    static RepeatedSamples.Sampling sampling(JsonNode results, String task) {
        JsonNode g = results.path("configs").path(task).path("generation_kwargs");
        Double temperature = g.hasNonNull("temperature") ? g.get("temperature").asDouble() : null;
        Double topP = g.hasNonNull("top_p") ? g.get("top_p").asDouble() : null;
        Long max = g.hasNonNull("max_gen_toks") ? g.get("max_gen_toks").asLong() : null;
        if (g.has("do_sample") && !g.get("do_sample").asBoolean() && temperature == null) {
            temperature = 0.0; // greedy
        }
        String gen = JsonLines.optionalText(results.path("config"), "gen_kwargs");
        if (gen != null) {
            for (String part : gen.split(",")) {
                String[] kv = part.split("=", 2);
                if (kv.length != 2) {
                    continue;
                }
                try {
                    switch (kv[0].strip()) {
                        case "temperature" -> temperature = Double.parseDouble(kv[1].strip());
                        case "top_p" -> topP = Double.parseDouble(kv[1].strip());
                        case "max_gen_toks" -> max = Long.parseLong(kv[1].strip());
                        default -> {}
                    }
                } catch (NumberFormatException ignored) {
                    // a value the harness passed through as text: not a sampling number
                }
            }
        }
        return new RepeatedSamples.Sampling(temperature, topP, max);
    }
}
