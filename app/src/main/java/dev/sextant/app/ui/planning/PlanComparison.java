package dev.sextant.app.ui.planning;

import dev.sextant.app.ui.shell.Dialogs;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.BiFunction;
import java.util.function.Function;
import javafx.scene.Node;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Window;

/**
 * Two kept plans side by side, one row per thing the area compares, with the second plan's difference from the first
 * where a row is a number; an area may add a figure that overlays the two plans' curves.
 */
public final class PlanComparison<T> {

    /**
     * One line of the comparison: its label, how a plan shows it, and the number behind it (null: not a number, no
     * difference shown; the function may return null for a plan without one).
     */
    public record Row<T>(String label, Function<T, String> value, Function<T, Double> number) {

        public Row(String label, Function<T, String> value) {
            this(label, value, null);
        }
    }

    private final Function<T, String> name;
    private final List<Row<T>> rows;
    private BiFunction<T, T, Node> figure;

    public PlanComparison(Function<T, String> name, List<Row<T>> rows) {
        this.name = name;
        this.rows = List.copyOf(rows);
    }

    /** Shows {@code figure(a, b)} (the plans' curves overlaid) above the rows. */
    public PlanComparison<T> withFigure(BiFunction<T, T, Node> figure) {
        this.figure = figure;
        return this;
    }

    /**
     * The second value's difference from the first as a share of it: "+12.5 %", "−3.0 %", "same"; blank when either is
     * missing, or the first is zero and the second is not.
     */
    public static String difference(Double a, Double b) {
        if (a == null || b == null || !Double.isFinite(a) || !Double.isFinite(b)) {
            return "";
        }
        if (Math.abs(b - a) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b))) {
            return "same";
        }
        if (a == 0) {
            return "";
        }
        double pct = 100 * (b - a) / Math.abs(a);
        String text = String.format(Locale.ROOT, Math.abs(pct) >= 100 ? "%.0f %%" : "%.1f %%", Math.abs(pct));
        return (pct > 0 ? "+" : "−") + text;
    }

    /** The comparison in a dialog over {@code owner}; returns when it is closed. */
    public void show(Window owner, T a, T b) {
        Dialog<Void> d = new Dialog<>();
        d.initOwner(owner);
        d.setTitle("Sextant");
        d.setHeaderText("Compare kept plans");
        Node table = grid(a, b);
        if (figure != null) {
            VBox both = new VBox(10, figure.apply(a, b), table);
            d.getDialogPane().setContent(new ScrollPane(both));
            ((ScrollPane) d.getDialogPane().getContent()).setFitToWidth(true);
        } else {
            d.getDialogPane().setContent(table);
        }
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
        ColumnConstraints change = new ColumnConstraints();
        change.setMinWidth(Region.USE_PREF_SIZE);
        grid.getColumnConstraints().setAll(labels, plan, plan, change);
        Label changeHeader = bold("Second vs first");
        changeHeader.setMinWidth(Region.USE_PREF_SIZE);
        grid.addRow(0, new Label(""), value(bold(name.apply(a))), value(bold(name.apply(b))), changeHeader);
        int differ = 0;
        for (int i = 0; i < rows.size(); i++) {
            String va = rows.get(i).value().apply(a);
            String vb = rows.get(i).value().apply(b);
            boolean differs = !Objects.equals(va, vb);
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
            Function<T, Double> number = rows.get(i).number();
            Label diff = new Label(number == null ? "" : difference(number.apply(a), number.apply(b)));
            diff.getStyleClass().add("text-muted");
            diff.setMinWidth(Region.USE_PREF_SIZE);
            grid.addRow(i + 1, k, la, lb, diff);
        }
        Label note = new Label(
                differ == 0
                        ? "The two plans agree on every row."
                        : differ + (differ == 1 ? " row differs" : " rows differ") + " (marked ≠, in bold).");
        note.getStyleClass().add("text-muted");
        grid.add(note, 0, rows.size() + 1, 4, 1);
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
