package dev.sextant.app.ui.rollout;

import static dev.sextant.app.ui.shell.Forms.field;
import static dev.sextant.app.ui.shell.Forms.row;
import static dev.sextant.app.ui.shell.Tables.number;
import static dev.sextant.app.ui.shell.Tables.text;
import static dev.sextant.app.ui.shell.Tables.width;

import dev.sextant.app.ui.shell.Forms;
import dev.sextant.app.ui.shell.Staleness;
import dev.sextant.app.ui.shell.Tables;
import dev.sextant.model.gate.CanaryJudge;
import dev.sextant.model.gate.CanaryReplay;
import java.io.File;
import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.fxml.FXML;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.control.cell.CheckBoxTableCell;
import javafx.scene.control.cell.ChoiceBoxTableCell;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;

/**
 * Controller of JudgeReplayTab.fxml, the Rollout area's Judge replay tab: a monitoring CSV replayed step by step, and
 * the judge's settings shown and editable — the same settings give the same verdict as {@code sextant gate replay},
 * and they are kept for the project.
 */
public final class JudgeReplayTab {

    private final RolloutViewModel vm;

    @FXML
    private VBox root;

    @FXML
    private Button loadMonitoring;

    @FXML
    private Label replayOutcome;

    @FXML
    private TableView<CanaryReplay.StepResult> replayTable;

    JudgeReplayTab(RolloutViewModel vm) {
        this.vm = vm;
    }

    @FXML
    private void initialize() {
        replayTable
                .getColumns()
                .setAll(List.of(
                        width(text("Step", CanaryReplay.StepResult::step), 90),
                        width(number("Score", CanaryReplay.StepResult::score, "%.0f"), 70),
                        width(text("Verdict", CanaryReplay.StepResult::verdict), 90),
                        width(text("Failing metrics", s -> String.join(", ", s.failing())), 220),
                        width(text("Action", CanaryReplay.StepResult::action), 140)));
        replayTable.setPlaceholder(
                new Label("Replay a monitoring CSV (step,group,metric,value; group baseline or canary)."));
        loadMonitoring.setOnAction(e -> {
            FileChooser chooser = new FileChooser();
            chooser.setTitle("Monitoring data: step,group,metric,value");
            chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("CSV", "*.csv"));
            File f = chooser.showOpenDialog(root.getScene().getWindow());
            if (f != null) {
                vm.replay(f.toPath());
            }
        });
        HBox settings = new HBox(16, judgeTable(), judgeGrid());
        HBox.setHgrow(settings.getChildren().get(0), Priority.ALWAYS);
        root.getChildren().add(1, settings);
        root.getChildren()
                .add(
                        2,
                        Staleness.banner(
                                vm.replayStaleProperty(),
                                "The judge's settings changed since this replay: the steps below are judged with the old ones.",
                                vm::rejudge));
        vm.replayProperty().addListener((o, a, r) -> {
            replayTable.setItems(
                    r == null ? FXCollections.observableArrayList() : FXCollections.observableArrayList(r.steps()));
            replayOutcome.setText(
                    r == null ? "" : "The rollout would have been " + r.outcome() + " at step " + r.stoppedAt() + ".");
        });
    }

    /** Each metric of the monitoring data with the change that fails it and whether it is critical. */
    private TableView<JudgeRow> judgeTable() {
        TableView<JudgeRow> table = new TableView<>(vm.judgeRows());
        table.setId("rollout-judge-metrics");
        table.setEditable(true);
        TableColumn<JudgeRow, String> metric = new TableColumn<>("Metric");
        metric.setCellValueFactory(cd -> new ReadOnlyStringWrapper(cd.getValue().metric()));
        metric.setPrefWidth(160);
        TableColumn<JudgeRow, CanaryJudge.Direction> direction = new TableColumn<>("Fails when it");
        direction.setCellValueFactory(cd -> cd.getValue().direction);
        direction.setCellFactory(ChoiceBoxTableCell.forTableColumn(
                Forms.converter(d -> d == null
                        ? ""
                        : switch (d) {
                            case INCREASE -> "rises";
                            case DECREASE -> "falls";
                            case EITHER -> "moves either way";
                        }),
                CanaryJudge.Direction.values()));
        direction.setPrefWidth(150);
        TableColumn<JudgeRow, Boolean> critical = new TableColumn<>("Critical");
        critical.setCellValueFactory(cd -> cd.getValue().critical);
        critical.setCellFactory(CheckBoxTableCell.forTableColumn(critical));
        critical.setPrefWidth(80);
        table.getColumns().setAll(List.of(metric, direction, critical));
        Label empty = new Label("The monitoring file's metrics appear here, each with the change that fails it.");
        empty.setWrapText(true);
        empty.setPadding(new Insets(8));
        table.setPlaceholder(empty);
        table.setPrefHeight(150);
        Tables.fit(table, RolloutView.TABLE_KEYS + ".judgeTable");
        return table;
    }

    /** The judge's confidence, tolerance and score thresholds; Enter in any, or Replay again, judges again. */
    private GridPane judgeGrid() {
        GridPane grid = new GridPane();
        grid.setHgap(8);
        grid.setVgap(6);
        String[][] f = {
            {"Confidence", "judge.confidence"},
            {"Tolerance", "judge.tolerance"},
            {"Pass score", "judge.thresholds"},
            {"Marginal score", "judge.thresholds"}
        };
        List<StringProperty> props = List.of(
                vm.judgeConfidenceProperty(),
                vm.judgeToleranceProperty(),
                vm.judgePassProperty(),
                vm.judgeMarginalProperty());
        String[] tips = {
            "Confidence of the Mann-Whitney interval of each metric's shift (Kayenta: 0.98).",
            "Share of the |shift| the interval must clear to count as a change (Kayenta: 0.25).",
            "Score (share of metrics passing, 0–100) at or above which a step passes.",
            "Score at or above which a step is marginal (held), below it fails (rolled back)."
        };
        for (int i = 0; i < f.length; i++) {
            TextField t = field(props.get(i), "", "rollout-" + f[i][1].replace('.', '-') + (i == 3 ? "-marginal" : ""));
            t.setPrefColumnCount(5);
            t.setTooltip(new Tooltip(tips[i]));
            t.setOnAction(e -> vm.rejudge());
            row(grid, i, f[i][0], t);
        }
        Button rejudge = new Button("Replay again");
        rejudge.setId("rollout-rejudge");
        rejudge.disableProperty().bind(Bindings.isEmpty(vm.judgeRows()));
        rejudge.setOnAction(e -> vm.rejudge());
        grid.add(rejudge, 1, f.length);
        return grid;
    }
}
