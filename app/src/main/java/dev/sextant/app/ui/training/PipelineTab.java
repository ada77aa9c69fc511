package dev.sextant.app.ui.training;

import dev.sextant.app.ui.charts.PlanCharts;
import dev.sextant.app.ui.shell.Forms;
import dev.sextant.model.training.PipelineSchedule;
import dev.sextant.model.training.TrainingPlan;
import java.util.List;
import java.util.function.BooleanSupplier;
import javafx.scene.Node;
import javafx.scene.layout.StackPane;

/** The Pipeline tab: the chosen layout's 1F1B schedule, stage by stage, with its bubble. */
final class PipelineTab {

    /** Micro-batches drawn in the pipeline timeline at most; enough to show warm-up, steady state and drain. */
    static final int TIMELINE_MICRO_BATCHES = 24;

    private final StackPane pane = new StackPane();
    private final BooleanSupplier dark;

    PipelineTab(TrainingViewModel vm, BooleanSupplier dark) {
        this.dark = dark;
        vm.selectedProperty().addListener((o, a, p) -> show(p));
        show(vm.selectedProperty().get());
    }

    private void show(TrainingPlan p) {
        if (p == null) {
            Forms.show(pane, null, "The pipeline timeline appears here.");
            return;
        }
        int stages = p.layout().pp();
        int shown = Math.min(p.microBatches(), TIMELINE_MICRO_BATCHES);
        List<PipelineSchedule.Pass> passes = PipelineSchedule.of(p, shown);
        Forms.show(pane, PlanCharts.timeline(String.format("1F1B schedule, %d stage%s%s (bubble %.1f%% of the step%s)", stages,
                stages == 1 ? "" : "s", shown < p.microBatches() ? String.format(", first %d of %d micro-batches", shown, p.microBatches()) : "",
                100 * p.bubbleFraction(), p.layout().vpp() > 1 ? String.format("; interleaved with v = %d in the plan", p.layout().vpp()) : ""),
                passes, stages, dark.getAsBoolean()), "");
    }

    Node node() {
        return pane;
    }
}
