package dev.sextant.app.ui.projects;

import dev.sextant.app.ui.shell.Dialogs;
import dev.sextant.app.ui.shell.Icons;
import dev.sextant.model.project.Project;
import java.time.Instant;
import java.util.UUID;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.ListChangeListener;
import javafx.collections.MapChangeListener;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.ContentDisplay;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.feather.Feather;

/** Controller of ProjectsView.fxml: wiring only. */
public final class ProjectsView {

    /** Actions the area shares with the File menu, so both do exactly the same thing. */
    public record Actions(Runnable newProject, Runnable importProject, Runnable exportProject) {}

    private final ProjectsViewModel vm;
    private final Actions actions;

    @FXML
    private Label workspaceTitle;

    @FXML
    private Label workspaceDetails;

    @FXML
    private TextField filter;

    @FXML
    private Button newButton;

    @FXML
    private Button importButton;

    @FXML
    private Button exportButton;

    @FXML
    private Button deleteButton;

    @FXML
    private TableView<Project> table;

    @FXML
    private TableColumn<Project, String> nameColumn;

    @FXML
    private TableColumn<Project, String> updatedColumn;

    @FXML
    private VBox details;

    @FXML
    private Label demoNote;

    @FXML
    private TextField nameField;

    @FXML
    private Label nameProblem;

    @FXML
    private TextArea descriptionField;

    @FXML
    private Label times;

    @FXML
    private Button saveButton;

    @FXML
    private Button revertButton;

    @FXML
    private Label emptyDetails;

    public ProjectsView(ProjectsViewModel vm, Actions actions) {
        this.vm = vm;
        this.actions = actions;
    }

    @FXML
    private void initialize() {
        workspaceTitle.textProperty().bind(vm.workspaceTitle());
        workspaceDetails.textProperty().bind(vm.workspaceText());
        filter.textProperty().bindBidirectional(vm.filterProperty());

        newButton.setGraphic(Icons.glyph(Feather.PLUS));
        importButton.setGraphic(Icons.glyph(Feather.DOWNLOAD));
        exportButton.setGraphic(Icons.glyph(Feather.UPLOAD));
        deleteButton.setGraphic(Icons.glyph(Feather.TRASH_2));
        saveButton.setGraphic(Icons.glyph(Feather.SAVE));
        newButton.setOnAction(e -> actions.newProject().run());
        importButton.setOnAction(e -> actions.importProject().run());
        exportButton.setOnAction(e -> actions.exportProject().run());
        deleteButton.setOnAction(e -> confirmDelete());
        exportButton.disableProperty().bind(vm.selected().isNull());
        deleteButton.disableProperty().bind(vm.selected().isNull());

        table.setItems(vm.visibleProjects());
        nameColumn.setCellValueFactory(
                c -> new ReadOnlyStringWrapper(c.getValue().name()));
        updatedColumn.setCellValueFactory(
                c -> new ReadOnlyStringWrapper(ProjectsViewModel.SHORT.format(vm.changed(c.getValue()))));
        vm.changedTimes().addListener((MapChangeListener<UUID, Instant>) ch -> table.refresh());
        // shown again (the user comes back to Projects after working in an area): re-read when each project changed
        table.sceneProperty().addListener((o, a, scene) -> {
            if (scene != null) {
                vm.refreshChanged();
            }
        });
        nameColumn.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(String item, boolean empty) {
                super.updateItem(item, empty);
                Project p =
                        empty || getTableRow() == null ? null : getTableRow().getItem();
                setText(empty ? null : item);
                if (p != null && p.demo()) {
                    Label badge = new Label("DEMO");
                    badge.getStyleClass().add("badge");
                    setGraphic(badge);
                    setContentDisplay(ContentDisplay.RIGHT);
                } else {
                    setGraphic(null);
                }
            }
        });
        table.setRowFactory(t -> {
            TableRow<Project> row = new TableRow<>();
            row.setOnMouseClicked(e -> {
                if (e.getClickCount() == 2 && !row.isEmpty()) {
                    nameField.requestFocus();
                }
            });
            return row;
        });
        table.getSelectionModel().selectedItemProperty().addListener((obs, o, p) -> {
            if (p != null && !p.equals(vm.selected().get())) {
                vm.selected().set(p);
            }
        });
        vm.selected().addListener((obs, o, p) -> selectInTable(p));
        table.getItems().addListener((ListChangeListener<Project>)
                c -> selectInTable(vm.selected().get()));
        selectInTable(vm.selected().get());
        table.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.DELETE && vm.selected().get() != null) {
                confirmDelete();
            } else if (e.getCode() == KeyCode.F2) {
                nameField.requestFocus();
            }
        });
        table.setPlaceholder(new Label("No projects match. Create one with New project (Ctrl+N)."));

        details.visibleProperty().bind(vm.selected().isNotNull());
        emptyDetails.visibleProperty().bind(vm.selected().isNull());
        nameField.textProperty().bindBidirectional(vm.nameProperty());
        descriptionField.textProperty().bindBidirectional(vm.descriptionProperty());
        nameProblem.textProperty().bind(vm.nameProblemProperty());
        nameProblem.visibleProperty().bind(vm.nameProblemProperty().isNotEmpty());
        nameProblem.managedProperty().bind(nameProblem.visibleProperty());
        times.textProperty().bind(vm.timesText());
        demoNote.visibleProperty()
                .bind(Bindings.createBooleanBinding(
                        () -> vm.selected().get() != null && vm.selected().get().demo(), vm.selected()));
        demoNote.managedProperty().bind(demoNote.visibleProperty());
        saveButton
                .disableProperty()
                .bind(vm.dirtyProperty().not().or(vm.nameProblemProperty().isNotEmpty()));
        revertButton.disableProperty().bind(vm.dirtyProperty().not());
        saveButton.setOnAction(e -> vm.save());
        revertButton.setOnAction(e -> vm.revert());
        details.sceneProperty().addListener((obs, o, scene) -> {
            if (scene != null) {
                scene.getAccelerators().put(new KeyCodeCombination(KeyCode.S, KeyCombination.SHORTCUT_DOWN), () -> {
                    if (details.isVisible() && vm.canSave()) {
                        vm.save();
                    }
                });
            }
        });
    }

    private void selectInTable(Project p) {
        if (p == null) {
            table.getSelectionModel().clearSelection();
            return;
        }
        for (Project row : table.getItems()) {
            if (row.id().equals(p.id())) {
                if (table.getSelectionModel().getSelectedItem() != row) {
                    table.getSelectionModel().select(row);
                }
                return;
            }
        }
    }

    private void confirmDelete() {
        Project p = vm.selected().get();
        if (p != null
                && Dialogs.confirm(
                        table.getScene().getWindow(),
                        "Delete project “" + p.name() + "”?",
                        "Everything in this project is deleted with it. Export it first if you may need it again.",
                        "Delete")) {
            vm.delete();
        }
    }
}
