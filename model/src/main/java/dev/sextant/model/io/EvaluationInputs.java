package dev.sextant.model.io;

import dev.sextant.model.evaluation.ItemScore;
import dev.sextant.model.evaluation.ReportedResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Score files of any supported kind, recognised by name: per-item CSV ({@code *.csv}), lm-evaluation-harness samples
 * ({@code samples_<task>_<date>.jsonl}) and results ({@code results*.json}); a folder stands for the lm-evaluation-harness
 * files in it.
 */
public final class EvaluationInputs {

    /** What a set of inputs held: per-item scores and scores reported without items. */
    public record Loaded(List<ItemScore> items, List<ReportedResult> reported) {
    }

    private EvaluationInputs() {
    }

    /**
     * @param metric metric for lm-evaluation-harness files, or null to choose (acc, exact_match, …)
     * @param model  model name for samples files without a results file beside them, or null
     */
    public static Loaded read(List<Path> inputs, String metric, String model) {
        List<ItemScore> items = new ArrayList<>();
        List<ReportedResult> reported = new ArrayList<>();
        for (Path input : inputs) {
            for (Path f : expand(input)) {
                String name = f.getFileName().toString().toLowerCase();
                if (name.endsWith(".csv")) {
                    items.addAll(ItemScoresCsv.read(f));
                } else if (LmEvalSamples.matches(f)) {
                    items.addAll(LmEvalSamples.read(f, model, metric));
                } else if (LmEvalResults.matches(f)) {
                    reported.addAll(LmEvalResults.read(f, metric));
                } else {
                    throw BadInputException.of(TextInput.name(f), "not a recognised score file; expected a per-item CSV "
                            + "(model,benchmark,item_id,score), samples_<task>_<date>.jsonl or results_<date>.json");
                }
            }
        }
        return new Loaded(items, reported);
    }

    private static List<Path> expand(Path input) {
        if (!Files.isDirectory(input)) {
            return List.of(input);
        }
        try (Stream<Path> files = Files.walk(input)) {
            List<Path> found = files.filter(Files::isRegularFile)
                    .filter(p -> LmEvalSamples.matches(p) || LmEvalResults.matches(p)).sorted().toList();
            // per-item samples make reported aggregates of the same run redundant
            boolean hasSamples = found.stream().anyMatch(LmEvalSamples::matches);
            List<Path> chosen = hasSamples ? found.stream().filter(LmEvalSamples::matches).toList() : found;
            if (chosen.isEmpty()) {
                throw BadInputException.of(TextInput.name(input), "folder holds no lm-evaluation-harness results or samples files");
            }
            return chosen;
        } catch (IOException e) {
            throw BadInputException.of(TextInput.name(input), "cannot read folder: " + e.getMessage());
        }
    }
}
