package dev.sextant.app.ui.shell;

import java.util.function.BooleanSupplier;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.value.ObservableValue;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;

/**
 * Whether a shown result still matches its inputs. A view model watches the inputs a result was computed from; any
 * change while a result is shown marks it stale until it is computed again, and the view says so above the result
 * with a Re-run button, so that a screen never shows one model's numbers under another model's name.
 */
public final class Staleness {

    private final BooleanProperty stale = new SimpleBooleanProperty(this, "stale", false);
    private final BooleanSupplier shown;

    /** @param shown whether a result is shown now (nothing shown is never stale) */
    public Staleness(BooleanSupplier shown) {
        this.shown = shown;
    }

    /** Marks the result stale whenever one of {@code inputs} changes while a result is shown. */
    public Staleness watch(Iterable<? extends ObservableValue<?>> inputs) {
        for (ObservableValue<?> v : inputs) {
            v.addListener((o, a, b) -> {
                if (shown.getAsBoolean()) {
                    stale.set(true);
                }
            });
        }
        return this;
    }

    /** The result shown now was computed from the inputs as they are (or none is shown). */
    public void fresh() {
        stale.set(false);
    }

    public BooleanProperty staleProperty() {
        return stale;
    }

    /** The banner a view puts above a result: what is wrong and a button that computes it again; shown only while stale. */
    public static HBox banner(BooleanProperty stale, String text, Runnable rerun) {
        Label l = new Label(text);
        l.setWrapText(true);
        l.setMinHeight(Region.USE_PREF_SIZE);
        HBox.setHgrow(l, Priority.ALWAYS);
        l.setMaxWidth(Double.MAX_VALUE);
        Button b = new Button("Re-run");
        b.getStyleClass().add("small");
        b.setMinWidth(Region.USE_PREF_SIZE);
        b.setOnAction(e -> rerun.run());
        HBox box = new HBox(8, l, b);
        box.setAlignment(Pos.CENTER_LEFT);
        box.getStyleClass().add("stale-banner");
        box.visibleProperty().bind(stale);
        box.managedProperty().bind(box.visibleProperty());
        return box;
    }
}
