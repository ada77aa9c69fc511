package dev.sextant.app.ui.runhealth;

import static dev.sextant.app.ui.shell.Tables.number;
import static dev.sextant.app.ui.shell.Tables.text;
import static dev.sextant.app.ui.shell.Tables.width;

import dev.sextant.app.study.RunHealthStudy;
import dev.sextant.app.ui.charts.RunHealthCharts;
import dev.sextant.app.ui.charts.VisibleRange;
import dev.sextant.app.ui.planning.InputGrid;
import dev.sextant.app.ui.planning.ProblemMarks;
import dev.sextant.app.ui.shell.AreaPanes;
import dev.sextant.app.ui.shell.Dialogs;
import dev.sextant.app.ui.shell.Forms;
import dev.sextant.app.ui.shell.Inputs;
import dev.sextant.app.ui.shell.Tables;
import dev.sextant.model.io.trainlog.TrainingLogFormat;
import dev.sextant.model.runhealth.Anomaly;
import dev.sextant.model.runhealth.LogAnalysis;
import dev.sextant.model.runhealth.MetricNames;
import dev.sextant.model.runhealth.PolicyReplay;
import dev.sextant.model.runhealth.Rollback;
import dev.sextant.model.runhealth.RunComparison;
import dev.sextant.workspaces.SavedTrainingLog;
import java.io.File;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import javafx.application.Platform;
import javafx.beans.binding.Bindings;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableRow;
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
import javafx.util.StringConverter;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.title.TextTitle;

/**
 * The Logs tab: kept training logs and their analysis settings on the left; the opened log's loss and gradient norm with
 * the anomalies marked and the checkpoints as ticks, and its anomalies (linked to the charts), rollbacks and replayed
 * policy below.
 */
final class LogsTab {

    private final RunHealthViewModel vm;
    private final BooleanSupplier dark;
    private final TableView<SavedTrainingLog> kept = new TableView<>();
    private final Label verdict = new Label();
    private final StackPane lossPane = new StackPane();
    private final StackPane gradPane = new StackPane();
    private final TableView<Anomaly> anomalies = new TableView<>();
    private final TableView<Rollback> rollbacks = new TableView<>();
    private final TableView<PolicyReplay.Firing> firings = new TableView<>();
    private final Label replaySummary = new Label();
    private final List<ChartViewer> viewers = new ArrayList<>();
    private final SplitPane node;

    LogsTab(RunHealthViewModel vm, ProblemMarks marks, BooleanSupplier dark) {
        this.vm = vm;
        this.dark = dark;
        node = new SplitPane(left(marks), right());
        node.setDividerPositions(0.3);
        vm.openedProperty().addListener((o, a, n) -> show(n));
        vm.logStepsProperty().addListener((o, a, n) -> show(vm.openedProperty().get()));
        show(vm.openedProperty().get());
    }

    Node node() {
        return node;
    }

    private Node left(ProblemMarks marks) {
        Button files = new Button("Import files…");
        files.setId("runhealth-import-files");
        files.setOnAction(e -> importFiles());
        Button folder = new Button("Import folder…");
        folder.setId("runhealth-import-folder");
        folder.setOnAction(e -> importFolder());
        Button delete = new Button("Delete");
        delete.getStyleClass().add("small");
        kept.getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        var chosen = kept.getSelectionModel().getSelectedItems();
        delete.disableProperty().bind(Bindings.size(chosen).isNotEqualTo(1));
        delete.setOnAction(e -> vm.deleteLog(kept.getSelectionModel().getSelectedItem()));
        // several runs' curves on one chart: choose two or more logs (Ctrl- or Shift-click)
        Button overlay = new Button("Overlay");
        overlay.setId("runhealth-overlay");
        overlay.getStyleClass().add("small");
        overlay.setTooltip(
                new Tooltip("Lay the chosen runs' curves over one another (choose two or more with Ctrl-click)"));
        overlay.disableProperty().bind(Bindings.size(chosen).lessThan(2));
        overlay.setOnAction(e -> vm.overlay(List.copyOf(chosen)));
        vm.overlayProperty().addListener((o, a, runs) -> {
            if (runs != null) {
                vm.overlayProperty().set(null);
                Platform.runLater(() -> showOverlay(runs));
            }
        });
        for (Button b : List.of(files, folder)) {
            b.getStyleClass().add("small");
        }
        Label keptTitle = new Label("Kept logs");
        keptTitle.getStyleClass().add("card-title");
        // a narrow pane (a 1366-pixel screen) wraps the buttons rather than cutting their names
        FlowPane buttons = new FlowPane(6, 6, files, folder, overlay, delete);
        buttons.setAlignment(Pos.CENTER_LEFT);
        for (Button b : List.of(files, folder, overlay, delete)) {
            b.setMinWidth(Region.USE_PREF_SIZE);
        }
        // the content decides; a log the recognition misses can still be read as what the user knows it is
        ComboBox<TrainingLogFormat> format = new ComboBox<>();
        format.setId("runhealth-import-format");
        format.getItems().setAll(TrainingLogFormat.values());
        format.valueProperty().bindBidirectional(vm.importFormatProperty());
        format.setConverter(new StringConverter<>() {
            @Override
            public String toString(TrainingLogFormat f) {
                return f == null ? "" : formatLabel(f);
            }

            @Override
            public TrainingLogFormat fromString(String s) {
                return null;
            }
        });
        Label formatLabel = new Label("Read as");
        HBox formatRow = new HBox(6, formatLabel, format);
        formatRow.setAlignment(Pos.CENTER_LEFT);
        kept.setId("runhealth-logs");
        kept.setItems(vm.logs());
        kept.getColumns()
                .setAll(List.of(
                        width(text("Log", SavedTrainingLog::name), 150),
                        width(text("Format", SavedTrainingLog::format), 90),
                        width(number("Points", l -> (double) l.points(), "%,.0f"), 66),
                        width(number("Restarts", l -> (double) l.restarts(), "%.0f"), 76)));
        kept.setPlaceholder(
                new Label(
                        "Import a run's logs: Megatron-LM or NeMo stdout, trainer_state.json, TensorBoard events, CSV or JSON Lines."));
        kept.setPrefHeight(200);
        Tables.fit(kept, "RunHealthView.logs");
        kept.setRowFactory(t -> {
            TableRow<SavedTrainingLog> row = new TableRow<>();
            row.setOnMouseClicked(e -> {
                if (e.getClickCount() == 2 && !row.isEmpty()) {
                    vm.open(row.getItem());
                }
            });
            return row;
        });
        kept.getSelectionModel().selectedItemProperty().addListener((o, a, n) -> {
            RunHealthStudy.Opened open = vm.openedProperty().get();
            if (n != null && (open == null || !open.kept().id().equals(n.id()))) {
                vm.open(n);
            }
        });

        Label settingsTitle = new Label("Analysis");
        settingsTitle.getStyleClass().add("card-title");
        InputGrid grid = new InputGrid(marks);
        grid.field(
                "Checkpoint every (steps)",
                "trainlog.checkpointEvery",
                vm.checkpointEveryProperty(),
                "blank: no rollbacks",
                "runhealth-checkpoint-every");
        grid.field("GPUs", "trainlog.gpus", vm.gpusProperty(), "for the GPU-hours lost", "runhealth-gpus");
        grid.field(
                "Seconds a step",
                "trainlog.stepSeconds",
                vm.stepSecondsProperty(),
                "blank: the log's median",
                "runhealth-step-seconds");
        grid.row("Sensitivity", Forms.choice(vm.sensitivityProperty(), "low", "normal", "high"));
        ComboBox<String> policyMetric = new ComboBox<>();
        policyMetric.setId("runhealth-policy-metric");
        policyMetric.setMaxWidth(Double.MAX_VALUE);
        policyMetric.valueProperty().bindBidirectional(vm.policyMetricProperty());
        vm.openedProperty().addListener((o, a, n) -> policyMetric
                .getItems()
                .setAll(n == null ? List.of() : n.analysis().log().metricNames()));
        grid.row("Rollback policy watches", policyMetric);
        grid.field(
                "Rollback policy z",
                "policy.threshold",
                vm.policyThresholdProperty(),
                "robust z-score",
                "runhealth-policy-z");
        grid.field(
                "Policy patience (points)",
                "policy.patience",
                vm.policyPatienceProperty(),
                "in a row",
                "runhealth-policy-patience");
        Button apply = new Button("Analyse");
        apply.setId("runhealth-apply");
        apply.getStyleClass().add("accent");
        apply.disableProperty().bind(vm.openedProperty().isNull());
        apply.setOnAction(e -> vm.apply());
        VBox settings = new VBox(8, settingsTitle, grid.grid(), apply);
        settings.getStyleClass().add("card");
        return AreaPanes.column(keptTitle, buttons, formatRow, kept, settings);
    }

    private Node right() {
        AreaPanes.headline(verdict, "runhealth-verdict");
        CheckBox logSteps = new CheckBox("Logarithmic step axis");
        logSteps.selectedProperty().bindBidirectional(vm.logStepsProperty());
        Button reset = new Button("Reset zoom");
        reset.getStyleClass().add("small");
        reset.setOnAction(e -> viewers.forEach(
                v -> ((XYPlot) v.getChart().getPlot()).getDomainAxis().setAutoRange(true)));
        Label hint = Forms.muted("Drag on a chart to zoom; pick an anomaly below to go to it.");
        HBox tools = new HBox(12, logSteps, reset, hint);
        tools.setAlignment(Pos.CENTER_LEFT);
        VBox charts = new VBox(6, lossPane, gradPane);
        // each chart keeps room for a readable plot on a short screen; the tables give way first
        lossPane.setMinHeight(130);
        gradPane.setMinHeight(120);
        VBox.setVgrow(lossPane, Priority.ALWAYS);
        VBox.setVgrow(gradPane, Priority.ALWAYS);

        anomalies.setId("runhealth-anomalies");
        anomalies
                .getColumns()
                .setAll(List.of(
                        width(number("Step", a -> (double) a.step(), "%,.0f"), 90),
                        width(text("Metric", Anomaly::metric), 100),
                        width(text("Kind", a -> a.kind().id()), 104),
                        width(text("Value", a -> fmt(a.value())), 90),
                        width(text("Baseline", a -> fmt(a.baseline())), 90),
                        width(
                                text(
                                        "z",
                                        a -> Double.isInfinite(a.score())
                                                ? "—"
                                                : String.format(Locale.ROOT, "%.1f", a.score())),
                                60),
                        width(number("Until step", a -> (double) a.endStep(), "%,.0f"), 104)));
        anomalies.setPlaceholder(new Label("No anomalies at this sensitivity."));
        anomalies.getSelectionModel().selectedItemProperty().addListener((o, a, n) -> goTo(n));
        Tables.exportable(anomalies, "anomalies.csv", vm.shell());
        Tables.fit(anomalies, "RunHealthView.anomalies");
        rollbacks.setId("runhealth-rollbacks");
        rollbacks
                .getColumns()
                .setAll(List.of(
                        width(number("Anomaly at", r -> (double) r.anomalyStep(), "%,.0f"), 90),
                        width(text("Kind", r -> r.kind().id() + " (" + r.metric() + ")"), 140),
                        width(number("Checkpoint", r -> (double) r.checkpointStep(), "%,.0f"), 90),
                        width(number("Steps lost", r -> (double) r.stepsLost(), "%,.0f"), 90),
                        width(
                                number(
                                        "GPU-hours lost",
                                        r -> Double.isFinite(r.gpuHoursLost()) ? r.gpuHoursLost() : null,
                                        "%,.0f"),
                                110),
                        width(
                                text(
                                        "Skip the data of steps",
                                        r -> String.format(Locale.ROOT, "%,d – %,d", r.skipFromStep(), r.skipToStep())),
                                160)));
        rollbacks.setPlaceholder(new Label("Give the checkpoint interval for each anomaly's rollback cost."));
        Tables.exportable(rollbacks, "rollbacks.csv", vm.shell());
        Tables.fit(rollbacks, "RunHealthView.rollbacks");
        firings.setId("runhealth-firings");
        firings.getColumns()
                .setAll(List.of(
                        width(number("Fired at", f -> (double) f.step(), "%,.0f"), 90),
                        width(number("Onset", f -> (double) f.onsetStep(), "%,.0f"), 90),
                        width(number("Back to", f -> (double) f.checkpointStep(), "%,.0f"), 90),
                        width(number("Steps re-run", f -> (double) f.stepsLost(), "%,.0f"), 100),
                        width(
                                text(
                                        "Needed?",
                                        f -> f.needed()
                                                ? "yes: the run did not recover"
                                                : "no: it recovered by itself"),
                                220)));
        firings.setPlaceholder(new Label("The policy never fires on this log."));
        Tables.fit(firings, "RunHealthView.firings");
        replaySummary.setWrapText(true);
        replaySummary.setMinHeight(Region.USE_PREF_SIZE);
        VBox replay = new VBox(6, replaySummary, firings);
        VBox.setVgrow(firings, Priority.ALWAYS);
        replay.setPadding(new Insets(6, 0, 0, 0));
        TabPane tables = new TabPane(
                new Tab("Anomalies", anomalies), new Tab("Rollbacks", rollbacks), new Tab("Policy replay", replay));
        tables.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        SplitPane split = new SplitPane(charts, tables);
        split.setOrientation(Orientation.VERTICAL);
        split.setDividerPositions(0.66);
        VBox box = new VBox(8, verdict, tools, split);
        VBox.setVgrow(split, Priority.ALWAYS);
        box.setPadding(new Insets(0, 0, 0, 10));
        return box;
    }

    static String formatLabel(TrainingLogFormat f) {
        return switch (f) {
            case AUTO -> "recognised by content";
            case MEGATRON -> "Megatron-LM / NeMo stdout";
            case HF_TRAINER -> "HF trainer_state.json";
            case TENSORBOARD -> "TensorBoard events";
            case CSV -> "CSV (W&B, MLflow)";
            case JSONL -> "JSON Lines of metrics";
        };
    }

    private void importFiles() {
        FileChooser c = new FileChooser();
        c.setTitle("Import a run's log files");
        List<File> picked = c.showOpenMultipleDialog(node.getScene().getWindow());
        if (picked != null && !picked.isEmpty()) {
            askName(picked.get(0).getName())
                    .ifPresent(name ->
                            vm.importLogs(picked.stream().map(File::toPath).toList(), name));
        }
    }

    private void importFolder() {
        DirectoryChooser c = new DirectoryChooser();
        c.setTitle("Import a folder of one run's logs");
        File dir = c.showDialog(node.getScene().getWindow());
        if (dir != null) {
            askName(dir.getName()).ifPresent(name -> vm.importLogs(List.of(dir.toPath()), name));
        }
    }

    private Optional<String> askName(String suggestion) {
        return Dialogs.askName(node.getScene().getWindow(), "Keep this run's log in the project as", suggestion);
    }

    private void show(RunHealthStudy.Opened o) {
        viewers.clear();
        if (o == null) {
            verdict.setText("");
            Forms.show(lossPane, null, "Open a kept log, or import a run's logs.");
            gradPane.getChildren().clear();
            anomalies.getItems().clear();
            rollbacks.getItems().clear();
            firings.getItems().clear();
            replaySummary.setText("");
            // nothing read yet: the tables say what fills them, not "none found"
            anomalies.setPlaceholder(new Label("Open a kept log, or import one, to list its anomalies."));
            rollbacks.setPlaceholder(new Label("Open a kept log, or import one, to cost its rollbacks."));
            firings.setPlaceholder(new Label("Open a kept log, or import one, to replay a rollback policy over it."));
            return;
        }
        anomalies.setPlaceholder(new Label("No anomalies at this sensitivity."));
        rollbacks.setPlaceholder(new Label("Give the checkpoint interval for each anomaly's rollback cost."));
        firings.setPlaceholder(new Label("The policy never fires on this log."));
        LogAnalysis a = o.analysis();
        verdict.setText(headline(o));
        boolean logSteps = vm.logStepsProperty().get();
        String lossMetric = a.log().metric(MetricNames.LOSS).isPresent()
                ? MetricNames.LOSS
                : a.log().metricNames().get(0);
        chart(
                lossPane,
                stacked(
                        RunHealthCharts.metric(
                                "Loss, " + o.kept().name(), a, lossMetric, logSteps, false, dark.getAsBoolean()),
                        true));
        if (a.log().metric(MetricNames.GRAD_NORM).isPresent()) {
            chart(
                    gradPane,
                    stacked(
                            RunHealthCharts.metric(
                                    "Gradient norm", a, MetricNames.GRAD_NORM, logSteps, true, dark.getAsBoolean()),
                            false));
        } else if (a.log().metric(MetricNames.STEP_TIME).isPresent()) {
            chart(
                    gradPane,
                    stacked(
                            RunHealthCharts.metric(
                                    "Seconds a step", a, MetricNames.STEP_TIME, logSteps, true, dark.getAsBoolean()),
                            false));
        } else {
            gradPane.getChildren().clear();
        }
        syncDomains();
        anomalies.getItems().setAll(a.anomalies());
        rollbacks.getItems().setAll(a.rollbacks());
        PolicyReplay p = a.replay();
        firings.getItems().setAll(p == null ? List.of() : p.firings());
        replaySummary.setText(
                p == null
                        ? "Give the checkpoint interval to replay a rollback policy over this log."
                        : String.format(
                                Locale.ROOT,
                                "Rolling back when %s is at z ≥ %s for %d points in a row would have fired %d time%s: %d needed, %d false alarm%s; it missed %d"
                                        + " anomal%s the detector found; its rollbacks re-run %,d steps%s.",
                                p.policy().metric(),
                                Inputs.compact(p.policy().threshold()),
                                p.policy().patience(),
                                p.firings().size(),
                                p.firings().size() == 1 ? "" : "s",
                                p.needed(),
                                p.falseAlarms(),
                                p.falseAlarms() == 1 ? "" : "s",
                                p.missed(),
                                p.missed() == 1 ? "y" : "ies",
                                p.stepsLost(),
                                Double.isFinite(p.gpuHoursLost())
                                        ? String.format(Locale.ROOT, " (%,.0f GPU-hours)", p.gpuHoursLost())
                                        : ""));
    }

    static String headline(RunHealthStudy.Opened o) {
        LogAnalysis a = o.analysis();
        StringBuilder b = new StringBuilder(String.format(
                Locale.ROOT,
                "%s: %,d logged steps to step %,d%s. ",
                o.kept().name(),
                a.log().steps(),
                a.log().lastStep(),
                a.log().restarts() > 0
                        ? ", " + a.log().restarts() + " restart" + (a.log().restarts() == 1 ? "" : "s") + " merged"
                        : ""));
        if (a.anomalies().isEmpty()) {
            b.append("No anomalies.");
        } else {
            Map<Anomaly.Kind, Long> kinds = new EnumMap<>(Anomaly.Kind.class);
            a.anomalies().forEach(x -> kinds.merge(x.kind(), 1L, Long::sum));
            b.append(a.anomalies().size()).append(a.anomalies().size() == 1 ? " anomaly (" : " anomalies (");
            b.append(String.join(
                            ", ",
                            kinds.entrySet().stream()
                                    .map(e -> e.getValue() + " " + e.getKey().id())
                                    .toList()))
                    .append(")");
            if (!a.rollbacks().isEmpty()) {
                int n = a.rollbacks().size();
                b.append(String.format(
                        Locale.ROOT,
                        "; %d rollback%s (one per incident, however many metrics show it) would re-run %,d steps",
                        n,
                        n == 1 ? "" : "s",
                        a.stepsLost()));
                b.append(
                        Double.isFinite(a.gpuHoursLost())
                                ? String.format(Locale.ROOT, " (%,.0f GPU-hours)", a.gpuHoursLost())
                                : a.gpus() <= 0
                                        ? " (give the run's GPUs for GPU-hours)"
                                        : " (give the seconds a step for GPU-hours: the log has no step times)");
            }
            b.append('.');
        }
        return b.toString();
    }

    /**
     * One of the two stacked charts, its height given to the plot: no title (the verdict names the run, the value axis
     * the metric), and the upper one without the step axis's name (the lower one, zoomed with it, has it).
     */
    private static JFreeChart stacked(JFreeChart chart, boolean upper) {
        chart.setTitle((TextTitle) null);
        if (upper && chart.getPlot() instanceof XYPlot xy) {
            xy.getDomainAxis().setLabel(null);
        }
        return chart;
    }

    /** Each run's level at the step all reached against the first's, as {@code trainlog compare} prints it. */
    static String levels(String metric, List<RunComparison.Run> runs) {
        StringBuilder b = new StringBuilder(String.format(
                Locale.ROOT,
                "At step %,d, which every run reached, %s (median of the last %d points): ",
                runs.get(0).commonStep(),
                metric,
                RunComparison.LEVEL_POINTS));
        for (int i = 0; i < runs.size(); i++) {
            var r = runs.get(i);
            b.append(i == 0 ? "" : "; ")
                    .append(r.name())
                    .append(' ')
                    .append(r.atCommonStep() == null ? "—" : String.format(Locale.ROOT, "%.4g", r.atCommonStep()));
            if (r.versusFirst() != null) {
                b.append(String.format(
                        Locale.ROOT,
                        " (%+.1f %% against %s)",
                        100 * r.versusFirst(),
                        runs.get(0).name()));
            }
        }
        return b.append('.').toString();
    }

    /** The runs' curves of one metric on one chart, in a dialog with the metric to show; loss first where every run has it. */
    private void showOverlay(List<RunHealthStudy.Run> runs) {
        List<String> metrics = RunHealthStudy.sharedMetrics(runs);
        ComboBox<String> metric = new ComboBox<>(FXCollections.observableArrayList(metrics));
        metric.setId("runhealth-overlay-metric");
        metric.setValue(metrics.contains(MetricNames.LOSS) ? MetricNames.LOSS : metrics.get(0));
        CheckBox logSteps = new CheckBox("Steps on a log scale");
        logSteps.setSelected(vm.logStepsProperty().get());
        StackPane pane = new StackPane();
        pane.setId("runhealth-overlay-chart");
        pane.setPrefSize(900, 480);
        Label levels = new Label();
        levels.setId("runhealth-overlay-levels");
        levels.setWrapText(true);
        levels.setMinHeight(Region.USE_PREF_SIZE);
        Runnable draw = () -> {
            String m = metric.getValue();
            List<RunHealthCharts.Run> series = runs.stream()
                    .map(r ->
                            new RunHealthCharts.Run(r.name(), r.log().metric(m).orElseThrow()))
                    .toList();
            chart(
                    pane,
                    RunHealthCharts.overlaid(
                            runs.size() + " runs: " + m,
                            m,
                            series,
                            logSteps.isSelected(),
                            MetricNames.GRAD_NORM.equals(m),
                            dark.getAsBoolean()));
            levels.setText(levels(
                    m,
                    RunHealthStudy.compare(
                            series.stream().map(RunHealthCharts.Run::name).toList(),
                            series.stream().map(RunHealthCharts.Run::series).toList())));
        };
        metric.valueProperty().addListener((o, a, b) -> draw.run());
        logSteps.selectedProperty().addListener((o, a, b) -> draw.run());
        draw.run();
        HBox controls = new HBox(10, new Label("Metric"), metric, logSteps);
        controls.setAlignment(Pos.CENTER_LEFT);
        Label note = Forms.muted(
                metrics.size() < runs.get(0).log().metricNames().size()
                        ? "Only the metrics every chosen run logged are offered."
                        : "Drag to zoom; the runs line up by step.");
        VBox content = new VBox(8, controls, pane, levels, note);
        VBox.setVgrow(pane, Priority.ALWAYS);
        Dialog<Void> d = new Dialog<>();
        d.initOwner(kept.getScene().getWindow());
        d.setTitle("Sextant");
        d.setHeaderText(
                "Runs overlaid: " + runs.stream().map(RunHealthStudy.Run::name).collect(Collectors.joining(", ")));
        d.getDialogPane().setContent(content);
        d.getDialogPane().getButtonTypes().add(ButtonType.CLOSE);
        d.setResizable(true);
        d.show();
    }

    private void chart(StackPane pane, JFreeChart chart) {
        ChartViewer v = new ChartViewer(chart);
        if (chart.getPlot() instanceof XYPlot xy) {
            VisibleRange.follow(xy);
        }
        viewers.add(v);
        pane.getChildren().setAll(v);
    }

    /** Zooming one chart's steps zooms the other's. */
    private void syncDomains() {
        if (viewers.size() < 2) {
            return;
        }
        var a = ((XYPlot) viewers.get(0).getChart().getPlot()).getDomainAxis();
        var b = ((XYPlot) viewers.get(1).getChart().getPlot()).getDomainAxis();
        boolean[] busy = {false};
        a.addChangeListener(e -> {
            if (!busy[0]) {
                busy[0] = true;
                b.setRange(a.getRange());
                busy[0] = false;
            }
        });
        b.addChangeListener(e -> {
            if (!busy[0]) {
                busy[0] = true;
                a.setRange(b.getRange());
                busy[0] = false;
            }
        });
    }

    /** Both charts' steps around an anomaly. */
    private void goTo(Anomaly x) {
        if (x == null || viewers.isEmpty()) {
            return;
        }
        RunHealthStudy.Opened o = vm.openedProperty().get();
        long first = o.analysis().log().firstStep();
        long last = o.analysis().log().lastStep();
        double half = Math.max(20, 0.04 * (last - first)) + (x.endStep() - x.step()) / 2.0;
        double mid = (x.step() + x.endStep()) / 2.0;
        double lo = Math.max(vm.logStepsProperty().get() ? 1 : first, mid - half);
        ((XYPlot) viewers.get(0).getChart().getPlot()).getDomainAxis().setRange(lo, Math.max(lo + 1, mid + half));
    }

    private static String fmt(double v) {
        if (!Double.isFinite(v)) {
            return Double.isNaN(v) ? "NaN" : v > 0 ? "∞" : "−∞";
        }
        return String.format(Locale.ROOT, "%.4g", v);
    }
}
