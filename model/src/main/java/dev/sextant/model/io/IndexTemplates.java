package dev.sextant.model.io;

import dev.sextant.model.evaluation.BenchmarkWeight;
import dev.sextant.model.evaluation.ModelScore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes the three tables of a composite index as the files {@link IndexTablesCsv} reads: an edited index saved for
 * the command line, or templates to fill in. Each file is written whole or not at all ({@link AtomicFile}).
 */
public final class IndexTemplates {

    public static final String WEIGHTS = "index-weights.csv";
    public static final String SCORES = "index-scores.csv";
    public static final String MIX = "index-mix.csv";

    private IndexTemplates() {}

    /**
     * Templates in {@code dir}: a weight table with every column (an MMLU-Pro-like row with its 1/10 baseline, a coding
     * row without one), model scores with and without a standard error, and a workload mix over the same categories.
     * Every row is an illustration to overwrite. Existing files of these names are replaced.
     *
     * @return the files written
     */
    public static List<Path> write(Path dir) {
        List<BenchmarkWeight> w = List.of(
                new BenchmarkWeight(
                        "my-knowledge-benchmark",
                        2,
                        "knowledge",
                        "10-choice questions",
                        LocalDate.of(2024, 6, 1),
                        null,
                        0.0,
                        "https://example.org/paper",
                        0.1),
                new BenchmarkWeight(
                        "my-coding-benchmark",
                        1,
                        "coding",
                        "pass@1 on fresh problems",
                        LocalDate.of(2025, 1, 1),
                        LocalDate.of(2025, 9, 1),
                        0.5,
                        "",
                        null));
        List<ModelScore> s = List.of(
                new ModelScore("model-a", "my-knowledge-benchmark", 0.71, 0.012),
                new ModelScore("model-a", "my-coding-benchmark", 0.44, null),
                new ModelScore("model-b", "my-knowledge-benchmark", 0.68, 0.012),
                new ModelScore("model-b", "my-coding-benchmark", 0.52, null));
        Map<String, Double> mix = new LinkedHashMap<>();
        mix.put("knowledge", 0.3);
        mix.put("coding", 0.7);
        List<Path> out = new ArrayList<>();
        out.add(weights(dir.resolve(WEIGHTS), w));
        out.add(scores(dir.resolve(SCORES), s));
        out.add(mix(dir.resolve(MIX), mix));
        return out;
    }

    /** A weight table with every column {@link IndexTablesCsv#readWeights} reads. */
    public static Path weights(Path file, List<BenchmarkWeight> rows) {
        return csv(
                file,
                List.of(
                        "benchmark",
                        "weight",
                        "category",
                        "baseline",
                        "description",
                        "released",
                        "refreshed",
                        "held_out",
                        "source"),
                rows.stream()
                        .map(r -> Arrays.<Object>asList(
                                r.benchmark(),
                                number(r.weight()),
                                r.category(),
                                r.baseline() == null ? null : number(r.baseline()),
                                r.description(),
                                r.released(),
                                r.refreshed(),
                                r.heldOut() == null ? null : number(r.heldOut()),
                                r.source()))
                        .toList());
    }

    public static Path scores(Path file, List<ModelScore> rows) {
        return csv(
                file,
                List.of("model", "benchmark", "score", "se"),
                rows.stream()
                        .map(r -> Arrays.<Object>asList(
                                r.model(), r.benchmark(), number(r.score()), r.se() == null ? null : number(r.se())))
                        .toList());
    }

    public static Path mix(Path file, Map<String, Double> mix) {
        return csv(
                file,
                List.of("category", "share"),
                mix.entrySet().stream()
                        .map(e -> Arrays.<Object>asList(e.getKey(), number(e.getValue())))
                        .toList());
    }

    private static String number(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }

    private static Path csv(Path file, List<String> header, List<List<Object>> rows) {
        try {
            AtomicFile.writeText(file, w -> {
                CsvCells.row(w, header);
                for (List<Object> r : rows) {
                    CsvCells.row(w, r);
                }
                return null;
            });
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("could not write " + file + ": " + e.getMessage(), e);
        }
    }
}
