package dev.sextant.app.ui.serving;

import static dev.sextant.app.ui.shell.Tables.number;
import static dev.sextant.app.ui.shell.Tables.text;
import static dev.sextant.app.ui.shell.Tables.width;

import dev.sextant.app.ui.charts.ServingCharts;
import dev.sextant.app.ui.shell.Forms;
import dev.sextant.app.ui.shell.Tables;
import dev.sextant.model.serving.Capacity;
import dev.sextant.model.serving.ServingAnalysis;
import dev.sextant.model.serving.ServingPlanRequest;
import java.util.List;
import java.util.function.BooleanSupplier;
import javafx.collections.FXCollections;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableView;
import javafx.scene.layout.StackPane;

/** The Day tab: replicas over the day's traffic (autoscaled against fixed at the peak, with costs when priced) and its windows. */
final class DayTab {

    private final ServingViewModel vm;
    private final BooleanSupplier dark;
    private final StackPane dayPane = new StackPane();
    private final TableView<Capacity.WindowPlan> windows = new TableView<>();
    private final SplitPane node;

    DayTab(ServingViewModel vm, BooleanSupplier dark) {
        this.vm = vm;
        this.dark = dark;
        windows.setId("serving-windows");
        windows.getColumns()
                .setAll(List.of(
                        width(text("Start", w -> clock(w.startHour())), 80),
                        width(number("Requests/s", Capacity.WindowPlan::rate, "%.2f"), 110),
                        width(number("Replicas", w -> (double) w.replicas(), "%,.0f"), 90),
                        width(number("GPUs", w -> (double) w.gpus(), "%,.0f"), 90)));
        windows.setPlaceholder(new Label("Give the day's traffic, then Plan serving."));
        Tables.exportable(windows, "serving-day.csv", vm.shell());
        Tables.fit(windows, "ServingView.windowsTable");
        node = new SplitPane(dayPane, windows);
        node.setOrientation(Orientation.VERTICAL);
        node.setDividerPositions(0.6);
        vm.studyProperty().addListener((o, a, s) -> show(s));
        show(vm.studyProperty().get());
    }

    private void show(ServingAnalysis s) {
        if (s == null) {
            Forms.show(dayPane, null, "Replicas over the day appear after Plan serving.");
            windows.getItems().clear();
        } else if (s.day() == null) {
            Forms.show(
                    dayPane,
                    null,
                    s.notes().isEmpty()
                            ? "Give the day's traffic (start,rate) to plan replicas."
                            : String.join(" ", s.notes()));
            windows.getItems().clear();
        } else {
            ServingPlanRequest r = vm.requestProperty().get();
            var d = s.day();
            var money = vm.shell().home().settings();
            String cost = r.pricePerGpuHour() > 0
                    ? String.format(
                            "; cost %s a day against %s",
                            money.money("%,.0f", d.costPerDay()), money.money("%,.0f", d.fixedCostPerDay()))
                    : "";
            Forms.show(
                    dayPane,
                    ServingCharts.replicasOverDay(
                            String.format(
                                    "Replicas over the day: %,.0f GPU-hours autoscaled, %,.0f fixed at the peak%s",
                                    d.gpuHours(), d.fixedGpuHours(), cost),
                            d.windows(),
                            d.peakReplicas(),
                            dark.getAsBoolean()),
                    "");
            windows.setItems(FXCollections.observableArrayList(d.windows()));
        }
    }

    /** Hours since midnight as hh:mm. */
    static String clock(double hours) {
        int minutes = (int) Math.round(hours * 60);
        return String.format("%02d:%02d", minutes / 60, minutes % 60);
    }

    Node node() {
        return node;
    }
}
