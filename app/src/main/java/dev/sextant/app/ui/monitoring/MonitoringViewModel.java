package dev.sextant.app.ui.monitoring;

import dev.sextant.app.Failures;
import dev.sextant.app.study.MonitoringStudy;
import dev.sextant.app.ui.shell.Inputs;
import dev.sextant.app.ui.shell.ShellModel;
import dev.sextant.model.BadInputException;
import dev.sextant.model.InputError;
import dev.sextant.model.monitoring.FeedbackLoop;
import dev.sextant.model.monitoring.Request;
import dev.sextant.model.monitoring.TrafficMonitor;
import dev.sextant.workspaces.MonitorRepository;
import dev.sextant.workspaces.SavedMonitorImport;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The Monitoring area: a project's kept request logs, analysed (windows, segments, a baseline group, an objective) as a
 * cancellable job into alerts, drift and per-segment timelines; an alert opens the requests that drove it.
 */
public final class MonitoringViewModel {

    private final ShellModel shell;
    private final ObservableList<SavedMonitorImport> imports = FXCollections.observableArrayList();
    private final ObjectProperty<Analysis> analysis = new SimpleObjectProperty<>(this, "analysis");
    private final ObservableList<Request> alertRequests = FXCollections.observableArrayList();
    private final StringProperty problem = new SimpleStringProperty("");
    private final StringProperty problemField = new SimpleStringProperty("");
    private final StringProperty window = new SimpleStringProperty("5m");
    private final StringProperty by = new SimpleStringProperty("route");
    private final StringProperty baseline = new SimpleStringProperty("route=stable");
    private final StringProperty sloError = new SimpleStringProperty("");
    private final LiveWatchModel live;
    private final ObservableList<MonitorRepository.SavedRotation> rotations = FXCollections.observableArrayList();
    private final ObservableList<FeedbackLoop.VersionLoop> loop = FXCollections.observableArrayList();
    private TrafficMonitor.Settings analysed;

    /** An analysis and what it was made of: the requests by id (for an alert's requests) and the timelines. */
    public record Analysis(
            TrafficMonitor.Result result,
            Map<Map<String, String>, List<TrafficMonitor.Point>> timeline,
            Map<String, Request> byId,
            long windowMillis) {}

    public MonitoringViewModel(ShellModel shell) {
        this.shell = shell;
        this.live = new LiveWatchModel(shell, this::reload);
        problem.addListener((o, a, b) -> problemField.set(""));
        shell.currentProjectProperty().addListener((o, a, p) -> {
            analysis.set(null);
            alertRequests.clear();
            problem.set("");
            reload();
        });
        reload();
    }

    /** What the area lists of a project: its imports, rotations and the loop per model version. */
    private record Kept(
            List<SavedMonitorImport> imports,
            List<MonitorRepository.SavedRotation> rotations,
            List<FeedbackLoop.VersionLoop> loop) {}

    public void reload() {
        if (!shell.inProject(
                "Load request logs",
                (ws, p, progress, cancel) -> new Kept(
                        ws.monitoring().list(p.id()),
                        ws.monitoring().rotations(p.id()),
                        MonitoringStudy.loop(ws, p.id())),
                kept -> {
                    imports.setAll(kept.imports());
                    rotations.setAll(kept.rotations());
                    loop.setAll(kept.loop());
                },
                null)) {
            imports.clear();
            rotations.clear();
            loop.clear();
        }
    }

    /** Each model version's place in the loop after launch (launched, monitored, feedback collected, re-evaluated). */
    public ObservableList<FeedbackLoop.VersionLoop> loop() {
        return loop;
    }

    /**
     * The chosen alerts' requests (all alerts when none is chosen) and a stratified sample of the rest, as the next
     * rotation of the private test set, dated today and kept in the project.
     */
    public void sendToRotation(List<TrafficMonitor.Alert> chosen, int sample) {
        Analysis a = analysis.get();
        TrafficMonitor.Settings s = analysed;
        if (a == null || s == null) {
            return;
        }
        List<String> choice = chosen == null || chosen.isEmpty()
                ? List.of("all")
                : chosen.stream()
                        .map(x -> Integer.toString(a.result().alerts().indexOf(x) + 1))
                        .toList();
        LocalDate today = LocalDate.now(ZoneOffset.UTC);
        shell.inProject(
                "Make the next rotation",
                (ws, p, progress, cancel) -> {
                    progress.progress(-1, "reading the kept requests and choosing the rotation's items");
                    return MonitoringStudy.feedback(ws, p.id(), null, s, choice, sample, today, List.of(), null, 1);
                },
                r -> {
                    problem.set("");
                    shell.statusProperty()
                            .set(String.format(
                                    Locale.ROOT,
                                    "Kept %s: %,d items (%,d flagged, %,d sampled; %,d left out as earlier rotations').",
                                    r.name(),
                                    r.result().items().size(),
                                    r.result().flagged(),
                                    r.result().sampled(),
                                    r.result().repeatsOfEarlier()));
                    reload();
                },
                this::fail);
    }

    /** Writes a kept rotation's test items and replay trace into a folder. */
    public void exportRotation(MonitorRepository.SavedRotation r, Path dir) {
        shell.inProject(
                "Export " + r.name(),
                (ws, p, progress, cancel) -> MonitoringStudy.exportRotation(r, dir),
                files -> shell.statusProperty()
                        .set("Wrote " + files.stream().map(Path::toString).collect(Collectors.joining(", "))),
                this::fail);
    }

    public ObservableList<MonitorRepository.SavedRotation> rotations() {
        return rotations;
    }

    /** Reads request logs and keeps them as one import. */
    public void importLogs(List<Path> files, String name) {
        shell.inProject(
                "Import request logs " + name,
                (ws, p, progress, cancel) ->
                        MonitoringStudy.importLogs(ws, p.id(), name, files, Map.of(), "auto", progress, cancel),
                kept -> {
                    problem.set("");
                    long skipped =
                            kept.files().stream().mapToLong(s -> s.skipped()).sum();
                    shell.statusProperty()
                            .set(String.format(
                                    Locale.ROOT,
                                    "Kept %,d requests as “%s”%s",
                                    kept.saved().requests(),
                                    name,
                                    skipped == 0
                                            ? "."
                                            : String.format(
                                                    Locale.ROOT,
                                                    "; %,d records could not be read (the first: %s).",
                                                    skipped,
                                                    kept.files().stream()
                                                            .flatMap(s -> s.firstSkips().stream())
                                                            .findFirst()
                                                            .map(k -> k.describe())
                                                            .orElse(""))));
                    reload();
                },
                this::fail);
    }

    public void delete(SavedMonitorImport kept) {
        shell.inProject(
                "Delete request logs",
                (ws, p, progress, cancel) -> {
                    ws.monitoring().delete(kept.id());
                    return null;
                },
                x -> {
                    analysis.set(null);
                    reload();
                },
                this::fail);
    }

    /** Every kept import of the project analysed together with the settings on the form. */
    public void analyze() {
        TrafficMonitor.Settings settings;
        TrafficMonitor.Slo slo;
        try {
            long w;
            try {
                w = MonitoringStudy.windowMillis(window.get());
            } catch (BadInputException e) {
                throw new InputError(
                        "monitor.window", "Window: " + e.getMessage().replaceFirst("^.*?--window: ", ""));
            }
            List<String> cols = LiveWatchModel.list(by.get());
            Map<String, String> group = LiveWatchModel.segment("monitor.baseline", "Baseline group", baseline.get());
            settings = new TrafficMonitor.Settings(w, cols, 12, group);
            Double budget = Inputs.optionalNumber("monitor.slo", "Error budget", sloError.get());
            slo = budget == null ? null : new TrafficMonitor.Slo(budget, null, 0.01);
        } catch (InputError e) {
            fail(e);
            return;
        }
        TrafficMonitor.Settings s = settings;
        TrafficMonitor.Slo o = slo;
        shell.inProject(
                "Analyse production traffic",
                (ws, p, progress, cancel) -> {
                    progress.progress(-1, "reading the kept requests");
                    List<Request> rs = MonitoringStudy.kept(ws, p.id(), null);
                    cancel.throwIfCancelled();
                    progress.progress(-1, "analysing " + rs.size() + " requests");
                    Map<String, Request> byId = new LinkedHashMap<>();
                    rs.forEach(r -> byId.putIfAbsent(r.id(), r));
                    return new Analysis(
                            MonitoringStudy.analyze(rs, s, o), TrafficMonitor.timeline(rs, s), byId, s.windowMillis());
                },
                a -> {
                    problem.set("");
                    alertRequests.clear();
                    analysed = s;
                    analysis.set(a);
                },
                this::fail);
    }

    /** The requests of an alert, most telling first. */
    public void open(TrafficMonitor.Alert alert) {
        Analysis a = analysis.get();
        if (alert == null || a == null) {
            alertRequests.clear();
            return;
        }
        alertRequests.setAll(alert.requests().stream()
                .map(a.byId()::get)
                .filter(Objects::nonNull)
                .toList());
    }

    private void fail(Throwable t) {
        problem.set(Failures.message(t));
        problemField.set(InputError.fieldOf(t));
    }

    /** Monitoring ▸ Live: watching traffic as it arrives. */
    public LiveWatchModel live() {
        return live;
    }

    public ShellModel shell() {
        return shell;
    }

    public ObservableList<SavedMonitorImport> imports() {
        return imports;
    }

    public ObjectProperty<Analysis> analysisProperty() {
        return analysis;
    }

    public ObservableList<Request> alertRequests() {
        return alertRequests;
    }

    public StringProperty problemProperty() {
        return problem;
    }

    public StringProperty problemFieldProperty() {
        return problemField;
    }

    public StringProperty windowProperty() {
        return window;
    }

    public StringProperty byProperty() {
        return by;
    }

    public StringProperty baselineProperty() {
        return baseline;
    }

    public StringProperty sloErrorProperty() {
        return sloError;
    }
}
