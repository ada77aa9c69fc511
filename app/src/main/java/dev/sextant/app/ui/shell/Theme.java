package dev.sextant.app.ui.shell;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import java.util.Objects;
import javafx.application.Application;
import javafx.css.PseudoClass;
import javafx.scene.Scene;

/** Light and dark looks: AtlantaFX's Primer themes plus the workbench's own small stylesheet. */
public enum Theme {
    LIGHT("light"),
    DARK("dark");

    private static final String APP_CSS = Objects.requireNonNull(
                    Theme.class.getResource("/dev/sextant/app/ui/sextant.css"))
            .toExternalForm();

    private final String id;

    Theme(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    public static Theme of(String id) {
        return "dark".equals(id) ? DARK : LIGHT;
    }

    public Theme other() {
        return this == LIGHT ? DARK : LIGHT;
    }

    /** Applies the theme to the whole application and makes sure {@code scene} carries the app stylesheet. */
    public void apply(Scene scene) {
        Application.setUserAgentStylesheet(
                this == DARK ? new PrimerDark().getUserAgentStylesheet() : new PrimerLight().getUserAgentStylesheet());
        if (scene != null && !scene.getStylesheets().contains(APP_CSS)) {
            scene.getStylesheets().add(APP_CSS);
        }
        if (scene != null && scene.getRoot() != null) {
            scene.getRoot().pseudoClassStateChanged(PseudoClass.getPseudoClass("dark"), this == DARK);
        }
    }

    public static String appStylesheet() {
        return APP_CSS;
    }
}
