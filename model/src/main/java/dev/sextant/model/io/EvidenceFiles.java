package dev.sextant.model.io;

import dev.sextant.model.BadInputException;
import dev.sextant.model.evaluation.EvidenceFile;
import dev.sextant.model.evaluation.EvidenceFile.Kind;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Reads evaluation evidence of any supported kind, recognising each file by its content, whatever it is called. CSV
 * by its header: {@code item_id} → per-item scores, {@code model_a} → battles, {@code weight} → weight table,
 * {@code share} → workload mix, {@code model,benchmark,score} → model scores, {@code item_id,date} without a score →
 * items' dates, {@code model,cutoff} → training cut-offs. JSON by its first object's fields:
 * {@code results} (with {@code versions}, {@code config}, {@code configs}, {@code n-samples}…) → lm-evaluation-harness
 * results, 0.3 or 0.4+, pretty-printed or on one line; {@code doc_id} → harness samples; {@code model_a},
 * {@code model_b}, {@code winner} → battles, and a file holding one JSON array is FastChat's {@code clean_battle}.
 * A folder stands for the harness files in it.
 */
public final class EvidenceFiles {

    private EvidenceFiles() {}

    /**
     * @param kind   the kind to read every file as, or null to recognise it
     * @param metric metric for lm-evaluation-harness files, or null to choose
     * @param model  model name for samples files without a results file beside them, or null
     */
    public static List<EvidenceFile> read(List<Path> inputs, Kind kind, String metric, String model) {
        List<EvidenceFile> out = new ArrayList<>();
        // a row's natural key may appear once across all the files read together, as within one
        Map<Kind, UniqueKeys> keys = new EnumMap<>(Kind.class);
        Set<Path> files = new HashSet<>();
        for (Path input : inputs) {
            for (Path f : expand(input)) {
                if (!files.add(f.toAbsolutePath().normalize())) {
                    throw BadInputException.of(TextInput.name(f), "given twice; each file is read once");
                }
                Kind k = kind == null ? recognise(f) : kind;
                out.add(readOne(f, k, metric, model, keys.computeIfAbsent(k, x -> new UniqueKeys())));
            }
        }
        return out;
    }

    static EvidenceFile readOne(Path f, Kind kind, String metric, String model, UniqueKeys keys) {
        String name = f.getFileName().toString();
        String origin = f.toAbsolutePath().normalize().toString();
        boolean csv = name.toLowerCase(Locale.ROOT).endsWith(".csv");
        return switch (kind) {
            case ITEM_SCORES -> {
                if (csv) {
                    yield EvidenceFile.of(kind, name, origin, ItemScoresCsv.read(f, keys), null);
                }
                List<String> notes = new ArrayList<>();
                List<?> rows = LmEvalSamples.read(f, model, metric, keys, notes);
                yield EvidenceFile.of(kind, name, origin, rows, null, notes).withRunDate(RunDates.fromFileName(name));
            }
            case REPORTED -> {
                LmEvalResults.Read r = LmEvalResults.read(f, metric, keys);
                yield EvidenceFile.of(kind, name, origin, r.results(), null, r.notes())
                        .withRunDate(r.runDate());
            }
            case BATTLES -> EvidenceFile.of(kind, name, origin, ArenaBattles.read(f, keys), null);
            case WEIGHTS -> EvidenceFile.of(kind, name, origin, IndexTablesCsv.readWeights(f, keys), null);
            case MODEL_SCORES -> EvidenceFile.of(kind, name, origin, IndexTablesCsv.readScores(f, keys), null);
            case MIX -> EvidenceFile.of(kind, name, origin, List.of(), IndexTablesCsv.readMix(f, keys));
            case ITEM_DATES -> EvidenceFile.of(kind, name, origin, ItemDatesCsv.readAll(f), null);
            case CUTOFFS -> EvidenceFile.of(kind, name, origin, ItemDatesCsv.readCutoffs(f), null);
        };
    }

    /** The kind of evidence a file holds, from its content (the header of a CSV, the fields of JSON). */
    public static Kind recognise(Path f) {
        String name = f.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".csv")) {
            return recogniseCsv(f);
        }
        boolean jsonName = name.endsWith(".jsonl") || name.endsWith(".json") || name.endsWith(".ndjson");
        Json.Peek peek = Json.peek(f);
        List<String> fields = peek.fields();
        if (peek.first() == '[') {
            if (!fields.isEmpty() && !fields.contains("model_a") && LmEvalSamples.looksLike(fields)) {
                throw BadInputException.of(
                        TextInput.name(f),
                        "a JSON array of harness samples; "
                                + "read samples_<task>.jsonl files (one object per line) instead");
            }
            return Kind.BATTLES;
        }
        if (peek.first() == '{') {
            if (fields.contains("results") && LmEvalResults.looksLike(fields)) {
                return Kind.REPORTED;
            }
            if (fields.contains("doc_id")) {
                return Kind.ITEM_SCORES;
            }
            if (fields.contains("model_a") || fields.contains("model_b") || fields.contains("winner")) {
                return Kind.BATTLES;
            }
            if (fields.contains("results")) {
                return Kind.REPORTED;
            }
        }
        // nothing to go by in the content (empty, broken before its first field): the
        // harness's own names, then the extension
        if (LmEvalSamples.matches(f)) {
            return Kind.ITEM_SCORES;
        }
        if (LmEvalResults.matches(f)) {
            return Kind.REPORTED;
        }
        if (peek.first() == '{' && !fields.isEmpty()) {
            throw new BadInputException(
                    TextInput.name(f),
                    1,
                    null,
                    "cannot tell what this JSON holds from its fields "
                            + shown(fields)
                            + "; expected lm-evaluation-harness results (results), samples (doc_id) or arena battles "
                            + "(model_a, model_b, winner); say which kind they are");
        }
        if (jsonName) {
            return Kind.BATTLES;
        }
        throw BadInputException.of(
                TextInput.name(f),
                "not a recognised evaluation file (CSV with a header, lm-evaluation-harness "
                        + "results or samples, arena battles as JSON, JSON Lines or CSV)");
    }

    private static String shown(List<String> fields) {
        List<String> first = fields.size() > 8 ? fields.subList(0, 8) : fields;
        String s = String.join(
                ", ",
                first.stream()
                        .map(x -> x.length() > 40 ? x.substring(0, 40) + "…" : x)
                        .toList());
        return "(" + s + (fields.size() > 8 ? ", …" : "") + ")";
    }

    private static Kind recogniseCsv(Path f) {
        List<String> header = header(f);
        if (header.contains("cutoff")) {
            return Kind.CUTOFFS;
        }
        if (header.contains("item_id") && header.contains("date") && !header.contains("score")) {
            return Kind.ITEM_DATES;
        }
        if (header.contains("item_id")) {
            return Kind.ITEM_SCORES;
        }
        if (header.contains("model_a")) {
            return Kind.BATTLES;
        }
        if (header.contains("weight")) {
            return Kind.WEIGHTS;
        }
        if (header.contains("share")) {
            return Kind.MIX;
        }
        if (header.contains("model") && header.contains("score")) {
            return Kind.MODEL_SCORES;
        }
        throw new BadInputException(
                TextInput.name(f),
                1,
                null,
                "cannot tell what this CSV holds from its header "
                        + header + "; expected per-item scores (item_id), battles (model_a), a weight table (weight), "
                        + "a workload mix (share), model scores (model,benchmark,score), item dates (item_id,date) or training cut-offs (model,cutoff)");
    }

    private static List<String> header(Path f) {
        try (BufferedReader r = TextInput.open(f)) {
            String first = TextInput.stripBom(r.readLine());
            if (first == null) {
                throw BadInputException.of(TextInput.name(f), "the file is empty");
            }
            List<String> cols = new ArrayList<>();
            for (String c : first.split(",")) {
                cols.add(c.strip().replace("\"", "").toLowerCase(Locale.ROOT));
            }
            return cols;
        } catch (IOException e) {
            throw TextInput.readError(f, 1, e);
        }
    }

    private static List<Path> expand(Path input) {
        if (!Files.isDirectory(input)) {
            return List.of(input);
        }
        try (Stream<Path> files = Files.walk(input)) {
            // the harness's own names always (a broken one must say so); other JSON when its content is the harness's
            List<Path> found = files.filter(Files::isRegularFile)
                    .filter(EvidenceFiles::harnessFile)
                    .sorted()
                    .toList();
            // per-item samples make the reported aggregates of the same run redundant
            List<Path> samples =
                    found.stream().filter(p -> kindIn(p) == Kind.ITEM_SCORES).toList();
            List<Path> chosen = samples.isEmpty() ? found : samples;
            if (chosen.isEmpty()) {
                throw BadInputException.of(
                        TextInput.name(input), "folder holds no lm-evaluation-harness results or samples files");
            }
            return chosen;
        } catch (IOException e) {
            throw BadInputException.of(TextInput.name(input), "cannot read folder: " + IoFailures.plain(e));
        }
    }

    private static boolean harnessFile(Path p) {
        if (LmEvalSamples.matches(p) || LmEvalResults.matches(p)) {
            return true;
        }
        String n = p.getFileName().toString().toLowerCase(Locale.ROOT);
        if (!n.endsWith(".json") && !n.endsWith(".jsonl")) {
            return false;
        }
        Kind k = kindIn(p);
        return k == Kind.REPORTED || k == Kind.ITEM_SCORES;
    }

    /** The harness kind of a file in a folder, or null when it is something else (or cannot be told). */
    private static Kind kindIn(Path p) {
        if (LmEvalSamples.matches(p)) {
            return Kind.ITEM_SCORES;
        }
        if (LmEvalResults.matches(p)) {
            return Kind.REPORTED;
        }
        List<String> fields = Json.peek(p).fields();
        return fields.contains("results") && LmEvalResults.looksLike(fields)
                ? Kind.REPORTED
                : LmEvalSamples.looksLike(fields) ? Kind.ITEM_SCORES : null;
    }
}
