package dev.sextant.app.ui.training;

import dev.sextant.app.ui.charts.PlanCharts;
import dev.sextant.app.ui.shell.Forms;
import dev.sextant.model.training.PipelineSchedule;
import dev.sextant.model.training.TrainingPlan;
import java.util.List;
import java.util.function.BooleanSupplier;
import javafx.scene.Node;
import javafx.scene.layout.StackPane;

/** The Pipeline tab: the chosen layout's 1F1B schedule (interleaved when it has v > 1), stage by stage, with its bubble. */
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
        int v = p.layout().vpp();
        int shown = Math.min(p.microBatches(), TIMELINE_MICRO_BATCHES);
        if (v > 1 && p.microBatches() % stages == 0) {
            // interleaving goes in groups of p
            shown = Math.min(p.microBatches(), Math.max(stages, shown / stages * stages));
        }
        List<PipelineSchedule.Pass> passes = PipelineSchedule.of(p, shown);
        boolean interleaved = passes.stream().anyMatch(x -> x.chunk() > 0);
        Forms.show(
                pane,
                PlanCharts.timeline(
                        String.format(
                                "%s, %d stage%s%s (bubble %.1f%% of the step)",
                                interleaved ? "Interleaved 1F1B, v = " + v + " chunks a stage" : "1F1B schedule",
                                stages,
                                stages == 1 ? "" : "s",
                                shown < p.microBatches()
                                        ? String.format(", first %d of %d micro-batches", shown, p.microBatches())
                                        : "",
                                100 * p.bubbleFraction()),
                        passes,
                        stages,
                        dark.getAsBoolean()),
                "");
    }

    Node node() {
        return pane;
    }
}
