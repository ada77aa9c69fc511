package dev.sextant.app.ui.rollout;

import static dev.sextant.app.ui.shell.Tables.number;
import static dev.sextant.app.ui.shell.Tables.text;
import static dev.sextant.app.ui.shell.Tables.width;

import dev.sextant.app.ui.shell.Tables;
import dev.sextant.model.gate.GateDecision;
import java.util.List;
import java.util.stream.Collectors;
import javafx.collections.FXCollections;
import javafx.fxml.FXML;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * Controller of DecisionTab.fxml, the Rollout area's Decision tab: the decision's reasons and the evidence by check. It
 * also keeps the area's decision line (given), which says why there is no decision while there is none.
 */
public final class DecisionTab {

    private final RolloutViewModel vm;
    private final Label decision;

    @FXML
    private VBox reasons;

    @FXML
    private TableView<GateDecision.CheckResult> checksTable;

    DecisionTab(RolloutViewModel vm, Label decision) {
        this.vm = vm;
        this.decision = decision;
    }

    @FXML
    private void initialize() {
        checksTable
                .getColumns()
                .setAll(List.of(
                        width(text("Check", GateDecision.CheckResult::name), 130),
                        width(text("Layer", GateDecision.CheckResult::layer), 80),
                        width(text("Role", GateDecision.CheckResult::role), 106),
                        width(text("Status", c -> c.status() + (c.downWeighted() != null ? " ↓" : "")), 116),
                        width(number("Improvement", GateDecision.CheckResult::estimate, "%+.4g"), 100),
                        width(
                                text(
                                        "Interval",
                                        c -> c.ciLow() == null
                                                ? ""
                                                : String.format("[%+.3g, %+.3g]", c.ciLow(), c.ciHigh())),
                                150),
                        width(number("Threshold", GateDecision.CheckResult::threshold, "%+.3g"), 86),
                        width(number("n", c -> (double) c.n(), "%,.0f"), 60),
                        width(text("Evidence", c -> c.source() == null ? "—" : c.source()), 260)));
        checksTable.setPlaceholder(new Label("No decision yet."));
        Tables.exportable(checksTable, "rollout-checks.csv", vm.shell());
        vm.decisionProperty().addListener((o, a, d) -> show(d));
        // the empty state says why there is no decision, once loading is over
        vm.statusProperty().addListener((o, a, b) -> refreshEmpty());
        vm.loadingProperty().addListener((o, a, b) -> refreshEmpty());
        show(null);
    }

    private void refreshEmpty() {
        if (vm.decisionProperty().get() == null) {
            show(null);
        }
    }

    private void show(GateDecision d) {
        reasons.getChildren().clear();
        decision.getStyleClass().removeAll("success", "warning", "danger");
        if (d == null) {
            decision.setText(
                    vm.loadingProperty().get()
                            ? ""
                            : vm.statusProperty().get().isBlank()
                                    ? "No decision yet."
                                    : vm.statusProperty().get());
            checksTable.getItems().clear();
            return;
        }
        decision.setText(
                switch (d.decision()) {
                    case "full" -> "Decision: FULL ROLLOUT";
                    case "reject" -> "Decision: REJECT";
                    default -> "Decision: CANARY";
                });
        decision.getStyleClass()
                .add(
                        switch (d.decision()) {
                            case "full" -> "success";
                            case "reject" -> "danger";
                            default -> "warning";
                        });
        for (String r : d.reasons()) {
            Label l = new Label("• " + r);
            l.setWrapText(true);
            l.setMinHeight(Region.USE_PREF_SIZE);
            reasons.getChildren().add(l);
        }
        var fresh = vm.freshnessProperty().get();
        if (fresh != null) {
            String ages = fresh.layers().stream()
                    .map(l -> l.layer() + " " + l.date() + " (" + l.ageDays() + (l.ageDays() == 1 ? " day" : " days")
                            + ")")
                    .collect(Collectors.joining(" · "));
            Label f = new Label((fresh.stale() ? "STALE — " : "Evidence: ")
                    + (ages.isEmpty() ? "none dated" : ages)
                    + (fresh.reasons().isEmpty() ? "" : ". " + String.join(". ", fresh.reasons()) + "."));
            f.setId("rollout-freshness");
            f.setWrapText(true);
            f.setMinHeight(Region.USE_PREF_SIZE);
            f.getStyleClass().add(fresh.stale() ? "danger" : "muted");
            reasons.getChildren().add(f);
        }
        checksTable.setItems(FXCollections.observableArrayList(d.checks()));
    }
}
