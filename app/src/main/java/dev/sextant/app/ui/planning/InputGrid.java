package dev.sextant.app.ui.planning;

import dev.sextant.app.ui.shell.Forms;
import javafx.beans.property.StringProperty;
import javafx.beans.value.ObservableValue;
import javafx.scene.Node;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;

/**
 * A grid of labelled inputs filled top to bottom ({@link Forms#row}, so jargon in a label gets its Glossary tooltip):
 * labels at their width, inputs taking the rest; text fields are registered for their problem marks.
 */
public final class InputGrid {

    private final GridPane grid;
    private final ProblemMarks marks;
    private int next;

    /** Takes over {@code grid} (an empty one, from FXML say). */
    public InputGrid(GridPane grid, ProblemMarks marks) {
        this.grid = grid;
        this.marks = marks;
        Forms.columns(grid);
    }

    /** A new grid with the planning areas' gaps. */
    public InputGrid(ProblemMarks marks) {
        this(gapped(), marks);
    }

    private static GridPane gapped() {
        GridPane g = new GridPane();
        g.setHgap(8);
        g.setVgap(6);
        return g;
    }

    /** A labelled row showing {@code input}; returns it. */
    public <N extends Node> N row(String label, N input) {
        Forms.row(grid, next++, label, input);
        return input;
    }

    /** A row whose label follows {@code label} (a label that names a setting, say the currency); returns the input. */
    public <N extends Node> N row(ObservableValue<String> label, N input) {
        Forms.row(grid, next++, label.getValue(), input).textProperty().bind(label);
        return input;
    }

    /**
     * A labelled text field bound both ways to {@code property}, registered under {@code key} for problem marks
     * (none when null); {@code id} may be null.
     */
    public TextField field(String label, String key, StringProperty property, String prompt, String id) {
        TextField f = Forms.field(property, prompt, id);
        if (key != null) {
            marks.add(key, f);
        }
        return row(label, f);
    }

    /** A node spanning both columns on the next row. */
    public <N extends Node> N span(N node) {
        grid.add(node, 0, next++, 2, 1);
        return node;
    }

    public GridPane grid() {
        return grid;
    }
}
