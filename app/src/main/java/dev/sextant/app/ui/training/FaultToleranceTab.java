package dev.sextant.app.ui.training;

import static dev.sextant.model.serving.ServingMemory.GIB;

import dev.sextant.app.ui.planning.InputGrid;
import dev.sextant.app.ui.planning.ProblemMarks;
import dev.sextant.app.ui.shell.Forms;
import dev.sextant.app.ui.shell.Glossary;
import dev.sextant.model.Percent;
import dev.sextant.model.training.FaultTolerance;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;

/** The Fault tolerance tab: failure rate and checkpoint inputs beside what failures cost the chosen layout. */
final class FaultToleranceTab {

    private final GridPane results = new GridPane();
    private final HBox node;

    FaultToleranceTab(TrainingViewModel vm, ProblemMarks marks) {
        GridPane inputGrid = new GridPane();
        inputGrid.setHgap(8);
        inputGrid.setVgap(6);
        inputGrid.setMinWidth(Region.USE_PREF_SIZE);
        InputGrid inputs = new InputGrid(inputGrid, marks);
        inputs.field("Failures per GPU-day", "failures", vm.failuresPerGpuDayProperty(), "", null);
        inputs.field("Checkpoint storage GB/s", "storage", vm.storageGBsProperty(), "", null);
        inputs.field("Restart after a failure, s", "restartSeconds", vm.restartSecondsProperty(), "", null);
        CheckBox async = new CheckBox("Asynchronous checkpoints");
        async.selectedProperty().bindBidirectional(vm.asyncCheckpointsProperty());
        inputs.span(async);
        Label note = new Label("Default rate: Llama 3's 419 unexpected interruptions in 54 days on 16,384 GPUs.");
        note.getStyleClass().add("text-muted");
        note.setWrapText(true);
        note.setMaxWidth(320);
        inputs.span(note);
        results.setHgap(12);
        results.setVgap(8);
        Forms.columns(results);
        HBox.setHgrow(results, Priority.ALWAYS);
        node = new HBox(24, inputGrid, results);
        node.setPadding(new Insets(12));
        vm.faultsProperty().addListener((o, a, f) -> show(f));
        show(vm.faultsProperty().get());
    }

    private void show(FaultTolerance f) {
        results.getChildren().clear();
        if (f == null) {
            results.add(Forms.muted("Choose a plan to see what failures cost."), 0, 0);
            return;
        }
        var c = f.checkpointing();
        String[][] rows = {
            {
                "Checkpoint",
                String.format(
                        "%.0f GiB (14 bytes per parameter), written in %.0f s",
                        f.checkpointBytes() / GIB, f.checkpointSeconds())
            },
            {"Failures", String.format("%.2g a day; job MTBF %.1f h", c.failuresPerDay(), c.mtbfSeconds() / 3600)},
            {
                "Checkpoint every",
                String.format("%.0f s (Daly; Young: %.0f s)", c.dalyIntervalSeconds(), c.youngIntervalSeconds())
            },
            {"Goodput", Percent.of(c.goodput()) + " of wall-clock time is useful training"},
            {
                "Expected days",
                Double.isNaN(f.expectedDays())
                        ? "give a token budget"
                        : String.format("%.1f including failures", f.expectedDays())
            }
        };
        for (int i = 0; i < rows.length; i++) {
            Label value = new Label(rows[i][1]);
            value.setWrapText(true);
            Label key = Forms.muted(rows[i][0]);
            Glossary.explain(key);
            key.setMinWidth(Region.USE_PREF_SIZE);
            results.addRow(i, key, value);
        }
    }

    Node node() {
        return node;
    }
}
