package dev.sextant.workspaces;

import dev.sextant.model.contamination.CorpusFingerprint;
import dev.sextant.model.data.quality.FilterRecipe;
import dev.sextant.model.data.quality.QualityResult;
import dev.sextant.model.io.Json;
import java.io.IOException;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Quality-filtering runs kept in a project; each change is one transaction. What a stopped run finished lives in its
 * output folder's {@code OUT.partial}, not here.
 */
public final class QualityRunRepository implements KeptRunStore {

    private static final String SELECT = "SELECT ID, PROJECT_ID, NAME, STATE, RECIPE, CORPUS, OUT_DIR, ENGINE, RESULT, "
            + "FAILED_FILE, FAILURE, CREATED_AT FROM QUALITY_RUN";

    private final Workspace workspace;

    QualityRunRepository(Workspace workspace) {
        this.workspace = workspace;
    }

    /** Keeps a run as it starts (RUNNING), with what it needs to go on if it stops. */
    public UUID start(
            UUID projectId, String name, FilterRecipe recipe, CorpusFingerprint corpus, String out, String engine) {
        ProjectRows.checkedName("a quality-filtering run", name);
        UUID id = Ids.newId();
        workspace.transaction(c -> {
            ProjectRows.changing(c, projectId);
            try (PreparedStatement ps = c.prepareStatement(
                    "INSERT INTO QUALITY_RUN(ID, PROJECT_ID, NAME, STATE, RECIPE, CORPUS, OUT_DIR, ENGINE, CREATED_AT) "
                            + "VALUES (?,?,?,?,?,?,?,?,?)")) {
                ps.setObject(1, id);
                ps.setObject(2, projectId);
                ps.setString(3, name.strip());
                ps.setString(4, RunState.RUNNING.name());
                ps.setString(5, Json.write(recipe));
                ps.setString(6, Json.write(corpus));
                ps.setString(7, out);
                ps.setString(8, ProjectRows.clip(engine));
                ps.setObject(9, OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MILLIS));
                return ps.executeUpdate();
            }
        });
        return id;
    }

    /** What the run counted: it is complete. */
    public void complete(UUID id, QualityResult result) {
        update(
                id,
                "UPDATE QUALITY_RUN SET STATE = ?, RESULT = ?, FAILURE = NULL, FAILED_FILE = NULL WHERE ID = ?",
                RunState.COMPLETE.name(),
                Json.write(result));
    }

    @Override
    public void cancelled(UUID id) {
        update(id, "UPDATE QUALITY_RUN SET STATE = ? WHERE ID = ?", RunState.CANCELLED.name());
    }

    @Override
    public void failed(UUID id, String file, String reason) {
        update(
                id,
                "UPDATE QUALITY_RUN SET STATE = ?, FAILED_FILE = ?, FAILURE = ? WHERE ID = ?",
                RunState.FAILED.name(),
                ProjectRows.clip(file),
                ProjectRows.clip(reason == null ? "stopped by an error" : reason));
    }

    /** The run goes on (where it runs now): an earlier failure is cleared. */
    public void resumed(UUID id, String engine) {
        update(
                id,
                "UPDATE QUALITY_RUN SET STATE = ?, ENGINE = ?, FAILURE = NULL, FAILED_FILE = NULL WHERE ID = ?",
                RunState.RUNNING.name(),
                ProjectRows.clip(engine));
    }

    private void update(UUID id, String sql, String... values) {
        ProjectRows.updateById(workspace, "quality-filtering run", sql, id, values);
    }

    public Optional<SavedQualityRun> find(UUID id) {
        return ProjectRows.findById(workspace, SELECT, id, QualityRunRepository::map);
    }

    public List<SavedQualityRun> list(UUID projectId) {
        return ProjectRows.newestFirst(workspace, SELECT, projectId, QualityRunRepository::map);
    }

    public void delete(UUID id) {
        ProjectRows.deleteById(workspace, "QUALITY_RUN", id);
    }

    private static SavedQualityRun map(ResultSet rs) throws SQLException {
        String name = rs.getString(3);
        try {
            UUID id = rs.getObject(1, UUID.class);
            String result = rs.getString(9);
            return new SavedQualityRun(
                    id,
                    rs.getObject(2, UUID.class),
                    name,
                    RunState.read(rs.getString(4), id),
                    Json.mapper().readValue(rs.getString(5), FilterRecipe.class),
                    Json.mapper().readValue(rs.getString(6), CorpusFingerprint.class),
                    rs.getString(7),
                    rs.getString(8),
                    result == null ? null : Json.mapper().readValue(result, QualityResult.class),
                    rs.getString(10),
                    rs.getString(11),
                    rs.getObject(12, OffsetDateTime.class).toInstant());
        } catch (IOException e) {
            throw new WorkspaceException(
                    "kept quality-filtering run " + name + " cannot be read: " + e.getMessage(), e);
        }
    }
}
