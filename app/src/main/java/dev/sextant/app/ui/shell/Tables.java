package dev.sextant.app.ui.shell;

import dev.sextant.app.ui.charts.TableExport;
import dev.sextant.workspaces.WorkspaceHome;
import java.io.File;
import java.nio.file.Path;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.value.ObservableValue;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableColumnBase;
import javafx.scene.control.TableView;
import javafx.scene.control.TreeTableCell;
import javafx.scene.control.TreeTableColumn;
import javafx.scene.control.TreeTableView;
import javafx.scene.text.Text;
import javafx.scene.text.TextAlignment;
import javafx.stage.FileChooser;

/** The one way the workbench builds table columns (text, formatted numbers that sort as numbers) and CSV export. */
public final class Tables {

    private Tables() {}

    public static <T, C extends TableColumn<T, ?>> C width(C column, double width) {
        column.setPrefWidth(width);
        return column;
    }

    /** A text column; its cells show their full text as a tooltip while clipped, and wrap when {@link #fit} finds them long. */
    public static <T> TableColumn<T, String> text(String title, Function<T, String> value) {
        TableColumn<T, String> c = new TableColumn<>(title);
        c.setCellValueFactory(d -> new ReadOnlyObjectWrapper<>(value.apply(d.getValue())));
        display(c, v -> v == null ? "" : v);
        return c;
    }

    /** A numeric column: sorts by value, shows {@code format}, a dash for none (null or NaN). */
    public static <T> TableColumn<T, Double> number(String title, Function<T, Double> value, String format) {
        TableColumn<T, Double> c = new TableColumn<>(title);
        c.setCellValueFactory(d -> {
            Double v = value.apply(d.getValue());
            return new ReadOnlyObjectWrapper<>(v == null || v.isNaN() ? null : v);
        });
        display(c, v -> v == null ? "–" : String.format(format, v));
        c.getStyleClass().add("numeric");
        return c;
    }

    /**
     * A numeric column whose format follows {@code format} (a money format that follows the currency setting, say):
     * its cells are redrawn when the format changes.
     */
    public static <T> TableColumn<T, Double> number(
            String title, Function<T, Double> value, ObservableValue<String> format) {
        TableColumn<T, Double> c = number(title, value, format.getValue());
        display(c, v -> v == null ? "–" : String.format(format.getValue(), v));
        // the column holds its format (a binding is only weakly held by what it observes)
        c.getProperties().put(Tables.class, format);
        format.addListener((o, was, now) -> {
            if (c.getTableView() != null) {
                c.getTableView().refresh();
            }
        });
        return c;
    }

    /** Cells that show {@code display} of their value (what {@link #fit} measures too). */
    private static <T, V> void display(TableColumn<T, V> c, Function<V, String> display) {
        c.getProperties().put(ColumnFit.DISPLAY, display);
        c.setCellFactory(col -> new FittedCell<>(display));
    }

    /**
     * Fits the table's columns to their content at first show and whenever its items change, until the user drags a
     * column (whose width is then remembered under {@code key} and the column's title); clipped cells get their full
     * text as a tooltip. Every table in the workbench goes through here: those in FXML views through
     * {@link FxmlView#load}, the others by a call.
     */
    public static void fit(TableView<?> table, String key) {
        ColumnFit.fit(table, key);
        wrapPlaceholder(table.getPlaceholder());
        table.placeholderProperty().addListener((o, a, p) -> wrapPlaceholder(p));
    }

    /**
     * An empty table's sentence wraps inside the table, muted, rather than running out of it in the body's size (it is
     * a hint, not a result).
     */
    private static void wrapPlaceholder(Node placeholder) {
        if (placeholder instanceof Label l) {
            l.setWrapText(true);
            l.setTextAlignment(TextAlignment.CENTER);
            l.setPadding(new Insets(8, 16, 8, 16));
            if (!l.getStyleClass().contains("text-muted")) {
                l.getStyleClass().add("text-muted");
            }
        }
    }

    /** As {@link #fit(TableView, String)} for a tree table. */
    public static void fit(TreeTableView<?> table, String key) {
        ColumnFit.fit(table, key);
    }

    /** Dragged column widths are remembered in this home's settings from now on. */
    public static void rememberWidthsIn(WorkspaceHome home) {
        ColumnFit.rememberIn(home);
    }

    /**
     * The one cell of {@link #text} and {@link #number} columns: full text as a tooltip while clipped; wraps (to a few
     * lines) when the column's text is too long to fit a column.
     */
    static final class FittedCell<S, V> extends TableCell<S, V> {
        private final Function<V, String> display;

        FittedCell(Function<V, String> display) {
            this.display = display;
            ColumnFit.tipWhenClipped(this);
        }

        @Override
        protected void updateItem(V v, boolean empty) {
            super.updateItem(v, empty);
            setWrapText(wraps(getTableColumn()));
            setText(empty ? null : display.apply(v));
        }

        @Override
        protected double computePrefHeight(double width) {
            return fittedHeight(this, getTableColumn(), super.computePrefHeight(width));
        }
    }

    /**
     * Text cells for a tree table's column: full text as a tooltip while clipped, wrapped (to a few lines) when the
     * column's text is too long to fit a column, as {@link #text} columns do.
     */
    public static <S> void textCells(TreeTableColumn<S, String> column) {
        Function<String, String> display = v -> v == null ? "" : v;
        column.getProperties().put(ColumnFit.DISPLAY, display);
        column.setCellFactory(col -> new FittedTreeCell<>(display));
    }

    static final class FittedTreeCell<S, V> extends TreeTableCell<S, V> {
        private final Function<V, String> display;

        FittedTreeCell(Function<V, String> display) {
            this.display = display;
            ColumnFit.tipWhenClipped(this);
        }

        @Override
        protected void updateItem(V v, boolean empty) {
            super.updateItem(v, empty);
            setWrapText(wraps(getTableColumn()));
            setText(empty ? null : display.apply(v));
        }

        @Override
        protected double computePrefHeight(double width) {
            return fittedHeight(this, getTableColumn(), super.computePrefHeight(width));
        }
    }

    /** Whether {@link ColumnFit} found the column's text too long for one line (table and tree-table columns alike). */
    private static boolean wraps(TableColumnBase<?, ?> column) {
        return column != null && Boolean.TRUE.equals(column.getProperties().get(ColumnFit.WRAP));
    }

    /** A fitted cell's height: its wrapped lines in a wrapping column, else the single-line height. */
    private static double fittedHeight(Labeled cell, TableColumnBase<?, ?> column, double single) {
        return wraps(column) ? wrappedHeight(cell, column.getWidth(), single) : single;
    }

    /** The height a wrapping cell needs in a column this wide: its lines, at most {@link ColumnFit#MAX_WRAPPED_LINES}. */
    private static double wrappedHeight(Labeled cell, double columnWidth, double single) {
        String text = cell.getText();
        if (text == null || text.isEmpty()) {
            return single;
        }
        // a few pixels narrower than the label wraps at, so the estimate never comes out a line short
        double inner = columnWidth
                - cell.snappedLeftInset()
                - cell.snappedRightInset()
                - cell.getLabelPadding().getLeft()
                - cell.getLabelPadding().getRight()
                - 6;
        Text t = new Text("X");
        t.setFont(cell.getFont());
        double line = t.getLayoutBounds().getHeight();
        t.setText(text);
        t.setWrappingWidth(Math.max(1, inner));
        double lines = Math.min(Math.ceil(t.getLayoutBounds().getHeight() / line - 0.01), ColumnFit.MAX_WRAPPED_LINES);
        // a label spaces its lines a little wider than a bare Text measures them: a
        // pixel a line more, or its last line is cut
        return Math.max(single, cell.snappedTopInset() + Math.ceil(lines * (line + 1)) + 2 + cell.snappedBottomInset());
    }

    /** Adds "Export as CSV…" to the table's context menu; the outcome goes to the status line or an error dialog. */
    public static void exportable(TableView<?> table, String defaultName, ShellModel shell) {
        MenuItem export = new MenuItem("Export as CSV…");
        export.setOnAction(e -> {
            FileChooser chooser = ExportChooser.of(
                    shell, "Export table as CSV", defaultName.replaceFirst("\\.csv$", ""), "CSV", "csv");
            File chosen = chooser.showSaveDialog(table.getScene().getWindow());
            if (chosen != null) {
                Path f = ExportChooser.withExtension(chooser, chosen);
                TableExport cells = TableExport.of(table); // read on the FX thread, written (and synced) off it
                shell.jobs().submit("Export table", (progress, cancel) -> cells.write(f), n -> shell.statusProperty()
                        .set("Exported " + n + " rows to " + f));
            }
        });
        table.setContextMenu(new ContextMenu(export));
    }
}
