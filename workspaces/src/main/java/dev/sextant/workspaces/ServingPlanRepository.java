package dev.sextant.workspaces;

import dev.sextant.model.io.Json;
import dev.sextant.model.serving.ServingAnalysis;
import dev.sextant.model.serving.ServingPlanRequest;
import java.io.IOException;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;

/** Serving plans kept in a project; each save is one transaction. */
public final class ServingPlanRepository {

    private static final String SELECT =
            "SELECT ID, PROJECT_ID, NAME, REQUEST, STUDY, DEMO, CREATED_AT FROM SERVING_PLAN";

    private final Workspace workspace;

    ServingPlanRepository(Workspace workspace) {
        this.workspace = workspace;
    }

    public UUID save(UUID projectId, String name, ServingPlanRequest request, ServingAnalysis study, boolean demo) {
        ProjectRows.checkedName("a saved plan", name);
        UUID id = Ids.newId();
        String requestJson = Json.write(request);
        String studyJson = Json.write(study);
        workspace.transaction(c -> {
            ProjectRows.changing(c, projectId);
            try (PreparedStatement ps = c.prepareStatement(
                    "INSERT INTO SERVING_PLAN(ID, PROJECT_ID, NAME, REQUEST, STUDY, DEMO, CREATED_AT) "
                            + "VALUES (?,?,?,?,?,?,?)")) {
                ps.setObject(1, id);
                ps.setObject(2, projectId);
                ps.setString(3, name.strip());
                ps.setString(4, requestJson);
                ps.setString(5, studyJson);
                ps.setBoolean(6, demo);
                ps.setObject(7, OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MILLIS));
                return ps.executeUpdate();
            }
        });
        return id;
    }

    public List<SavedServingPlan> list(UUID projectId) {
        return ProjectRows.newestFirst(workspace, SELECT, projectId, ServingPlanRepository::map);
    }

    public void delete(UUID id) {
        ProjectRows.deleteById(workspace, "SERVING_PLAN", id);
    }

    private static SavedServingPlan map(ResultSet rs) throws SQLException {
        try {
            return new SavedServingPlan(
                    rs.getObject(1, UUID.class),
                    rs.getObject(2, UUID.class),
                    rs.getString(3),
                    Json.mapper().readValue(rs.getString(4), ServingPlanRequest.class),
                    Json.mapper().readValue(rs.getString(5), ServingAnalysis.class),
                    rs.getBoolean(6),
                    rs.getObject(7, OffsetDateTime.class).toInstant());
        } catch (IOException e) {
            throw new WorkspaceException(
                    "saved serving plan " + rs.getString(3) + " cannot be read: " + e.getMessage(), e);
        }
    }
}
