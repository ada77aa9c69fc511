package dev.sextant.app.ui.rollout;

import static dev.sextant.app.ui.shell.Forms.columns;
import static dev.sextant.app.ui.shell.Forms.row;

import dev.sextant.app.ui.shell.Forms;
import dev.sextant.model.gate.GatePolicy;
import java.io.File;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import javafx.beans.property.Property;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.TextInputDialog;
import javafx.scene.control.cell.ChoiceBoxTableCell;
import javafx.scene.control.cell.TextFieldTableCell;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;

/** Controller of GatePolicyPane.fxml, the Rollout area's left side: the models compared, the policy's checks, evidence import. */
public final class GatePolicyPane {

    private final RolloutViewModel vm;

    @FXML
    private VBox root;

    @FXML
    private GridPane models;

    @FXML
    private TextField policyName;

    @FXML
    private TextField confidence;

    @FXML
    private TableView<CheckRow> policyTable;

    @FXML
    private Button addCheck;

    @FXML
    private Button removeCheck;

    @FXML
    private MenuItem importPrivate;

    @FXML
    private MenuItem importRegression;

    @FXML
    private MenuItem importReplay;

    @FXML
    private Button savePolicy;

    GatePolicyPane(RolloutViewModel vm) {
        this.vm = vm;
    }

    @FXML
    private void initialize() {
        columns(models);
        row(models, 0, "Candidate", model("rollout-candidate", vm.candidateProperty()));
        row(models, 1, "Incumbent", model("rollout-incumbent", vm.incumbentProperty()));
        policyName.textProperty().bindBidirectional(vm.policyNameProperty());
        confidence.textProperty().bindBidirectional(vm.confidenceProperty());
        policyTable.setItems(vm.checks());
        policyTable
                .getColumns()
                .setAll(List.of(
                        textColumn("Check", r -> r.name, 130),
                        choiceColumn("Layer", r -> r.layer, 96, GatePolicy.Layer.values()),
                        textColumn("Metric", r -> r.metric, 110),
                        choiceColumn("Better", r -> r.better, 76, "higher", "lower"),
                        textColumn("Min effect", r -> r.minimumEffect, 84),
                        textColumn("Margin", r -> r.margin, 70),
                        choiceColumn("Test", r -> r.test, 96, GatePolicy.Test.values()),
                        choiceColumn("Role", r -> r.role, 130, GatePolicy.Role.values())));
        policyTable.setPlaceholder(new Label("No checks: Add check, or import evidence first."));
        addCheck.setOnAction(e -> vm.addCheck());
        removeCheck
                .disableProperty()
                .bind(policyTable.getSelectionModel().selectedItemProperty().isNull());
        removeCheck.setOnAction(
                e -> vm.checks().remove(policyTable.getSelectionModel().getSelectedItem()));
        savePolicy.setOnAction(e -> vm.savePolicy());
        savePolicy.disableProperty().bind(vm.shell().jobs().runningProperty());
        importPrivate.setOnAction(e -> importFile(GatePolicy.Layer.PRIVATE));
        importRegression.setOnAction(e -> importFile(GatePolicy.Layer.REGRESSION));
        importReplay.setOnAction(e -> importFile(GatePolicy.Layer.REPLAY));
    }

    /** An editable choice of the project's models: a model the evidence does not name yet can be typed. */
    private ComboBox<String> model(String id, Property<String> value) {
        ComboBox<String> box = new ComboBox<>(vm.models());
        box.setEditable(true);
        box.setPromptText("model name");
        box.setId(id);
        box.valueProperty().bindBidirectional(value);
        box.setMaxWidth(Double.MAX_VALUE);
        return box;
    }

    private void importFile(GatePolicy.Layer layer) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Import " + layer.slug() + " evidence");
        chooser.getExtensionFilters()
                .add(
                        layer == GatePolicy.Layer.REPLAY
                                ? new FileChooser.ExtensionFilter("JSON Lines", "*.jsonl", "*.json")
                                : new FileChooser.ExtensionFilter("CSV or JSON Lines", "*.csv", "*.jsonl"));
        File f = chooser.showOpenDialog(root.getScene().getWindow());
        if (f == null) {
            return;
        }
        String metric = "accuracy";
        LocalDate rotation = null;
        if (layer != GatePolicy.Layer.REPLAY) {
            var m = ask("Metric of these scores", layer == GatePolicy.Layer.REGRESSION ? "coding" : "accuracy");
            if (m.isEmpty()) {
                return;
            }
            metric = m.get();
        }
        if (layer == GatePolicy.Layer.PRIVATE) {
            var d = ask(
                    "Rotation date (YYYY-MM-DD)",
                    LocalDate.now().withDayOfMonth(1).toString());
            if (d.isEmpty()) {
                return;
            }
            try {
                rotation = LocalDate.parse(d.get().strip());
            } catch (DateTimeParseException ex) {
                vm.problemProperty().set("Rotation date: expected YYYY-MM-DD, got '" + d.get() + "'");
                return;
            }
        }
        vm.importEvidence(f.toPath(), layer, metric, rotation);
    }

    private Optional<String> ask(String header, String suggestion) {
        TextInputDialog d = new TextInputDialog(suggestion);
        d.initOwner(root.getScene().getWindow());
        d.setTitle("Sextant");
        d.setHeaderText(header);
        return d.showAndWait().filter(s -> !s.isBlank());
    }

    private static TableColumn<CheckRow, String> textColumn(
            String title, Function<CheckRow, Property<String>> p, double w) {
        TableColumn<CheckRow, String> c = new TableColumn<>(title);
        c.setCellValueFactory(cd -> p.apply(cd.getValue()));
        c.setCellFactory(TextFieldTableCell.forTableColumn());
        c.setPrefWidth(w);
        return c;
    }

    @SafeVarargs
    private static <T> TableColumn<CheckRow, T> choiceColumn(
            String title, Function<CheckRow, Property<T>> p, double w, T... values) {
        TableColumn<CheckRow, T> c = new TableColumn<>(title);
        c.setCellValueFactory(cd -> p.apply(cd.getValue()));
        c.setCellFactory(ChoiceBoxTableCell.forTableColumn(
                Forms.converter(v -> v instanceof Enum<?> e
                        ? e.name().toLowerCase(Locale.ROOT).replace('_', '-')
                        : String.valueOf(v)),
                values));
        c.setPrefWidth(w);
        return c;
    }
}
