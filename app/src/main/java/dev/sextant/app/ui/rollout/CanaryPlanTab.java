package dev.sextant.app.ui.rollout;

import static dev.sextant.app.ui.shell.Forms.field;
import static dev.sextant.app.ui.shell.Forms.show;
import static dev.sextant.app.ui.shell.Tables.number;
import static dev.sextant.app.ui.shell.Tables.text;
import static dev.sextant.app.ui.shell.Tables.width;

import dev.sextant.app.report.ReportCharts;
import dev.sextant.app.ui.charts.Charts;
import dev.sextant.app.ui.shell.Forms;
import dev.sextant.app.ui.shell.Glossary;
import dev.sextant.app.ui.shell.Inputs;
import dev.sextant.app.ui.shell.Staleness;
import dev.sextant.model.gate.CanaryPlan;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;

/**
 * Controller of CanaryPlanTab.fxml, the Rollout area's Canary plan tab: every input the plan is computed from, Plan
 * canary (also Enter in any input), where the inputs come from, the steps, the ramp and the rollback rules.
 */
public final class CanaryPlanTab {

    /** One input on screen: its label, prompt, field key (as {@code InputError} names it) and the view model's text. */
    private record Input(String label, String prompt, String key, StringProperty text) {}

    private final RolloutViewModel vm;
    private final BooleanSupplier dark;
    private final Map<String, TextField> fields = new LinkedHashMap<>();

    @FXML
    private Button plan;

    @FXML
    private Label from;

    @FXML
    private VBox staleBox;

    @FXML
    private GridPane canaryInputs;

    @FXML
    private TableView<CanaryPlan.Step> stepsTable;

    @FXML
    private VBox rules;

    @FXML
    private StackPane rampPane;

    CanaryPlanTab(RolloutViewModel vm, BooleanSupplier dark) {
        this.vm = vm;
        this.dark = dark;
    }

    @FXML
    private void initialize() {
        wireInputs();
        plan.setTooltip(new Tooltip("Works out the steps from these inputs and keeps them for the project: the report, "
                + "the presentation and 'sextant gate canary-plan' show this plan."));
        plan.setOnAction(e -> vm.planCanary());
        from.textProperty().bind(vm.canaryInputsFromProperty());
        from.setMinHeight(Region.USE_PREF_SIZE);
        HBox stale = Staleness.banner(
                vm.canaryStaleProperty(),
                "The inputs changed since this plan was made; the report shows the plan below until you plan again.",
                vm::planCanary);
        staleBox.getChildren().add(stale);
        staleBox.visibleProperty().bind(stale.visibleProperty());
        staleBox.managedProperty().bind(staleBox.visibleProperty());
        vm.problemFieldProperty()
                .addListener((o, a, key) ->
                        Forms.markProblem(fields, key, vm.problemProperty().get()));
        stepsTable
                .getColumns()
                .setAll(List.of(
                        width(number("Step", s -> (double) s.index(), "%.0f"), 56),
                        width(text("Traffic", st -> Inputs.compact(st.percent()) + " %"), 84),
                        width(number("Minutes", CanaryPlan.Step::minutes, "%.0f"), 80),
                        width(number("Canary requests", CanaryPlan.Step::canaryRequests, "%,.0f"), 130),
                        width(number("Needed", s -> (double) s.requiredRequests(), "%,.0f"), 90),
                        width(text("Set by", CanaryPlan.Step::limitedBy), 130)));
        stepsTable.setPlaceholder(new Label("Give at least one rollback threshold, then Plan canary."));
        vm.canaryProperty().addListener((o, a, p) -> showPlan(p));
        showPlan(vm.canaryProperty().get());
    }

    /** Fourteen inputs in two columns of label and field, so that they fit beside the plan; Enter in any plans. */
    private void wireInputs() {
        List<Input> inputs = List.of(
                new Input("Requests/s", "", "canary.rate", vm.rateProperty()),
                new Input("Steps, %", "1, 5, 25, 50", "canary.steps", vm.stepsProperty()),
                new Input("Interval, min", "10", "canary.interval", vm.intervalProperty()),
                new Input("α (false rollback)", "0.05", "canary.alpha", vm.alphaProperty()),
                new Input("Power", "0.8", "canary.power", vm.powerProperty()),
                new Input("Error rate", "0–1", "canary.errorRate", vm.errorRateProperty()),
                new Input("Error rise", "absolute", "canary.errorRateIncrease", vm.errorIncreaseProperty()),
                new Input("Refusal rate", "0–1", "canary.refusalRate", vm.refusalRateProperty()),
                new Input("Refusal rise", "absolute", "canary.refusalRateIncrease", vm.refusalIncreaseProperty()),
                new Input("P99 latency, ms", "", "canary.latencyP99", vm.latencyP99Property()),
                new Input("P99 rise", "e.g. 0.1", "canary.latencyIncrease", vm.latencyIncreaseProperty()),
                new Input("Quality mean", "judge score", "canary.qualityMean", vm.qualityMeanProperty()),
                new Input("Quality SD", "per request", "canary.qualitySd", vm.qualitySdProperty()),
                new Input("Quality drop", "rolls back", "canary.qualityDrop", vm.qualityDropProperty()));
        canaryInputs
                .getColumnConstraints()
                .setAll(
                        labelColumn(),
                        new ColumnConstraints(70, 90, 140),
                        labelColumn(),
                        new ColumnConstraints(70, 90, 140));
        for (int i = 0; i < inputs.size(); i++) {
            Input in = inputs.get(i);
            TextField t = field(in.text(), in.prompt(), "rollout-" + in.key().replace('.', '-'));
            t.setOnAction(e -> vm.planCanary());
            fields.put(in.key(), t);
            Label l = new Label(in.label());
            l.setMinWidth(Region.USE_PREF_SIZE);
            Glossary.explain(l);
            canaryInputs.add(l, 2 * (i % 2), i / 2);
            canaryInputs.add(t, 2 * (i % 2) + 1, i / 2);
        }
    }

    private static ColumnConstraints labelColumn() {
        ColumnConstraints c = new ColumnConstraints();
        c.setMinWidth(Region.USE_PREF_SIZE);
        return c;
    }

    private void showPlan(CanaryPlan p) {
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
            l.setMinHeight(Region.USE_PREF_SIZE);
            rules.getChildren().add(l);
        }
        show(rampPane, ReportCharts.ramp(p), "");
        Charts.restyle(rampPane, dark.getAsBoolean());
    }
}
