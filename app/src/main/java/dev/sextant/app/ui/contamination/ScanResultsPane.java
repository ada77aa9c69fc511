package dev.sextant.app.ui.contamination;

import static dev.sextant.app.ui.shell.Tables.number;
import static dev.sextant.app.ui.shell.Tables.text;
import static dev.sextant.app.ui.shell.Tables.width;

import dev.sextant.app.ui.charts.Charts;
import dev.sextant.app.ui.shell.Forms;
import dev.sextant.app.ui.shell.Tables;
import dev.sextant.model.contamination.CleanSubsetRescore;
import dev.sextant.model.contamination.CoverageBins;
import dev.sextant.model.contamination.ScanResult;
import dev.sextant.model.contamination.ScanResult.ItemResult;
import dev.sextant.workspaces.RunState;
import dev.sextant.workspaces.SavedScan;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.transformation.FilteredList;
import javafx.collections.transformation.SortedList;
import javafx.fxml.FXML;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.scene.text.Text;
import javafx.scene.text.TextFlow;
import org.jfree.chart.fx.ChartViewer;

/**
 * Controller of ScanResultsPane.fxml, the Contamination area's right side: the selected scan's summary and histogram,
 * its items filtered, the selected item with every matched span and where the corpus has it, the clean-subset re-score.
 */
public final class ScanResultsPane {

    private static final String ALL = "all items";

    private final ContaminationViewModel vm;

    @FXML
    private Label summary;

    @FXML
    private ChoiceBox<String> statusFilter;

    @FXML
    private TextField itemFilter;

    @FXML
    private TableView<ItemResult> itemsTable;

    @FXML
    private StackPane histogramPane;

    @FXML
    private TextFlow itemText;

    @FXML
    private Label spansLine;

    @FXML
    private VBox locations;

    @FXML
    private TableView<CleanSubsetRescore.Row> rescoreTable;

    ScanResultsPane(ContaminationViewModel vm) {
        this.vm = vm;
    }

    @FXML
    private void initialize() {
        wireResults();
        spansLine.managedProperty().bind(spansLine.textProperty().isNotEmpty());
        spansLine.visibleProperty().bind(spansLine.managedProperty());
    }

    private void wireResults() {
        statusFilter.getItems().setAll(ALL, "dirty", "partial", "clean", "not-checkable", "dirty or partial");
        statusFilter.setValue("dirty or partial");
        FilteredList<ItemResult> filtered = new FilteredList<>(FXCollections.observableArrayList());
        Runnable refilter = () -> {
            String st = statusFilter.getValue();
            String q = itemFilter.getText() == null
                    ? ""
                    : itemFilter.getText().strip().toLowerCase(Locale.ROOT);
            filtered.setPredicate(i -> (st.equals(ALL)
                            || i.status().label().equals(st)
                            || st.equals("dirty or partial")
                                    && (i.status() == ScanResult.Status.DIRTY
                                            || i.status() == ScanResult.Status.PARTIAL))
                    && (q.isEmpty()
                            || i.id().toLowerCase(Locale.ROOT).contains(q)
                            || i.benchmark().toLowerCase(Locale.ROOT).contains(q)));
        };
        statusFilter.valueProperty().addListener((o, a, b) -> refilter.run());
        itemFilter.textProperty().addListener((o, a, b) -> refilter.run());
        SortedList<ItemResult> sorted = new SortedList<>(filtered);
        sorted.comparatorProperty().bind(itemsTable.comparatorProperty());
        itemsTable.setItems(sorted);
        var fraction = width(number("Fraction", ItemResult::tokenFraction, "%.3f"), 70);
        itemsTable
                .getColumns()
                .setAll(List.of(
                        width(text("Item", ItemResult::id), 90),
                        width(text("Status", r -> r.status().label()), 75),
                        fraction,
                        width(number("Matched", r -> (double) r.matchedNgrams(), "%,.0f"), 70),
                        width(number("Tokens", r -> (double) r.tokens(), "%,.0f"), 60),
                        width(number("Longest", r -> (double) r.longestMatch(), "%,.0f"), 65),
                        width(text("Benchmark", ItemResult::benchmark), 120)));
        itemsTable.setPlaceholder(new Label("Select a complete scan."));
        // the most contaminated first, and the first shown in full: the detail is never empty beside a full table
        fraction.setSortType(TableColumn.SortType.DESCENDING);
        itemsTable.getSortOrder().setAll(List.of(fraction));
        Tables.exportable(itemsTable, "scan-items.csv", vm.shell());
        itemsTable.getSelectionModel().selectedItemProperty().addListener((o, a, item) -> showItem(item));

        rescoreTable.setItems(vm.rescore());
        rescoreTable
                .getColumns()
                .setAll(List.of(
                        width(text("Model", CleanSubsetRescore.Row::model), 170),
                        width(text("Benchmark", CleanSubsetRescore.Row::benchmark), 110),
                        width(number("All", r -> r.all().mean(), "%.3f"), 60),
                        width(number("Clean", r -> r.clean().mean(), "%.3f"), 60),
                        width(number("Contaminated", r -> r.contaminated().mean(), "%.3f"), 100),
                        width(text("Verdict", CleanSubsetRescore.Row::verdict), 560)));
        rescoreTable.setPlaceholder(
                new Label("Clean-subset re-score: import per-item scores of this benchmark in the Evaluation area."));
        Tables.exportable(rescoreTable, "clean-subset-rescore.csv", vm.shell());

        vm.resultProperty().addListener((o, a, r) -> {
            ((ObservableList<ItemResult>) filtered.getSource()).setAll(r == null ? List.of() : r.items());
            refilter.run();
            showSummary(r);
            if (itemsTable.getItems().isEmpty()) {
                showItem(null);
            } else {
                itemsTable.getSelectionModel().clearAndSelect(0);
                showItem(itemsTable.getSelectionModel().getSelectedItem());
            }
        });
    }

    private void showSummary(ScanResult r) {
        SavedScan s = vm.selectedProperty().get();
        if (r == null) {
            summary.setText(
                    s == null
                            ? ""
                            : s.state() == RunState.COMPLETE ? "Loading…" : ContaminationViewModel.unfinishedLine(s));
            histogramPane.getChildren().clear();
            return;
        }
        var m = r.summary();
        summary.setText(String.format(
                "%s: %d items — %d dirty, %d partial, %d clean, %d not checkable (shorter than %d words). "
                        + "%.1f MB scanned, %d hash hits, %d collisions rejected.%s",
                s == null ? "Scan" : s.name(),
                m.items(),
                m.dirty(),
                m.partial(),
                m.clean(),
                m.notCheckable(),
                m.n(),
                m.bytesScanned() / 1e6,
                m.hashHits(),
                m.collisions(),
                ContaminationViewModel.fileNotes(m)));
        int[] bins = CoverageBins.count(r.items());
        List<String> labels = new ArrayList<>();
        List<Double> counts = new ArrayList<>();
        for (int b = 0; b < bins.length; b++) {
            // each bin by where it starts ("0.3": 0.3–0.4; "1": the whole item), so eleven labels fit a narrow chart
            labels.add(b == bins.length - 1 ? "1" : String.format(Locale.ROOT, "%.1f", b / 10.0));
            counts.add((double) bins[b]);
        }
        var chart = Charts.bars(
                "Contaminated-token fraction (items with a match; bins of 0.1 by their start)",
                "items",
                labels,
                counts,
                "dark".equals(vm.shell().home().settings().theme()));
        histogramPane.getChildren().setAll(new ChartViewer(chart));
    }

    private void showItem(ItemResult item) {
        itemText.getChildren().clear();
        locations.getChildren().clear();
        spansLine.setText("");
        if (item == null) {
            if (!itemsTable.getItems().isEmpty()) {
                itemText.getChildren()
                        .setAll(Forms.muted("Select an item to see its matched spans and where the corpus has them."));
            }
            return;
        }
        ContaminationViewModel.ItemDetail d = vm.detail(item);
        itemText.getChildren().setAll(texts(d.text()));
        spansLine.setText(d.spansLine());
        for (ContaminationViewModel.Place p : d.places()) {
            Label where = new Label(p.where());
            where.getStyleClass().add("text-muted");
            TextFlow snippet = new TextFlow(texts(p.snippet()).toArray(Text[]::new));
            snippet.getStyleClass().add("monospace");
            locations.getChildren().addAll(where, snippet);
        }
        if (!d.placesLine().isEmpty()) {
            locations.getChildren().add(new Label(d.placesLine()));
        }
    }

    private static List<Text> texts(List<ContaminationViewModel.Run> runs) {
        List<Text> out = new ArrayList<>();
        for (ContaminationViewModel.Run r : runs) {
            Text t = new Text(r.text());
            t.getStyleClass().add(r.matched() ? "match" : "nomatch");
            out.add(t);
        }
        return out;
    }
}
