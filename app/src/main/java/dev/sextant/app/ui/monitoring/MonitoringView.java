package dev.sextant.app.ui.monitoring;

import static dev.sextant.app.ui.shell.Tables.number;
import static dev.sextant.app.ui.shell.Tables.text;
import static dev.sextant.app.ui.shell.Tables.width;

import dev.sextant.app.ui.charts.MonitoringCharts;
import dev.sextant.app.ui.planning.InputGrid;
import dev.sextant.app.ui.planning.ProblemMarks;
import dev.sextant.app.ui.shell.AreaPanes;
import dev.sextant.app.ui.shell.Dialogs;
import dev.sextant.app.ui.shell.Forms;
import dev.sextant.app.ui.shell.Tables;
import dev.sextant.model.monitoring.FeedbackLoop;
import dev.sextant.model.monitoring.Request;
import dev.sextant.model.monitoring.TrafficMonitor;
import dev.sextant.workspaces.MonitorRepository;
import dev.sextant.workspaces.SavedMonitorImport;
import java.io.File;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Locale;
import javafx.beans.binding.Bindings;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;

/**
 * The Monitoring area: kept request logs and the analysis settings on the left; a metric's timeline per segment with
 * the alerting windows shaded, the alerts (each opening its requests) and the drift on the right.
 */
public final class MonitoringView {

    private final MonitoringViewModel vm;
    private final VBox root = new VBox(10);
    private final TableView<SavedMonitorImport> imports = new TableView<>();
    private final TableView<TrafficMonitor.Alert> alerts = new TableView<>();
    private final TableView<Request> requests = new TableView<>();
    private final TableView<TrafficMonitor.Drift> drift = new TableView<>();
    private final ComboBox<MonitoringCharts.Metric> metric = new ComboBox<>();
    private final StackPane chartPane = new StackPane();
    private final Label verdict = new Label();
    private final StringProperty headline = new SimpleStringProperty("");
    private final LiveWatchView live;

    public MonitoringView(MonitoringViewModel vm) {
        this.vm = vm;
        this.live = new LiveWatchView(vm.live());
        root.getStyleClass().add("area");
        root.setPadding(new Insets(20, 24, 12, 24));
        ProblemMarks marks = new ProblemMarks(vm.problemFieldProperty(), vm.problemProperty());
        SplitPane split = new SplitPane(left(marks), right());
        split.setDividerPositions(0.28);
        VBox.setVgrow(split, Priority.ALWAYS);
        root.getChildren()
                .addAll(
                        AreaPanes.heading(
                                "Monitoring",
                                "After launch: production request logs in time windows and segments — error "
                                        + "and refusal rates, latency at equal length, request rate, objectives' burn rates, the drift of the traffic — each alert traced to "
                                        + "the requests that drove it."),
                        AreaPanes.problem(vm.problemProperty()),
                        split);
        root.setId("monitoring");
        vm.analysisProperty().addListener((o, a, n) -> show(n));
        show(null);
    }

    public Node node() {
        return root;
    }

    private boolean dark() {
        return "dark".equals(vm.shell().home().settings().theme());
    }

    private Node left(ProblemMarks marks) {
        Button importButton = new Button("Import logs…");
        importButton.setId("monitoring-import");
        importButton.getStyleClass().add("small");
        importButton.setOnAction(e -> importLogs());
        Button delete = new Button("Delete");
        delete.getStyleClass().add("small");
        delete.disableProperty()
                .bind(imports.getSelectionModel().selectedItemProperty().isNull());
        delete.setOnAction(e -> vm.delete(imports.getSelectionModel().getSelectedItem()));
        FlowPane buttons = new FlowPane(6, 6, importButton, delete);
        imports.setId("monitoring-imports");
        imports.setItems(vm.imports());
        imports.getColumns()
                .setAll(List.of(
                        width(text("Request logs", SavedMonitorImport::name), 140),
                        width(number("Requests", i -> (double) i.requests(), "%,.0f"), 80)));
        imports.setPlaceholder(
                new Label("Import request logs: JSON Lines, CSV, OTLP/JSON GenAI spans or a public request trace."));
        imports.setPrefHeight(160);
        Tables.fit(imports, "MonitoringView.imports");
        Label title = new Label("Kept request logs");
        title.getStyleClass().add("card-title");
        InputGrid grid = new InputGrid(marks);
        grid.field("Window", "monitor.window", vm.windowProperty(), "30s, 5m, 1h", "monitoring-window");
        grid.field("Segments by", "monitor.by", vm.byProperty(), "route, version, …", "monitoring-by");
        grid.field(
                "Baseline group",
                "monitor.baseline",
                vm.baselineProperty(),
                "blank: each segment's past",
                "monitoring-baseline");
        grid.field(
                "Error budget (SLO)",
                "monitor.slo",
                vm.sloErrorProperty(),
                "0.01 for 99 %; blank: none",
                "monitoring-slo");
        Button analyze = new Button("Analyse");
        analyze.setId("monitoring-analyze");
        analyze.getStyleClass().add("accent");
        analyze.disableProperty().bind(Bindings.isEmpty(vm.imports()));
        analyze.setOnAction(e -> vm.analyze());
        Label note = Forms.muted(
                "Every kept import of the project is analysed together. A baseline group (route=stable) sets every other segment "
                        + "against it over the same windows: a canary's live verdict.");
        note.setWrapText(true);
        return AreaPanes.column(
                title, buttons, imports, AreaPanes.card("Analysis", grid.grid(), note, analyze), live.card());
    }

    private Node right() {
        AreaPanes.headline(verdict, "monitoring-verdict");
        AreaPanes.verdictOrHint(
                verdict,
                headline,
                "Import request logs and press Analyse: alerts, drift and each segment's timeline appear here.");
        metric.getItems().setAll(MonitoringCharts.Metric.values());
        metric.setValue(MonitoringCharts.Metric.ERROR_RATE);
        metric.setId("monitoring-metric");
        metric.valueProperty().addListener((o, a, b) -> drawChart());
        HBox tools = new HBox(8, new Label("Timeline of"), metric);
        tools.setAlignment(Pos.CENTER_LEFT);
        chartPane.setMinHeight(200);
        VBox.setVgrow(chartPane, Priority.ALWAYS);
        VBox chartBox = new VBox(6, tools, chartPane);

        alerts.setId("monitoring-alerts");
        alerts.getColumns()
                .setAll(List.of(
                        width(
                                text("Window (UTC)", a -> Instant.ofEpochMilli(a.startMillis())
                                        .toString()
                                        .replace("T", " ")
                                        .replace("Z", "")),
                                150),
                        width(text("Metric", TrafficMonitor.Alert::metric), 130),
                        width(
                                text(
                                        "Segment",
                                        a -> a.segment().isEmpty()
                                                ? "all"
                                                : a.segment().toString()),
                                140),
                        width(number("Value", TrafficMonitor.Alert::value, "%.4g"), 80),
                        width(number("Baseline", TrafficMonitor.Alert::baseline, "%.4g"), 80),
                        width(
                                text(
                                        "Change (95 %)",
                                        a -> String.format(
                                                Locale.ROOT,
                                                "%.3g (%.3g to %.3g)",
                                                a.effect().value(),
                                                a.effect().low(),
                                                a.effect().high())),
                                170),
                        width(text("Severity", TrafficMonitor.Alert::severity), 80),
                        width(number("Requests", a -> (double) a.windowRequests(), "%,.0f"), 80)));
        alerts.setPlaceholder(new Label("No alerts."));
        alerts.getSelectionModel().selectedItemProperty().addListener((o, a, n) -> vm.open(n));
        Tables.exportable(alerts, "alerts.csv", vm.shell());
        Tables.fit(alerts, "MonitoringView.alerts");
        requests.setId("monitoring-requests");
        requests.setItems(vm.alertRequests());
        requests.getColumns()
                .setAll(List.of(
                        width(text("Request", Request::id), 170),
                        width(
                                text("Time (UTC)", r -> Instant.ofEpochMilli(r.epochMillis())
                                        .toString()
                                        .replace("T", " ")
                                        .replace("Z", "")),
                                170),
                        width(text("Segments", r -> r.segments().toString()), 160),
                        width(
                                number("Latency, ms", r -> Double.isNaN(r.latencyMs()) ? null : r.latencyMs(), "%,.0f"),
                                90),
                        width(
                                number(
                                        "Output tokens",
                                        r -> Double.isNaN(r.outputTokens()) ? null : r.outputTokens(),
                                        "%,.0f"),
                                100),
                        width(text("Status", r -> r.status() == null ? "" : r.status()), 70),
                        width(text("Refusal", r -> r.refusal() ? "yes" : ""), 60)));
        requests.setPlaceholder(new Label("Choose an alert to see the requests that drove it, most telling first."));
        Tables.exportable(requests, "alert-requests.csv", vm.shell());
        Tables.fit(requests, "MonitoringView.requests");
        alerts.getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        Button send = new Button("Send to next rotation…");
        send.setId("monitoring-send-rotation");
        send.getStyleClass().add("small");
        send.disableProperty().bind(vm.analysisProperty().isNull());
        send.setOnAction(e -> sendToRotation());
        send.setMinWidth(Region.USE_PREF_SIZE);
        send.setTooltip(
                new Tooltip(
                        "The chosen alerts' requests (all alerts when none is chosen) and a stratified sample of "
                                + "the rest become the next dated rotation of the private test set and replay trace, without what earlier rotations took."));
        Label sendNote = Forms.muted("the chosen alerts (or all) and a sample of the rest → the next private test set");
        HBox.setHgrow(sendNote, Priority.ALWAYS);
        HBox sendBar = new HBox(10, send, sendNote);
        sendBar.setAlignment(Pos.CENTER_LEFT);
        VBox.setVgrow(alerts, Priority.ALWAYS);
        SplitPane alertSplit = new SplitPane(new VBox(6, sendBar, alerts), requests);
        alertSplit.setOrientation(Orientation.VERTICAL);
        drift.setId("monitoring-drift");
        drift.getColumns()
                .setAll(List.of(
                        width(
                                text("From (UTC)", d -> Instant.ofEpochMilli(d.startMillis())
                                        .toString()
                                        .replace("T", " ")
                                        .replace("Z", "")),
                                150),
                        width(
                                text("To (UTC)", d -> Instant.ofEpochMilli(d.endMillis())
                                        .toString()
                                        .replace("T", " ")
                                        .replace("Z", "")),
                                150),
                        width(text("Length", TrafficMonitor.Drift::column), 110),
                        width(
                                text(
                                        "Segment",
                                        d -> d.segment().isEmpty()
                                                ? "all"
                                                : d.segment().toString()),
                                140),
                        width(number("PSI", TrafficMonitor.Drift::psi, "%.3f"), 70),
                        width(text("Shift", TrafficMonitor.Drift::severity), 90)));
        drift.setPlaceholder(
                new Label("No drift: the prompt and output lengths hold their first windows' distribution."));
        Tables.exportable(drift, "drift.csv", vm.shell());
        Tables.fit(drift, "MonitoringView.drift");
        TableView<MonitorRepository.SavedRotation> rotations = new TableView<>(vm.rotations());
        rotations.setId("monitoring-rotations");
        rotations
                .getColumns()
                .setAll(List.of(
                        width(text("Rotation", r -> r.date().toString()), 110),
                        width(number("Items", r -> (double) r.items(), "%,.0f"), 80),
                        width(
                                text("Made (UTC)", r -> r.createdAt()
                                        .toString()
                                        .replace("T", " ")
                                        .replaceFirst("\\..*", "")
                                        .replace("Z", "")),
                                170)));
        rotations.setPlaceholder(new Label("No rotations yet: analyse, then Send to next rotation (Alerts tab)."));
        Tables.fit(rotations, "MonitoringView.rotations");
        Button export = new Button("Export test set and replay trace…");
        export.getStyleClass().add("small");
        export.disableProperty()
                .bind(rotations.getSelectionModel().selectedItemProperty().isNull());
        export.setOnAction(e -> {
            DirectoryChooser c = new DirectoryChooser();
            c.setTitle("Write the rotation's files into");
            File dir = c.showDialog(root.getScene().getWindow());
            if (dir != null) {
                vm.exportRotation(rotations.getSelectionModel().getSelectedItem(), dir.toPath());
            }
        });
        VBox.setVgrow(rotations, Priority.ALWAYS);
        Tab rotationsTab = new Tab("Rotations", new VBox(6, export, rotations));
        Tab liveTab = new Tab("Live", live.tab());
        liveTab.setId("monitoring-live-tab");
        TableView<FeedbackLoop.VersionLoop> loop = new TableView<>(vm.loop());
        loop.setId("monitoring-loop");
        loop.getColumns()
                .setAll(List.of(
                        width(text("Version", l -> l.version() + (l.candidate() ? " (gate candidate)" : "")), 170),
                        width(text("Stage", FeedbackLoop.VersionLoop::stage), 130),
                        width(text("Launched", l -> day(l.launched())), 95),
                        width(
                                text(
                                        "Monitored",
                                        l -> l.monitoredFrom() == null
                                                ? "—"
                                                : l.monitoredFrom().equals(l.monitoredTo())
                                                        ? l.monitoredFrom().toString()
                                                        : l.monitoredFrom() + " – " + l.monitoredTo()),
                                120),
                        width(number("Requests", l -> (double) l.requests(), "%,.0f"), 90),
                        width(
                                text(
                                        "Feedback",
                                        l -> l.rotation() == null
                                                ? "—"
                                                : l.rotation() + " (" + l.feedbackItems() + " items)"),
                                200),
                        width(text("Re-evaluated", l -> day(l.reEvaluated())), 105),
                        width(text("Next", FeedbackLoop.VersionLoop::next), 360)));
        loop.setPlaceholder(new Label(
                "No model version yet: import production request logs (with a version or model column), or set the"
                        + " gate's candidate in Rollout."));
        Tables.exportable(loop, "loop.csv", vm.shell());
        Tables.fit(loop, "MonitoringView.loop");
        Label next = new Label();
        next.setWrapText(true);
        next.getStyleClass().add("text-muted");
        next.textProperty()
                .bind(Bindings.createStringBinding(
                        () -> {
                            FeedbackLoop.VersionLoop l =
                                    loop.getSelectionModel().getSelectedItem();
                            if (l == null && !vm.loop().isEmpty()) {
                                l = vm.loop().get(0);
                            }
                            return l == null ? "" : "Next for " + l.version() + ": " + l.next() + ".";
                        },
                        loop.getSelectionModel().selectedItemProperty(),
                        vm.loop()));
        VBox.setVgrow(loop, Priority.ALWAYS);
        Tab loopTab = new Tab("Loop", new VBox(6, next, loop));
        loopTab.setId("monitoring-loop-tab");
        loopTab.setTooltip(
                new Tooltip(
                        "Each model version: launched (its first request) → monitoring → feedback collected"
                                + " (a rotation holds its requests) → re-evaluated (the gate's scores for it imported since)."));
        loopTab.setOnSelectionChanged(e -> {
            if (loopTab.isSelected()) {
                vm.reload(); // the gate's evidence may have changed in Rollout
            }
        });
        TabPane tabs =
                new TabPane(new Tab("Alerts", alertSplit), new Tab("Drift", drift), rotationsTab, loopTab, liveTab);
        vm.live().watchingProperty().addListener((o, a, w) -> {
            if (w) {
                tabs.getSelectionModel().select(liveTab);
            }
        });
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        SplitPane split = new SplitPane(chartBox, tabs);
        split.setOrientation(Orientation.VERTICAL);
        split.setDividerPositions(0.45);
        VBox.setVgrow(split, Priority.ALWAYS);
        VBox box = new VBox(8, verdict, split);
        box.setPadding(new Insets(0, 0, 0, 10));
        return box;
    }

    private static String day(LocalDate d) {
        return d == null ? "—" : d.toString();
    }

    private void sendToRotation() {
        Dialogs.askName(
                        root.getScene().getWindow(),
                        "Normal requests to sample besides the alerts' (stratified by segment " + "and prompt length)",
                        "200")
                .ifPresent(n -> {
                    try {
                        int k = Integer.parseInt(n.strip());
                        if (k < 0) {
                            throw new NumberFormatException();
                        }
                        vm.sendToRotation(List.copyOf(alerts.getSelectionModel().getSelectedItems()), k);
                    } catch (NumberFormatException ex) {
                        vm.problemProperty().set("Sample: '" + n + "' is not a count of requests");
                    }
                });
    }

    private void importLogs() {
        FileChooser c = new FileChooser();
        c.setTitle("Import request logs");
        List<File> picked = c.showOpenMultipleDialog(root.getScene().getWindow());
        if (picked != null && !picked.isEmpty()) {
            Dialogs.askName(
                            root.getScene().getWindow(),
                            "Keep these request logs in the project as",
                            picked.get(0).getName())
                    .ifPresent(name ->
                            vm.importLogs(picked.stream().map(File::toPath).toList(), name));
        }
    }

    private void show(MonitoringViewModel.Analysis a) {
        if (a == null) {
            headline.set("");
            alerts.setPlaceholder(new Label("Analyse the kept request logs to list the alerts."));
            drift.setPlaceholder(new Label("Analyse the kept request logs to see whether the traffic drifted."));
            alerts.getItems().clear();
            drift.getItems().clear();
            Forms.show(chartPane, null, "Analyse the kept request logs to draw each segment's timeline.");
            return;
        }
        alerts.setPlaceholder(new Label("No alerts."));
        drift.setPlaceholder(
                new Label("No drift: the prompt and output lengths hold their first windows' distribution."));
        TrafficMonitor.Result r = a.result();
        long critical =
                r.alerts().stream().filter(x -> x.severity().equals("critical")).count();
        headline.set(String.format(
                Locale.ROOT,
                "%,d requests from %s to %s in %d windows: %d alert%s (%d critical), %d drift episode%s.",
                r.requests(),
                Instant.ofEpochMilli(r.firstMillis()),
                Instant.ofEpochMilli(r.lastMillis()),
                r.windows(),
                r.alerts().size(),
                r.alerts().size() == 1 ? "" : "s",
                critical,
                r.drift().size(),
                r.drift().size() == 1 ? "" : "s"));
        alerts.getItems().setAll(r.alerts());
        drift.getItems().setAll(r.drift());
        drawChart();
    }

    private void drawChart() {
        MonitoringViewModel.Analysis a = vm.analysisProperty().get();
        if (a == null || metric.getValue() == null) {
            return;
        }
        Forms.show(
                chartPane,
                MonitoringCharts.timeline(
                        a.timeline(), a.result().alerts(), metric.getValue(), a.windowMillis(), dark()),
                "");
    }
}
