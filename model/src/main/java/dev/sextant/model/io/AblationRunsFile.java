package dev.sextant.model.io;

import com.fasterxml.jackson.databind.JsonNode;
import dev.sextant.model.BadInputException;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A table of small training runs for fitting scaling laws: CSV with a header, or JSON Lines with one object a run.
 * Columns {@code run,params,loss} and {@code tokens} (or {@code flops}, from which tokens are taken as C / 6N, said in a
 * note); optionally {@code params_non_embedding, batch_size, learning_rate, schedule, warmup}. A user's own column names
 * are mapped onto these ({@code rename}: their name → ours). Every problem names the file, the line, the field and the
 * run: a missing or non-positive number, a run named twice, tokens orders of magnitude below the parameters (steps or
 * samples given for tokens), parameters given in millions among counts.
 */
public final class AblationRunsFile {

    public static final List<String> REQUIRED = List.of("run", "params", "loss");
    public static final Set<String> OPTIONAL =
            Set.of("tokens", "flops", "params_non_embedding", "batch_size", "learning_rate", "schedule", "warmup");
    /** Tokens below parameters ÷ this are not tokens (a thousandth of a token a parameter: steps, or samples). */
    static final double TOKENS_FLOOR = 1e-3;
    /** Parameter counts below this are a size in millions or billions, not a count. */
    static final double PARAMS_FLOOR = 1e4;

    /** One run as read; {@code line} its line in the file. */
    public record Run(
            String run,
            double params,
            double tokens,
            double loss,
            Double flops,
            Double paramsNonEmbedding,
            Double batchSize,
            Double learningRate,
            String schedule,
            Double warmup,
            long line) {}

    /** The runs of a file, and what the reader did that the user should know. */
    public record Read(String source, List<Run> runs, List<String> notes) {}

    private AblationRunsFile() {}

    /** Reads {@code file} (JSON Lines when it ends in .jsonl or .json, else CSV); {@code rename} maps lower-case names. */
    public static Read read(Path file, Map<String, String> rename) {
        String name = TextInput.name(file);
        String lower = name.toLowerCase(Locale.ROOT);
        List<Fields> rows = new ArrayList<>();
        if (lower.endsWith(".jsonl") || lower.endsWith(".json") || lower.endsWith(".jsonl.gz")) {
            JsonLines.forEach(file, (node, line) -> rows.add(json(node, line, name, rename)));
        } else {
            try (CsvTable t = CsvTable.open(file, REQUIRED, OPTIONAL, rename)) {
                for (CsvTable.Row r : t) {
                    rows.add(csv(r));
                }
            }
        }
        return runs(name, rows);
    }

    /**
     * Whether {@code file} is a table of runs (a CSV whose header, or a JSON Lines file whose first record, has the
     * columns {@code run} and {@code params} after renaming) rather than a training log.
     */
    public static boolean isRunsTable(Path file, Map<String, String> rename) {
        if (Files.isDirectory(file)) {
            return false;
        }
        String lower = TextInput.name(file).toLowerCase(Locale.ROOT);
        if (!(lower.endsWith(".csv")
                || lower.endsWith(".tsv")
                || lower.endsWith(".jsonl")
                || lower.endsWith(".json")
                || lower.endsWith(".csv.gz")
                || lower.endsWith(".jsonl.gz"))) {
            return false;
        }
        try (BufferedReader r = TextInput.open(file)) {
            String first = r.readLine();
            while (first != null && first.isBlank()) {
                first = r.readLine();
            }
            if (first == null) {
                return false;
            }
            first = TextInput.stripBom(first).strip();
            Set<String> names = new HashSet<>();
            if (first.startsWith("{")) {
                try {
                    Json.mapper()
                            .readTree(first)
                            .fieldNames()
                            .forEachRemaining(n -> names.add(n.strip().toLowerCase(Locale.ROOT)));
                } catch (IOException e) {
                    return false;
                }
            } else {
                for (String n : first.split(lower.endsWith(".tsv") ? "\t" : ",")) {
                    names.add(n.strip().replace("\"", "").toLowerCase(Locale.ROOT));
                }
            }
            Set<String> ours = new HashSet<>();
            names.forEach(n -> ours.add(rename.getOrDefault(n, n)));
            return ours.contains("run") && ours.contains("params");
        } catch (IOException e) {
            throw TextInput.readError(file, 0, e);
        }
    }

    /** A row's cells by our names, whatever the file's format. */
    interface Fields {
        long line();

        String text(String field);

        BadInputException problem(String field, String what);
    }

    private static Fields csv(CsvTable.Row r) {
        return new Fields() {
            public long line() {
                return r.line();
            }

            public String text(String field) {
                return r.text(field);
            }

            public BadInputException problem(String field, String what) {
                return r.problem(field, what);
            }
        };
    }

    private static Fields json(JsonNode node, long line, String source, Map<String, String> rename) {
        Map<String, String> cells = new LinkedHashMap<>();
        node.fields().forEachRemaining(e -> {
            String key = e.getKey().strip().toLowerCase(Locale.ROOT);
            key = rename.getOrDefault(key, key);
            JsonNode v = e.getValue();
            cells.put(key, v.isNull() ? "" : v.isValueNode() ? v.asText() : v.toString());
        });
        return new Fields() {
            public long line() {
                return line;
            }

            public String text(String field) {
                return cells.getOrDefault(field, "").strip();
            }

            public BadInputException problem(String field, String what) {
                return new BadInputException(source, line, field, what);
            }
        };
    }

    static Read runs(String source, List<Fields> rows) {
        List<Run> out = new ArrayList<>();
        Map<String, Long> seen = new LinkedHashMap<>();
        int fromFlops = 0;
        for (Fields f : rows) {
            String run = f.text("run");
            if (run.isEmpty()) {
                throw f.problem("run", "every run needs a name");
            }
            Long earlier = seen.put(run, f.line());
            if (earlier != null) {
                throw f.problem("run", "run '" + run + "' appears twice (also on line " + earlier + ")");
            }
            double params = positive(f, "params", run);
            if (params < PARAMS_FLOOR) {
                throw f.problem(
                        "params",
                        String.format(
                                Locale.ROOT,
                                "run '%s': %s parameters looks like a size in millions or billions; give the "
                                        + "count (e.g. 125e6)",
                                run,
                                f.text("params")));
            }
            double loss = positive(f, "loss", run);
            Double flops = optional(f, "flops", run);
            double tokens;
            if (!f.text("tokens").isEmpty()) {
                tokens = positive(f, "tokens", run);
            } else if (flops != null) {
                tokens = flops / (6 * params);
                fromFlops++;
            } else {
                throw f.problem(
                        "tokens",
                        "run '" + run
                                + "': give its training tokens (or its training FLOPs, from which tokens are C / 6N)");
            }
            if (tokens < TOKENS_FLOOR * params) {
                throw f.problem(
                        "tokens",
                        String.format(
                                Locale.ROOT,
                                "run '%s': %.3g tokens for %.3g parameters — steps or samples, not tokens? "
                                        + "Tokens are steps × batch × sequence length",
                                run,
                                tokens,
                                params));
            }
            out.add(new Run(
                    run,
                    params,
                    tokens,
                    loss,
                    flops,
                    optional(f, "params_non_embedding", run),
                    optional(f, "batch_size", run),
                    optional(f, "learning_rate", run),
                    f.text("schedule").isEmpty() ? null : f.text("schedule"),
                    optional(f, "warmup", run),
                    f.line()));
        }
        if (out.isEmpty()) {
            throw BadInputException.of(
                    source,
                    "no runs: expected a row a run with " + String.join(",", REQUIRED) + " and tokens or flops");
        }
        List<String> notes = new ArrayList<>();
        if (fromFlops > 0) {
            notes.add(String.format(
                    Locale.ROOT,
                    "%s: tokens of %d run%s taken from FLOPs as C / 6N",
                    source,
                    fromFlops,
                    fromFlops == 1 ? "" : "s"));
        }
        return new Read(source, out, notes);
    }

    private static double positive(Fields f, String field, String run) {
        Double v = optional(f, field, run);
        if (v == null) {
            throw f.problem(field, "run '" + run + "': missing");
        }
        if (!(v > 0)) {
            throw f.problem(field, "run '" + run + "': must be positive, got " + f.text(field));
        }
        return v;
    }

    private static Double optional(Fields f, String field, String run) {
        String t = f.text(field);
        if (t.isEmpty()) {
            return null;
        }
        double v;
        String lower = t.toLowerCase(Locale.ROOT);
        if (lower.matches("[+-]?(nan|inf|infinity)")) {
            throw f.problem(field, "run '" + run + "': must be a finite number, got '" + t + "'");
        }
        try {
            v = Double.parseDouble(t);
        } catch (NumberFormatException e) {
            throw f.problem(field, "run '" + run + "': expected a number, got '" + t + "'");
        }
        if (!Double.isFinite(v)) {
            throw f.problem(field, "run '" + run + "': must be a finite number, got '" + t + "'");
        }
        return v;
    }
}
