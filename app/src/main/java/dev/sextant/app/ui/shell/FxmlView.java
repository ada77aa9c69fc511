package dev.sextant.app.ui.shell;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import javafx.fxml.FXMLLoader;
import javafx.scene.Parent;
import javafx.scene.control.TableView;
import javafx.scene.control.TreeTableView;

/**
 * The one way views are loaded: {@code FooView.fxml} beside the {@code FooView} controller class, with the controller
 * instance given (constructed with its view model) rather than created by FXML. Every table with an fx:id is fitted to
 * its content ({@link Tables#fit}).
 */
public final class FxmlView {

    private FxmlView() {}

    public static Parent load(Object controller) {
        return load(controller, controller.getClass().getSimpleName());
    }

    /**
     * Loads a part of an area (a tab, a pane) the same way; its tables remember their widths under the area's name,
     * {@code tableKeys.fxId}, as they did when the area was one view.
     */
    public static Parent load(Object controller, String tableKeys) {
        Class<?> type = controller.getClass();
        URL fxml = type.getResource(type.getSimpleName() + ".fxml");
        if (fxml == null) {
            throw new IllegalStateException("missing " + type.getSimpleName() + ".fxml beside " + type.getName());
        }
        FXMLLoader loader = new FXMLLoader(fxml);
        loader.setController(controller);
        try {
            Parent view = loader.load();
            // every table of every view fits its content and remembers dragged widths, keyed "View.fxId"
            loader.getNamespace().forEach((id, node) -> {
                if (node instanceof TableView<?> t) {
                    Tables.fit(t, tableKeys + "." + id);
                } else if (node instanceof TreeTableView<?> t) {
                    Tables.fit(t, tableKeys + "." + id);
                }
            });
            return view;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot load " + fxml, e);
        }
    }
}
