package dev.sextant.app.ui.evaluation;

import dev.sextant.app.Failures;
import dev.sextant.app.study.EvaluationStudy;
import dev.sextant.app.ui.shell.ShellModel;
import dev.sextant.model.InputError;
import dev.sextant.model.evaluation.EvaluationEvidence;
import dev.sextant.model.evaluation.RepeatedSamples;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Supplier;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * State of the Evaluation area's Samples tab: the trial files chosen (none: the project's evidence scored with a sample
 * index), the k and prices on its form, and the rows {@link RepeatedSamples} makes of them (a job: reading and
 * resampling may take seconds).
 */
public final class SamplesModel {

    private final ShellModel shell;
    private final Supplier<EvaluationEvidence> evidence;
    private final ObservableList<Path> files = FXCollections.observableArrayList();
    private final StringProperty ks = new SimpleStringProperty("1,2,4");
    private final StringProperty priceIn = new SimpleStringProperty("");
    private final StringProperty priceOut = new SimpleStringProperty("");
    private final StringProperty problem = new SimpleStringProperty("");
    private final StringProperty notes = new SimpleStringProperty("");
    private final ObservableList<RepeatedSamples.Row> rows = FXCollections.observableArrayList();
    private final ObservableList<Integer> shownKs = FXCollections.observableArrayList();

    /** @param evidence the project's evidence, summarised when no trial files are chosen */
    public SamplesModel(ShellModel shell, Supplier<EvaluationEvidence> evidence) {
        this.shell = shell;
        this.evidence = evidence;
    }

    /** Reads the chosen files and summarises them with the form's k and prices. */
    public void summarise() {
        List<Integer> k;
        RepeatedSamples.Prices prices;
        try {
            k = parseKs(ks.get());
            prices = new RepeatedSamples.Prices(
                    price(priceIn.get(), "Input price"), price(priceOut.get(), "Output price"));
        } catch (InputError e) {
            problem.set(e.getMessage());
            return;
        }
        List<Path> chosen = List.copyOf(files);
        EvaluationEvidence held = evidence.get();
        if (chosen.isEmpty() && (held == null || held.items().stream().noneMatch(x -> x.sample() != null))) {
            rows.clear();
            notes.set("");
            problem.set(
                    held == null
                            ? ""
                            : "The project's evidence has no repeated samples (every item answered once): choose trial files.");
            return;
        }
        problem.set("");
        shell.jobs()
                .submit(
                        "Summarise repeated samples",
                        (progress, cancel) -> {
                            progress.progress(
                                    -1,
                                    chosen.isEmpty()
                                            ? "the project's repeated samples, resampling"
                                            : "reading " + chosen.size() + (chosen.size() == 1 ? " file" : " files")
                                                    + " and resampling");
                            return chosen.isEmpty()
                                    ? EvaluationStudy.samples(held, k, prices, 1, cancel)
                                    : EvaluationStudy.samples(chosen, null, null, k, prices, 1, cancel);
                        },
                        s -> {
                            shownKs.setAll(new TreeSet<>(k));
                            rows.setAll(s.rows());
                            // a note several rows share is said once, naming them
                            Map<String, List<String>> byNote = new LinkedHashMap<>();
                            s.rows().forEach(r -> r.notes()
                                    .forEach(n -> byNote.computeIfAbsent(n, x -> new ArrayList<>())
                                            .add(r.model() + " on " + r.benchmark())));
                            List<String> all = new ArrayList<>(s.notes());
                            byNote.forEach((n, who) -> all.add(String.join(", ", who) + ": " + n));
                            notes.set(String.join("\n", all));
                        },
                        e -> {
                            rows.clear();
                            problem.set(Failures.message(e));
                        });
    }

    static List<Integer> parseKs(String text) {
        List<Integer> out = new ArrayList<>();
        for (String part : (text == null ? "" : text).split("[,\\s]+")) {
            if (part.isBlank()) {
                continue;
            }
            try {
                int k = Integer.parseInt(part.strip());
                InputError.require(k >= 1, "samples.k", "k: whole numbers from 1, e.g. 1,2,4");
                out.add(k);
            } catch (NumberFormatException e) {
                throw new InputError("samples.k", "k: '" + part.strip() + "' is not a whole number (e.g. 1,2,4)");
            }
        }
        InputError.require(!out.isEmpty(), "samples.k", "k: give at least one, e.g. 1,2,4");
        return out;
    }

    static double price(String text, String label) {
        if (text == null || text.isBlank()) {
            return Double.NaN;
        }
        try {
            double v = Double.parseDouble(text.strip().replace("$", ""));
            InputError.require(v >= 0 && Double.isFinite(v), "samples.price", label + ": a price cannot be negative");
            return v;
        } catch (NumberFormatException e) {
            throw new InputError(
                    "samples.price", label + ": '" + text.strip() + "' is not a number (dollars a million tokens)");
        }
    }

    public ObservableList<Path> files() {
        return files;
    }

    public StringProperty ksProperty() {
        return ks;
    }

    public StringProperty priceInProperty() {
        return priceIn;
    }

    public StringProperty priceOutProperty() {
        return priceOut;
    }

    public StringProperty problemProperty() {
        return problem;
    }

    public StringProperty notesProperty() {
        return notes;
    }

    public ObservableList<RepeatedSamples.Row> rows() {
        return rows;
    }

    /** The k the rows were made with (the table's pass@k and pass^k columns). */
    public ObservableList<Integer> shownKs() {
        return shownKs;
    }

    public ShellModel shell() {
        return shell;
    }
}
