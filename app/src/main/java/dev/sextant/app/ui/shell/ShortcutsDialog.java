package dev.sextant.app.ui.shell;

import javafx.scene.control.Alert;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.stage.Window;

/** Help ▸ Keyboard shortcuts. */
public final class ShortcutsDialog {

    private static final String[][] SHORTCUTS = {
        {"Ctrl+N", "New project"},
        {"Ctrl+Shift+N", "New workspace"},
        {"Ctrl+O", "Open workspace"},
        {"Ctrl+I / Ctrl+E", "Import / export project"},
        {"Ctrl+Shift+E", "Export workspace"},
        {"Ctrl+1 … Ctrl+9, Ctrl+0", "Go to area"},
        {"Ctrl+S", "Save the project being edited"},
        {"Delete", "Delete the selected project (asks first)"},
        {"Ctrl+Shift+L", "Toggle dark theme"},
        {"Ctrl+,", "Preferences"},
        {"F1", "This list"},
        {"Ctrl+Q", "Quit"}
    };

    private ShortcutsDialog() {}

    public static void show(Window owner) {
        Alert alert = new Alert(Alert.AlertType.INFORMATION);
        alert.initOwner(owner);
        alert.setTitle("Keyboard shortcuts");
        alert.setHeaderText("Keyboard shortcuts");
        alert.setGraphic(null);
        GridPane grid = new GridPane();
        grid.setHgap(24);
        grid.setVgap(6);
        for (int i = 0; i < SHORTCUTS.length; i++) {
            Label key = new Label(SHORTCUTS[i][0]);
            key.getStyleClass().add("kbd");
            grid.addRow(i, key, new Label(SHORTCUTS[i][1]));
        }
        alert.getDialogPane().setContent(grid);
        alert.showAndWait();
    }
}
