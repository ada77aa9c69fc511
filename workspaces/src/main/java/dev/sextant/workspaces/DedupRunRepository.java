package dev.sextant.workspaces;

import dev.sextant.model.data.DedupSummary;
import dev.sextant.model.io.Json;
import java.io.IOException;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;

/** Deduplication runs kept in a project; each save is one transaction. */
public final class DedupRunRepository {

    private static final String SELECT = "SELECT ID, PROJECT_ID, NAME, SUMMARY, DEMO, CREATED_AT FROM DEDUP_RUN";

    private final Workspace workspace;

    DedupRunRepository(Workspace workspace) {
        this.workspace = workspace;
    }

    public UUID save(UUID projectId, String name, DedupSummary summary) {
        ProjectRows.checkedName("a deduplication run", name);
        UUID id = Ids.newId();
        String json = Json.write(summary);
        workspace.transaction(c -> {
            ProjectRows.requireProject(c, projectId);
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO DEDUP_RUN(ID, PROJECT_ID, NAME, SUMMARY, DEMO, CREATED_AT) VALUES (?,?,?,?,?,?)")) {
                ps.setObject(1, id);
                ps.setObject(2, projectId);
                ps.setString(3, name.strip());
                ps.setString(4, json);
                ps.setBoolean(5, false);
                ps.setObject(6, OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MILLIS));
                return ps.executeUpdate();
            }
        });
        return id;
    }

    public List<SavedDedupRun> list(UUID projectId) {
        return ProjectRows.newestFirst(workspace, SELECT, projectId, DedupRunRepository::map);
    }

    public void delete(UUID id) {
        ProjectRows.deleteById(workspace, "DEDUP_RUN", id);
    }

    private static SavedDedupRun map(ResultSet rs) throws SQLException {
        try {
            return new SavedDedupRun(rs.getObject(1, UUID.class), rs.getObject(2, UUID.class), rs.getString(3),
                    Json.mapper().readValue(rs.getString(4), DedupSummary.class), rs.getBoolean(5), rs.getObject(6, OffsetDateTime.class).toInstant());
        } catch (IOException e) {
            throw new WorkspaceException("kept deduplication run " + rs.getString(3) + " cannot be read: " + e.getMessage(), e);
        }
    }
}
