package dev.sextant.app.ui.training;

import dev.sextant.app.ui.charts.PlanCharts;
import dev.sextant.app.ui.shell.Forms;
import dev.sextant.model.training.Sensitivity;
import java.util.List;
import java.util.function.BooleanSupplier;
import javafx.scene.Node;
import javafx.scene.control.SplitPane;
import javafx.scene.layout.StackPane;

/** The Sensitivity tab: the best step time the search found by TP and by micro-batch, side by side. */
final class SensitivityTab {

    private final StackPane tpPane = new StackPane();
    private final StackPane mbPane = new StackPane();
    private final SplitPane node = new SplitPane(tpPane, mbPane);
    private final BooleanSupplier dark;
    private final TrainingViewModel vm;

    SensitivityTab(TrainingViewModel vm, BooleanSupplier dark) {
        this.dark = dark;
        this.vm = vm;
        node.setDividerPositions(0.5);
        vm.sensitivityProperty().addListener((o, a, s) -> show(s));
        show(vm.sensitivityProperty().get());
    }

    private void show(Sensitivity s) {
        if (s == null) {
            Forms.show(tpPane, null, "Step time against TP appears after a search.");
            Forms.show(mbPane, null, "Step time against the micro-batch appears after a search.");
            return;
        }
        double band = vm.rankingBand();
        Forms.show(
                tpPane,
                s.tensorParallel().isEmpty()
                        ? null
                        : PlanCharts.withRankingBand(
                                PlanCharts.lines(
                                        "Best step time by TP (the rest searched)",
                                        "TP",
                                        "seconds per step",
                                        List.of("best"),
                                        List.of(s.tensorParallel()),
                                        dark.getAsBoolean()),
                                band,
                                dark.getAsBoolean()),
                "No TP value fits.");
        Forms.show(
                mbPane,
                s.microBatch().isEmpty()
                        ? null
                        : PlanCharts.withRankingBand(
                                PlanCharts.lines(
                                        "Best step time by micro-batch",
                                        "micro-batch",
                                        "seconds per step",
                                        List.of("best"),
                                        List.of(s.microBatch()),
                                        dark.getAsBoolean()),
                                band,
                                dark.getAsBoolean()),
                "No micro-batch fits.");
    }

    Node node() {
        return node;
    }
}
