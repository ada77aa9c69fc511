package dev.sextant.app.ui.shell;

import dev.sextant.workspaces.Settings;
import java.util.Optional;
import javafx.event.ActionEvent;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.RadioButton;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Window;

/**
 * Preferences kept in settings.json under the Sextant home: theme, which workspace opens on start, how costs are marked,
 * and the Spark cluster that "Run on cluster" uses.
 */
public final class PreferencesDialog {

    private PreferencesDialog() {}

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
        CheckBox openLast = new CheckBox("Reopen the workspace I used last (otherwise the default one)");
        openLast.setSelected(current.openLastWorkspace());
        TextField currency = new TextField(current.currency());
        currency.setId("preferences-currency");
        currency.setPrefColumnCount(6);
        currency.setPromptText(Settings.DEFAULT_CURRENCY);
        Label currencyNote = new Label("a symbol ($, €) goes before amounts, a code (USD, EUR) after them");
        currencyNote.getStyleClass().add("text-muted");
        currencyNote.setWrapText(true); // cut short at the dialog's width otherwise
        currencyNote.setMinHeight(Region.USE_PREF_SIZE);
        TextField master = new TextField(current.spark().master());
        master.setId("preferences-spark-master");
        master.setPromptText(Settings.Spark.DEFAULT_MASTER);
        Label masterNote = new Label(
                "local[N], spark://HOST:PORT, yarn or k8s://… — where \"Run on cluster\" sends scans and deduplication");
        masterNote.getStyleClass().add("text-muted");
        masterNote.setWrapText(true);
        TextArea sparkConf = new TextArea(current.spark().confText());
        sparkConf.setId("preferences-spark-conf");
        sparkConf.setPromptText("one key=value a line, e.g. spark.executor.memory=8g");
        sparkConf.setPrefRowCount(3);
        Label confProblem = new Label();
        confProblem.getStyleClass().add("field-problem");
        confProblem.setId("preferences-spark-conf-problem");
        Label home = new Label(homePath);
        home.getStyleClass().add("text-muted");

        GridPane grid = Dialogs.formGrid();
        grid.addRow(0, new Label("Theme"), new HBox(16, light, dark));
        grid.addRow(1, new Label("On start"), openLast);
        grid.addRow(2, new Label("Costs in"), new HBox(12, currency, currencyNote));
        grid.addRow(3, new Label("Spark master"), new VBox(4, master, masterNote));
        grid.addRow(4, new Label("Spark settings"), new VBox(4, sparkConf, confProblem));
        grid.addRow(5, new Label("Sextant home"), home);
        openLast.setWrapText(true);
        dialog.getDialogPane().setContent(grid);
        dialog.getDialogPane().setPrefWidth(620);
        // a settings line that is not key=value keeps the dialog open, the line named under the box
        dialog.getDialogPane().lookupButton(ButtonType.OK).addEventFilter(ActionEvent.ACTION, e -> {
            try {
                Settings.Spark.parseConf(sparkConf.getText());
                confProblem.setText("");
            } catch (IllegalArgumentException bad) {
                confProblem.setText("Spark settings: " + bad.getMessage());
                e.consume();
            }
        });
        dialog.setResultConverter(b -> b == ButtonType.OK
                ? current.withTheme(dark.isSelected() ? "dark" : "light")
                        .withOpenLastWorkspace(openLast.isSelected())
                        .withCurrency(currency.getText())
                        .withSpark(new Settings.Spark(master.getText(), Settings.Spark.parseConf(sparkConf.getText())))
                : null);
        return dialog.showAndWait();
    }
}
