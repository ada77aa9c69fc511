package dev.sextant.app;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import org.h2.engine.Constants;

/** Versions of Sextant and of what it runs on, for {@code --version} and the About dialog. */
public record AppInfo(String version, String javafx, String h2, String java, String os) {

    public static final String NAME = "Sextant";

    public static AppInfo current() {
        Properties p = new Properties();
        try (InputStream in = AppInfo.class.getResourceAsStream("version.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String runtimeFx = System.getProperty("javafx.runtime.version");
        return new AppInfo(
                p.getProperty("version", "dev"),
                runtimeFx != null ? runtimeFx : p.getProperty("javafx", "?"),
                Constants.FULL_VERSION,
                System.getProperty("java.runtime.version", System.getProperty("java.version")) + " ("
                        + System.getProperty("java.vendor") + ")",
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                        + System.getProperty("os.arch"));
    }

    /** One line for {@code sextant --version}. */
    public String versionLine() {
        return "sextant " + version + " (Java " + java + ", JavaFX " + javafx + ", H2 " + h2 + ")";
    }
}
