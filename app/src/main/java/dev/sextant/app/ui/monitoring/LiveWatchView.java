package dev.sextant.app.ui.monitoring;

import static dev.sextant.app.ui.shell.Tables.number;
import static dev.sextant.app.ui.shell.Tables.text;
import static dev.sextant.app.ui.shell.Tables.width;

import dev.sextant.app.ui.planning.InputGrid;
import dev.sextant.app.ui.planning.ProblemMarks;
import dev.sextant.app.ui.shell.AreaPanes;
import dev.sextant.app.ui.shell.Forms;
import dev.sextant.app.ui.shell.Tables;
import dev.sextant.model.monitoring.CanaryWatch;
import java.io.File;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import javafx.beans.binding.Bindings;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;

/** Monitoring ▸ Live: the watch's settings (a card on the left) and what it sees (a tab on the right). */
final class LiveWatchView {

    private final LiveWatchModel vm;
    private final Label verdict = new Label();
    private final TableView<CanaryWatch.Check> checks = new TableView<>();
    private final TableView<LiveWatchModel.Event> events = new TableView<>();

    LiveWatchView(LiveWatchModel vm) {
        this.vm = vm;
    }

    /** The settings and Start/Stop. */
    Node card() {
        ProblemMarks marks = new ProblemMarks(vm.problemFieldProperty(), vm.problemProperty());
        InputGrid grid = new InputGrid(marks);
        ChoiceBox<String> source = new ChoiceBox<>();
        source.getItems().setAll("file", "otlp");
        source.setConverter(Forms.converter(s -> s.equals("file") ? "Follow a log file" : "Receive OTLP/HTTP"));
        source.valueProperty().bindBidirectional(vm.sourceProperty());
        source.setId("live-source");
        grid.row("Source", source);
        TextField file = Forms.field(vm.fileProperty(), "a growing JSON Lines or CSV log", "live-file");
        marks.add("monitor.file", file);
        Button choose = new Button("…");
        choose.getStyleClass().add("small");
        choose.setOnAction(e -> {
            FileChooser c = new FileChooser();
            c.setTitle("Follow a request log");
            File f = c.showOpenDialog(file.getScene().getWindow());
            if (f != null) {
                vm.fileProperty().set(f.getAbsolutePath());
            }
        });
        HBox.setHgrow(file, Priority.ALWAYS);
        HBox fileRow = new HBox(4, file, choose);
        TextField port = Forms.field(vm.portProperty(), "4318 (OTLP/HTTP's own)", "live-port");
        marks.add("monitor.port", port);
        fileRow.visibleProperty().bind(vm.sourceProperty().isEqualTo("file"));
        port.visibleProperty().bind(vm.sourceProperty().isEqualTo("otlp"));
        grid.row(
                Bindings.when(vm.sourceProperty().isEqualTo("file"))
                        .then("Log file")
                        .otherwise("Port (loopback)"),
                new StackPane(fileRow, port));
        grid.field("Window", "monitor.window", vm.windowProperty(), "1m", "live-window");
        grid.field("Segments by", "monitor.by", vm.byProperty(), "route, version", "live-by");
        grid.field("Baseline group", "monitor.baseline", vm.baselineProperty(), "route=stable", "live-baseline");
        grid.field("Canary", "monitor.canary", vm.canaryProperty(), "route=canary; blank: none", "live-canary");
        grid.field(
                "Rollback at",
                "monitor.rollback",
                vm.rollbackProperty(),
                "blank: the project's canary plan",
                "live-rollback");
        grid.field(
                "Quality proxy", "monitor.quality", vm.qualityProxyProperty(), "rating, judge_score…", "live-quality");
        Button start = new Button();
        start.setId("live-start");
        start.textProperty()
                .bind(Bindings.when(vm.watchingProperty()).then("Stop").otherwise("Start watching"));
        start.getStyleClass().add("accent");
        start.setOnAction(e -> {
            if (vm.isWatching()) {
                vm.stop();
            } else {
                vm.start();
            }
        });
        Label status = Forms.muted("");
        status.textProperty().bind(vm.statusProperty());
        status.setWrapText(true);
        status.setMinHeight(Region.USE_PREF_SIZE);
        Label problem = new Label();
        Forms.bindProblem(problem, vm.problemProperty());
        problem.setWrapText(true);
        problem.setMinHeight(Region.USE_PREF_SIZE);
        status.managedProperty().bind(vm.statusProperty().isNotEmpty());
        Label note = Forms.muted(
                "Alerts appear as each window closes (a window waits for its late requests). Every window is kept in the project "
                        + "as one import; after Stop it is analysed like any other.");
        note.setWrapText(true);
        note.setMinHeight(Region.USE_PREF_SIZE);
        return AreaPanes.card("Watch live", grid.grid(), start, problem, status, note);
    }

    /** The canary's verdict, its thresholds and the events, newest first. */
    Node tab() {
        verdict.setId("live-verdict");
        verdict.setWrapText(true);
        verdict.setMinHeight(Region.USE_PREF_SIZE);
        verdict.getStyleClass().add("headline");
        vm.verdictProperty().addListener((o, a, v) -> showVerdict(v));
        vm.watchingProperty()
                .addListener((o, a, w) -> showVerdict(vm.verdictProperty().get()));
        showVerdict(null);
        checks.setId("live-checks");
        checks.getColumns()
                .setAll(List.of(
                        width(text("Threshold", CanaryWatch.Check::metric), 120),
                        width(text("Canary", k -> show(k.metric(), k.canary())), 90),
                        width(text("Baseline", k -> show(k.metric(), k.baseline())), 90),
                        width(text("Rolls back at", k -> show(k.metric(), k.rollbackAt())), 100),
                        width(
                                text(
                                        "Requests",
                                        k -> String.format(
                                                Locale.ROOT, "%,d of %,d", k.canaryRequests(), k.samplesPerSide())),
                                120),
                        width(number("p", CanaryWatch.Check::pValue, "%.2g"), 70),
                        width(text("State", CanaryWatch.Check::state), 80)));
        checks.setPlaceholder(new Label("Name a canary segment to judge it live against its rollback thresholds."));
        checks.setPrefHeight(120);
        Tables.fit(checks, "LiveWatchView.checks");
        events.setId("live-events");
        events.setItems(vm.events());
        events.getColumns()
                .setAll(List.of(
                        width(
                                text("Time (UTC)", e -> Instant.ofEpochMilli(e.atMillis())
                                        .toString()
                                        .replace("T", " ")
                                        .replace("Z", "")),
                                150),
                        width(text("Event", LiveWatchModel.Event::kind), 70),
                        width(text("Metric", LiveWatchModel.Event::metric), 120),
                        width(text("Segment", LiveWatchModel.Event::segment), 130),
                        width(text("Value", LiveWatchModel.Event::value), 150),
                        width(text("Severity", LiveWatchModel.Event::severity), 70),
                        width(text("Detail", LiveWatchModel.Event::detail), 260)));
        events.setPlaceholder(
                new Label("Start watching (on the left): each window's alerts appear here as it closes."));
        Tables.exportable(events, "live-events.csv", vm.shell());
        Tables.fit(events, "LiveWatchView.events");
        SplitPane split = new SplitPane(new VBox(6, verdict, checks), events);
        split.setOrientation(Orientation.VERTICAL);
        split.setDividerPositions(0.3);
        return split;
    }

    private void showVerdict(CanaryWatch.Verdict v) {
        verdict.getStyleClass().removeAll("success", "warning", "danger");
        if (v == null) {
            verdict.setText(vm.isWatching() ? "Watching: no canary verdict yet." : "Not watching.");
            checks.getItems().clear();
            return;
        }
        verdict.setText(
                switch (v.verdict()) {
                    case "roll back" -> "Canary: ROLL BACK — " + v.reason();
                    case "watching" -> "Canary: watching — " + v.reason();
                    default -> "Canary: within thresholds — " + v.reason();
                });
        verdict.getStyleClass()
                .add(
                        switch (v.verdict()) {
                            case "roll back" -> "danger";
                            case "watching" -> "warning";
                            default -> "success";
                        });
        checks.getItems().setAll(v.checks());
    }

    private static String show(String metric, double v) {
        if (!Double.isFinite(v)) {
            return "";
        }
        return metric.endsWith("_rate")
                ? String.format(Locale.ROOT, "%.2f %%", 100 * v)
                : metric.endsWith("_ms")
                        ? String.format(Locale.ROOT, "%,.0f ms", v)
                        : String.format(Locale.ROOT, "%.3g", v);
    }
}
