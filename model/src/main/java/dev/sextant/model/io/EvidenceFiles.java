package dev.sextant.model.io;

import dev.sextant.model.evaluation.EvidenceFile;
import dev.sextant.model.evaluation.EvidenceFile.Kind;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Reads evaluation evidence of any supported kind, recognising each file by name and, for CSV, by its header:
 * {@code item_id} → per-item scores, {@code model_a} → battles, {@code weight} → weight table, {@code share} → workload
 * mix, {@code model,benchmark,score} → model scores. {@code samples_*.jsonl} and {@code results*.json} are
 * lm-evaluation-harness output; other {@code .jsonl} files are battles. A folder stands for the files in it.
 */
public final class EvidenceFiles {

    private EvidenceFiles() {
    }

    /**
     * @param kind   the kind to read every file as, or null to recognise it
     * @param metric metric for lm-evaluation-harness files, or null to choose
     * @param model  model name for samples files without a results file beside them, or null
     */
    public static List<EvidenceFile> read(List<Path> inputs, Kind kind, String metric, String model) {
        List<EvidenceFile> out = new ArrayList<>();
        // a row's natural key may appear once across all the files read together, as within one
        Map<Kind, UniqueKeys> keys = new EnumMap<>(Kind.class);
        java.util.Set<Path> files = new java.util.HashSet<>();
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
        return switch (kind) {
            case ITEM_SCORES -> EvidenceFile.of(kind, name, origin, LmEvalSamples.matches(f)
                    ? LmEvalSamples.read(f, model, metric, keys) : ItemScoresCsv.read(f, keys), null);
            case REPORTED -> EvidenceFile.of(kind, name, origin, LmEvalResults.read(f, metric, keys), null);
            case BATTLES -> EvidenceFile.of(kind, name, origin, ArenaBattles.read(f, keys), null);
            case WEIGHTS -> EvidenceFile.of(kind, name, origin, IndexTablesCsv.readWeights(f, keys), null);
            case MODEL_SCORES -> EvidenceFile.of(kind, name, origin, IndexTablesCsv.readScores(f, keys), null);
            case MIX -> EvidenceFile.of(kind, name, origin, List.of(), IndexTablesCsv.readMix(f, keys));
        };
    }

    /** The kind of evidence a file holds, from its name and (for CSV) its header. */
    public static Kind recognise(Path f) {
        String name = f.getFileName().toString().toLowerCase(Locale.ROOT);
        if (LmEvalSamples.matches(f)) {
            return Kind.ITEM_SCORES;
        }
        if (LmEvalResults.matches(f)) {
            return Kind.REPORTED;
        }
        if (name.endsWith(".jsonl") || name.endsWith(".json")) {
            return Kind.BATTLES;
        }
        if (name.endsWith(".csv")) {
            List<String> header = header(f);
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
            throw new BadInputException(TextInput.name(f), 1, null, "cannot tell what this CSV holds from its header "
                    + header + "; expected per-item scores (item_id), battles (model_a), a weight table (weight), "
                    + "a workload mix (share) or model scores (model,benchmark,score)");
        }
        throw BadInputException.of(TextInput.name(f), "not a recognised evaluation file (.csv, .jsonl, samples_*.jsonl, results*.json)");
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
            List<Path> found = files.filter(Files::isRegularFile)
                    .filter(p -> LmEvalSamples.matches(p) || LmEvalResults.matches(p)).sorted().toList();
            // per-item samples make the reported aggregates of the same run redundant
            boolean hasSamples = found.stream().anyMatch(LmEvalSamples::matches);
            List<Path> chosen = hasSamples ? found.stream().filter(LmEvalSamples::matches).toList() : found;
            if (chosen.isEmpty()) {
                throw BadInputException.of(TextInput.name(input), "folder holds no lm-evaluation-harness results or samples files");
            }
            return chosen;
        } catch (IOException e) {
            throw BadInputException.of(TextInput.name(input), "cannot read folder: " + IoFailures.plain(e));
        }
    }
}
