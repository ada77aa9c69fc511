package dev.sextant.app.ui.training;

import static dev.sextant.model.serving.ServingMemory.GIB;

import dev.sextant.app.ui.charts.PlanCharts;
import dev.sextant.app.ui.shell.Forms;
import dev.sextant.model.training.TrainingPlan;
import java.util.List;
import java.util.function.BooleanSupplier;
import javafx.scene.Node;
import javafx.scene.layout.StackPane;

/** The Memory tab: memory per GPU of the chosen layout on its most loaded stage, by what holds it. */
final class MemoryTab {

    private final StackPane pane = new StackPane();
    private final BooleanSupplier dark;

    MemoryTab(TrainingViewModel vm, BooleanSupplier dark) {
        this.dark = dark;
        vm.selectedProperty().addListener((o, a, p) -> show(p));
        show(vm.selectedProperty().get());
    }

    private void show(TrainingPlan p) {
        if (p == null) {
            Forms.show(pane, null, "Memory per GPU appears here.");
            return;
        }
        TrainingPlan.Memory m = p.memory();
        Forms.show(
                pane,
                PlanCharts.stacked(
                        String.format(
                                "Memory per GPU on the most loaded stage: %.1f of %.1f GiB usable%s",
                                m.total() / GIB, m.capacity() / GIB, p.fits() ? "" : " (does not fit)"),
                        "GiB",
                        "per GPU",
                        List.of("weights", "gradients", "optimizer states", "activations", "buffers"),
                        List.of(
                                m.weights() / GIB,
                                m.gradients() / GIB,
                                m.optimizer() / GIB,
                                m.activations() / GIB,
                                m.buffers() / GIB),
                        m.capacity() / GIB,
                        "usable GPU memory",
                        dark.getAsBoolean()),
                "");
    }

    Node node() {
        return pane;
    }
}
