package dev.sextant.workspaces;

import dev.sextant.model.project.Project;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import org.h2.engine.Constants;

/**
 * What a workspace holds, at a glance: shown by {@code sextant workspace info} and the workbench's project overview.
 *
 * @param databaseBytes size of the database file on disk
 */
public record WorkspaceSummary(
        String name,
        String path,
        String databaseFile,
        long databaseBytes,
        int schemaVersion,
        String createdAt,
        String h2Version,
        List<Project> projects) {

    public WorkspaceSummary {
        projects = List.copyOf(projects);
    }

    public static WorkspaceSummary of(Workspace ws) {
        long bytes;
        try {
            bytes = Files.size(ws.databaseFile());
        } catch (IOException e) {
            bytes = -1;
        }
        return new WorkspaceSummary(
                ws.name(),
                ws.dir().toString(),
                ws.databaseFile().toString(),
                bytes,
                ws.schemaVersion(),
                ws.property("created_at"),
                Constants.FULL_VERSION,
                ws.projects().list());
    }
}
