package dev.sextant.app.ui.training;

import static dev.sextant.model.serving.ServingMemory.GIB;

import dev.sextant.app.study.TrainingStudy;
import dev.sextant.model.training.TrainingPlan;
import dev.sextant.model.training.TrainingRequest;
import dev.sextant.workspaces.SavedTrainingPlan;
import java.util.List;
import java.util.function.Function;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
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
            new Row("Memory per GPU", s -> String.format("%.1f of %.1f GiB", s.plan().memory().total() / GIB, s.plan().memory().capacity() / GIB)),
            new Row("Step time", s -> String.format("%.3g s", s.plan().stepTimeSeconds())),
            new Row("TFLOP/s per GPU", s -> String.format("%.0f", s.plan().tflopsPerGpu())),
            new Row("MFU", s -> String.format("%.1f %%", 100 * s.plan().mfu())),
            new Row("Tokens per second", s -> String.format("%,.0f", s.plan().tokensPerSecond())),
            new Row("Bubble", s -> String.format("%.1f %%", 100 * s.plan().bubbleFraction())),
            new Row("Training days", s -> days(s.request(), s.plan())),
            new Row("Limited by", s -> s.plan().bottleneck()));

    static String layout(TrainingPlan p) {
        var l = p.layout();
        return String.format("%s · µbatch %d · ZeRO %d · %s", TrainingViewModel.layout(p), l.microBatch(), l.zeroStage(), l.recompute().slug());
    }

    static String days(TrainingRequest r, TrainingPlan p) {
        return r.tokens() > 0 ? String.format("%.1f for %.3g tokens", TrainingStudy.days(r, p), r.tokens()) : "no token budget";
    }

    static void show(Window owner, SavedTrainingPlan a, SavedTrainingPlan b) {
        GridPane grid = grid(a, b);
        Dialog<Void> d = new Dialog<>();
        d.initOwner(owner);
        d.setTitle("Sextant");
        d.setHeaderText("Compare kept plans");
        d.getDialogPane().setContent(grid);
        d.setResizable(true);
        d.getDialogPane().getButtonTypes().add(ButtonType.CLOSE);
        d.showAndWait();
    }

    /**
     * Row labels always whole (their column never shrinks below them); the two plans share the rest and wrap rather
     * than clip.
     */
    static GridPane grid(SavedTrainingPlan a, SavedTrainingPlan b) {
        GridPane grid = dev.sextant.app.ui.shell.Dialogs.formGrid();
        ColumnConstraints labels = new ColumnConstraints();
        labels.setMinWidth(Region.USE_PREF_SIZE);
        ColumnConstraints plan = new ColumnConstraints();
        plan.setHgrow(Priority.ALWAYS);
        plan.setMinWidth(160);
        plan.setPrefWidth(300);
        grid.getColumnConstraints().setAll(labels, plan, plan);
        grid.addRow(0, new Label(""), value(bold(a.name())), value(bold(b.name())));
        for (int i = 0; i < ROWS.size(); i++) {
            Label k = new Label(ROWS.get(i).label());
            k.getStyleClass().add("text-muted");
            k.setMinWidth(Region.USE_PREF_SIZE);
            grid.addRow(i + 1, k, value(new Label(ROWS.get(i).value().apply(a))), value(new Label(ROWS.get(i).value().apply(b))));
        }
        return grid;
    }

    private static Label value(Label l) {
        l.setWrapText(true);
        l.setMinHeight(Region.USE_PREF_SIZE);
        return l;
    }

    private static Label bold(String s) {
        Label l = new Label(s);
        l.getStyleClass().add("card-title");
        return l;
    }
}
