package dev.sextant.app.ui.training;

import static dev.sextant.model.serving.ServingMemory.GIB;

import dev.sextant.app.ui.charts.PlanCharts;
import dev.sextant.app.ui.shell.Forms;
import dev.sextant.model.training.TrainingPlan;
import java.util.List;
import java.util.function.BooleanSupplier;
import javafx.scene.Node;
import javafx.scene.layout.StackPane;

/** The Communication tab: the chosen layout's communication on the critical path per parallel dimension, and bytes sent. */
final class CommunicationTab {

    private final StackPane pane = new StackPane();
    private final BooleanSupplier dark;

    CommunicationTab(TrainingViewModel vm, BooleanSupplier dark) {
        this.dark = dark;
        vm.selectedProperty().addListener((o, a, p) -> show(p));
        show(vm.selectedProperty().get());
    }

    private void show(TrainingPlan p) {
        if (p == null) {
            Forms.show(pane, null, "Communication per dimension appears here.");
            return;
        }
        TrainingPlan.ByDimension s = p.commSeconds();
        TrainingPlan.ByDimension b = p.commBytes();
        String sent = String.format(
                "bytes sent per GPU: TP %s, PP %s, DP %s, CP %s, EP %s",
                gb(b.tp()), gb(b.pp()), gb(b.dp()), gb(b.cp()), gb(b.ep()));
        Forms.show(
                pane,
                s.sum() <= 0
                        ? null
                        : PlanCharts.values(
                                String.format(
                                        "Communication on the critical path per step (of %.2f s); %s",
                                        p.stepTimeSeconds(), sent),
                                "seconds per step",
                                List.of("TP", "PP", "DP (exposed)", "CP (exposed)", "EP"),
                                List.of(s.tp(), s.pp(), s.dp(), s.cp(), s.ep()),
                                dark.getAsBoolean()),
                "No communication on the critical path: what there is overlaps with compute (" + sent + ").");
    }

    private static String gb(double bytes) {
        return bytes >= GIB ? String.format("%.1f GiB", bytes / GIB) : String.format("%.0f MiB", bytes / (GIB / 1024));
    }

    Node node() {
        return pane;
    }
}
