package dev.sextant.app.ui.shell;

import javafx.beans.binding.Bindings;
import javafx.beans.property.BooleanProperty;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Tooltip;

/**
 * "Run on cluster": the check box beside an area's Run button that sends its corpus work to the Spark master of the
 * preferences, naming that master so the user sees where the work will go.
 */
public final class ClusterChoice {

    private ClusterChoice() {}

    public static CheckBox checkBox(BooleanProperty onCluster, ShellModel shell, String id) {
        CheckBox box = new CheckBox();
        box.setId(id);
        box.selectedProperty().bindBidirectional(onCluster);
        box.textProperty()
                .bind(Bindings.createStringBinding(
                        () -> "Run on cluster: Spark "
                                + shell.settingsProperty().get().spark().master(),
                        shell.settingsProperty()));
        box.setWrapText(true);
        box.setTooltip(new Tooltip(
                "The corpus is read on Apache Spark's executors with the same code and gives the same result. "
                        + "The master and Spark settings are in Preferences (Ctrl+,)."));
        box.setMnemonicParsing(false);
        return box;
    }
}
