package dev.sextant.workspaces;

import dev.sextant.model.io.Json;
import dev.sextant.model.runhealth.FailureStudy;
import java.io.IOException;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;

/** Failure studies kept in a project; each save is one transaction. The drawn run's timeline is not kept. */
public final class FailureStudyRepository {

    private static final String SELECT =
            "SELECT ID, PROJECT_ID, NAME, RESULT, SEED, DEMO, CREATED_AT FROM FAILURE_STUDY";

    private final Workspace workspace;

    FailureStudyRepository(Workspace workspace) {
        this.workspace = workspace;
    }

    public UUID save(UUID projectId, String name, FailureStudy study, long seed, boolean demo) {
        ProjectRows.checkedName("a failure study", name);
        UUID id = Ids.newId();
        FailureStudy kept = study.withoutTimeline();
        String scenario = Json.write(study.scenario());
        String result = Json.write(kept);
        workspace.transaction(c -> {
            ProjectRows.changing(c, projectId);
            try (PreparedStatement ps = c.prepareStatement(
                    "INSERT INTO FAILURE_STUDY(ID, PROJECT_ID, NAME, SCENARIO, RUNS, SEED, RESULT, DEMO,"
                            + " CREATED_AT) VALUES (?,?,?,?,?,?,?,?,?)")) {
                ps.setObject(1, id);
                ps.setObject(2, projectId);
                ps.setString(3, name.strip());
                ps.setString(4, scenario);
                ps.setInt(5, study.runs());
                ps.setLong(6, seed);
                ps.setString(7, result);
                ps.setBoolean(8, demo);
                ps.setObject(9, OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MILLIS));
                return ps.executeUpdate();
            }
        });
        return id;
    }

    public List<SavedFailureStudy> list(UUID projectId) {
        return ProjectRows.newestFirst(workspace, SELECT, projectId, FailureStudyRepository::map);
    }

    public void delete(UUID id) {
        ProjectRows.deleteById(workspace, "FAILURE_STUDY", id);
    }

    private static SavedFailureStudy map(ResultSet rs) throws SQLException {
        try {
            return new SavedFailureStudy(
                    rs.getObject(1, UUID.class),
                    rs.getObject(2, UUID.class),
                    rs.getString(3),
                    Json.mapper().readValue(rs.getString(4), FailureStudy.class),
                    rs.getLong(5),
                    rs.getBoolean(6),
                    rs.getObject(7, OffsetDateTime.class).toInstant());
        } catch (IOException e) {
            throw new WorkspaceException(
                    "kept failure study " + rs.getString(3) + " cannot be read: " + e.getMessage(), e);
        }
    }
}
