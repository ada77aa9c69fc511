package dev.sextant.workspaces;

import java.util.List;

/**
 * Preferences that belong to the user rather than to a workspace, kept in {@code settings.json} under the Sextant
 * home folder.
 *
 * @param theme               {@code light} or {@code dark}
 * @param openLastWorkspace   on start, open the workspace used last instead of the default one
 * @param recentWorkspaces    absolute paths, most recent first
 */
public record Settings(String theme, boolean openLastWorkspace, List<String> recentWorkspaces) {

    public static final int MAX_RECENT = 10;

    public Settings {
        theme = "dark".equals(theme) ? "dark" : "light";
        recentWorkspaces = recentWorkspaces == null ? List.of() : List.copyOf(recentWorkspaces);
    }

    public static Settings defaults() {
        return new Settings("light", true, List.of());
    }

    public Settings withTheme(String newTheme) {
        return new Settings(newTheme, openLastWorkspace, recentWorkspaces);
    }

    public Settings withOpenLastWorkspace(boolean value) {
        return new Settings(theme, value, recentWorkspaces);
    }

    public Settings withRecentWorkspaces(List<String> recent) {
        return new Settings(theme, openLastWorkspace, recent);
    }
}
