package dev.sextant.app.ui.rollout;

import static dev.sextant.app.ui.shell.Forms.muted;

import dev.sextant.app.report.ReportCharts;
import dev.sextant.app.ui.charts.Charts;
import dev.sextant.model.gate.GateDecision;
import java.util.function.BooleanSupplier;
import javafx.fxml.FXML;
import javafx.scene.layout.VBox;
import org.jfree.chart.fx.ChartViewer;

/** Controller of IntervalsTab.fxml, the Rollout area's Intervals tab: each check's improvement with its interval. */
public final class IntervalsTab {

    private final RolloutViewModel vm;
    private final BooleanSupplier dark;

    @FXML
    private VBox intervals;

    IntervalsTab(RolloutViewModel vm, BooleanSupplier dark) {
        this.vm = vm;
        this.dark = dark;
    }

    @FXML
    private void initialize() {
        vm.decisionProperty().addListener((o, a, d) -> show(d));
        show(vm.decisionProperty().get());
    }

    private void show(GateDecision d) {
        intervals.getChildren().clear();
        if (d == null) {
            return;
        }
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
        Charts.restyle(intervals, dark.getAsBoolean());
    }
}
