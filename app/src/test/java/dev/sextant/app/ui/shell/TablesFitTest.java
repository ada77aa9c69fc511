package dev.sextant.app.ui.shell;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sextant.workspaces.WorkspaceHome;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import javafx.collections.FXCollections;
import javafx.scene.Scene;
import javafx.scene.control.Labeled;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.StackPane;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/** {@link Tables#fit}: columns as wide as their header and cells, tooltips on clipped cells, dragged widths remembered. */
@ExtendWith(ApplicationExtension.class)
class TablesFitTest {

    record Row(String name, String note, double value) {}

    static final String LONG =
            "a reason long enough that no column of at most 420 pixels can hold it on one line, so it wraps "
                    + "over two or three lines instead of being cut";

    @TempDir
    Path tmp;

    final List<Stage> stages = new ArrayList<>();

    @AfterEach
    void close() throws Exception {
        Tables.rememberWidthsIn(null);
        FxToolkit.setupFixture(() -> stages.forEach(Stage::close));
    }

    private TableView<Row> show(String id, List<Row> rows) throws Exception {
        TableView<Row> table = new TableView<>();
        table.setId(id);
        table.getColumns()
                .setAll(List.of(
                        Tables.width(Tables.text("Name of the benchmark", Row::name), 30),
                        Tables.width(Tables.number("SE clustered", Row::value, "%.4f"), 20),
                        Tables.text("Reason", Row::note)));
        Tables.fit(table, id);
        table.setItems(FXCollections.observableArrayList(rows));
        return showIn(table, 1200, 400);
    }

    private TableView<Row> showIn(TableView<Row> table, double width, double height) throws Exception {
        FxToolkit.setupFixture(() -> {
            Stage stage = new Stage();
            stage.setScene(new Scene(new StackPane(table), width, height));
            stage.show();
            stages.add(stage);
        });
        settle();
        return table;
    }

    @Test
    void columnsFitTheirHeaderAndCellsAndLongTextWraps(FxRobot robot) throws Exception {
        TableView<Row> table = show("fit", List.of(new Row("GPQA Diamond, the long variant name", LONG, 0.0123)));
        for (var node : table.lookupAll(".column-header .label")) {
            Labeled header = (Labeled) node;
            assertThat(ColumnFit.shownText(header).getText())
                    .as("header %s", header.getText())
                    .isEqualTo(header.getText());
        }
        TableCell<?, ?> name = cell(table, 0);
        assertThat(ColumnFit.shownText(name).getText()).isEqualTo("GPQA Diamond, the long variant name");
        assertThat(table.getColumns().get(1).getWidth()).isLessThan(200); // sized to "SE clustered", not stretched
        assertThat(table.getColumns().get(2).getProperties().get(ColumnFit.WRAP))
                .isEqualTo(true);
        TableCell<?, ?> reason = cell(table, 2);
        assertThat(reason.isWrapText()).isTrue();
        Text line = new Text("X");
        line.setFont(reason.getFont());
        double oneLine = line.getLayoutBounds().getHeight();
        assertThat(reason.getHeight()).isGreaterThan(2 * oneLine); // two or three lines, not one cut line
        assertThat(ColumnFit.shownText(reason).getText()).isEqualTo(LONG); // and all of it: it fits in three lines
    }

    @Test
    void inANarrowTableTheLongestTextColumnWrapsRatherThanPushTheOthersOutOfView(FxRobot robot) throws Exception {
        // a kept-plans list: a name of ~350 px (under the 420 px at which text always wraps) beside other columns
        TableView<Row> table = new TableView<>();
        table.getColumns()
                .setAll(List.of(
                        Tables.text("Plan", Row::name),
                        Tables.number("GPUs", Row::value, "%,.0f"),
                        Tables.text("Step s", Row::note)));
        Tables.fit(table, "kept");
        table.setItems(FXCollections.observableArrayList(
                new Row("Llama 3 70B on 64 H100, NVIDIA's benchmark layout (demo)", "14.2", 64)));
        showIn(table, 400, 300);
        TableCell<?, ?> plan = cell(table, 0);
        assertThat(table.getColumns().get(0).getProperties().get(ColumnFit.WRAP))
                .isEqualTo(true);
        assertThat(plan.isWrapText()).isTrue();
        assertThat(ColumnFit.shownText(plan).getText())
                .as(
                        "plan column %.0f px, cell %.0f high",
                        table.getColumns().get(0).getWidth(), plan.getHeight())
                .isEqualTo("Llama 3 70B on 64 H100, NVIDIA's benchmark layout (demo)");
        assertThat(ColumnFit.shownText(cell(table, 2)).getText()).isEqualTo("14.2"); // the last column in view, whole
        double columns =
                table.getColumns().stream().mapToDouble(TableColumn::getWidth).sum();
        assertThat(columns).isLessThanOrEqualTo(table.getWidth());
    }

    @Test
    void aClippedCellShowsItsFullTextAsATooltip(FxRobot robot) throws Exception {
        TableView<Row> table = show("narrow", List.of(new Row("Humanity's Last Exam (text only)", "short", 1)));
        TableColumn<Row, ?> name = table.getColumns().get(0);
        robot.interact(() -> table.resizeColumn(name, 40 - name.getWidth())); // as a user dragging it narrow
        settle();
        TableCell<?, ?> cell = cell(table, 0);
        assertThat(ColumnFit.shownText(cell).getText()).isNotEqualTo(cell.getText()); // drawn with an ellipsis
        assertThat(cell.getTooltip()).isNotNull();
        assertThat(cell.getTooltip().getText()).isEqualTo("Humanity's Last Exam (text only)");

        robot.interact(() -> table.resizeColumn(name, 400 - name.getWidth()));
        settle();
        assertThat(cell(table, 0).getTooltip()).isNull(); // whole again: no tooltip needed
    }

    @Test
    void widthsTheUserDragsAreRememberedInTheSettingsAndReappliedAtTheNextShow(FxRobot robot) throws Exception {
        WorkspaceHome home = new WorkspaceHome(tmp.resolve("home"));
        Tables.rememberWidthsIn(home);
        TableView<Row> first = show("remembered", List.of(new Row("MMLU", "fine", 0.5)));
        TableColumn<Row, ?> name = first.getColumns().get(0);
        robot.interact(() -> first.resizeColumn(name, 333 - name.getWidth()));
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> home.settings()
                .columnWidths()
                .containsKey("remembered/Name of the benchmark"));
        assertThat(home.settings().columnWidths().get("remembered/Name of the benchmark"))
                .isEqualTo(333.0);

        // a later session: the same table opens at the width the user left it, not at its content's
        TableView<Row> again = show("remembered", List.of(new Row("MMLU", "fine", 0.5)));
        assertThat(again.getColumns().get(0).getWidth()).isEqualTo(333.0);
        // and items arriving later do not undo it
        robot.interact(() -> again.getItems().add(new Row("A much longer benchmark name than before", "x", 1)));
        settle();
        assertThat(again.getColumns().get(0).getWidth()).isEqualTo(333.0);
    }

    @Test
    void measuresAtMostTheFirstRowsOfALargeTable(FxRobot robot) throws Exception {
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            rows.add(new Row("item-" + i, "n", i));
        }
        rows.add(new Row("an item name far longer than every one of the first two hundred rows", "n", 0));
        long start = System.nanoTime();
        TableView<Row> table = show("large", rows);
        assertThat((System.nanoTime() - start) / 1e9).isLessThan(10);
        assertThat(table.getColumns().get(0).getWidth()).isLessThan(300); // the last row was not measured
    }

    private static TableCell<?, ?> cell(TableView<?> table, int column) {
        for (var n : table.lookupAll(".table-cell")) {
            TableCell<?, ?> c = (TableCell<?, ?>) n;
            if (c.getTableColumn() == table.getColumns().get(column) && c.getIndex() == 0 && !c.isEmpty()) {
                return c;
            }
        }
        throw new AssertionError("no cell in column " + column);
    }

    private static void settle() throws Exception {
        for (int i = 0; i < 4; i++) {
            WaitForAsyncUtils.waitForFxEvents();
        }
    }

    @SuppressWarnings("unused")
    private static void waitUntil(Supplier<Boolean> condition) throws Exception {
        WaitForAsyncUtils.waitFor(15, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(condition::get)
                .get());
    }
}
