package dev.sextant.app.ui.shell;

import dev.sextant.workspaces.Settings;
import java.util.Optional;
import javafx.geometry.Insets;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.RadioButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.stage.Window;

/** Preferences kept in settings.json under the Sextant home: theme and which workspace opens on start. */
public final class PreferencesDialog {

    private PreferencesDialog() {
    }

    public static Optional<Settings> ask(Window owner, Settings current, String homePath) {
        Dialog<Settings> dialog = new Dialog<>();
        dialog.initOwner(owner);
        dialog.setTitle("Preferences");
        dialog.setHeaderText("Preferences");
        dialog.getDialogPane().getButtonTypes().addAll(ButtonType.OK, ButtonType.CANCEL);

        ToggleGroup theme = new ToggleGroup();
        RadioButton light = new RadioButton("Light");
        RadioButton dark = new RadioButton("Dark");
        light.setToggleGroup(theme);
        dark.setToggleGroup(theme);
        (current.theme().equals("dark") ? dark : light).setSelected(true);
        CheckBox openLast = new CheckBox("Open the workspace I used last (otherwise the default workspace)");
        openLast.setSelected(current.openLastWorkspace());
        Label home = new Label(homePath);
        home.getStyleClass().add("text-muted");

        GridPane grid = new GridPane();
        grid.setHgap(16);
        grid.setVgap(12);
        grid.setPadding(new Insets(16, 8, 8, 8));
        grid.addRow(0, new Label("Theme"), new HBox(16, light, dark));
        grid.addRow(1, new Label("On start"), openLast);
        grid.addRow(2, new Label("Sextant home"), home);
        dialog.getDialogPane().setContent(grid);
        dialog.setResultConverter(b -> b == ButtonType.OK
                ? current.withTheme(dark.isSelected() ? "dark" : "light").withOpenLastWorkspace(openLast.isSelected())
                : null);
        return dialog.showAndWait();
    }
}
