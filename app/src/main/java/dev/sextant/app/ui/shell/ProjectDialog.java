package dev.sextant.app.ui.shell;

import dev.sextant.model.project.Project;
import java.util.Optional;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.stage.Window;

/** Asks for a new project's name and description; OK stays disabled until the name is valid. */
public final class ProjectDialog {

    public record Answer(String name, String description) {}

    private ProjectDialog() {}

    public static Optional<Answer> ask(Window owner) {
        Dialog<Answer> dialog = new Dialog<>();
        dialog.initOwner(owner);
        dialog.setTitle("New project");
        dialog.setHeaderText("Create a project to group imported results, plans and decisions");
        ButtonType create = new ButtonType("Create", ButtonType.OK.getButtonData());
        dialog.getDialogPane().getButtonTypes().addAll(create, ButtonType.CANCEL);

        TextField name = new TextField();
        name.setId("new-project-name");
        name.setPromptText("e.g. Llama 3 70B rollout");
        TextArea description = new TextArea();
        description.setPromptText("What is this project for? (optional)");
        description.setPrefRowCount(4);
        description.setWrapText(true);
        Label problem = new Label();
        problem.getStyleClass().add("field-problem");

        GridPane grid = Dialogs.formGrid();
        grid.addRow(0, new Label("Name"), name);
        grid.addRow(1, new Label("Description"), description);
        grid.add(problem, 1, 2);
        GridPane.setFillWidth(name, true);
        name.setPrefColumnCount(32);
        dialog.getDialogPane().setContent(grid);
        dialog.getDialogPane().setPrefWidth(560);

        Node createButton = dialog.getDialogPane().lookupButton(create);
        createButton.setDisable(true);
        name.textProperty().addListener((obs, o, n) -> {
            String why = null;
            try {
                Project.validName(n);
            } catch (IllegalArgumentException e) {
                why = n.isBlank() ? null : e.getMessage();
                createButton.setDisable(true);
                problem.setText(why == null ? "" : why);
                return;
            }
            createButton.setDisable(false);
            problem.setText("");
        });
        dialog.setResultConverter(b -> b == create ? new Answer(name.getText(), description.getText()) : null);
        Platform.runLater(name::requestFocus);
        return dialog.showAndWait();
    }
}
