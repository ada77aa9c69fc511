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
 * What a table shows — its visible columns, in their order, rows as filtered and sorted — as RFC 4180 CSV, cells
 * neutralised against formula injection ({@link CsvCells}), whole or not at all ({@link AtomicFile}). The cells are
 * read on the FX thread ({@link #of}); the file is written off it ({@link #write}).
 */
public record TableExport(List<String> header, List<List<Object>> rows) {

    /** The table's cells as shown now; call on the FX thread. */
    public static <T> TableExport of(TableView<T> table) {
        List<TableColumn<T, ?>> columns = table.getVisibleLeafColumns();
        List<List<Object>> rows = new ArrayList<>();
        for (int r = 0; r < table.getItems().size(); r++) {
            List<Object> row = new ArrayList<>(columns.size());
            for (TableColumn<T, ?> c : columns) {
                row.add(c.getCellData(r));
            }
            rows.add(row);
        }
        return new TableExport(columns.stream().map(TableColumn::getText).toList(), rows);
    }

    /** Writes the snapshot; returns the number of rows. */
    public int write(Path file) throws IOException {
        return AtomicFile.writeText(file, w -> {
            CsvCells.row(w, header);
            for (List<Object> row : rows) {
                CsvCells.row(w, row);
            }
            return rows.size();
        });
    }
}
