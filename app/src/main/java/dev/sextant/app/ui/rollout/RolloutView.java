package dev.sextant.app.ui.rollout;

import static dev.sextant.app.ui.shell.Forms.columns;
import static dev.sextant.app.ui.shell.Forms.field;
import static dev.sextant.app.ui.shell.Forms.muted;
import static dev.sextant.app.ui.shell.Forms.row;
import static dev.sextant.app.ui.shell.Forms.show;
import static dev.sextant.app.ui.shell.Tables.number;
import static dev.sextant.app.ui.shell.Tables.text;
import static dev.sextant.app.ui.shell.Tables.width;

import dev.sextant.app.report.ReportCharts;
import dev.sextant.app.ui.charts.Charts;
import dev.sextant.app.ui.shell.Tables;
import dev.sextant.model.gate.CanaryPlan;
import dev.sextant.model.gate.CanaryReplay;
import dev.sextant.model.gate.GateDecision;
import dev.sextant.model.gate.GatePolicy;
import java.io.File;
import java.time.LocalDate;
import java.util.List;
import javafx.beans.property.Property;
import javafx.collections.FXCollections;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.TextInputDialog;
import javafx.scene.control.cell.ChoiceBoxTableCell;
import javafx.scene.control.cell.TextFieldTableCell;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import org.jfree.chart.fx.ChartViewer;

/** Controller of RolloutView.fxml: wiring only. */
public final class RolloutView {

    private final RolloutViewModel vm;

    @FXML private VBox root;
    @FXML private Label problem;
    @FXML private GridPane models;
    @FXML private TextField policyName;
    @FXML private TextField confidence;
    @FXML private TableView<CheckRow> policyTable;
    @FXML private Button addCheck;
    @FXML private Button removeCheck;
    @FXML private MenuItem importPrivate;
    @FXML private MenuItem importRegression;
    @FXML private MenuItem importReplay;
    @FXML private Button savePolicy;
    @FXML private Label decision;
    @FXML private Button exportHtml;
    @FXML private Button exportPdf;
    @FXML private Button present;
    @FXML private VBox reasons;
    @FXML private TableView<GateDecision.CheckResult> checksTable;
    @FXML private VBox intervals;
    @FXML private GridPane canaryInputs;
    @FXML private TableView<CanaryPlan.Step> stepsTable;
    @FXML private VBox rules;
    @FXML private StackPane rampPane;
    @FXML private Button loadMonitoring;
    @FXML private Label replayOutcome;
    @FXML private TableView<CanaryReplay.StepResult> replayTable;

    private final java.util.Map<String, TextField> canaryFields = new java.util.LinkedHashMap<>();

    public RolloutView(RolloutViewModel vm) {
        this.vm = vm;
    }

    @FXML
    private void initialize() {
        dev.sextant.app.ui.shell.Forms.bindProblem(problem, vm.problemProperty());
        wirePolicy();
        wireDecision();
        wireCanary();
        wireReplay();
        wireReport();
    }

    private void wirePolicy() {
        columns(models);
        ComboBox<String> candidate = new ComboBox<>(vm.models());
        candidate.setEditable(true); // a model the evidence does not name yet can be typed
        candidate.setPromptText("model name");
        candidate.valueProperty().bindBidirectional(vm.candidateProperty());
        candidate.setMaxWidth(Double.MAX_VALUE);
        candidate.setId("rollout-candidate");
        ComboBox<String> incumbent = new ComboBox<>(vm.models());
        incumbent.setEditable(true);
        incumbent.setPromptText("model name");
        incumbent.setId("rollout-incumbent");
        incumbent.valueProperty().bindBidirectional(vm.incumbentProperty());
        incumbent.setMaxWidth(Double.MAX_VALUE);
        row(models, 0, "Candidate", candidate);
        row(models, 1, "Incumbent", incumbent);
        policyName.textProperty().bindBidirectional(vm.policyNameProperty());
        confidence.textProperty().bindBidirectional(vm.confidenceProperty());
        policyTable.setItems(vm.checks());
        policyTable.getColumns().setAll(List.of(
                textColumn("Check", r -> r.name, 130),
                choiceColumn("Layer", r -> r.layer, 96, GatePolicy.Layer.values()),
                textColumn("Metric", r -> r.metric, 110),
                choiceColumn("Better", r -> r.better, 76, "higher", "lower"),
                textColumn("Min effect", r -> r.minimumEffect, 84),
                textColumn("Margin", r -> r.margin, 70),
                choiceColumn("Test", r -> r.test, 96, GatePolicy.Test.values()),
                choiceColumn("Role", r -> r.role, 130, GatePolicy.Role.values())));
        policyTable.setPlaceholder(new Label("No checks: Add check, or import evidence first."));
        addCheck.setOnAction(e -> vm.addCheck());
        removeCheck.disableProperty().bind(policyTable.getSelectionModel().selectedItemProperty().isNull());
        removeCheck.setOnAction(e -> vm.checks().remove(policyTable.getSelectionModel().getSelectedItem()));
        savePolicy.setOnAction(e -> vm.savePolicy());
        savePolicy.disableProperty().bind(vm.shell().jobs().runningProperty());
        importPrivate.setOnAction(e -> importFile(GatePolicy.Layer.PRIVATE));
        importRegression.setOnAction(e -> importFile(GatePolicy.Layer.REGRESSION));
        importReplay.setOnAction(e -> importFile(GatePolicy.Layer.REPLAY));
    }

    private void importFile(GatePolicy.Layer layer) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Import " + layer.slug() + " evidence");
        chooser.getExtensionFilters().add(layer == GatePolicy.Layer.REPLAY ? new FileChooser.ExtensionFilter("JSON Lines", "*.jsonl", "*.json")
                : new FileChooser.ExtensionFilter("CSV or JSON Lines", "*.csv", "*.jsonl"));
        File f = chooser.showOpenDialog(root.getScene().getWindow());
        if (f == null) {
            return;
        }
        String metric = "accuracy";
        LocalDate rotation = null;
        if (layer != GatePolicy.Layer.REPLAY) {
            var m = ask("Metric of these scores", layer == GatePolicy.Layer.REGRESSION ? "coding" : "accuracy");
            if (m.isEmpty()) {
                return;
            }
            metric = m.get();
        }
        if (layer == GatePolicy.Layer.PRIVATE) {
            var d = ask("Rotation date (YYYY-MM-DD)", LocalDate.now().withDayOfMonth(1).toString());
            if (d.isEmpty()) {
                return;
            }
            try {
                rotation = LocalDate.parse(d.get().strip());
            } catch (java.time.format.DateTimeParseException ex) {
                vm.problemProperty().set("Rotation date: expected YYYY-MM-DD, got '" + d.get() + "'");
                return;
            }
        }
        vm.importEvidence(f.toPath(), layer, metric, rotation);
    }

    private java.util.Optional<String> ask(String header, String suggestion) {
        TextInputDialog d = new TextInputDialog(suggestion);
        d.initOwner(root.getScene().getWindow());
        d.setTitle("Sextant");
        d.setHeaderText(header);
        return d.showAndWait().filter(s -> !s.isBlank());
    }

    private static TableColumn<CheckRow, String> textColumn(String title, java.util.function.Function<CheckRow, Property<String>> p, double w) {
        TableColumn<CheckRow, String> c = new TableColumn<>(title);
        c.setCellValueFactory(cd -> p.apply(cd.getValue()));
        c.setCellFactory(TextFieldTableCell.forTableColumn());
        c.setPrefWidth(w);
        return c;
    }

    @SafeVarargs
    private static <T> TableColumn<CheckRow, T> choiceColumn(String title, java.util.function.Function<CheckRow, Property<T>> p, double w, T... values) {
        TableColumn<CheckRow, T> c = new TableColumn<>(title);
        c.setCellValueFactory(cd -> p.apply(cd.getValue()));
        c.setCellFactory(ChoiceBoxTableCell.forTableColumn(dev.sextant.app.ui.shell.Forms.converter(v -> v instanceof Enum<?> e
                ? e.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-') : String.valueOf(v)), values));
        c.setPrefWidth(w);
        return c;
    }

    private void wireDecision() {
        checksTable.getColumns().setAll(List.of(
                width(text("Check", GateDecision.CheckResult::name), 130),
                width(text("Layer", GateDecision.CheckResult::layer), 80),
                width(text("Role", GateDecision.CheckResult::role), 106),
                width(text("Status", c -> c.status() + (c.downWeighted() != null ? " ↓" : "")), 116),
                width(number("Improvement", GateDecision.CheckResult::estimate, "%+.4g"), 100),
                width(text("Interval", c -> c.ciLow() == null ? "" : String.format("[%+.3g, %+.3g]", c.ciLow(), c.ciHigh())), 150),
                width(number("Threshold", GateDecision.CheckResult::threshold, "%+.3g"), 86),
                width(number("n", c -> (double) c.n(), "%,.0f"), 60),
                width(text("Evidence", c -> c.source() == null ? "—" : c.source()), 260)));
        checksTable.setPlaceholder(new Label("No decision yet."));
        Tables.exportable(checksTable, "rollout-checks.csv", vm.shell());
        vm.decisionProperty().addListener((o, a, d) -> showDecision(d));
        // the empty state says why there is no decision, once loading is over
        vm.statusProperty().addListener((o, a, b) -> refreshEmptyDecision());
        vm.loadingProperty().addListener((o, a, b) -> refreshEmptyDecision());
        showDecision(null);
    }

    private void refreshEmptyDecision() {
        if (vm.decisionProperty().get() == null) {
            showDecision(null);
        }
    }

    private void showDecision(GateDecision d) {
        reasons.getChildren().clear();
        intervals.getChildren().clear();
        decision.getStyleClass().removeAll("success", "warning", "danger");
        if (d == null) {
            decision.setText(vm.loadingProperty().get() ? "" : vm.statusProperty().get().isBlank() ? "No decision yet." : vm.statusProperty().get());
            checksTable.getItems().clear();
            return;
        }
        decision.setText(switch (d.decision()) {
            case "full" -> "Decision: FULL ROLLOUT";
            case "reject" -> "Decision: REJECT";
            default -> "Decision: CANARY";
        });
        decision.getStyleClass().add(switch (d.decision()) {
            case "full" -> "success";
            case "reject" -> "danger";
            default -> "warning";
        });
        for (String r : d.reasons()) {
            Label l = new Label("• " + r);
            l.setWrapText(true);
            l.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
            reasons.getChildren().add(l);
        }
        checksTable.setItems(FXCollections.observableArrayList(d.checks()));
        for (GateDecision.CheckResult c : d.checks()) {
            if (c.estimate() != null) {
                ChartViewer v = new ChartViewer(ReportCharts.check(c));
                v.setPrefHeight(96);
                v.setMinHeight(96);
                intervals.getChildren().add(v);
            } else {
                intervals.getChildren().add(muted(c.name() + ": no evidence"));
            }
        }
        Charts.restyle(intervals, dark());
    }

    private void wireCanary() {
        // label, prompt, field key (InputError), property: the inputs the plan is computed from, all of them on screen
        Object[][] f = {
                {"Requests/s", "", "canary.rate", vm.rateProperty()},
                {"Steps, %", "1, 5, 25, 50", "canary.steps", vm.stepsProperty()},
                {"Interval, min", "10", "canary.interval", vm.intervalProperty()},
                {"α (false rollback)", "0.05", "canary.alpha", vm.alphaProperty()},
                {"Power", "0.8", "canary.power", vm.powerProperty()},
                {"Error rate", "0–1", "canary.errorRate", vm.errorRateProperty()},
                {"Error rise", "absolute", "canary.errorRateIncrease", vm.errorIncreaseProperty()},
                {"Refusal rate", "0–1", "canary.refusalRate", vm.refusalRateProperty()},
                {"Refusal rise", "absolute", "canary.refusalRateIncrease", vm.refusalIncreaseProperty()},
                {"P99 latency, ms", "", "canary.latencyP99", vm.latencyP99Property()},
                {"P99 rise", "e.g. 0.1", "canary.latencyIncrease", vm.latencyIncreaseProperty()},
                {"Quality mean", "judge score", "canary.qualityMean", vm.qualityMeanProperty()},
                {"Quality SD", "per request", "canary.qualitySd", vm.qualitySdProperty()},
                {"Quality drop", "rolls back", "canary.qualityDrop", vm.qualityDropProperty()}};
        // two columns of label and field, so that fourteen inputs fit beside the plan
        javafx.scene.layout.ColumnConstraints label = new javafx.scene.layout.ColumnConstraints();
        label.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        javafx.scene.layout.ColumnConstraints field = new javafx.scene.layout.ColumnConstraints(70, 90, 140);
        javafx.scene.layout.ColumnConstraints label2 = new javafx.scene.layout.ColumnConstraints();
        label2.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        javafx.scene.layout.ColumnConstraints field2 = new javafx.scene.layout.ColumnConstraints(70, 90, 140);
        canaryInputs.getColumnConstraints().setAll(label, field, label2, field2);
        for (int i = 0; i < f.length; i++) {
            @SuppressWarnings("unchecked")
            TextField t = field((javafx.beans.property.StringProperty) f[i][3], (String) f[i][1], "rollout-" + f[i][2].toString().replace('.', '-'));
            t.setOnAction(e -> vm.planCanary());
            canaryFields.put((String) f[i][2], t);
            Label l = new Label((String) f[i][0]);
            l.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
            dev.sextant.app.ui.shell.Glossary.explain(l);
            canaryInputs.add(l, 2 * (i % 2), i / 2);
            canaryInputs.add(t, 2 * (i % 2) + 1, i / 2);
        }
        Button plan = new Button("Plan canary");
        plan.setTooltip(new javafx.scene.control.Tooltip("Works out the steps from these inputs and keeps them for the project: the report, "
                + "the presentation and 'sextant gate canary-plan' show this plan."));
        plan.setId("rollout-plan-canary");
        plan.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        plan.setDefaultButton(false);
        plan.setOnAction(e -> vm.planCanary());
        Label from = new Label();
        from.textProperty().bind(vm.canaryInputsFromProperty());
        from.getStyleClass().add("text-muted");
        from.setWrapText(true);
        from.setMaxWidth(420);
        from.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        javafx.scene.layout.HBox stale = dev.sextant.app.ui.shell.Staleness.banner(vm.canaryStaleProperty(),
                "The inputs changed since this plan was made; the report shows the plan below until you plan again.", vm::planCanary);
        stale.setMaxWidth(480);
        int last = (f.length + 1) / 2;
        canaryInputs.add(plan, 1, last, 3, 1);
        canaryInputs.add(from, 0, last + 1, 4, 1);
        canaryInputs.add(stale, 0, last + 2, 4, 1);
        vm.problemFieldProperty().addListener((o, a, key) -> dev.sextant.app.ui.shell.Forms.markProblem(canaryFields, key, vm.problemProperty().get()));
        stepsTable.getColumns().setAll(List.of(
                width(number("Step", s -> (double) s.index(), "%.0f"), 56),
                width(text("Traffic", st -> dev.sextant.app.ui.shell.Inputs.compact(st.percent()) + " %"), 84),
                width(number("Minutes", CanaryPlan.Step::minutes, "%.0f"), 80),
                width(number("Canary requests", CanaryPlan.Step::canaryRequests, "%,.0f"), 130),
                width(number("Needed", s -> (double) s.requiredRequests(), "%,.0f"), 90),
                width(text("Set by", CanaryPlan.Step::limitedBy), 130)));
        stepsTable.setPlaceholder(new Label("Give at least one rollback threshold, then Plan canary."));
        vm.canaryProperty().addListener((o, a, p) -> showCanary(p));
        showCanary(null);
    }

    private void showCanary(CanaryPlan p) {
        rules.getChildren().clear();
        if (p == null) {
            stepsTable.getItems().clear();
            show(rampPane, null, "The canary ramp appears here.");
            return;
        }
        stepsTable.setItems(FXCollections.observableArrayList(p.steps()));
        for (String r : p.rollbackRules()) {
            Label l = new Label("• " + r);
            l.setWrapText(true);
            l.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
            rules.getChildren().add(l);
        }
        show(rampPane, ReportCharts.ramp(p), "");
        Charts.restyle(rampPane, dark());
    }

    private void wireReplay() {
        replayTable.getColumns().setAll(List.of(
                width(text("Step", CanaryReplay.StepResult::step), 90),
                width(number("Score", CanaryReplay.StepResult::score, "%.0f"), 70),
                width(text("Verdict", CanaryReplay.StepResult::verdict), 90),
                width(text("Failing metrics", s -> String.join(", ", s.failing())), 220),
                width(text("Action", CanaryReplay.StepResult::action), 140)));
        replayTable.setPlaceholder(new Label("Replay a monitoring CSV (step,group,metric,value; group baseline or canary)."));
        loadMonitoring.setOnAction(e -> {
            FileChooser chooser = new FileChooser();
            chooser.setTitle("Monitoring data: step,group,metric,value");
            chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("CSV", "*.csv"));
            File f = chooser.showOpenDialog(root.getScene().getWindow());
            if (f != null) {
                vm.replay(f.toPath());
            }
        });
        // the judge's settings, shown and editable: the same settings give the same verdict as 'sextant gate replay'
        TableView<JudgeRow> judgeTable = new TableView<>(vm.judgeRows());
        judgeTable.setId("rollout-judge-metrics");
        judgeTable.setEditable(true);
        TableColumn<JudgeRow, String> metric = new TableColumn<>("Metric");
        metric.setCellValueFactory(cd -> new javafx.beans.property.ReadOnlyStringWrapper(cd.getValue().metric()));
        metric.setPrefWidth(160);
        TableColumn<JudgeRow, dev.sextant.model.gate.CanaryJudge.Direction> direction = new TableColumn<>("Fails when it");
        direction.setCellValueFactory(cd -> cd.getValue().direction);
        direction.setCellFactory(ChoiceBoxTableCell.forTableColumn(dev.sextant.app.ui.shell.Forms.converter(d -> d == null ? ""
                : switch (d) {
                    case INCREASE -> "rises";
                    case DECREASE -> "falls";
                    case EITHER -> "moves either way";
                }), dev.sextant.model.gate.CanaryJudge.Direction.values()));
        direction.setPrefWidth(150);
        TableColumn<JudgeRow, Boolean> critical = new TableColumn<>("Critical");
        critical.setCellValueFactory(cd -> cd.getValue().critical);
        critical.setCellFactory(javafx.scene.control.cell.CheckBoxTableCell.forTableColumn(critical));
        critical.setPrefWidth(80);
        judgeTable.getColumns().setAll(List.of(metric, direction, critical));
        Label judgeEmpty = new Label("The monitoring file's metrics appear here, each with the change that fails it.");
        judgeEmpty.setWrapText(true);
        judgeEmpty.setPadding(new javafx.geometry.Insets(8));
        judgeTable.setPlaceholder(judgeEmpty);
        judgeTable.setPrefHeight(150);
        dev.sextant.app.ui.shell.Tables.fit(judgeTable, "RolloutView.judgeTable");
        GridPane judgeGrid = new GridPane();
        judgeGrid.setHgap(8);
        judgeGrid.setVgap(6);
        String[][] f = {{"Confidence", "judge.confidence"}, {"Tolerance", "judge.tolerance"}, {"Pass score", "judge.thresholds"},
                {"Marginal score", "judge.thresholds"}};
        var props = List.of(vm.judgeConfidenceProperty(), vm.judgeToleranceProperty(), vm.judgePassProperty(), vm.judgeMarginalProperty());
        String[] tips = {"Confidence of the Mann-Whitney interval of each metric's shift (Kayenta: 0.98).",
                "Share of the |shift| the interval must clear to count as a change (Kayenta: 0.25).",
                "Score (share of metrics passing, 0–100) at or above which a step passes.",
                "Score at or above which a step is marginal (held), below it fails (rolled back)."};
        for (int i = 0; i < f.length; i++) {
            TextField t = field(props.get(i), "", "rollout-" + f[i][1].replace('.', '-') + (i == 3 ? "-marginal" : ""));
            t.setPrefColumnCount(5);
            t.setTooltip(new javafx.scene.control.Tooltip(tips[i]));
            t.setOnAction(e -> vm.rejudge());
            row(judgeGrid, i, f[i][0], t);
        }
        Button rejudge = new Button("Replay again");
        rejudge.setId("rollout-rejudge");
        rejudge.disableProperty().bind(javafx.beans.binding.Bindings.isEmpty(vm.judgeRows()));
        rejudge.setOnAction(e -> vm.rejudge());
        judgeGrid.add(rejudge, 1, f.length);
        javafx.scene.layout.HBox settings = new javafx.scene.layout.HBox(16, judgeTable, judgeGrid);
        javafx.scene.layout.HBox.setHgrow(judgeTable, javafx.scene.layout.Priority.ALWAYS);
        VBox tab = (VBox) replayTable.getParent();
        tab.getChildren().add(1, settings);
        tab.getChildren().add(2, dev.sextant.app.ui.shell.Staleness.banner(vm.replayStaleProperty(),
                "The judge's settings changed since this replay: the steps below are judged with the old ones.", vm::rejudge));
        vm.replayProperty().addListener((o, a, r) -> {
            replayTable.setItems(r == null ? FXCollections.observableArrayList() : FXCollections.observableArrayList(r.steps()));
            replayOutcome.setText(r == null ? "" : "The rollout would have been " + r.outcome() + " at step " + r.stoppedAt() + ".");
        });
    }

    private void wireReport() {
        exportHtml.setOnAction(e -> save("HTML", "html"));
        exportPdf.setOnAction(e -> save("PDF", "pdf"));
        present.setOnAction(e -> vm.report(r -> Presentation.show(root.getScene().getWindow(), r, dark())));
        for (Button b : List.of(exportHtml, exportPdf, present)) {
            b.disableProperty().bind(vm.decisionProperty().isNull().or(vm.shell().jobs().runningProperty()));
        }
    }

    private void save(String kind, String extension) {
        File f = dev.sextant.app.ui.shell.ExportChooser.of(vm.shell(), "Export the rollout report", "rollout-report", kind, extension)
                .showSaveDialog(root.getScene().getWindow());
        if (f != null) {
            vm.export(f.toPath());
        }
    }

    private boolean dark() {
        return root.getScene() != null && "dark".equals(vm.shell().home().settings().theme());
    }
}
