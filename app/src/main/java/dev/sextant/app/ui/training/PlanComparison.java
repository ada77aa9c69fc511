package dev.sextant.app.ui.training;

import dev.sextant.model.training.TrainingPlan;
import dev.sextant.model.training.TrainingRequest;
import dev.sextant.workspaces.SavedTrainingPlan;
import java.util.List;
import java.util.function.Function;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.stage.Window;

/** Two kept plans side by side. */
final class PlanComparison {

    private PlanComparison() {
    }

    record Row(String label, Function<SavedTrainingPlan, String> value) {
    }

    static final List<Row> ROWS = List.of(
            new Row("Model", s -> s.request().model().name()),
            new Row("Cluster", s -> s.request().gpus() + " × " + s.request().gpu().name() + ", " + s.request().gpusPerNode() + " per node"),
            new Row("Sequence × batch", s -> s.request().seqLen() + " × " + s.request().globalBatch()),
            new Row("Layout", s -> layout(s.plan())),
            new Row("Memory per GPU", s -> String.format("%.1f of %.0f GB", s.plan().memory().total() / 1e9, s.plan().memory().capacity() / 1e9)),
            new Row("Step time", s -> String.format("%.3f s", s.plan().stepTimeSeconds())),
            new Row("TFLOP/s per GPU", s -> String.format("%.0f", s.plan().tflopsPerGpu())),
            new Row("MFU", s -> String.format("%.1f %%", 100 * s.plan().mfu())),
            new Row("Tokens per second", s -> String.format("%,.0f", s.plan().tokensPerSecond())),
            new Row("Bubble", s -> String.format("%.1f %%", 100 * s.plan().bubbleFraction())),
            new Row("Training days", s -> days(s.request(), s.plan())),
            new Row("Limited by", s -> s.plan().bottleneck()));

    static String layout(TrainingPlan p) {
        var l = p.layout();
        return String.format("%s · mb %d · ZeRO %d · %s", TrainingViewModel.layout(p), l.microBatch(), l.zeroStage(), l.recompute().slug());
    }

    static String days(TrainingRequest r, TrainingPlan p) {
        return r.tokens() > 0 ? String.format("%.1f for %.3g tokens", r.tokens() / p.tokensPerSecond() / 86400, r.tokens()) : "no token budget";
    }

    static void show(Window owner, SavedTrainingPlan a, SavedTrainingPlan b) {
        GridPane grid = dev.sextant.app.ui.shell.Dialogs.formGrid();
        grid.getColumnConstraints().clear();
        grid.addRow(0, new Label(""), bold(a.name()), bold(b.name()));
        for (int i = 0; i < ROWS.size(); i++) {
            Label k = new Label(ROWS.get(i).label());
            k.getStyleClass().add("text-muted");
            grid.addRow(i + 1, k, new Label(ROWS.get(i).value().apply(a)), new Label(ROWS.get(i).value().apply(b)));
        }
        Dialog<Void> d = new Dialog<>();
        d.initOwner(owner);
        d.setTitle("Sextant");
        d.setHeaderText("Compare kept plans");
        d.getDialogPane().setContent(grid);
        d.getDialogPane().getButtonTypes().add(ButtonType.CLOSE);
        d.showAndWait();
    }

    private static Label bold(String s) {
        Label l = new Label(s);
        l.getStyleClass().add("card-title");
        return l;
    }
}
