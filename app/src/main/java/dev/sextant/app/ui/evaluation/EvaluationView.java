package dev.sextant.app.ui.evaluation;

import dev.sextant.app.ui.shell.FxmlView;
import java.io.File;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import javafx.beans.binding.Bindings;
import javafx.fxml.FXML;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.TextInputDialog;
import javafx.scene.input.TransferMode;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;

/**
 * Controller of EvaluationView.fxml, the Evaluation area: its header, Import… and files dropped anywhere on it, and one
 * view per tab ({@link EvidenceTab}, {@link VarianceTab}, {@link SamplesTab}, {@link DimensionsTab}, {@link ByDateTab}, {@link CompareTab}, {@link IndexTab}, {@link ArenaTab},
 * {@link ScorecardTab}). State and analyses live in {@link EvaluationViewModel}.
 */
public final class EvaluationView {

    /** Where the area's tables remember their column widths, as when the area was one view. */
    private static final String TABLE_KEYS = "EvaluationView";

    private final EvaluationViewModel vm;

    @FXML
    private VBox root;

    @FXML
    private Button importButton;

    @FXML
    private Label message;

    @FXML
    private Hyperlink allNotes;

    @FXML
    private TabPane tabs;

    @FXML
    private Tab evidenceTab;

    @FXML
    private Tab varianceTab;

    @FXML
    private Tab samplesTab;

    @FXML
    private Tab dimensionsTab;

    @FXML
    private Tab byDateTab;

    @FXML
    private Tab compareTab;

    @FXML
    private Tab indexTab;

    @FXML
    private Tab arenaTab;

    @FXML
    private Tab scorecardTab;

    public EvaluationView(EvaluationViewModel vm) {
        this.vm = vm;
        vm.setAsker(this::askModel);
    }

    @FXML
    private void initialize() {
        // how the files were read: the first notes on the page, every note one click away (a long list would push the
        // tables off a 768-pixel screen)
        message.textProperty()
                .bind(Bindings.createStringBinding(
                        () -> firstLines(vm.messageProperty().get()), vm.messageProperty()));
        message.visibleProperty().bind(vm.messageProperty().isNotEmpty());
        message.managedProperty().bind(message.visibleProperty());
        allNotes.visibleProperty()
                .bind(Bindings.createBooleanBinding(
                        () -> !firstLines(vm.messageProperty().get())
                                .equals(vm.messageProperty().get()),
                        vm.messageProperty()));
        allNotes.managedProperty().bind(allNotes.visibleProperty());
        allNotes.textProperty()
                .bind(Bindings.createStringBinding(
                        () -> "All " + vm.messageProperty().get().lines().count()
                                + " notes on how the files were read…",
                        vm.messageProperty()));
        allNotes.setOnAction(e -> showAllNotes());
        importButton.setOnAction(e -> chooseAndImport());
        wireDrop(root);
        BooleanSupplier dark = this::dark;
        evidenceTab.setContent(FxmlView.load(new EvidenceTab(vm), TABLE_KEYS));
        varianceTab.setContent(FxmlView.load(new VarianceTab(vm, dark), TABLE_KEYS));
        samplesTab.setContent(FxmlView.load(new SamplesTab(vm.samples(), dark), TABLE_KEYS));
        dimensionsTab.setContent(FxmlView.load(new DimensionsTab(vm.dimensions(), dark), TABLE_KEYS));
        byDateTab.setContent(FxmlView.load(new ByDateTab(vm.byDate(), dark), TABLE_KEYS));
        compareTab.setContent(FxmlView.load(new CompareTab(vm), TABLE_KEYS));
        indexTab.setContent(FxmlView.load(new IndexTab(vm, dark), TABLE_KEYS));
        arenaTab.setContent(FxmlView.load(new ArenaTab(vm, dark), TABLE_KEYS));
        scorecardTab.setContent(FxmlView.load(new ScorecardTab(vm), TABLE_KEYS));
        keepToolbarLabelsWhole(root);
    }

    /** Labels and buttons in a toolbar row keep their full text; fields give up width instead. */
    private static void keepToolbarLabelsWhole(Parent parent) {
        for (Node n : parent.getChildrenUnmodifiable()) {
            if (parent instanceof HBox
                    && n instanceof Labeled l
                    && !l.isWrapText()
                    && !l.getStyleClass().contains("verdict")) {
                l.setMinWidth(Region.USE_PREF_SIZE); // verdicts may shorten, field labels may not
            }
            if (parent instanceof HBox && n instanceof TextField f) {
                f.setMinWidth(Region.USE_PREF_SIZE);
            }
            if (n instanceof Parent p) {
                keepToolbarLabelsWhole(p);
            }
        }
        if (parent instanceof TabPane tp) {
            tp.getTabs().forEach(t -> {
                if (t.getContent() instanceof Parent p) {
                    keepToolbarLabelsWhole(p);
                }
            });
        }
    }

    /** The first two lines of the notes. */
    private static String firstLines(String text) {
        List<String> lines = text == null ? List.of() : text.lines().toList();
        return lines.size() <= 2 ? (text == null ? "" : text) : String.join("\n", lines.subList(0, 2));
    }

    private void showAllNotes() {
        TextArea area = new TextArea(vm.messageProperty().get());
        area.setEditable(false);
        area.setWrapText(true);
        area.setPrefSize(760, 360);
        Alert a = new Alert(Alert.AlertType.INFORMATION);
        a.initOwner(root.getScene().getWindow());
        a.setTitle("Sextant");
        a.setHeaderText("How the evaluation files were read");
        a.getDialogPane().setContent(area);
        a.setResizable(true);
        a.showAndWait();
    }

    /** Which model a samples file is of, when the files beside it cannot tell: asked, never guessed. */
    private Optional<String> askModel(String question, String suggestion) {
        TextInputDialog d = new TextInputDialog(suggestion);
        d.initOwner(root.getScene().getWindow());
        d.setTitle("Sextant");
        d.setHeaderText("Which model are these samples of?\n" + question);
        d.getDialogPane().setPrefWidth(680);
        d.setContentText("Model");
        return d.showAndWait().map(String::strip).filter(n -> !n.isBlank());
    }

    private void chooseAndImport() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Import evaluation evidence");
        chooser.getExtensionFilters()
                .addAll(
                        new FileChooser.ExtensionFilter("Evaluation files", "*.csv", "*.jsonl", "*.json"),
                        new FileChooser.ExtensionFilter("All files", "*"));
        List<File> files = chooser.showOpenMultipleDialog(root.getScene().getWindow());
        if (files != null) {
            vm.importFiles(files.stream().map(File::toPath).toList());
        }
    }

    private void wireDrop(Node target) {
        target.setOnDragOver(e -> {
            if (e.getDragboard().hasFiles()) {
                e.acceptTransferModes(TransferMode.COPY);
            }
            e.consume();
        });
        target.setOnDragDropped(e -> {
            boolean ok = e.getDragboard().hasFiles();
            if (ok) {
                vm.importFiles(
                        e.getDragboard().getFiles().stream().map(File::toPath).toList());
            }
            e.setDropCompleted(ok);
            e.consume();
        });
    }

    private boolean dark() {
        return root.getScene() != null
                && "dark".equals(vm.shell().home().settings().theme());
    }
}
