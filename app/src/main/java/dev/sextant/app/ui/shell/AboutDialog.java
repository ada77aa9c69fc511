package dev.sextant.app.ui.shell;

import dev.sextant.app.AppInfo;
import dev.sextant.app.logging.LogSetup;
import javafx.geometry.Insets;
import javafx.scene.control.Alert;
import javafx.scene.control.Label;
import javafx.scene.image.ImageView;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;
import javafx.stage.Window;

/** Help ▸ About: what Sextant is and the versions it runs on. */
public final class AboutDialog {

    private AboutDialog() {}

    public static void show(Window owner, String workspacePath) {
        AppInfo info = AppInfo.current();
        Alert alert = new Alert(Alert.AlertType.INFORMATION);
        alert.initOwner(owner);
        alert.setTitle("About Sextant");
        alert.setHeaderText("Sextant " + info.version());
        alert.setGraphic(new ImageView(Icons.appIcon(64)));
        Label what = new Label("An offline workbench for LLM evaluation and capacity planning.");
        what.setWrapText(true);
        GridPane grid = Dialogs.formGrid();
        grid.setVgap(4);
        grid.setPadding(Insets.EMPTY);
        String[][] rows = {
            {"Java", info.java()},
            {"JavaFX", info.javafx()},
            {"H2", info.h2()},
            {"System", info.os()},
            {"Workspace", workspacePath == null ? "none open" : workspacePath},
            {
                "Log file",
                LogSetup.currentFile() == null ? "none" : LogSetup.currentFile().toString()
            }
        };
        for (int i = 0; i < rows.length; i++) {
            Label k = new Label(rows[i][0]);
            k.getStyleClass().add("text-muted");
            Label v = new Label(rows[i][1]);
            v.setWrapText(true);
            grid.addRow(i, k, v);
        }
        VBox content = new VBox(12, what, grid);
        content.setPadding(new Insets(8, 12, 0, 12));
        content.setPrefWidth(520);
        alert.getDialogPane().setContent(content);
        alert.showAndWait();
    }
}
