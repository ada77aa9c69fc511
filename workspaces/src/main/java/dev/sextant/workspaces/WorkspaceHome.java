package dev.sextant.workspaces;

import dev.sextant.model.io.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.slf4j.LoggerFactory;

/**
 * The Sextant home folder: {@code $SEXTANT_HOME}, else {@code ~/.sextant}. It holds the default workspace
 * ({@code workspaces/default}) and the user's {@link Settings}.
 */
public final class WorkspaceHome {

    public static final String ENV = "SEXTANT_HOME";
    /** System property that overrides the environment, for tests and packaged launchers. */
    public static final String PROPERTY = "sextant.home";

    private final Path root;

    public WorkspaceHome(Path root) {
        this.root = root.toAbsolutePath().normalize();
    }

    public static WorkspaceHome fromEnvironment() {
        return fromEnvironment(System.getenv());
    }

    static WorkspaceHome fromEnvironment(Map<String, String> env) {
        String prop = System.getProperty(PROPERTY);
        if (prop != null && !prop.isBlank()) {
            return new WorkspaceHome(Path.of(prop));
        }
        String fromEnv = env.get(ENV);
        if (fromEnv != null && !fromEnv.isBlank()) {
            return new WorkspaceHome(Path.of(fromEnv));
        }
        return new WorkspaceHome(Path.of(System.getProperty("user.home"), ".sextant"));
    }

    public Path root() {
        return root;
    }

    public Path defaultWorkspaceDir() {
        return root.resolve("workspaces").resolve("default");
    }

    public Path settingsFile() {
        return root.resolve("settings.json");
    }

    /** The saved settings, or the defaults when there are none or the file cannot be read. */
    public Settings settings() {
        Path file = settingsFile();
        if (!Files.isRegularFile(file)) {
            return Settings.defaults();
        }
        try {
            return Json.mapper().readValue(file.toFile(), Settings.class);
        } catch (IOException e) {
            // the logger is looked up here, not when the class loads: setting logging up costs a command ~80 ms at
            // start
            LoggerFactory.getLogger(WorkspaceHome.class)
                    .warn("ignoring unreadable settings file {}: {}", file, e.getMessage());
            return Settings.defaults();
        }
    }

    /** Writes the settings atomically: a crash leaves the old file or the new one, never half of one. */
    public void save(Settings settings) {
        try {
            Files.createDirectories(root);
            Path tmp = Files.createTempFile(root, "settings", ".json.tmp");
            Files.writeString(tmp, Json.writePretty(settings));
            try {
                Files.move(tmp, settingsFile(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, settingsFile(), StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + settingsFile(), e);
        }
    }

    /** Puts a workspace at the front of the recent list. */
    public void rememberRecent(Path workspaceDir) {
        String path = workspaceDir.toAbsolutePath().normalize().toString();
        Settings s = settings();
        List<String> recent = new ArrayList<>(s.recentWorkspaces());
        recent.remove(path);
        recent.add(0, path);
        while (recent.size() > Settings.MAX_RECENT) {
            recent.remove(recent.size() - 1);
        }
        save(s.withRecentWorkspaces(recent));
    }

    /** Recent workspaces that still exist, most recent first. */
    public List<Path> recentWorkspaces() {
        List<Path> out = new ArrayList<>();
        for (String p : settings().recentWorkspaces()) {
            Path dir = Path.of(p);
            if (Workspace.exists(dir)) {
                out.add(dir);
            }
        }
        return out;
    }

    /**
     * The workspace to open when the user named none: the last one used if the settings ask for it and it still
     * exists, else the default one.
     */
    public Path startupWorkspaceDir() {
        Settings s = settings();
        if (s.openLastWorkspace()) {
            List<Path> recent = recentWorkspaces();
            if (!recent.isEmpty()) {
                return recent.get(0);
            }
        }
        return defaultWorkspaceDir();
    }
}
