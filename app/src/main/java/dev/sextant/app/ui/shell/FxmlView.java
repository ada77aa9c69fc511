package dev.sextant.app.ui.shell;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import javafx.fxml.FXMLLoader;
import javafx.scene.Parent;

/**
 * The one way views are loaded: {@code FooView.fxml} beside the {@code FooView} controller class, with the controller
 * instance given (constructed with its view model) rather than created by FXML.
 */
public final class FxmlView {

    private FxmlView() {
    }

    public static Parent load(Object controller) {
        Class<?> type = controller.getClass();
        URL fxml = type.getResource(type.getSimpleName() + ".fxml");
        if (fxml == null) {
            throw new IllegalStateException("missing " + type.getSimpleName() + ".fxml beside " + type.getName());
        }
        FXMLLoader loader = new FXMLLoader(fxml);
        loader.setController(controller);
        try {
            return loader.load();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot load " + fxml, e);
        }
    }
}
