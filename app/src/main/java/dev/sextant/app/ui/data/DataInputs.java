package dev.sextant.app.ui.data;

import dev.sextant.app.ui.planning.InputGrid;
import dev.sextant.app.ui.planning.ProblemMarks;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.collections.ObservableList;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;

/** The top of the Data area: the corpus (files, folders and its fields) and the benchmark whose items are looked for. */
final class DataInputs {

    private final HBox node;

    DataInputs(DataViewModel vm, ProblemMarks marks) {
        ListView<Path> corpus =
                list(vm.corpus(), "JSON Lines (chat lines too), Parquet, .gz, .zst — files or folders", "data-corpus");
        marks.add("data.corpus", corpus);
        Button files = button("Add files…", "data-add-files", () -> addFiles(vm.corpus(), corpus));
        Button folder = button("Add folder…", "data-add-folder", () -> {
            File dir = new DirectoryChooser().showDialog(corpus.getScene().getWindow());
            if (dir != null) {
                vm.corpus().add(dir.toPath());
            }
        });
        Button remove = removeButton(corpus, vm.corpus());
        InputGrid fields = new InputGrid(marks);
        fields.field("Text field", "dedup.textField", vm.textFieldProperty(), "text", "data-text-field");
        fields.field("Id field", null, vm.idFieldProperty(), "id (blank: file and line)", "data-id-field");
        fields.field("Source field", null, vm.sourceFieldProperty(), "none", "data-source-field");
        HBox corpusRow = new HBox(10, corpus, fields.grid());
        HBox.setHgrow(corpus, Priority.ALWAYS);
        VBox corpusCard = card("Corpus", corpusRow, new HBox(6, files, folder, remove));

        ListView<Path> bench = list(
                vm.benchmarks(), "samples_*.jsonl, JSONL, CSV, Parquet or text (one item per line)", "data-benchmarks");
        marks.add("decontaminate.benchmark", bench);
        Button add = button("Add files…", "data-add-benchmark", () -> addFiles(vm.benchmarks(), bench));
        Button removeBench = removeButton(bench, vm.benchmarks());
        InputGrid bf = new InputGrid(marks);
        bf.field(
                        "Item text fields",
                        null,
                        vm.benchmarkFieldsProperty(),
                        "question, choices — blank: as a scan",
                        "data-benchmark-fields")
                .setPrefColumnCount(12);
        bf.field("n-gram words", "contamination.ngram", vm.scanNgramProperty(), "13", "data-scan-ngram");
        HBox benchRow = new HBox(10, bench, bf.grid());
        HBox.setHgrow(bench, Priority.ALWAYS);
        VBox benchCard = card("Benchmark to decontaminate against", benchRow, new HBox(6, add, removeBench));

        node = new HBox(12, corpusCard, benchCard);
        HBox.setHgrow(corpusCard, Priority.ALWAYS);
        HBox.setHgrow(benchCard, Priority.ALWAYS);
        corpusCard.setPrefWidth(640);
        benchCard.setPrefWidth(520);
    }

    Node node() {
        return node;
    }

    private static ListView<Path> list(ObservableList<Path> items, String placeholder, String id) {
        ListView<Path> l = new ListView<>(items);
        l.setId(id);
        Label p = new Label(placeholder);
        p.setWrapText(true);
        l.setPlaceholder(p);
        l.setPrefHeight(78);
        l.setMinWidth(220);
        // the name where the pane is narrow (a folder's name ends in /), the whole path on hover
        l.setCellFactory(v -> new ListCell<>() {
            @Override
            protected void updateItem(Path item, boolean empty) {
                super.updateItem(item, empty);
                if (empty || item == null) {
                    setText(null);
                    setTooltip(null);
                } else {
                    Path name = item.getFileName();
                    setText((name == null ? item.toString() : name.toString()) + (Files.isDirectory(item) ? "/" : ""));
                    setTooltip(new Tooltip(item.toString()));
                }
            }
        });
        return l;
    }

    private static Button button(String text, String id, Runnable action) {
        Button b = new Button(text);
        b.setId(id);
        b.getStyleClass().add("small");
        b.setOnAction(e -> action.run());
        return b;
    }

    private static Button removeButton(ListView<Path> list, ObservableList<Path> items) {
        Button b = button(
                "Remove",
                null,
                () -> items.removeAll(List.copyOf(list.getSelectionModel().getSelectedItems())));
        b.disableProperty().bind(list.getSelectionModel().selectedItemProperty().isNull());
        return b;
    }

    private static void addFiles(ObservableList<Path> items, Node owner) {
        List<File> files =
                new FileChooser().showOpenMultipleDialog(owner.getScene().getWindow());
        if (files != null) {
            files.forEach(f -> items.add(f.toPath()));
        }
    }

    private static VBox card(String title, Node body, HBox buttons) {
        Label t = new Label(title);
        t.getStyleClass().add("card-title");
        buttons.setAlignment(Pos.CENTER_LEFT);
        VBox card = new VBox(6, t, body, buttons);
        card.getStyleClass().add("card");
        return card;
    }
}
