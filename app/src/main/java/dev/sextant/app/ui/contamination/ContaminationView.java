package dev.sextant.app.ui.contamination;

import static dev.sextant.app.ui.shell.Tables.number;
import static dev.sextant.app.ui.shell.Tables.text;
import static dev.sextant.app.ui.shell.Tables.width;

import dev.sextant.app.ui.charts.Charts;
import dev.sextant.app.ui.shell.Dialogs;
import dev.sextant.app.ui.shell.Tables;
import dev.sextant.model.contamination.CleanSubsetRescore;
import dev.sextant.model.contamination.ScanResult;
import dev.sextant.model.contamination.ScanResult.ItemResult;
import dev.sextant.workspaces.SavedScan;
import java.io.File;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.collections.transformation.FilteredList;
import javafx.collections.transformation.SortedList;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.scene.text.Text;
import javafx.scene.text.TextFlow;
import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;
import org.jfree.chart.fx.ChartViewer;

/** Controller of ContaminationView.fxml: wiring only. */
public final class ContaminationView {

    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").withZone(ZoneId.systemDefault());
    private static final String ALL = "all items";

    private final ContaminationViewModel vm;

    @FXML private VBox root;
    @FXML private Label problem;
    @FXML private Button addBenchmark;
    @FXML private ListView<java.nio.file.Path> benchmarkList;
    @FXML private GridPane options;
    @FXML private Button addCorpusFiles;
    @FXML private Button addCorpusFolder;
    @FXML private ListView<java.nio.file.Path> corpusList;
    @FXML private Button clearInputs;
    @FXML private Button runScan;
    @FXML private Button resumeScan;
    @FXML private Button resumeSkipping;
    @FXML private Button exportScan;
    @FXML private Button deleteScan;
    @FXML private TableView<SavedScan> scansTable;
    @FXML private Label summary;
    @FXML private ChoiceBox<String> statusFilter;
    @FXML private TextField itemFilter;
    @FXML private TableView<ItemResult> itemsTable;
    @FXML private StackPane histogramPane;
    @FXML private TextFlow itemText;
    @FXML private Label spansLine;
    @FXML private VBox locations;
    @FXML private TableView<CleanSubsetRescore.Row> rescoreTable;

    private final List<dev.sextant.model.contamination.BenchmarkItem> itemTexts = new ArrayList<>();

    public ContaminationView(ContaminationViewModel vm) {
        this.vm = vm;
    }

    @FXML
    private void initialize() {
        dev.sextant.app.ui.shell.Forms.bindProblem(problem, vm.problemProperty());
        wireInputs();
        wireScans();
        wireResults();
        spansLine.managedProperty().bind(spansLine.textProperty().isNotEmpty());
        spansLine.visibleProperty().bind(spansLine.managedProperty());
    }

    private void wireInputs() {
        benchmarkList.setItems(vm.benchmarkFiles());
        corpusList.setItems(vm.corpusPaths());
        benchmarkList.setPlaceholder(new Label("samples_*.jsonl, JSONL, chat JSONL, CSV, Parquet or text"));
        corpusList.setPlaceholder(new Label("JSONL, chat JSONL, Parquet, text, .gz, .zst files or folders"));
        addBenchmark.setOnAction(e -> {
            List<File> files = new FileChooser().showOpenMultipleDialog(root.getScene().getWindow());
            if (files != null) {
                files.forEach(f -> vm.benchmarkFiles().add(f.toPath()));
            }
        });
        addCorpusFiles.setOnAction(e -> {
            List<File> files = new FileChooser().showOpenMultipleDialog(root.getScene().getWindow());
            if (files != null) {
                files.forEach(f -> vm.corpusPaths().add(f.toPath()));
            }
        });
        addCorpusFolder.setOnAction(e -> {
            File dir = new DirectoryChooser().showDialog(root.getScene().getWindow());
            if (dir != null) {
                vm.corpusPaths().add(dir.toPath());
            }
        });
        clearInputs.setOnAction(e -> {
            vm.benchmarkFiles().clear();
            vm.corpusPaths().clear();
        });
        String[][] rows = {{"Text fields", "question, choices, answer — empty: all text"}, {"Id field", "id or line number"},
                {"Benchmark name", "from the file name"}, {"n-gram words", ""}, {"Dirty at", ""}};
        javafx.beans.property.StringProperty[] props = {vm.fieldsProperty(), vm.idFieldProperty(), vm.benchmarkNameProperty(),
                vm.ngramProperty(), vm.dirtyProperty()};
        for (int i = 0; i < rows.length; i++) {
            TextField f = new TextField();
            f.setPromptText(rows[i][1]);
            f.textProperty().bindBidirectional(props[i]);
            Label l = new Label(rows[i][0]);
            l.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
            options.addRow(i, l, f);
        }
        runScan.setOnAction(e -> vm.run());
        runScan.disableProperty().bind(vm.shell().jobs().runningProperty());
    }

    private void wireScans() {
        scansTable.setItems(vm.scans());
        scansTable.getColumns().setAll(List.of(
                width(text("Scan", s -> s.name() + (s.demo() ? " (demo)" : "")), 200),
                width(text("State", ContaminationViewModel::stateLabel), 80),
                width(number("Items", s -> s.summary() == null ? null : (double) s.summary().items(), "%,.0f"), 60),
                width(number("Dirty", s -> s.summary() == null ? null : (double) s.summary().dirty(), "%,.0f"), 55),
                width(number("Partial", s -> s.summary() == null ? null : (double) s.summary().partial(), "%,.0f"), 60),
                width(text("Updated", s -> WHEN.format(s.updatedAt())), 130)));
        scansTable.setPlaceholder(new Label("No scans yet in this project."));
        scansTable.setRowFactory(t -> new javafx.scene.control.TableRow<>() {
            @Override
            protected void updateItem(SavedScan s, boolean empty) {
                super.updateItem(s, empty);
                setTooltip(empty || s == null ? null : new javafx.scene.control.Tooltip(ContaminationViewModel.stateDetail(s)));
            }
        });
        scansTable.getSelectionModel().selectedItemProperty().addListener((o, a, s) -> {
            if (s != null && !s.equals(vm.selectedProperty().get())) {
                vm.selectedProperty().set(s);
            }
        });
        vm.selectedProperty().addListener((o, a, s) -> {
            if (s != null && scansTable.getSelectionModel().getSelectedItem() != s) {
                scansTable.getSelectionModel().select(s);
            }
        });
        var sel = scansTable.getSelectionModel().selectedItemProperty();
        resumeScan.disableProperty().bind(javafx.beans.binding.Bindings.createBooleanBinding(
                () -> !vm.canResume(sel.get()), sel).or(vm.shell().jobs().runningProperty()));
        resumeSkipping.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(
                () -> vm.skipAction(sel.get()) == null ? "" : vm.skipAction(sel.get()), sel));
        resumeSkipping.visibleProperty().bind(resumeSkipping.textProperty().isNotEmpty());
        resumeSkipping.managedProperty().bind(resumeSkipping.visibleProperty());
        resumeSkipping.disableProperty().bind(vm.shell().jobs().runningProperty());
        resumeSkipping.setOnAction(e -> vm.resumeSkippingFailedFile(sel.get()));
        exportScan.disableProperty().bind(vm.resultProperty().isNull());
        deleteScan.disableProperty().bind(sel.isNull());
        resumeScan.setOnAction(e -> vm.resume(sel.get()));
        deleteScan.setOnAction(e -> {
            SavedScan s = sel.get();
            if (Dialogs.confirm(root.getScene().getWindow(), "Delete scan “" + s.name() + "”?", "Its results are deleted with it.", "Delete")) {
                vm.delete(s);
            }
        });
        exportScan.setOnAction(e -> exportContaminated());
    }

    private void exportContaminated() {
        ScanResult r = vm.resultProperty().get();
        FileChooser chooser = dev.sextant.app.ui.shell.ExportChooser.of(vm.shell(), "Export contaminated items", "contaminated-items", "CSV", "csv");
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("JSON Lines", "*.jsonl"));
        File f = chooser.showSaveDialog(root.getScene().getWindow());
        if (f == null) {
            return;
        }
        vm.exportContaminated(r, f.toPath());
    }

    private void wireResults() {
        statusFilter.getItems().setAll(ALL, "dirty", "partial", "clean", "not-checkable", "dirty or partial");
        statusFilter.setValue("dirty or partial");
        FilteredList<ItemResult> filtered = new FilteredList<>(javafx.collections.FXCollections.observableArrayList());
        Runnable refilter = () -> {
            String st = statusFilter.getValue();
            String q = itemFilter.getText() == null ? "" : itemFilter.getText().strip().toLowerCase(Locale.ROOT);
            filtered.setPredicate(i -> (st.equals(ALL) || i.status().label().equals(st)
                    || st.equals("dirty or partial") && (i.status() == ScanResult.Status.DIRTY || i.status() == ScanResult.Status.PARTIAL))
                    && (q.isEmpty() || i.id().toLowerCase(Locale.ROOT).contains(q) || i.benchmark().toLowerCase(Locale.ROOT).contains(q)));
        };
        statusFilter.valueProperty().addListener((o, a, b) -> refilter.run());
        itemFilter.textProperty().addListener((o, a, b) -> refilter.run());
        SortedList<ItemResult> sorted = new SortedList<>(filtered);
        sorted.comparatorProperty().bind(itemsTable.comparatorProperty());
        itemsTable.setItems(sorted);
        itemsTable.getColumns().setAll(List.of(
                width(text("Item", ItemResult::id), 90),
                width(text("Status", r -> r.status().label()), 75),
                width(number("Fraction", ItemResult::tokenFraction, "%.3f"), 70),
                width(number("Matched", r -> (double) r.matchedNgrams(), "%,.0f"), 70),
                width(number("Tokens", r -> (double) r.tokens(), "%,.0f"), 60),
                width(number("Longest", r -> (double) r.longestMatch(), "%,.0f"), 65),
                width(text("Benchmark", ItemResult::benchmark), 120)));
        itemsTable.setPlaceholder(new Label("Select a complete scan."));
        Tables.exportable(itemsTable, "scan-items.csv", vm.shell());
        itemsTable.getSelectionModel().selectedItemProperty().addListener((o, a, item) -> showItem(item));

        rescoreTable.setItems(vm.rescore());
        rescoreTable.getColumns().setAll(List.of(
                width(text("Model", CleanSubsetRescore.Row::model), 170),
                width(text("Benchmark", CleanSubsetRescore.Row::benchmark), 110),
                width(number("All", r -> r.all().mean(), "%.3f"), 60),
                width(number("Clean", r -> r.clean().mean(), "%.3f"), 60),
                width(number("Contaminated", r -> r.contaminated().mean(), "%.3f"), 100),
                width(text("Verdict", CleanSubsetRescore.Row::verdict), 560)));
        rescoreTable.setPlaceholder(new Label("Clean-subset re-score: import per-item scores of this benchmark in the Evaluation area."));
        Tables.exportable(rescoreTable, "clean-subset-rescore.csv", vm.shell());

        vm.resultProperty().addListener((o, a, r) -> {
            ((javafx.collections.ObservableList<ItemResult>) filtered.getSource()).setAll(r == null ? List.of() : r.items());
            refilter.run();
            showSummary(r);
            showItem(null);
        });
    }

    private void showSummary(ScanResult r) {
        SavedScan s = vm.selectedProperty().get();
        if (r == null) {
            summary.setText(s == null ? "" : s.state().equals(SavedScan.COMPLETE) ? "Loading…" : ContaminationViewModel.unfinishedLine(s));
            histogramPane.getChildren().clear();
            return;
        }
        var m = r.summary();
        summary.setText(String.format("%s: %d items — %d dirty, %d partial, %d clean, %d not checkable (shorter than %d words). "
                + "%.1f MB scanned, %d hash hits, %d collisions rejected.%s", s == null ? "Scan" : s.name(), m.items(), m.dirty(),
                m.partial(), m.clean(), m.notCheckable(), m.n(), m.bytesScanned() / 1e6, m.hashHits(), m.collisions(),
                ContaminationViewModel.fileNotes(m)));
        int[] bins = new int[10];
        for (ItemResult i : r.items()) {
            if (i.status() != ScanResult.Status.NOT_CHECKABLE && i.matchedNgrams() > 0) {
                bins[Math.min(9, (int) (i.tokenFraction() * 10))]++;
            }
        }
        List<String> labels = new ArrayList<>();
        List<Double> counts = new ArrayList<>();
        for (int b = 0; b < 10; b++) {
            labels.add(String.format("%.1f", b / 10.0));
            counts.add((double) bins[b]);
        }
        var chart = Charts.bars("Contaminated-token fraction (items with a match)", "items", labels, counts,
                "dark".equals(vm.shell().home().settings().theme()));
        histogramPane.getChildren().setAll(new ChartViewer(chart));
    }

    private void showItem(ItemResult item) {
        itemText.getChildren().clear();
        locations.getChildren().clear();
        spansLine.setText("");
        if (item == null) {
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
