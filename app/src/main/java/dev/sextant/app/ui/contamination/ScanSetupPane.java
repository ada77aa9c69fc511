package dev.sextant.app.ui.contamination;

import static dev.sextant.app.ui.shell.Tables.number;
import static dev.sextant.app.ui.shell.Tables.text;
import static dev.sextant.app.ui.shell.Tables.width;

import dev.sextant.app.ui.shell.ClusterChoice;
import dev.sextant.app.ui.shell.Dialogs;
import dev.sextant.app.ui.shell.ExportChooser;
import dev.sextant.model.contamination.ScanResult;
import dev.sextant.workspaces.SavedScan;
import java.io.File;
import java.nio.file.Path;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.beans.property.StringProperty;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Region;
import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;

/** Controller of ScanSetupPane.fxml, the Contamination area's left side: a new scan's inputs and options, and the kept scans. */
public final class ScanSetupPane {

    private static final DateTimeFormatter WHEN =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").withZone(ZoneId.systemDefault());

    private final ContaminationViewModel vm;

    @FXML
    private ScrollPane root;

    @FXML
    private Button addBenchmark;

    @FXML
    private ListView<Path> benchmarkList;

    @FXML
    private GridPane options;

    @FXML
    private Button addCorpusFiles;

    @FXML
    private Button addCorpusFolder;

    @FXML
    private ListView<Path> corpusList;

    @FXML
    private Button clearInputs;

    @FXML
    private Button runScan;

    @FXML
    private HBox runRow;

    @FXML
    private Button resumeScan;

    @FXML
    private Button resumeSkipping;

    @FXML
    private Button exportScan;

    @FXML
    private Button deleteScan;

    @FXML
    private TableView<SavedScan> scansTable;

    ScanSetupPane(ContaminationViewModel vm) {
        this.vm = vm;
    }

    @FXML
    private void initialize() {
        wireInputs();
        wireScans();
    }

    private void wireInputs() {
        benchmarkList.setItems(vm.benchmarkFiles());
        corpusList.setItems(vm.corpusPaths());
        benchmarkList.setPlaceholder(new Label("samples_*.jsonl, JSONL, chat JSONL, CSV, Parquet or text"));
        corpusList.setPlaceholder(new Label("JSONL, chat JSONL, Parquet, text, .gz, .zst files or folders"));
        addBenchmark.setOnAction(e -> {
            List<File> files =
                    new FileChooser().showOpenMultipleDialog(root.getScene().getWindow());
            if (files != null) {
                files.forEach(f -> vm.benchmarkFiles().add(f.toPath()));
            }
        });
        addCorpusFiles.setOnAction(e -> {
            List<File> files =
                    new FileChooser().showOpenMultipleDialog(root.getScene().getWindow());
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
        String[][] rows = {
            {"Text fields", "question, choices, answer — empty: all text"},
            {"Id field", "id or line number"},
            {"Benchmark name", "from the file name"},
            {"n-gram words", ""},
            {"Dirty at", ""}
        };
        StringProperty[] props = {
            vm.fieldsProperty(),
            vm.idFieldProperty(),
            vm.benchmarkNameProperty(),
            vm.ngramProperty(),
            vm.dirtyProperty()
        };
        for (int i = 0; i < rows.length; i++) {
            TextField f = new TextField();
            f.setPromptText(rows[i][1]);
            f.textProperty().bindBidirectional(props[i]);
            Label l = new Label(rows[i][0]);
            l.setMinWidth(Region.USE_PREF_SIZE);
            options.addRow(i, l, f);
        }
        runScan.setOnAction(e -> vm.run());
        runScan.disableProperty().bind(vm.shell().jobs().runningProperty());
        // on a line of its own above the buttons: beside them, in the narrow setup column, every label was cut short
        Pane column = (Pane) runRow.getParent();
        column.getChildren()
                .add(
                        column.getChildren().indexOf(runRow),
                        ClusterChoice.checkBox(vm.onClusterProperty(), vm.shell(), "scan-on-cluster"));
    }

    private void wireScans() {
        scansTable.setItems(vm.scans());
        scansTable
                .getColumns()
                .setAll(List.of(
                        width(text("Scan", s -> s.name() + (s.demo() ? " (demo)" : "")), 200),
                        width(text("State", ContaminationViewModel::stateLabel), 80),
                        width(
                                number(
                                        "Items",
                                        s -> s.summary() == null
                                                ? null
                                                : (double) s.summary().items(),
                                        "%,.0f"),
                                60),
                        width(
                                number(
                                        "Dirty",
                                        s -> s.summary() == null
                                                ? null
                                                : (double) s.summary().dirty(),
                                        "%,.0f"),
                                55),
                        width(
                                number(
                                        "Partial",
                                        s -> s.summary() == null
                                                ? null
                                                : (double) s.summary().partial(),
                                        "%,.0f"),
                                60),
                        width(text("Updated", s -> WHEN.format(s.updatedAt())), 130)));
        scansTable.setPlaceholder(new Label("No scans yet in this project."));
        scansTable.setRowFactory(t -> new TableRow<>() {
            @Override
            protected void updateItem(SavedScan s, boolean empty) {
                super.updateItem(s, empty);
                setTooltip(empty || s == null ? null : new Tooltip(ContaminationViewModel.stateDetail(s)));
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
        resumeScan
                .disableProperty()
                .bind(Bindings.createBooleanBinding(() -> !vm.canResume(sel.get()), sel)
                        .or(vm.shell().jobs().runningProperty()));
        resumeSkipping
                .textProperty()
                .bind(Bindings.createStringBinding(
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
            if (Dialogs.confirm(
                    root.getScene().getWindow(),
                    "Delete scan “" + s.name() + "”?",
                    "Its results are deleted with it.",
                    "Delete")) {
                vm.delete(s);
            }
        });
        exportScan.setOnAction(e -> exportContaminated());
    }

    private void exportContaminated() {
        ScanResult r = vm.resultProperty().get();
        FileChooser chooser =
                ExportChooser.of(vm.shell(), "Export contaminated items", "contaminated-items", "CSV", "csv");
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("JSON Lines", "*.jsonl"));
        File f = chooser.showSaveDialog(root.getScene().getWindow());
        if (f == null) {
            return;
        }
        vm.exportContaminated(r, ExportChooser.withExtension(chooser, f));
    }
}
