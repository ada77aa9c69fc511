package dev.sextant.app.ui.data;

import dev.sextant.app.Failures;
import dev.sextant.app.study.DataStudy;
import dev.sextant.app.study.Engine;
import dev.sextant.app.study.ScanStudy;
import dev.sextant.app.ui.shell.Inputs;
import dev.sextant.app.ui.shell.ShellModel;
import dev.sextant.app.ui.shell.Staleness;
import dev.sextant.model.InputError;
import dev.sextant.model.contamination.Normalization;
import dev.sextant.model.contamination.ScanSpec;
import dev.sextant.model.data.DecontaminationResult;
import dev.sextant.model.data.Decontaminator;
import dev.sextant.model.data.DedupResult;
import dev.sextant.model.data.DedupSpec;
import dev.sextant.model.data.LshBands;
import dev.sextant.model.data.MixResult;
import dev.sextant.model.data.MixSpec;
import dev.sextant.model.io.DecontaminatedCorpus;
import dev.sextant.model.io.DemoDataCorpus;
import dev.sextant.model.io.MixTargetFile;
import dev.sextant.model.job.CancelledException;
import dev.sextant.workspaces.SavedDedupRun;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.ObjectBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The Data area: one corpus (files and folders, its text, id and source fields) and three jobs over it — duplicates
 * (kept in the project as dedup runs, a cluster's documents read again to show side by side), the mixture (composition,
 * target, budget, epochs, curriculum) and a decontaminated copy. Every run is a cancellable job; nothing heavy runs on
 * the FX thread.
 */
public final class DataViewModel {

    private final ShellModel shell;
    private final StringProperty problem = new SimpleStringProperty("");
    private final StringProperty problemField = new SimpleStringProperty("");

    // the corpus
    private final ObservableList<Path> corpus = FXCollections.observableArrayList();
    private final StringProperty textField = new SimpleStringProperty(DedupSpec.DEFAULT_TEXT_FIELD);
    private final StringProperty idField = new SimpleStringProperty(DedupSpec.DEFAULT_ID_FIELD);
    private final StringProperty sourceField = new SimpleStringProperty("");

    // duplicates
    private final ObjectProperty<String> mode = new SimpleObjectProperty<>("near");
    private final StringProperty threshold = new SimpleStringProperty(String.valueOf(DedupSpec.DEFAULT_THRESHOLD));
    private final StringProperty ngram = new SimpleStringProperty(String.valueOf(DedupSpec.DEFAULT_NGRAM));
    private final StringProperty permutations =
            new SimpleStringProperty(String.valueOf(DedupSpec.DEFAULT_PERMUTATIONS));
    private final StringProperty bands = new SimpleStringProperty("");
    private final StringProperty rows = new SimpleStringProperty("");
    private final ObjectProperty<String> keep = new SimpleObjectProperty<>("first");
    private final StringProperty dedupOut = new SimpleStringProperty("");
    private final ObjectProperty<LshBands> preview = new SimpleObjectProperty<>(this, "preview");
    private final ObservableList<SavedDedupRun> runs = FXCollections.observableArrayList();
    private final BooleanProperty onCluster = new SimpleBooleanProperty(this, "onCluster");
    private final ObjectProperty<SavedDedupRun> shownRun = new SimpleObjectProperty<>(this, "shownRun");
    private final ObjectProperty<List<DataStudy.ClusterDocument>> cluster = new SimpleObjectProperty<>(this, "cluster");

    // mixture
    private final StringProperty by = new SimpleStringProperty("source");
    private final StringProperty tokenizer = new SimpleStringProperty("");
    private final StringProperty tokensPerWord = new SimpleStringProperty("1.33");
    private final StringProperty target = new SimpleStringProperty("");
    private final StringProperty budget = new SimpleStringProperty("");
    private final StringProperty orderBy = new SimpleStringProperty("");
    private final ObjectProperty<String> order = new SimpleObjectProperty<>("asc");
    private final StringProperty phases = new SimpleStringProperty("4");
    private final ObjectProperty<String> mixDuplicates = new SimpleObjectProperty<>("exact");
    private final ObjectProperty<MixResult> mix = new SimpleObjectProperty<>(this, "mix");

    // decontamination
    private final ObservableList<Path> benchmarks = FXCollections.observableArrayList();
    private final StringProperty benchmarkFields = new SimpleStringProperty("");
    private final StringProperty scanNgram = new SimpleStringProperty(String.valueOf(ScanSpec.DEFAULT_N));
    private final ObjectProperty<String> deconMode = new SimpleObjectProperty<>("drop");
    private final StringProperty mask = new SimpleStringProperty("[MASKED]");
    private final StringProperty deconOut = new SimpleStringProperty("");
    private final ObjectProperty<DecontaminationResult> decontamination =
            new SimpleObjectProperty<>(this, "decontamination");

    /** The mixture and the decontaminated copy shown against the inputs they were made from. */
    private final Staleness mixStaleness = new Staleness(() -> mix.get() != null);

    private final Staleness decontaminationStaleness = new Staleness(() -> decontamination.get() != null);

    private final QualityViewModel quality;

    /**
     * The lists' contents as values, so that adding, removing or replacing a file counts as a change (fields: a binding
     * is only weakly held by what it observes).
     */
    private final ObjectBinding<List<Path>> corpusFiles =
            Bindings.createObjectBinding(() -> List.copyOf(corpus), corpus);

    private final ObjectBinding<List<Path>> benchmarkFiles =
            Bindings.createObjectBinding(() -> List.copyOf(benchmarks), benchmarks);

    public DataViewModel(ShellModel shell) {
        this.shell = shell;
        this.quality = new QualityViewModel(this);
        mixStaleness.watch(List.of(
                corpusFiles,
                textField,
                by,
                tokenizer,
                tokensPerWord,
                target,
                budget,
                orderBy,
                order,
                phases,
                mixDuplicates,
                benchmarkFiles,
                benchmarkFields,
                scanNgram));
        decontaminationStaleness.watch(List.of(
                corpusFiles,
                textField,
                idField,
                benchmarkFiles,
                benchmarkFields,
                scanNgram,
                deconMode,
                mask,
                deconOut));
        for (StringProperty p : List.of(threshold, permutations, bands, rows)) {
            p.addListener((o, a, n) -> updatePreview());
        }
        updatePreview();
        shell.currentProjectProperty().addListener((o, a, p) -> {
            shownRun.set(null);
            cluster.set(null);
            // results and inputs of the other project's corpus do not carry over
            mix.set(null);
            decontamination.set(null);
            quality.resultProperty().set(null);
            mixStaleness.fresh();
            decontaminationStaleness.fresh();
            corpus.clear();
            benchmarks.clear();
            clearProblem();
            reload();
        });
        reload();
    }

    public ShellModel shell() {
        return shell;
    }

    /** The quality-filtering tab's state. */
    public QualityViewModel quality() {
        return quality;
    }

    /** The S-curve of the bands and rows on the form (chosen from the threshold when blank); null while they are invalid. */
    private void updatePreview() {
        try {
            preview.set(spec().lsh());
        } catch (RuntimeException e) {
            preview.set(null);
        }
    }

    public void reload() {
        quality.reload();
        if (!shell.inProject(
                "Load dedup runs",
                (ws, p, progress, cancel) -> new DataStudy(ws, p.id()).kept(),
                list -> {
                    runs.setAll(list);
                    demo(list.isEmpty());
                    SavedDedupRun now = shownRun.get();
                    if (now != null) {
                        shownRun.set(list.stream()
                                .filter(r -> r.id().equals(now.id()))
                                .findFirst()
                                .orElse(list.isEmpty() ? null : list.get(0)));
                    } else if (!list.isEmpty()) {
                        shownRun.set(list.get(0));
                    }
                },
                null)) {
            runs.clear();
        }
    }

    /**
     * In the demo project, the demo corpus fills the inputs (a demo dedup run is kept the first time), so that every
     * tab has something to show and to run on.
     */
    private void demo(boolean noRuns) {
        var p = shell.currentProjectProperty().get();
        if (p == null || !p.demo() || !corpus.isEmpty()) {
            return;
        }
        if (sourceField.get().isBlank()) {
            sourceField.set(DemoDataCorpus.SOURCE_FIELD); // the demo corpus says where each document comes from
        }
        DedupSpec s;
        try {
            s = spec();
        } catch (RuntimeException e) {
            return;
        }
        shell.inProject(
                "Demo corpus",
                (ws, pr, progress, cancel) -> {
                    DataStudy study = new DataStudy(ws, pr.id());
                    DataStudy.Demo seeded = noRuns ? study.seedDemo(s, progress, cancel) : null;
                    return new Object[] {seeded, study.demoFiles().orElse(null)};
                },
                r -> {
                    DataStudy.Demo seeded = (DataStudy.Demo) r[0];
                    @SuppressWarnings("unchecked")
                    List<Path> files = (List<Path>) r[1];
                    if (files != null && corpus.isEmpty()) {
                        corpus.setAll(files.get(0));
                        benchmarks.setAll(files.get(1));
                        benchmarkFields.set("question");
                        if (target.get().isBlank()) {
                            target.set(files.get(2).toString());
                        }
                    }
                    if (seeded != null) {
                        shown(seeded.run());
                        shell.statusProperty()
                                .set(
                                        "Demo corpus (made up, 600 documents from three sources) filled in, with a demo dedup run: "
                                                + "try Mixture and Decontamination on it");
                    }
                },
                e -> {});
    }

    DedupSpec spec() {
        DedupSpec.Mode m = "exact".equals(mode.get()) ? DedupSpec.Mode.EXACT : DedupSpec.Mode.NEAR;
        double t = Inputs.number("dedup.threshold", "Threshold", threshold.get());
        int n = Inputs.integer("dedup.ngram", "Shingle words", ngram.get());
        int k = Inputs.integer("dedup.permutations", "Permutations", permutations.get());
        Integer b = Inputs.optionalInteger("dedup.bands", "Bands", bands.get());
        Integer r = Inputs.optionalInteger("dedup.rows", "Rows", rows.get());
        if ((b == null) != (r == null)) {
            throw new InputError(b == null ? "dedup.bands" : "dedup.rows", "give bands and rows together, or neither");
        }
        LshBands lsh = b == null ? null : Inputs.reading("dedup.bands", () -> new LshBands(b, r));
        return new DedupSpec(
                m,
                t,
                n,
                k,
                lsh,
                blankToNull(textField.get()) == null
                        ? DedupSpec.DEFAULT_TEXT_FIELD
                        : textField.get().strip(),
                blankToNull(idField.get()),
                blankToNull(sourceField.get()),
                "longest".equals(keep.get()) ? DedupSpec.Keep.LONGEST : DedupSpec.Keep.FIRST,
                DedupSpec.DEFAULT_SEED);
    }

    /** Finds the corpus's duplicates as a job, keeps the run in the project and shows it. */
    public void runDedup() {
        DedupSpec s;
        Path out;
        try {
            requireCorpus();
            s = spec();
            out = blankToNull(dedupOut.get()) == null
                    ? null
                    : Path.of(dedupOut.get().strip());
        } catch (RuntimeException e) {
            fail(e);
            return;
        }
        Engine engine = engine();
        List<Path> paths =
                corpus.stream().map(p -> p.toAbsolutePath().normalize()).toList();
        String name = String.join(
                        ", ",
                        paths.stream().map(p -> p.getFileName().toString()).toList()) + " (" + mode.get() + ")";
        shell.inProject(
                "Deduplicate " + paths.get(0).getFileName(),
                (ws, p, progress, cancel) ->
                        new DataStudy(ws, p.id()).start(name, paths, s, engine, 0, out, progress, cancel),
                this::shown,
                this::stopped);
    }

    /** Goes on with a cancelled, failed or interrupted run from the units it had read. */
    public void resume(SavedDedupRun run) {
        Engine engine = engine();
        shell.inProject(
                "Resume " + run.name(),
                (ws, p, progress, cancel) -> new DataStudy(ws, p.id()).resume(run.id(), engine, 0, progress, cancel),
                this::shown,
                this::stopped);
    }

    /** Whether deduplication reads the corpus on the Spark cluster of the preferences rather than this machine's threads. */
    public BooleanProperty onClusterProperty() {
        return onCluster;
    }

    private Engine engine() {
        return onCluster.get() ? shell.clusterEngine() : Engine.LOCAL;
    }

    private void shown(DataStudy.Outcome o) {
        clearProblem();
        SavedDedupRun kept = o.run();
        runs.removeIf(r -> r.id().equals(kept.id()));
        runs.add(0, kept);
        shownRun.set(kept);
        cluster.set(null);
        shell.statusProperty()
                .set(String.format(
                        Locale.ROOT,
                        "Kept dedup run “%s”: %,d duplicates of %,d documents",
                        kept.name(),
                        kept.summary().duplicates(),
                        kept.summary().documents()));
    }

    /** A run that stopped is kept (cancelled or failed) with what it had read: the list shows it, with Resume. */
    private void stopped(Throwable e) {
        if (!(e instanceof CancelledException)) {
            fail(e);
        }
        reload();
    }

    /** A kept run as the list shows it: complete, running, interrupted, cancelled, failed. */
    public static String stateLabel(SavedDedupRun r) {
        return r.state().word();
    }

    /** Whether Resume applies: the run stopped before it completed. */
    public static boolean canResume(SavedDedupRun r) {
        return r != null && r.resumable();
    }

    public void deleteRun(SavedDedupRun run) {
        shell.inProject(
                "Delete dedup run",
                (ws, p, progress, cancel) -> {
                    new DataStudy(ws, p.id()).delete(run.id());
                    return null;
                },
                x -> {
                    runs.remove(run);
                    if (run.equals(shownRun.get())) {
                        shownRun.set(runs.isEmpty() ? null : runs.get(0));
                    }
                },
                this::fail);
    }

    /** Reads a cluster's documents again from the corpus and shows them side by side. */
    public void openCluster(DedupResult.Cluster c) {
        SavedDedupRun run = shownRun.get();
        if (c == null || run == null) {
            cluster.set(null);
            return;
        }
        shell.jobs()
                .submit(
                        "Read a cluster's documents",
                        (progress, cancel) ->
                                DataStudy.clusterDocuments(c, run.summary().spec(), 20_000, cancel),
                        docs -> {
                            clearProblem();
                            cluster.set(docs);
                        },
                        this::fail);
    }

    /** Counts the corpus by the field and plans the mix as a job. */
    public void runMix() {
        Path targetFile;
        Long budgetTokens;
        int ph;
        Path tok;
        double perWord;
        int n;
        try {
            requireCorpus();
            targetFile = blankToNull(target.get()) == null
                    ? null
                    : Path.of(target.get().strip());
            budgetTokens = blankToNull(budget.get()) == null ? null : MixSpec.parseTokens(budget.get());
            ph = Inputs.integer("mix.phases", "Phases", phases.get());
            tok = blankToNull(tokenizer.get()) == null
                    ? null
                    : Path.of(tokenizer.get().strip());
            perWord = Inputs.positive("mix.tokensPerWord", "Tokens per word", tokensPerWord.get());
            n = Inputs.integer("contamination.ngram", "n-gram words", scanNgram.get());
        } catch (RuntimeException e) {
            fail(e);
            return;
        }
        String field = blankToNull(by.get()) == null ? "" : by.get().strip();
        String text = textFieldName();
        String orderField = blankToNull(orderBy.get());
        boolean descending = "desc".equals(order.get());
        List<Path> paths = List.copyOf(corpus);
        List<Path> bench = List.copyOf(benchmarks);
        List<String> fields = fields();
        boolean near = "near".equals(mixDuplicates.get());
        // the target file, the benchmark and the corpus are read in the job, off the FX thread
        shell.jobs()
                .submit(
                        "Mixture of " + paths.get(0).getFileName(),
                        (progress, cancel) -> {
                            MixSpec s = new MixSpec(
                                    field,
                                    text,
                                    targetFile == null ? null : MixTargetFile.read(targetFile),
                                    budgetTokens,
                                    orderField,
                                    descending,
                                    ph);
                            return DataStudy.mix(
                                    paths,
                                    s,
                                    tok,
                                    perWord,
                                    bench.isEmpty() ? List.of() : ScanStudy.readItems(bench, fields, null, null),
                                    n,
                                    near,
                                    Runtime.getRuntime().availableProcessors(),
                                    progress,
                                    cancel);
                        },
                        r -> {
                            clearProblem();
                            mix.set(r);
                            mixStaleness.fresh();
                        },
                        this::fail);
    }

    /** Writes the corpus without the benchmark's n-grams as a job. */
    public void runDecontamination() {
        DecontaminatedCorpus.Spec s;
        Path out;
        int n;
        try {
            requireCorpus();
            if (benchmarks.isEmpty()) {
                throw new InputError(
                        "decontaminate.benchmark", "add the benchmark files whose items are to be removed");
            }
            if (blankToNull(deconOut.get()) == null) {
                throw new InputError("decontaminate.out", "choose a new or empty output folder");
            }
            out = Path.of(deconOut.get().strip());
            n = Inputs.integer("contamination.ngram", "n-gram words", scanNgram.get());
            s = new DecontaminatedCorpus.Spec(
                    "mask".equals(deconMode.get()) ? Decontaminator.Mode.MASK : Decontaminator.Mode.DROP,
                    mask.get(),
                    Normalization.defaults(),
                    textFieldName(),
                    blankToNull(idField.get()),
                    Runtime.getRuntime().availableProcessors());
        } catch (RuntimeException e) {
            fail(e);
            return;
        }
        List<Path> paths = List.copyOf(corpus);
        List<Path> bench = List.copyOf(benchmarks);
        List<String> fields = fields();
        shell.jobs()
                .submit(
                        "Decontaminate " + paths.get(0).getFileName(),
                        (progress, cancel) -> DataStudy.decontaminate(
                                ScanStudy.readItems(bench, fields, null, null), paths, n, s, out, progress, cancel),
                        r -> {
                            clearProblem();
                            decontamination.set(r);
                            decontaminationStaleness.fresh();
                            shell.statusProperty()
                                    .set(String.format(
                                            Locale.ROOT,
                                            "Wrote %s: %,d of %,d documents %s",
                                            r.out(),
                                            r.affected(),
                                            r.documents(),
                                            r.mode().equals("mask") ? "masked" : "dropped"));
                        },
                        this::fail);
    }

    private List<String> fields() {
        return blankToNull(benchmarkFields.get()) == null
                ? List.of()
                : Arrays.stream(benchmarkFields.get().split(","))
                        .map(String::strip)
                        .filter(f -> !f.isEmpty())
                        .toList();
    }

    String textFieldName() {
        return blankToNull(textField.get()) == null ? "text" : textField.get().strip();
    }

    void requireCorpus() {
        if (corpus.isEmpty()) {
            throw new InputError("data.corpus", "add the corpus files or folders first");
        }
    }

    static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }

    void fail(Throwable e) {
        if (e instanceof CancelledException) {
            return; // cancelled by the user: nothing to report
        }
        problem.set(Failures.message(e));
        problemField.set(e instanceof InputError ie ? ie.field() : "");
    }

    void clearProblem() {
        problem.set("");
        problemField.set("");
    }

    public StringProperty problemProperty() {
        return problem;
    }

    public StringProperty problemFieldProperty() {
        return problemField;
    }

    public ObservableList<Path> corpus() {
        return corpus;
    }

    public StringProperty textFieldProperty() {
        return textField;
    }

    public StringProperty idFieldProperty() {
        return idField;
    }

    public StringProperty sourceFieldProperty() {
        return sourceField;
    }

    public ObjectProperty<String> modeProperty() {
        return mode;
    }

    public StringProperty thresholdProperty() {
        return threshold;
    }

    public StringProperty ngramProperty() {
        return ngram;
    }

    public StringProperty permutationsProperty() {
        return permutations;
    }

    public StringProperty bandsProperty() {
        return bands;
    }

    public StringProperty rowsProperty() {
        return rows;
    }

    public ObjectProperty<String> keepProperty() {
        return keep;
    }

    public StringProperty dedupOutProperty() {
        return dedupOut;
    }

    public ObjectProperty<LshBands> previewProperty() {
        return preview;
    }

    public ObservableList<SavedDedupRun> runs() {
        return runs;
    }

    public ObjectProperty<SavedDedupRun> shownRunProperty() {
        return shownRun;
    }

    public ObjectProperty<List<DataStudy.ClusterDocument>> clusterProperty() {
        return cluster;
    }

    public StringProperty byProperty() {
        return by;
    }

    public StringProperty tokenizerProperty() {
        return tokenizer;
    }

    public StringProperty tokensPerWordProperty() {
        return tokensPerWord;
    }

    public StringProperty targetProperty() {
        return target;
    }

    public StringProperty budgetProperty() {
        return budget;
    }

    public StringProperty orderByProperty() {
        return orderBy;
    }

    public ObjectProperty<String> orderProperty() {
        return order;
    }

    public StringProperty phasesProperty() {
        return phases;
    }

    public ObjectProperty<String> mixDuplicatesProperty() {
        return mixDuplicates;
    }

    public ObjectProperty<MixResult> mixProperty() {
        return mix;
    }

    public ObservableList<Path> benchmarks() {
        return benchmarks;
    }

    public StringProperty benchmarkFieldsProperty() {
        return benchmarkFields;
    }

    public StringProperty scanNgramProperty() {
        return scanNgram;
    }

    public ObjectProperty<String> deconModeProperty() {
        return deconMode;
    }

    public StringProperty maskProperty() {
        return mask;
    }

    public StringProperty deconOutProperty() {
        return deconOut;
    }

    /** Whether the corpus or the mixture's inputs changed since the mixture shown was worked out. */
    public BooleanProperty mixStaleProperty() {
        return mixStaleness.staleProperty();
    }

    /** Whether the corpus, the benchmark or the settings changed since the decontaminated copy shown was written. */
    public BooleanProperty decontaminationStaleProperty() {
        return decontaminationStaleness.staleProperty();
    }

    public ObjectProperty<DecontaminationResult> decontaminationProperty() {
        return decontamination;
    }
}
