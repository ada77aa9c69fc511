package dev.sextant.app.ui.planning;

import dev.sextant.app.ui.shell.Dialogs;
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

/** Two kept plans side by side, one row per thing the area compares. */
public final class PlanComparison<T> {

    /** One line of the comparison: its label and how a plan shows it. */
    public record Row<T>(String label, Function<T, String> value) {
    }

    private final Function<T, String> name;
    private final List<Row<T>> rows;

    public PlanComparison(Function<T, String> name, List<Row<T>> rows) {
        this.name = name;
        this.rows = List.copyOf(rows);
    }

    /** The comparison in a dialog over {@code owner}; returns when it is closed. */
    public void show(Window owner, T a, T b) {
        Dialog<Void> d = new Dialog<>();
        d.initOwner(owner);
        d.setTitle("Sextant");
        d.setHeaderText("Compare kept plans");
        d.getDialogPane().setContent(grid(a, b));
        d.setResizable(true);
        d.getDialogPane().getButtonTypes().add(ButtonType.CLOSE);
        d.showAndWait();
    }

    /**
     * Row labels always whole (their column never shrinks below them); the two plans share the rest and wrap rather
     * than clip.
     */
    public GridPane grid(T a, T b) {
        GridPane grid = Dialogs.formGrid();
        ColumnConstraints labels = new ColumnConstraints();
        labels.setMinWidth(Region.USE_PREF_SIZE);
        ColumnConstraints plan = new ColumnConstraints();
        plan.setHgrow(Priority.ALWAYS);
        plan.setMinWidth(160);
        plan.setPrefWidth(300);
        grid.getColumnConstraints().setAll(labels, plan, plan);
        grid.addRow(0, new Label(""), value(bold(name.apply(a))), value(bold(name.apply(b))));
        int differ = 0;
        for (int i = 0; i < rows.size(); i++) {
            String va = rows.get(i).value().apply(a);
            String vb = rows.get(i).value().apply(b);
            boolean differs = !java.util.Objects.equals(va, vb);
            Label k = new Label((differs ? "≠ " : "") + rows.get(i).label());
            k.getStyleClass().add(differs ? "comparison-differs" : "text-muted");
            k.setMinWidth(Region.USE_PREF_SIZE);
            Label la = value(new Label(va));
            Label lb = value(new Label(vb));
            if (differs) {
                differ++;
                la.getStyleClass().add("comparison-differs");
                lb.getStyleClass().add("comparison-differs");
            }
            grid.addRow(i + 1, k, la, lb);
        }
        Label note = new Label(differ == 0 ? "The two plans agree on every row." : differ + (differ == 1 ? " row differs" : " rows differ")
                + " (marked ≠, in bold).");
        note.getStyleClass().add("text-muted");
        grid.add(note, 0, rows.size() + 1, 3, 1);
        return grid;
    }

    public List<Row<T>> rows() {
        return rows;
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
