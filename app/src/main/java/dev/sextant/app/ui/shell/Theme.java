package dev.sextant.app.ui.shell;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import javafx.application.Application;
import javafx.css.Stylesheet;
import javafx.scene.Scene;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Light and dark looks: AtlantaFX's Primer themes plus the workbench's own small stylesheet. */
public enum Theme {
    LIGHT("light", new PrimerLight()), DARK("dark", new PrimerDark());

    private static final Logger LOG = LoggerFactory.getLogger(Theme.class);
    private static final String APP_CSS = Objects.requireNonNull(Theme.class.getResource("/dev/sextant/app/ui/sextant.css")).toExternalForm();
    /** The themes' stylesheets in JavaFX's binary form, once converted: see {@link #prepareBinaryStylesheets()}. */
    private static final Map<Theme, String> BINARY = new ConcurrentHashMap<>();
    private static final AtomicBoolean PREPARING = new AtomicBoolean();

    private final String id;
    private final atlantafx.base.theme.Theme primer;

    Theme(String id, atlantafx.base.theme.Theme primer) {
        this.id = id;
        this.primer = primer;
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
        Application.setUserAgentStylesheet(BINARY.getOrDefault(this, primer.getUserAgentStylesheet()));
        if (scene != null && !scene.getStylesheets().contains(APP_CSS)) {
            scene.getStylesheets().add(APP_CSS);
        }
        if (scene != null && scene.getRoot() != null) {
            scene.getRoot().pseudoClassStateChanged(javafx.css.PseudoClass.getPseudoClass("dark"), this == DARK);
        }
    }

    public static String appStylesheet() {
        return APP_CSS;
    }

    /**
     * Converts both Primer stylesheets to JavaFX's binary form in the background, once. JavaFX re-reads the user-agent
     * stylesheet on every switch: parsing Primer's 170 kB of CSS held the FX thread 50–200 ms, where loading the
     * binary form beside it ({@code x.bss} next to {@code x.css}, which JavaFX prefers) takes a few. Until this is
     * done, or if it fails, the stylesheets are parsed as before.
     */
    public static void prepareBinaryStylesheets() {
        if (!PREPARING.compareAndSet(false, true)) {
            return;
        }
        Thread thread = new Thread(() -> {
            try {
                Path dir = Files.createTempDirectory("sextant-theme");
                dir.toFile().deleteOnExit();
                for (Theme theme : values()) {
                    String resource = theme.primer.getUserAgentStylesheet();
                    String name = resource.substring(resource.lastIndexOf('/') + 1);
                    Path css = dir.resolve(name);
                    Path bss = dir.resolve(name.replaceFirst("\\.css$", ".bss"));
                    css.toFile().deleteOnExit();
                    bss.toFile().deleteOnExit();
                    try (InputStream in = theme.primer.getClass().getResourceAsStream(resource)) {
                        Files.copy(Objects.requireNonNull(in, resource), css);
                    }
                    Stylesheet.convertToBinary(css.toFile(), bss.toFile());
                    BINARY.put(theme, css.toUri().toString());
                }
            } catch (IOException | RuntimeException e) {
                LOG.debug("theme stylesheets stay in text form: {}", e.toString());
            }
        }, "theme-stylesheets");
        thread.setDaemon(true);
        thread.start();
    }
}
