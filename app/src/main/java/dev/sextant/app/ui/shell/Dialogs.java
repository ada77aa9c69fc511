package dev.sextant.app.ui.shell;

import dev.sextant.app.Failures;
import java.util.Optional;
import javafx.geometry.Insets;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;
import javafx.scene.control.TextInputDialog;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Window;

/** The workbench's standard dialogs: one error style, one confirmation style. */
public final class Dialogs {

    private Dialogs() {}

    /**
     * Shows why a job failed, in the words {@link Failures} gives every face: one plain line, no class or library
     * names. An internal failure's technical details go to the log, which the line names.
     */
    public static void showError(Window owner, String jobTitle, Throwable error) {
        Alert alert = new Alert(Alert.AlertType.ERROR);
        alert.initOwner(owner);
        alert.setTitle("Sextant");
        alert.setHeaderText(jobTitle + " failed");
        Label reason = new Label(Failures.message(error));
        reason.setWrapText(true);
        reason.setMaxWidth(520);
        alert.getDialogPane().setContent(new VBox(8, reason));
        alert.showAndWait();
    }

    /**
     * The grid every form dialog uses: labels in a first column that never truncates, fields in a second that takes
     * the remaining width.
     */
    public static GridPane formGrid() {
        GridPane grid = new GridPane();
        grid.setHgap(16);
        grid.setVgap(10);
        grid.setPadding(new Insets(16, 8, 8, 8));
        ColumnConstraints labels = new ColumnConstraints();
        labels.setMinWidth(Region.USE_PREF_SIZE);
        ColumnConstraints fields = new ColumnConstraints();
        fields.setHgrow(Priority.ALWAYS);
        fields.setFillWidth(true);
        grid.getColumnConstraints().setAll(labels, fields);
        return grid;
    }

    /** Asks before something that cannot be undone; true when the user confirmed. */
    public static boolean confirm(Window owner, String header, String text, String confirmLabel) {
        ButtonType ok = new ButtonType(confirmLabel, ButtonType.OK.getButtonData());
        Alert alert = new Alert(Alert.AlertType.CONFIRMATION, text, ok, ButtonType.CANCEL);
        alert.initOwner(owner);
        alert.setTitle("Sextant");
        alert.setHeaderText(header);
        Optional<ButtonType> answer = alert.showAndWait();
        return answer.isPresent() && answer.get() == ok;
    }

    /** Asks for the name to keep something under, {@code suggestion} filled in; empty when cancelled or left blank. */
    public static Optional<String> askName(Window owner, String header, String suggestion) {
        TextInputDialog d = new TextInputDialog(suggestion);
        d.initOwner(owner);
        d.setTitle("Sextant");
        d.setHeaderText(header);
        d.setContentText("Name");
        return d.showAndWait().map(String::strip).filter(n -> !n.isBlank());
    }
}
