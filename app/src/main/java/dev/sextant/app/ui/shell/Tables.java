package dev.sextant.app.ui.shell;

import dev.sextant.app.ui.charts.TableExport;
import java.io.File;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.stage.FileChooser;

/** The one way the workbench builds table columns (text, formatted numbers that sort as numbers) and CSV export. */
public final class Tables {

    private Tables() {
    }

    public static <T, C extends TableColumn<T, ?>> C width(C column, double width) {
        column.setPrefWidth(width);
        return column;
    }

    public static <T> TableColumn<T, String> text(String title, Function<T, String> value) {
        TableColumn<T, String> c = new TableColumn<>(title);
        c.setCellValueFactory(d -> new ReadOnlyObjectWrapper<>(value.apply(d.getValue())));
        return c;
    }

    /** A numeric column: sorts by value, shows {@code format}, a dash for none (null or NaN). */
    public static <T> TableColumn<T, Double> number(String title, Function<T, Double> value, String format) {
        TableColumn<T, Double> c = new TableColumn<>(title);
        c.setCellValueFactory(d -> {
            Double v = value.apply(d.getValue());
            return new ReadOnlyObjectWrapper<>(v == null || v.isNaN() ? null : v);
        });
        c.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(Double v, boolean empty) {
                super.updateItem(v, empty);
                setText(empty ? null : v == null ? "–" : String.format(format, v));
            }
        });
        c.getStyleClass().add("numeric");
        return c;
    }

    /** Adds "Export as CSV…" to the table's context menu; the outcome goes to the status line or an error dialog. */
    public static void exportable(TableView<?> table, String defaultName, ShellModel shell) {
        MenuItem export = new MenuItem("Export as CSV…");
        export.setOnAction(e -> {
            FileChooser chooser = ExportChooser.of(shell, "Export table as CSV", defaultName.replaceFirst("\\.csv$", ""), "CSV", "csv");
            File f = chooser.showSaveDialog(table.getScene().getWindow());
            if (f != null) {
                TableExport cells = TableExport.of(table); // read on the FX thread, written (and synced) off it
                shell.jobs().submit("Export table", (progress, cancel) -> cells.write(f.toPath()),
                        n -> shell.statusProperty().set("Exported " + n + " rows to " + f));
            }
        });
        table.setContextMenu(new ContextMenu(export));
    }
}
