package dev.sextant.app.ui.data;

import dev.sextant.app.study.DataStudy;
import dev.sextant.app.study.Engine;
import dev.sextant.app.study.QualityRuns;
import dev.sextant.app.ui.shell.Staleness;
import dev.sextant.model.InputError;
import dev.sextant.model.data.quality.FilterSpec;
import dev.sextant.model.data.quality.Probe;
import dev.sextant.model.data.quality.QualityFamilies;
import dev.sextant.model.data.quality.QualityFamily;
import dev.sextant.model.data.quality.QualityFilter;
import dev.sextant.model.data.quality.QualityParam;
import dev.sextant.model.data.quality.QualityResult;
import dev.sextant.model.data.quality.QualitySettings;
import dev.sextant.model.data.quality.SpacyEnglishWords;
import dev.sextant.model.job.CancelledException;
import dev.sextant.workspaces.SavedQualityRun;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.ObjectBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.beans.value.ObservableValue;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The Data area's quality filtering: which rule families, every threshold (a preset's values, each editable), a
 * preview on a sample of the corpus and the run that writes the filtered corpus; both jobs, cancellable.
 */
public final class QualityViewModel {

    /** Documents a preview judges, from the start of every file alike. */
    public static final int SAMPLE = 2_000;

    /** One threshold or switch: its key, what it is, and the value being edited. */
    public record ParamRow(String key, QualityParam param, StringProperty value) {}

    private final DataViewModel data;
    private final Map<String, BooleanProperty> families = new LinkedHashMap<>();
    private final ObjectProperty<String> preset = new SimpleObjectProperty<>("datatrove");
    private final ObservableList<ParamRow> params = FXCollections.observableArrayList();
    private final StringProperty out = new SimpleStringProperty("");
    private final StringProperty scoreField = new SimpleStringProperty("");
    private final StringProperty languages = new SimpleStringProperty("");
    private final StringProperty languageModel = new SimpleStringProperty("");
    private final BooleanProperty resumable = new SimpleBooleanProperty(this, "resumable");
    private final BooleanProperty onCluster = new SimpleBooleanProperty(this, "onCluster");
    private final ObservableList<SavedQualityRun> runs = FXCollections.observableArrayList();
    private final ObjectProperty<SavedQualityRun> shownRun = new SimpleObjectProperty<>(this, "shownRun");
    private final ObjectProperty<QualityResult> result = new SimpleObjectProperty<>(this, "result");
    private final BooleanProperty sample = new SimpleBooleanProperty(this, "sample");
    private final Staleness staleness = new Staleness(() -> result.get() != null);
    private final ObjectBinding<List<Path>> corpusFiles;

    QualityViewModel(DataViewModel data) {
        this.data = data;
        List<ObservableValue<?>> watched = new ArrayList<>();
        for (QualityFamily f : QualityFamilies.ALL) {
            // the heuristics on; the score family waits for a field to be named
            BooleanProperty on =
                    new SimpleBooleanProperty(QualityFamilies.heuristics().contains(f));
            families.put(f.name(), on);
            watched.add(on);
            for (QualityParam p : f.params()) {
                ParamRow row =
                        new ParamRow(f.name() + "." + p.name(), p, new SimpleStringProperty(p.format(p.datatrove())));
                params.add(row);
                watched.add(row.value());
            }
        }
        preset.addListener((o, a, n) -> applyPreset(n));
        out.addListener((o, a, n) -> refreshResumable());
        // naming languages chooses the language family; without a fastText model OpenNLP's likeliest language
        // decides (its confidences are not fastText's probabilities), with one datatrove's 0.65 applies
        languages.addListener(
                (o, a, n) -> families.get(QualityFamilies.language().name()).set(n != null && !n.isBlank()));
        languageModel.addListener((o, a, n) -> languageThresholdFor(n != null && !n.isBlank()));
        languageThresholdFor(false);
        // naming a score field chooses the score family; clearing it leaves the family out
        scoreField.addListener(
                (o, a, n) -> families.get(QualityFamilies.score().name()).set(n != null && !n.isBlank()));
        corpusFiles = Bindings.createObjectBinding(() -> List.copyOf(data.corpus()), data.corpus());
        watched.add(corpusFiles);
        watched.add(data.textFieldProperty());
        watched.add(data.sourceFieldProperty());
        watched.add(preset);
        watched.add(scoreField);
        watched.add(languages);
        watched.add(languageModel);
        staleness.watch(watched);
    }

    private void languageThresholdFor(boolean fastText) {
        for (ParamRow r : params) {
            if (r.key().equals("language.language_threshold")) {
                // only a value left at the other identifier's default follows the identifier
                if (r.value().get().strip().equals(QualitySettings.defaultLanguageThreshold(!fastText))) {
                    r.value().set(QualitySettings.defaultLanguageThreshold(fastText));
                }
            }
        }
    }

    private void applyPreset(String name) {
        try {
            QualitySettings s = QualitySettings.of(QualitySettings.preset(name));
            for (ParamRow r : params) {
                r.value().set(r.param().format(s.values().get(r.key())));
            }
            languageThresholdFor(DataViewModel.blankToNull(languageModel.get()) != null); // the preset's is fastText's
        } catch (InputError e) {
            data.fail(e);
        }
    }

    /** The settings the rows say: the preset's, then every edited value (an unreadable one is an input error). */
    QualitySettings settings() {
        QualitySettings base = QualitySettings.of(QualitySettings.preset(preset.get()));
        QualitySettings s = base;
        for (ParamRow r : params) {
            if (!r.value().get().strip().equals(r.param().format(base.values().get(r.key())))) {
                s = s.with(r.key(), r.value().get());
            }
        }
        return s;
    }

    /** The chosen families, checked against the fields they need. */
    private List<QualityFamily> chosen() {
        List<QualityFamily> chosen = QualityFamilies.ALL.stream()
                .filter(f -> families.get(f.name()).get())
                .toList();
        if (chosen.isEmpty()) {
            throw new InputError("quality.rules", "choose at least one rule family");
        }
        if (chosen.contains(QualityFamilies.score()) && scoreField() == null) {
            throw new InputError("quality.scoreField", "name the field that holds each document's score");
        }
        return chosen;
    }

    /** The settings with the languages typed (an unreadable code is an input error on that field). */
    private QualitySettings settingsWithLanguages() {
        QualitySettings s = settings();
        String typed = DataViewModel.blankToNull(languages.get());
        return typed == null ? s : s.withLanguages(typed);
    }

    /** The fastText model named, or null (OpenNLP's detector). */
    private Path languageModel() {
        String m = DataViewModel.blankToNull(languageModel.get());
        try {
            return m == null ? null : Path.of(m);
        } catch (InvalidPathException e) {
            throw new InputError("quality.languageModel", "not a file name: " + m);
        }
    }

    /** The languages the language family keeps: {@code en}, {@code en,de}, {@code en=0.8,de}. */
    public StringProperty languagesProperty() {
        return languages;
    }

    /** A fastText language identification model (lid.176.bin, GlotLID), or blank for OpenNLP's detector. */
    public StringProperty languageModelProperty() {
        return languageModel;
    }

    /** The score field named, or null. */
    private String scoreField() {
        return DataViewModel.blankToNull(scoreField.get());
    }

    /** The numeric field the score family reads (a classifier's score, a perplexity). */
    public StringProperty scoreFieldProperty() {
        return scoreField;
    }

    /** Judges a sample of the corpus and writes nothing: what the thresholds would do. */
    public void preview() {
        submit(
                SAMPLE,
                null,
                "Preview quality filtering on " + String.format(Locale.ROOT, "%,d", SAMPLE) + " documents");
    }

    /** Judges the whole corpus and writes the filtered corpus to the output folder. */
    public void run() {
        String folder = DataViewModel.blankToNull(out.get());
        if (folder == null) {
            data.fail(new InputError("quality.out", "choose a new or empty output folder"));
            return;
        }
        runKept(Path.of(folder), false, "Filter by quality");
    }

    /** Continues a run into the output folder that was stopped: the units it finished are not read again. */
    public void resume() {
        String folder = DataViewModel.blankToNull(out.get());
        if (folder == null || !DataStudy.filterCanResume(Path.of(folder))) {
            data.fail(new InputError("quality.out", "no stopped run to resume in this folder"));
            return;
        }
        runKept(Path.of(folder), true, "Resume filtering by quality");
    }

    /**
     * Whether a run (not a preview) judges the corpus on the Spark cluster of the preferences; its output folder must
     * then be on a file system every executor writes.
     */
    public BooleanProperty onClusterProperty() {
        return onCluster;
    }

    /** Where a run goes: the cluster of the preferences when the box says so, else this machine. */
    private Engine engine() {
        return onCluster.get() ? data.shell().clusterEngine() : Engine.LOCAL;
    }

    /** Whether the output folder has a stopped run's finished part beside it ({@code OUT.partial}). */
    public BooleanProperty resumableProperty() {
        return resumable;
    }

    private void refreshResumable() {
        String folder = DataViewModel.blankToNull(out.get());
        try {
            resumable.set(folder != null && DataStudy.filterCanResume(Path.of(folder)));
        } catch (InvalidPathException e) {
            resumable.set(false);
        }
    }

    private void submit(int sampleSize, Path outDir, String title) {
        submit(sampleSize, outDir, false, title);
    }

    /** What a job needs, read from the form on the FX thread; the filter itself is built in the job. */
    private record Prepared(
            List<QualityFamily> chosen,
            QualitySettings settings,
            Path model,
            List<Path> paths,
            String text,
            String id,
            String source,
            String score,
            Engine engine) {

        /** The filter (a fastText model read here, off the FX thread: lid.176.bin holds 130 MB). */
        FilterSpec spec(int sampleSize) {
            QualityFilter f = new QualityFilter(
                    chosen,
                    settings,
                    SpacyEnglishWords.instance(),
                    chosen.contains(QualityFamilies.language()) ? DataStudy.languageIdentifier(model) : null);
            return new FilterSpec(f, text, id, source, score, sampleSize);
        }

        /** The name a kept run gets: its files and families. */
        String name() {
            return QualityRuns.defaultName(paths, chosen, false);
        }
    }

    /** The form as a job's input, or null after saying what is wrong with it. */
    private Prepared prepare(boolean run) {
        try {
            data.requireCorpus();
            List<QualityFamily> chosen = chosen();
            return new Prepared(
                    chosen,
                    settingsWithLanguages(),
                    languageModel(),
                    List.copyOf(data.corpus()),
                    data.textFieldName(),
                    DataViewModel.blankToNull(data.idFieldProperty().get()),
                    DataViewModel.blankToNull(data.sourceFieldProperty().get()),
                    chosen.contains(QualityFamilies.score()) ? scoreField() : null,
                    // a preview measures every rule for the histograms, here; a run goes where the check box says
                    run ? engine() : Engine.LOCAL);
        } catch (RuntimeException e) {
            data.fail(e);
            return null;
        }
    }

    /** A preview, or a run when no project is open (then nothing is kept). */
    private void submit(int sampleSize, Path outDir, boolean resume, String title) {
        Prepared p = prepare(sampleSize == 0);
        if (p == null) {
            return;
        }
        data.shell()
                .jobs()
                .submit(
                        title,
                        (progress, cancel) -> DataStudy.filter(
                                p.engine(),
                                p.paths(),
                                p.spec(sampleSize),
                                p.model(),
                                0,
                                outDir,
                                resume,
                                progress,
                                cancel),
                        r -> shown(r, sampleSize > 0, outDir),
                        this::stopped);
    }

    /** A run kept in the open project (with resume: the project's stopped run into the folder goes on). */
    private void runKept(Path outDir, boolean resume, String title) {
        Prepared p = prepare(true);
        if (p == null) {
            return;
        }
        boolean kept = data.shell()
                .inProject(
                        title,
                        (ws, project, progress, cancel) -> new QualityRuns(ws, project.id())
                                .run(
                                        p.name(),
                                        p.paths(),
                                        p.spec(0),
                                        p.model(),
                                        p.engine(),
                                        0,
                                        outDir,
                                        resume,
                                        progress,
                                        cancel),
                        this::shown,
                        this::stopped);
        if (!kept) {
            submit(0, outDir, resume, title);
        }
    }

    /** Goes on with a kept run that stopped: the units its output folder's part holds are not judged again. */
    public void resume(SavedQualityRun run) {
        Engine engine = engine();
        data.shell()
                .inProject(
                        "Resume " + run.name(),
                        (ws, project, progress, cancel) ->
                                new QualityRuns(ws, project.id()).resume(run.id(), engine, 0, progress, cancel),
                        this::shown,
                        this::stopped);
    }

    private void shown(QualityResult r, boolean preview, Path outDir) {
        refreshResumable();
        data.clearProblem();
        sample.set(preview);
        result.set(r);
        staleness.fresh();
        data.shell()
                .statusProperty()
                .set(String.format(
                        Locale.ROOT,
                        "%s: %,d of %,d documents removed",
                        preview ? "Preview" : outDir == null ? "Counted" : "Wrote " + outDir,
                        r.removed(),
                        r.documents()));
    }

    private void shown(QualityRuns.Outcome o) {
        SavedQualityRun k = o.run();
        runs.removeIf(r -> r.id().equals(k.id()));
        runs.add(0, k);
        shownRun.set(k);
        if (o.result() != null) {
            shown(o.result(), false, k.out() == null ? null : Path.of(k.out()));
        }
    }

    /** A run that stopped: its part is kept to resume, a kept run is listed as cancelled or failed. */
    private void stopped(Throwable e) {
        refreshResumable();
        if (!(e instanceof CancelledException)) {
            data.fail(e);
        }
        reload();
    }

    /** The open project's kept runs. */
    public void reload() {
        if (!data.shell()
                .inProject(
                        "Load quality runs",
                        (ws, p, progress, cancel) -> new QualityRuns(ws, p.id()).list(),
                        list -> {
                            runs.setAll(list);
                            SavedQualityRun now = shownRun.get();
                            shownRun.set(
                                    now == null
                                            ? null
                                            : list.stream()
                                                    .filter(r -> r.id().equals(now.id()))
                                                    .findFirst()
                                                    .orElse(null));
                        },
                        null)) {
            runs.clear();
        }
    }

    /** Shows a kept run's counts (a run that did not complete has none to show). */
    public void show(SavedQualityRun run) {
        shownRun.set(run);
        if (run != null && run.complete()) {
            sample.set(false);
            result.set(run.result());
            staleness.fresh();
        }
    }

    public void delete(SavedQualityRun run) {
        data.shell()
                .inProject(
                        "Delete quality run",
                        (ws, p, progress, cancel) -> {
                            new QualityRuns(ws, p.id()).delete(run.id());
                            return null;
                        },
                        x -> {
                            runs.remove(run);
                            if (run.equals(shownRun.get())) {
                                shownRun.set(null);
                            }
                        },
                        data::fail);
    }

    /** The project's kept quality runs, newest first. */
    public ObservableList<SavedQualityRun> runs() {
        return runs;
    }

    public ObjectProperty<SavedQualityRun> shownRunProperty() {
        return shownRun;
    }

    /** What the row's rules measured on the previewed documents (empty before a preview, or after a full run). */
    public List<Probe.RuleValues> measured(ParamRow row) {
        QualityResult r = result.get();
        if (r == null) {
            return List.of();
        }
        return r.measured().stream()
                .filter(v -> row.key().equals(v.family() + "." + v.param()))
                .toList();
    }

    /** The row's value as a number (NaN: off), or null when it does not read. */
    public Double threshold(ParamRow row) {
        try {
            return row.param().parse(row.value().get());
        } catch (InputError e) {
            return null;
        }
    }

    /**
     * The share of the previewed documents the row's value would remove on its own, as text ({@code 12.5 %},
     * {@code off}), or empty when there is nothing to say (no preview, a switch, a value that does not read).
     */
    public String previewShare(ParamRow row) {
        List<Probe.RuleValues> values = measured(row);
        Double t = threshold(row);
        QualityResult r = result.get();
        if (values.isEmpty() || t == null || r == null || r.documents() == 0) {
            return "";
        }
        if (!QualityFamilies.byName(values.get(0).family(), "quality.rules").active(t)) {
            return "off";
        }
        return String.format(Locale.ROOT, "%.1f %%", 100.0 * Probe.removedBy(values, t) / r.documents());
    }

    public Map<String, BooleanProperty> families() {
        return families;
    }

    public ObjectProperty<String> presetProperty() {
        return preset;
    }

    public ObservableList<ParamRow> params() {
        return params;
    }

    public StringProperty outProperty() {
        return out;
    }

    public ObjectProperty<QualityResult> resultProperty() {
        return result;
    }

    /** Whether the result shown is a preview on a sample. */
    public BooleanProperty sampleProperty() {
        return sample;
    }

    public BooleanProperty staleProperty() {
        return staleness.staleProperty();
    }
}
