package dev.sextant.app.ui.gpu;

import dev.sextant.app.study.CalibrationStudy;
import dev.sextant.app.ui.shell.Forms;
import dev.sextant.app.ui.shell.ShellModel;
import dev.sextant.model.calibration.Calibration;
import dev.sextant.workspaces.SavedProfile;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.scene.control.ComboBox;
import javafx.scene.control.ListCell;

/**
 * What a planner's rates come from, as the planning areas offer it: the catalog defaults (null) or one of the project's
 * calibration profiles. Follows the current project.
 */
public final class ProfileChoices {

    public static final String DEFAULTS = "catalog defaults (datasheet peaks, published kernel efficiencies by shape)";

    private final ShellModel shell;
    private final ObservableList<SavedProfile> choices = FXCollections.observableArrayList();
    private final ObjectProperty<SavedProfile> chosen = new SimpleObjectProperty<>(this, "chosen");

    public ProfileChoices(ShellModel shell) {
        this.shell = shell;
        choices.add(null);
        shell.currentProjectProperty().addListener((o, a, p) -> reload());
        reload();
    }

    public void reload() {
        boolean submitted = shell.inProject(
                "Load calibration profiles",
                (ws, p, progress, cancel) -> new CalibrationStudy(ws, p.id()).profiles(),
                list -> {
                    SavedProfile was = chosen.get();
                    List<SavedProfile> all = new ArrayList<>();
                    all.add(null);
                    all.addAll(list);
                    choices.setAll(all);
                    chosen.set(
                            was == null
                                    ? null
                                    : list.stream()
                                            .filter(s -> s.id().equals(was.id()))
                                            .findFirst()
                                            .orElse(null));
                },
                null);
        if (!submitted) {
            choices.setAll(Collections.singletonList(null));
            chosen.set(null);
        }
    }

    /** The chosen profile as the planners take it; null for the catalog defaults. */
    public Calibration calibration() {
        SavedProfile s = chosen.get();
        return s == null ? null : s.calibration();
    }

    /** Chooses the kept profile of this name, or the defaults when there is none. */
    public void choose(String name) {
        chosen.set(
                name == null
                        ? null
                        : choices.stream()
                                .filter(s -> s != null && s.name().equals(name))
                                .findFirst()
                                .orElse(null));
    }

    public ObjectProperty<SavedProfile> chosenProperty() {
        return chosen;
    }

    public ObservableList<SavedProfile> choices() {
        return choices;
    }

    /** A combo box over the choices, for an area's form. */
    public ComboBox<SavedProfile> comboBox(String id) {
        ComboBox<SavedProfile> box = new ComboBox<>(choices);
        box.valueProperty().bindBidirectional(chosen);
        box.setConverter(Forms.converter(s ->
                s == null ? DEFAULTS : s.name() + " (" + s.profile().device().name() + ")"));
        box.setButtonCell(new ListCell<>() {
            @Override
            protected void updateItem(SavedProfile s, boolean empty) {
                super.updateItem(s, empty);
                setText(empty ? null : box.getConverter().toString(s));
            }
        });
        box.setMaxWidth(Double.MAX_VALUE);
        box.setPrefWidth(120);
        box.setId(id);
        return box;
    }
}
