package dev.sextant.app.ui.charts;

import dev.sextant.model.io.AtomicFile;
import dev.sextant.model.io.CsvCells;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;

/**
 * Writes what a table shows — its visible columns, in their order, rows as filtered and sorted — as RFC 4180 CSV,
 * cells neutralised against formula injection ({@link CsvCells}), whole or not at all ({@link AtomicFile}).
 */
public final class TableExport {

    private TableExport() {
    }

    public static <T> void csv(TableView<T> table, Path file) throws IOException {
        List<TableColumn<T, ?>> columns = table.getVisibleLeafColumns();
        List<String> header = columns.stream().map(TableColumn::getText).toList();
        List<List<Object>> rows = new ArrayList<>();
        for (int r = 0; r < table.getItems().size(); r++) {
            List<Object> row = new ArrayList<>(columns.size());
            for (TableColumn<T, ?> c : columns) {
                row.add(c.getCellData(r));
            }
            rows.add(row);
        }
        AtomicFile.writeText(file, w -> {
            CsvCells.row(w, header);
            for (List<Object> row : rows) {
                CsvCells.row(w, row);
            }
            return rows.size();
        });
    }
}
