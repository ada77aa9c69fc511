package dev.sextant.app.ui.evaluation;

import dev.sextant.app.Failures;
import dev.sextant.app.study.EvaluationStudy;
import dev.sextant.app.ui.shell.ShellModel;
import dev.sextant.model.BadInputException;
import dev.sextant.model.evaluation.ArenaResult;
import dev.sextant.model.evaluation.BenchmarkWeight;
import dev.sextant.model.evaluation.CompositeIndexResult;
import dev.sextant.model.evaluation.CompositeIndexSpec;
import dev.sextant.model.evaluation.EvaluationEvidence;
import dev.sextant.model.evaluation.ScoreSummarizer;
import dev.sextant.model.evaluation.ScoreSummary;
import dev.sextant.model.evaluation.ScoreSummarySpec;
import dev.sextant.model.evaluation.Scorecard;
import dev.sextant.model.io.IndexTemplates;
import dev.sextant.model.project.Project;
import dev.sextant.model.statistics.Power;
import dev.sextant.workspaces.EvidenceSource;
import dev.sextant.workspaces.Workspace;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.BiFunction;
import java.util.stream.Stream;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The Evaluation area: the current project's evidence and every analysis of it (variance, paired comparison, power,
 * composite index, arena ratings, scorecard). Loads and analyses run as jobs; results land in properties.
 */
public final class EvaluationViewModel {

    private final ShellModel shell;
    private final SamplesModel samples;
    private final DimensionsModel dimensions;
    private final ByDateModel byDate;
    private final ObservableList<EvidenceSource> sources = FXCollections.observableArrayList();
    private final ObjectProperty<EvaluationEvidence> evidence = new SimpleObjectProperty<>(this, "evidence");
    private final ObservableList<ScoreSummary> summaries = FXCollections.observableArrayList();
    private final ObjectProperty<CompositeIndexResult> index = new SimpleObjectProperty<>(this, "index");
    private final ObjectProperty<ArenaResult> arena = new SimpleObjectProperty<>(this, "arena");
    private final ObjectProperty<Scorecard> scorecard = new SimpleObjectProperty<>(this, "scorecard");
    private final ObservableList<String> benchmarks = FXCollections.observableArrayList();
    private final ObservableList<String> models = FXCollections.observableArrayList();
    private final StringProperty message = new SimpleStringProperty(this, "message", "");
    /** Empty, or why the arena ratings fall into groups that cannot be compared (models that never met). */
    private final StringProperty arenaWarning = new SimpleStringProperty(this, "arenaWarning", "");

    private final BooleanProperty empty = new SimpleBooleanProperty(this, "empty", true);

    // settings
    private final ObjectProperty<ScoreSummarySpec.CiMethod> ciMethod =
            new SimpleObjectProperty<>(ScoreSummarySpec.CiMethod.CLT);
    private final IntegerProperty bootstrapRounds = new SimpleIntegerProperty(ScoreSummarySpec.DEFAULT_BOOTSTRAP);
    private final IntegerProperty indexSamples = new SimpleIntegerProperty(CompositeIndexSpec.DEFAULT_SAMPLES);
    private final ObjectProperty<Double> concentration =
            new SimpleObjectProperty<>(CompositeIndexSpec.DEFAULT_CONCENTRATION);
    private final ObjectProperty<CompositeIndexSpec.Normalization> normalization =
            new SimpleObjectProperty<>(CompositeIndexSpec.Normalization.RAW);
    private final IntegerProperty arenaRounds = new SimpleIntegerProperty(300);
    private final IntegerProperty seed = new SimpleIntegerProperty(0);

    // compare
    private final StringProperty compareBenchmark = new SimpleStringProperty();
    private final StringProperty compareA = new SimpleStringProperty();
    private final StringProperty compareB = new SimpleStringProperty();
    private final ObjectProperty<ScoreSummarizer.PairedResult> comparison = new SimpleObjectProperty<>();
    private final StringProperty compareProblem = new SimpleStringProperty("");

    public EvaluationViewModel(ShellModel shell) {
        this.shell = shell;
        this.samples = new SamplesModel(shell, evidence::get);
        this.dimensions = new DimensionsModel(shell, evidence::get);
        this.byDate = new ByDateModel(shell, evidence::get);
        evidence.addListener((o, a, e) -> {
            dimensions.refresh();
            byDate.evidenceChanged();
            if (samples.files().isEmpty()) {
                samples.summarise(); // the project's own repeated samples, until trial files are chosen
            }
        });
        normalization.addListener((o, a, b) -> recompute());
        shell.currentProjectProperty().addListener((o, a, p) -> {
            // a comparison names the other project's models and benchmark: it starts again here
            comparison.set(null);
            compareBenchmark.set(null);
            compareA.set(null);
            compareB.set(null);
            compareProblem.set("");
            importNotes = List.of();
            reload();
        });
        reload();
    }

    /** Reloads the project's sources and evidence and reruns every analysis. */
    public void reload() {
        Workspace ws = shell.workspaceProperty().get();
        Project p = shell.currentProjectProperty().get();
        if (ws == null || p == null) {
            show(List.of(), null, null);
            return;
        }
        EvaluationStudy.Settings settings = settings();
        shell.jobs()
                .submit(
                        "Analyse evaluation evidence",
                        (progress, cancel) -> {
                            EvaluationStudy study = new EvaluationStudy(ws, p.id());
                            List<EvidenceSource> s = study.sources();
                            EvaluationEvidence e = study.evidence();
                            return new Loaded(
                                    s, e, EvaluationStudy.analyse(e, study.scans(), settings, progress, cancel));
                        },
                        loaded -> {
                            if (p.equals(shell.currentProjectProperty().get())) {
                                show(loaded.sources(), loaded.evidence(), loaded.analyses());
                            }
                        });
    }

    /** Reruns the analyses on the loaded evidence with the current settings. */
    /** The By date tab's state: accuracy before and after a model's training cut-off. */
    public ByDateModel byDate() {
        return byDate;
    }

    /** The Dimensions tab's state: the evidence's profile over capability dimensions. */
    public DimensionsModel dimensions() {
        return dimensions;
    }

    /** The Samples tab's state: trial files and their stability and token figures. */
    public SamplesModel samples() {
        return samples;
    }

    public void recompute() {
        EvaluationEvidence e = evidence.get();
        if (e == null) {
            return;
        }
        EvaluationStudy.Settings settings = settings();
        Workspace ws = shell.workspaceProperty().get();
        Project p = shell.currentProjectProperty().get();
        shell.jobs()
                .submit(
                        "Recompute evaluation analyses",
                        (progress, cancel) -> EvaluationStudy.analyse(
                                e,
                                ws == null || p == null ? List.of() : new EvaluationStudy(ws, p.id()).scans(),
                                settings,
                                progress,
                                cancel),
                        a -> show(List.copyOf(sources), e, a));
    }

    /** What reading the last imported files chose (metric, model name), shown with the message until the next import. */
    private volatile List<String> importNotes = List.of();

    /**
     * Asks the user a question about the files being imported (which model samples files are of): the question and a
     * suggestion in, the answer out, empty when the user declines. Set by the view.
     */
    private BiFunction<String, String, Optional<String>> asker = (q, s) -> Optional.empty();

    public void setAsker(BiFunction<String, String, Optional<String>> asker) {
        this.asker = asker;
    }

    public void importFiles(List<Path> files) {
        importFiles(files, null);
    }

    /**
     * Imports the files; samples files whose model the files beside them cannot tell (results of several models, none of
     * the same run) make the user name the model, never a guess.
     */
    private void importFiles(List<Path> files, String model) {
        Workspace ws = shell.workspaceProperty().get();
        Project p = shell.currentProjectProperty().get();
        if (ws == null || p == null || files.isEmpty()) {
            return;
        }
        String title = "Import " + (files.size() == 1 ? files.get(0).getFileName() : files.size() + " files");
        shell.jobs()
                .submit(
                        title,
                        (progress, cancel) -> {
                            EvaluationStudy.Read read = EvaluationStudy.read(files, null, null, model);
                            cancel.throwIfCancelled();
                            importNotes = List.copyOf(read.notes());
                            return new EvaluationStudy(ws, p.id()).importFiles(read, progress, cancel);
                        },
                        imported -> {
                            long rows = imported.stream()
                                    .mapToLong(EvidenceSource::rows)
                                    .sum();
                            shell.statusProperty()
                                    .set("Imported " + imported.size() + (imported.size() == 1 ? " file, " : " files, ")
                                            + rows + " rows, into " + p.name());
                            reload();
                        },
                        error -> {
                            if (model == null
                                    && error instanceof BadInputException bad
                                    && "model".equals(bad.field().orElse(null))) {
                                Optional<String> named = asker.apply(bad.source() + ": " + bad.problem(), "");
                                if (named.isPresent()) {
                                    importFiles(files, named.get());
                                    return;
                                }
                            }
                            shell.jobs().reportFailure(title, error);
                        });
    }

    /** Dates the source's results (a blank text: unknown); a text that is no date fails the job with why, nothing kept. */
    public void setRunDate(EvidenceSource source, String text) {
        Workspace ws = shell.workspaceProperty().get();
        Project p = shell.currentProjectProperty().get();
        if (ws == null || p == null) {
            return;
        }
        shell.jobs()
                .submit(
                        "Run date of " + source.name(),
                        (progress, cancel) -> {
                            LocalDate date = EvaluationStudy.runDate(text);
                            new EvaluationStudy(ws, p.id()).setRunDate(source.id(), date);
                            return date == null
                                    ? "Run date of " + source.name() + " cleared"
                                    : source.name() + " dated " + date;
                        },
                        said -> {
                            shell.statusProperty().set(said);
                            reload();
                        });
    }

    public void deleteSource(EvidenceSource source) {
        Workspace ws = shell.workspaceProperty().get();
        Project p = shell.currentProjectProperty().get();
        if (ws == null || p == null) {
            return;
        }
        shell.jobs()
                .submit(
                        "Remove " + source.name(),
                        (progress, cancel) -> {
                            new EvaluationStudy(ws, p.id()).deleteSource(source.id());
                            return source;
                        },
                        s -> {
                            shell.statusProperty().set("Removed " + s.name());
                            reload();
                        });
    }

    public void compare() {
        EvaluationEvidence e = evidence.get();
        String b = compareBenchmark.get();
        String a = compareA.get();
        String c = compareB.get();
        comparison.set(null);
        if (e == null || b == null || a == null || c == null) {
            compareProblem.set("Choose a benchmark and two models.");
            return;
        }
        if (a.equals(c)) {
            compareProblem.set("Choose two different models.");
            return;
        }
        shell.jobs()
                .submit(
                        "Compare " + a + " and " + c,
                        (p, cancel) -> EvaluationStudy.compare(e, a, c, b, EvaluationStudy.ALPHA),
                        r -> {
                            comparison.set(r);
                            compareProblem.set("");
                        },
                        error -> compareProblem.set(Failures.message(error)));
    }

    /** Minimum detectable effect for n items, or NaN when the inputs are out of range. */
    public static double minDetectableEffect(double sdDiff, double sdWithin, int k, long n) {
        try {
            return Power.minDetectableEffect(n, sdDiff, sdWithin, k, 0.05, 0.8);
        } catch (IllegalArgumentException e) {
            return Double.NaN;
        }
    }

    /** Items needed to detect {@code effect}, or -1 when the inputs are out of range. */
    public static long requiredN(double sdDiff, double sdWithin, int k, double effect) {
        try {
            return Power.requiredN(effect, sdDiff, sdWithin, k, 0.05, 0.8);
        } catch (IllegalArgumentException e) {
            return -1;
        }
    }

    private EvaluationStudy.Settings settings() {
        return new EvaluationStudy.Settings(
                ciMethod.get(),
                Math.max(1, bootstrapRounds.get()),
                Math.max(0, indexSamples.get()),
                concentration.get() == null || concentration.get() <= 0
                        ? CompositeIndexSpec.DEFAULT_CONCENTRATION
                        : concentration.get(),
                Math.max(0, arenaRounds.get()),
                seed.get(),
                normalization.get() == null ? CompositeIndexSpec.Normalization.RAW : normalization.get());
    }

    /** Writes the three index templates into {@code dir} and says where. */
    public void saveTemplates(Path dir) {
        shell.jobs()
                .submit(
                        "Save index templates",
                        (progress, cancel) -> IndexTemplates.write(dir),
                        files -> shell.statusProperty()
                                .set(
                                        "Wrote "
                                                + String.join(
                                                        ", ",
                                                        files.stream()
                                                                .map(f -> f.getFileName()
                                                                        .toString())
                                                                .toList())
                                                + " to " + dir
                                                + ": fill them in and import them (Sources), or use them with sextant eval index"));
    }

    /** How the index puts benchmark scores on one scale: as scored, or against each benchmark's random-guess baseline. */
    public ObjectProperty<CompositeIndexSpec.Normalization> normalizationProperty() {
        return normalization;
    }

    /**
     * Keeps an index built in the editor as the project's current weight table (and mix, when given), then analyses
     * the evidence with it. A table that fails the checks is refused with the row and field, and nothing is kept.
     */
    public void keepIndex(String name, List<BenchmarkWeight> weights, Map<String, Double> mix) {
        Workspace ws = shell.workspaceProperty().get();
        Project p = shell.currentProjectProperty().get();
        if (ws == null || p == null) {
            return;
        }
        shell.jobs()
                .submit(
                        "Keep index " + name,
                        (progress, cancel) ->
                                new EvaluationStudy(ws, p.id()).keepIndex(name, weights, mix, progress, cancel),
                        kept -> {
                            shell.statusProperty()
                                    .set("Kept index “" + name + "”: " + weights.size()
                                            + (weights.size() == 1 ? " benchmark" : " benchmarks")
                                            + (mix == null || mix.isEmpty()
                                                    ? ""
                                                    : ", workload mix of " + mix.size()
                                                            + (mix.size() == 1 ? " category" : " categories")));
                            reload();
                        });
    }

    private record Loaded(
            List<EvidenceSource> sources, EvaluationEvidence evidence, EvaluationStudy.Analyses analyses) {}

    private void show(List<EvidenceSource> s, EvaluationEvidence e, EvaluationStudy.Analyses a) {
        sources.setAll(s);
        evidence.set(e);
        summaries.setAll(a == null ? List.of() : a.summaries());
        index.set(a == null ? null : a.index());
        arena.set(a == null ? null : a.arena());
        arenaWarning.set(
                a == null || a.arena() == null || !a.arena().disconnected()
                        ? ""
                        : a.arena().componentsWarning()
                                + ". The table lists each group's models together, with ranks within their group.");
        scorecard.set(a == null ? null : a.scorecard());
        TreeSet<String> b = new TreeSet<>();
        TreeSet<String> m = new TreeSet<>();
        if (e != null) {
            e.items().forEach(i -> {
                b.add(i.benchmark());
                m.add(i.model());
            });
        }
        benchmarks.setAll(b);
        models.setAll(m);
        if (compareBenchmark.get() == null || !b.contains(compareBenchmark.get())) {
            compareBenchmark.set(b.isEmpty() ? null : b.first());
        }
        if (compareA.get() == null || !m.contains(compareA.get())) {
            compareA.set(m.isEmpty() ? null : m.first());
        }
        if (compareB.get() == null || !m.contains(compareB.get())) {
            compareB.set(m.size() < 2 ? null : m.stream().skip(1).findFirst().orElse(null));
        }
        comparison.set(null);
        empty.set(e == null || e.isEmpty());
        message.set(
                e == null || e.isEmpty()
                        ? "No evaluation evidence in this project yet. Import files with Import… or drop them here."
                        : String.join(
                                "\n",
                                (a == null
                                                ? importNotes
                                                : Stream.concat(importNotes.stream(), a.notes().stream())
                                                        .toList())
                                        .stream().map(n -> "• " + n).toList()));
    }

    public ObservableList<EvidenceSource> sources() {
        return sources;
    }

    public ObjectProperty<EvaluationEvidence> evidenceProperty() {
        return evidence;
    }

    public ObservableList<ScoreSummary> summaries() {
        return summaries;
    }

    public ObjectProperty<CompositeIndexResult> indexProperty() {
        return index;
    }

    public ObjectProperty<ArenaResult> arenaProperty() {
        return arena;
    }

    public ObjectProperty<Scorecard> scorecardProperty() {
        return scorecard;
    }

    public ObservableList<String> benchmarks() {
        return benchmarks;
    }

    public ObservableList<String> models() {
        return models;
    }

    public StringProperty arenaWarningProperty() {
        return arenaWarning;
    }

    public StringProperty messageProperty() {
        return message;
    }

    public BooleanProperty emptyProperty() {
        return empty;
    }

    public ObjectProperty<ScoreSummarySpec.CiMethod> ciMethodProperty() {
        return ciMethod;
    }

    public IntegerProperty bootstrapRoundsProperty() {
        return bootstrapRounds;
    }

    public IntegerProperty indexSamplesProperty() {
        return indexSamples;
    }

    public ObjectProperty<Double> concentrationProperty() {
        return concentration;
    }

    public IntegerProperty arenaRoundsProperty() {
        return arenaRounds;
    }

    public IntegerProperty seedProperty() {
        return seed;
    }

    public StringProperty compareBenchmarkProperty() {
        return compareBenchmark;
    }

    public StringProperty compareAProperty() {
        return compareA;
    }

    public StringProperty compareBProperty() {
        return compareB;
    }

    public ObjectProperty<ScoreSummarizer.PairedResult> comparisonProperty() {
        return comparison;
    }

    public StringProperty compareProblemProperty() {
        return compareProblem;
    }

    public ShellModel shell() {
        return shell;
    }
}
