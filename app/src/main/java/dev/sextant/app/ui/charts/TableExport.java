package dev.sextant.app.ui.charts;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;

/** Writes what a table shows — its visible columns, in their order, rows as filtered and sorted — as RFC 4180 CSV. */
public final class TableExport {

    private TableExport() {
    }

    public static <T> void csv(TableView<T> table, Path file) throws IOException {
        List<TableColumn<T, ?>> columns = table.getVisibleLeafColumns();
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (int c = 0; c < columns.size(); c++) {
                w.write((c == 0 ? "" : ",") + quote(columns.get(c).getText()));
            }
            w.write("\r\n");
            for (int r = 0; r < table.getItems().size(); r++) {
                for (int c = 0; c < columns.size(); c++) {
                    Object v = columns.get(c).getCellData(r);
                    w.write((c == 0 ? "" : ",") + quote(v == null ? "" : v.toString()));
                }
                w.write("\r\n");
            }
        }
    }

    static String quote(String s) {
        return s.contains(",") || s.contains("\"") || s.contains("\n") || s.contains("\r") ? '"' + s.replace("\"", "\"\"") + '"' : s;
    }
}
