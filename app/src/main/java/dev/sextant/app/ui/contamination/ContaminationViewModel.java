package dev.sextant.app.ui.contamination;

import dev.sextant.app.Failures;
import dev.sextant.app.study.Engine;
import dev.sextant.app.study.KeptRunFailedException;
import dev.sextant.app.study.ScanStudy;
import dev.sextant.app.ui.shell.ShellModel;
import dev.sextant.model.contamination.CleanSubsetRescore;
import dev.sextant.model.contamination.Normalization;
import dev.sextant.model.contamination.ScanResult;
import dev.sextant.model.contamination.ScanSpec;
import dev.sextant.model.io.ContaminatedItemsFile;
import dev.sextant.model.job.CancelledException;
import dev.sextant.model.project.Project;
import dev.sextant.workspaces.RunState;
import dev.sextant.workspaces.SavedScan;
import dev.sextant.workspaces.Workspace;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The Contamination area: the project's kept scans, a new scan's inputs, and the selected scan's results with the
 * clean-subset re-score. Scans run as jobs (progress by bytes, Cancel) and are saved as their files complete.
 */
public final class ContaminationViewModel {

    private final ShellModel shell;
    private final ObservableList<SavedScan> scans = FXCollections.observableArrayList();
    private final ObjectProperty<SavedScan> selected = new SimpleObjectProperty<>(this, "selected");
    private final ObjectProperty<ScanResult> result = new SimpleObjectProperty<>(this, "result");
    private final ObservableList<CleanSubsetRescore.Row> rescore = FXCollections.observableArrayList();
    private final Map<String, String> itemTexts = new HashMap<>();
    private final ObservableList<Path> benchmarkFiles = FXCollections.observableArrayList();
    private final ObservableList<Path> corpusPaths = FXCollections.observableArrayList();
    private final StringProperty fields = new SimpleStringProperty("");
    private final StringProperty idField = new SimpleStringProperty("");
    private final StringProperty benchmarkName = new SimpleStringProperty("");
    private final StringProperty ngram = new SimpleStringProperty(String.valueOf(ScanSpec.DEFAULT_N));
    private final StringProperty dirty = new SimpleStringProperty(String.valueOf(ScanSpec.DEFAULT_DIRTY));
    private final StringProperty problem = new SimpleStringProperty("");
    private final BooleanProperty onCluster = new SimpleBooleanProperty(this, "onCluster");

    public ContaminationViewModel(ShellModel shell) {
        this.shell = shell;
        shell.currentProjectProperty().addListener((o, a, p) -> {
            // the form belongs to the project it was filled in: another project starts from an empty one
            benchmarkFiles.clear();
            corpusPaths.clear();
            fields.set("");
            idField.set("");
            benchmarkName.set("");
            problem.set("");
            reload(null);
        });
        selected.addListener((o, a, s) -> loadResult(s));
        reload(null);
    }

    public void reload(UUID select) {
        Workspace ws = shell.workspaceProperty().get();
        Project p = shell.currentProjectProperty().get();
        if (ws == null || p == null) {
            scans.clear();
            return;
        }
        UUID keep = select != null
                ? select
                : selected.get() == null ? null : selected.get().id();
        shell.jobs().submit("Load scans", (progress, cancel) -> ws.scans().list(p.id()), list -> {
            scans.setAll(list);
            selected.set(list.stream()
                    .filter(s -> s.id().equals(keep))
                    .findFirst()
                    .orElse(list.isEmpty() ? null : list.get(0)));
        });
    }

    private void loadResult(SavedScan s) {
        result.set(null);
        rescore.clear();
        Workspace ws = shell.workspaceProperty().get();
        if (s == null || ws == null || s.state() != RunState.COMPLETE) {
            return;
        }
        shell.jobs().submit("Load scan " + s.name(), (progress, cancel) -> new ScanStudy(ws).show(s.id()), loaded -> {
            if (s.equals(selected.get())) {
                itemTexts.clear();
                loaded.items().forEach(i -> itemTexts.put(i.benchmark() + '\u0000' + i.id(), i.text()));
                result.set(loaded.result());
                rescore.setAll(loaded.rescore());
            }
        });
    }

    /** The original text of a scanned item, or null. */
    public String itemText(String benchmark, String id) {
        return itemTexts.get(benchmark + '\u0000' + id);
    }

    /** A piece of text in the item detail: matched (highlighted) or not. */
    public record Run(String text, boolean matched) {}

    /** A kept corpus location as the item detail lists it: where, and its snippet with the match marked. */
    public record Place(String where, List<Run> snippet) {}

    /**
     * What the item detail shows: the item's original text in runs, the matched spans marked; a line about the spans
     * (how many, how much of the item, or that the scan did not record them); the kept corpus places; and how many
     * more were found ("" when none).
     */
    public record ItemDetail(List<Run> text, String spansLine, List<Place> places, String placesLine) {}

    static final String SPANS_NOT_RECORDED = "Matched spans not recorded by this scan (re-run to see every span).";

    /** The detail of one item of the shown scan. */
    public ItemDetail detail(ScanResult.ItemResult item) {
        return detail(item, itemText(item.benchmark(), item.id()));
    }

    /** The detail of an item whose original text is {@code original} (null when not kept). */
    public static ItemDetail detail(ScanResult.ItemResult item, String original) {
        List<Run> text;
        String spansLine;
        if (original == null) {
            text = List.of();
            spansLine = "The item's text is not kept with this scan.";
        } else if (!item.spansRecorded()) {
            text = List.of(new Run(original, false));
            spansLine = item.matchedNgrams() > 0 ? SPANS_NOT_RECORDED : "";
        } else {
            text = runs(original, item.spans());
            int words = item.spans().stream().mapToInt(ScanResult.Span::tokens).sum();
            spansLine = item.spans().isEmpty()
                    ? ""
                    : String.format(
                            "%d matched span%s: %d of %d words (fraction %.3f).",
                            item.spans().size(),
                            item.spans().size() == 1 ? "" : "s",
                            words,
                            item.tokens(),
                            item.tokenFraction());
        }
        List<Place> places = new ArrayList<>();
        for (ScanResult.Location l : item.locations()) {
            String unit = l.file().endsWith(".parquet") ? " @ row " : " @ byte ";
            places.add(new Place(
                    l.file() + unit + l.offset() + (l.documentId() == null ? "" : " · document " + l.documentId()),
                    snippetRuns(l.snippet())));
        }
        String placesLine;
        if (item.status() == ScanResult.Status.NOT_CHECKABLE) {
            placesLine = "Shorter than the n-gram: cannot be checked.";
        } else if (item.locations().isEmpty()) {
            placesLine = "Not found in the corpus.";
        } else if (item.moreLocations() > 0) {
            placesLine = "and " + item.moreLocations() + " more place" + (item.moreLocations() == 1 ? "" : "s")
                    + " in the corpus (the first " + item.locations().size() + " are kept).";
        } else {
            placesLine = "";
        }
        return new ItemDetail(text, spansLine, places, placesLine);
    }

    /** {@code text} cut at the spans' edges, the spans' runs matched. */
    static List<Run> runs(String text, List<ScanResult.Span> spans) {
        List<Run> out = new ArrayList<>();
        int at = 0;
        for (ScanResult.Span s : spans) {
            int from = Math.max(at, Math.min(s.from(), text.length()));
            int to = Math.max(from, Math.min(s.to(), text.length()));
            if (from > at) {
                out.add(new Run(text.substring(at, from), false));
            }
            if (to > from) {
                out.add(new Run(text.substring(from, to), true));
            }
            at = to;
        }
        if (at < text.length()) {
            out.add(new Run(text.substring(at), false));
        }
        return out;
    }

    /** A snippet ({@code … context [matched n-gram] …}) as runs, the bracketed n-gram matched and its brackets dropped. */
    static List<Run> snippetRuns(String snippet) {
        int open = snippet.indexOf('[');
        int close = snippet.indexOf(']', open + 1);
        if (open < 0 || close < 0) {
            return List.of(new Run(snippet, false));
        }
        List<Run> out = new ArrayList<>();
        if (open > 0) {
            out.add(new Run(snippet.substring(0, open), false));
        }
        out.add(new Run(snippet.substring(open + 1, close), true));
        if (close + 1 < snippet.length()) {
            out.add(new Run(snippet.substring(close + 1), false));
        }
        return out;
    }

    /** Starts a kept scan of the chosen benchmark files against the chosen corpus. */
    public void run() {
        Workspace ws = shell.workspaceProperty().get();
        Project p = shell.currentProjectProperty().get();
        ScanSpec spec;
        try {
            spec = new ScanSpec(
                    Integer.parseInt(ngram.get().strip()),
                    Double.parseDouble(dirty.get().strip()),
                    Normalization.defaults(),
                    ScanSpec.DEFAULT_TEXT_FIELD,
                    ScanSpec.DEFAULT_ID_FIELD,
                    Runtime.getRuntime().availableProcessors(),
                    ScanSpec.DEFAULT_LOCATIONS);
        } catch (NumberFormatException e) {
            problem.set("n-gram length and dirty threshold must be numbers");
            return;
        } catch (IllegalArgumentException e) {
            problem.set(Failures.message(e));
            return;
        }
        if (benchmarkFiles.isEmpty() || corpusPaths.isEmpty()) {
            problem.set("Add benchmark files and a corpus first.");
            return;
        }
        if (ws == null || p == null) {
            return;
        }
        problem.set("");
        List<Path> bench = List.copyOf(benchmarkFiles);
        List<Path> corpus = List.copyOf(corpusPaths);
        List<String> f = Arrays.stream(fields.get().split(","))
                .map(String::strip)
                .filter(x -> !x.isEmpty())
                .toList();
        String id = idField.get().isBlank() ? null : idField.get().strip();
        String name = benchmarkName.get().isBlank() ? null : benchmarkName.get().strip();
        Engine engine = engine();
        shell.jobs()
                .submit(
                        "Scan " + corpus.get(0).getFileName(),
                        (progress, cancel) -> new ScanStudy(ws)
                                .start(
                                        p.id(),
                                        null,
                                        spec,
                                        ScanStudy.readItems(bench, f, id, name),
                                        corpus,
                                        engine,
                                        progress,
                                        cancel),
                        outcome -> {
                            var s = outcome.result().summary();
                            shell.statusProperty()
                                    .set(String.format(
                                            "Scan complete: %d items, %d dirty, %d partial, %d not checkable (%.0f MB/s)",
                                            s.items(), s.dirty(), s.partial(), s.notCheckable(), s.mbPerSecond()));
                            reload(outcome.scanId());
                        },
                        this::scanStopped);
    }

    /** A scan that did not complete is kept (cancelled or failed) and can be resumed: say why it stopped, if not cancelled. */
    private void scanStopped(Throwable error) {
        reload(error instanceof KeptRunFailedException f ? f.runId() : null);
        if (error instanceof KeptRunFailedException) {
            problem.set(error.getMessage() + ". The scan is kept: fix the file and Resume, or Resume skipping it.");
        } else if (!(error instanceof CancelledException)) {
            problem.set(Failures.message(error));
        }
    }

    /** Writes the scan's contaminated items to a CSV or JSON Lines file, as a job (the file is synced: not on the FX thread). */
    public void exportContaminated(ScanResult r, Path file) {
        shell.jobs()
                .submit(
                        "Export contaminated items",
                        (progress, cancel) -> ContaminatedItemsFile.write(r, false, file),
                        n -> shell.statusProperty().set("Exported " + n + " contaminated items to " + file));
    }

    /** Whether scans run on the Spark cluster of the preferences rather than this machine's threads. */
    public BooleanProperty onClusterProperty() {
        return onCluster;
    }

    private Engine engine() {
        return onCluster.get() ? shell.clusterEngine() : Engine.LOCAL;
    }

    /** Goes on with a failed, cancelled or interrupted scan from its completed files. */
    public void resume(SavedScan s) {
        resume(s, List.of());
    }

    /** Goes on with a failed scan without the file it failed on, which is recorded as skipped in the result. */
    public void resumeSkippingFailedFile(SavedScan s) {
        if (s.failedFile() != null) {
            resume(s, List.of(Path.of(s.failedFile())));
        }
    }

    private void resume(SavedScan s, List<Path> skip) {
        Workspace ws = shell.workspaceProperty().get();
        problem.set("");
        Engine engine = engine();
        shell.jobs()
                .submit(
                        "Resume " + s.name(),
                        (progress, cancel) -> new ScanStudy(ws).resume(s.id(), skip, engine, progress, cancel),
                        outcome -> {
                            shell.statusProperty().set("Scan " + s.name() + " complete");
                            reload(outcome.scanId());
                        },
                        this::scanStopped);
    }

    /** Whether Resume applies to the scan: it failed, was cancelled or was interrupted. */
    public boolean canResume(SavedScan s) {
        return s != null && s.resumable();
    }

    /** The label of the "resume without the bad file" action for a scan that failed on a file, else null (no such action). */
    public String skipAction(SavedScan s) {
        return s == null || s.state() != RunState.FAILED || s.failedFile() == null
                ? null
                : "Resume skipping " + Path.of(s.failedFile()).getFileName();
    }

    /** A kept scan's state as the list shows it: complete, running, interrupted, cancelled, failed. */
    public static String stateLabel(SavedScan s) {
        return s.state().word();
    }

    /** The state in full, for a tooltip: the file and reason of a failure, files done, files skipped. */
    public static String stateDetail(SavedScan s) {
        return s.describe();
    }

    /** Skipped files and invalid UTF-8 of a complete scan, as sentences to follow its summary ("" when none). */
    public static String fileNotes(ScanResult.Summary m) {
        StringBuilder sb = new StringBuilder();
        for (ScanResult.MostlySkipped f : m.mostlySkipped()) {
            sb.append(" Warning: ").append(f.sentence()).append('.');
        }
        for (ScanResult.SkippedFile f : m.skippedFiles()) {
            sb.append(" Skipped ")
                    .append(f.path())
                    .append(": ")
                    .append(f.reason())
                    .append('.');
        }
        if (m.invalidUtf8Bytes() > 0) {
            sb.append(' ')
                    .append(m.invalidUtf8Bytes())
                    .append(" bytes of invalid UTF-8 read as word breaks (")
                    .append(m.invalidUtf8Files().size())
                    .append(m.invalidUtf8Files().size() == 1 ? " file)." : " files).");
        }
        return sb.toString();
    }

    /** What the results area says while the selected scan has no results to show. */
    public static String unfinishedLine(SavedScan s) {
        String files = s.filesDone() + " of " + s.files() + " files done";
        return switch (s.state()) {
            case FAILED -> "Scan “" + s.name() + "” failed "
                    + (s.failedFile() == null ? "" : "on " + s.failedFile()) + ": " + s.failure() + " (" + files
                    + "). Fix the file and Resume" + (s.failedFile() == null ? "." : ", or Resume skipping it.");
            case INTERRUPTED -> "Scan “" + s.name() + "” was interrupted (" + files + "): Resume to finish it.";
            case RUNNING -> "Scan “" + s.name() + "” is running (" + files + ").";
            default -> "Scan “" + s.name() + "” is " + stateLabel(s) + " with " + files + ": Resume to finish it.";
        };
    }

    public void delete(SavedScan s) {
        Workspace ws = shell.workspaceProperty().get();
        shell.jobs()
                .submit(
                        "Delete scan " + s.name(),
                        (progress, cancel) -> {
                            new ScanStudy(ws).delete(s.id());
                            return s;
                        },
                        d -> {
                            shell.statusProperty().set("Deleted scan " + d.name());
                            reload(null);
                        });
    }

    public ObservableList<SavedScan> scans() {
        return scans;
    }

    public ObjectProperty<SavedScan> selectedProperty() {
        return selected;
    }

    public ObjectProperty<ScanResult> resultProperty() {
        return result;
    }

    public ObservableList<CleanSubsetRescore.Row> rescore() {
        return rescore;
    }

    public ObservableList<Path> benchmarkFiles() {
        return benchmarkFiles;
    }

    public ObservableList<Path> corpusPaths() {
        return corpusPaths;
    }

    public StringProperty fieldsProperty() {
        return fields;
    }

    public StringProperty idFieldProperty() {
        return idField;
    }

    public StringProperty benchmarkNameProperty() {
        return benchmarkName;
    }

    public StringProperty ngramProperty() {
        return ngram;
    }

    public StringProperty dirtyProperty() {
        return dirty;
    }

    public StringProperty problemProperty() {
        return problem;
    }

    public ShellModel shell() {
        return shell;
    }
}
