package dev.sextant.app.ui.shell;

import dev.sextant.model.project.Project;
import dev.sextant.workspaces.Workspace;
import java.io.File;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.Locale;
import javafx.stage.FileChooser;

/**
 * The one save dialog of the workbench: it opens in the workspace's exports folder and proposes a name made of the
 * project, what is saved and the date ({@code release-review-rollout-report-2026-12-01.pdf}), so that exports land
 * together and sort by project and day.
 */
public final class ExportChooser {

    private ExportChooser() {}

    /**
     * @param what        what is saved, in a few words ("rollout report", "checks")
     * @param description the file type's name for the filter ("PDF")
     * @param extension   without the dot ("pdf")
     */
    public static FileChooser of(ShellModel shell, String title, String what, String description, String extension) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle(title);
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter(description, "*." + extension));
        Workspace ws = shell.workspaceProperty().get();
        if (ws != null) {
            File exports = ws.exportDir().toFile();
            if (exports.isDirectory() || exports.mkdirs()) {
                chooser.setInitialDirectory(exports);
            }
        }
        chooser.setInitialFileName(fileName(shell.currentProjectProperty().get(), what, LocalDate.now(), extension));
        return chooser;
    }

    /**
     * The chosen file with the chooser's selected filter's extension when the name has none of the filters' (GTK's
     * dialog does not add it: "report" was refused as neither .html nor .pdf, and nothing was written).
     */
    public static Path withExtension(FileChooser chooser, File chosen) {
        String name = chosen.getName().toLowerCase(Locale.ROOT);
        for (FileChooser.ExtensionFilter f : chooser.getExtensionFilters()) {
            for (String pattern : f.getExtensions()) {
                if (name.endsWith(pattern.replace("*", "").toLowerCase(Locale.ROOT))) {
                    return chosen.toPath();
                }
            }
        }
        FileChooser.ExtensionFilter selected = chooser.getSelectedExtensionFilter() != null
                ? chooser.getSelectedExtensionFilter()
                : chooser.getExtensionFilters().isEmpty()
                        ? null
                        : chooser.getExtensionFilters().get(0);
        if (selected == null || selected.getExtensions().isEmpty()) {
            return chosen.toPath();
        }
        return chosen.toPath()
                .resolveSibling(
                        chosen.getName() + selected.getExtensions().get(0).replace("*", ""));
    }

    /** {@code <project>-<what>-<date>.<extension>}, in letters, digits, dots, dashes and underscores. */
    static String fileName(Project project, String what, LocalDate date, String extension) {
        String name = (project == null ? "" : project.name() + "-") + what + "-" + date;
        String safe = name.toLowerCase(Locale.ROOT)
                .replaceAll("[^\\p{L}\\p{N}._-]+", "-")
                .replaceAll("-+", "-")
                .replaceAll("^-|-$", "");
        return (safe.isEmpty() ? "export" : safe) + "." + extension;
    }
}
