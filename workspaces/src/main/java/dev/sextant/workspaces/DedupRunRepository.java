package dev.sextant.workspaces;

import dev.sextant.model.contamination.CorpusFingerprint;
import dev.sextant.model.data.DedupSpec;
import dev.sextant.model.data.DedupSummary;
import dev.sextant.model.io.DedupStateFolder;
import dev.sextant.model.io.Json;
import java.io.IOException;
import java.nio.file.Path;
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
 * Deduplication runs kept in a project; each change is one transaction. A resumable run's unit states live beside the
 * database ({@link #stateDir}) until it completes or is deleted.
 */
public final class DedupRunRepository implements KeptRunStore {

    private static final String SELECT =
            "SELECT ID, PROJECT_ID, NAME, STATE, SPEC, CORPUS, OUT_DIR, SUMMARY, FAILURE, DEMO, CREATED_AT, FAILED_FILE FROM DEDUP_RUN";

    private final Workspace workspace;

    DedupRunRepository(Workspace workspace) {
        this.workspace = workspace;
    }

    /** Keeps a complete run. */
    public UUID save(UUID projectId, String name, DedupSummary summary) {
        UUID id = start(projectId, name, summary.spec(), null, summary.out());
        complete(id, summary);
        return id;
    }

    /** Keeps a run as it starts (RUNNING), with what it needs to go on if it stops. */
    public UUID start(UUID projectId, String name, DedupSpec spec, CorpusFingerprint corpus, String out) {
        ProjectRows.checkedName("a deduplication run", name);
        UUID id = Ids.newId();
        workspace.transaction(c -> {
            ProjectRows.changing(c, projectId);
            try (PreparedStatement ps = c.prepareStatement(
                    "INSERT INTO DEDUP_RUN(ID, PROJECT_ID, NAME, STATE, SPEC, CORPUS, OUT_DIR, DEMO, CREATED_AT) "
                            + "VALUES (?,?,?,?,?,?,?,?,?)")) {
                ps.setObject(1, id);
                ps.setObject(2, projectId);
                ps.setString(3, name.strip());
                ps.setString(4, RunState.RUNNING.name());
                ps.setString(5, Json.write(spec));
                ps.setString(6, corpus == null ? null : Json.write(corpus));
                ps.setString(7, out);
                ps.setBoolean(8, false);
                ps.setObject(9, OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MILLIS));
                return ps.executeUpdate();
            }
        });
        return id;
    }

    /** What the run found: it is complete. */
    public void complete(UUID id, DedupSummary summary) {
        update(
                id,
                "UPDATE DEDUP_RUN SET STATE = ?, SUMMARY = ?, FAILURE = NULL, FAILED_FILE = NULL WHERE ID = ?",
                RunState.COMPLETE.name(),
                Json.write(summary));
        new DedupStateFolder(stateDir(id)).delete();
    }

    @Override
    public void cancelled(UUID id) {
        update(id, "UPDATE DEDUP_RUN SET STATE = ? WHERE ID = ?", RunState.CANCELLED.name());
    }

    @Override
    public void failed(UUID id, String file, String reason) {
        update(
                id,
                "UPDATE DEDUP_RUN SET STATE = ?, FAILED_FILE = ?, FAILURE = ? WHERE ID = ?",
                RunState.FAILED.name(),
                ProjectRows.clip(file),
                ProjectRows.clip(reason == null ? "stopped by an error" : reason));
    }

    /** The run goes on: an earlier failure is cleared. */
    public void resumed(UUID id) {
        update(
                id,
                "UPDATE DEDUP_RUN SET STATE = ?, FAILURE = NULL, FAILED_FILE = NULL WHERE ID = ?",
                RunState.RUNNING.name());
    }

    private void update(UUID id, String sql, String... values) {
        ProjectRows.updateById(workspace, "deduplication run", sql, id, values);
    }

    public Optional<SavedDedupRun> find(UUID id) {
        return ProjectRows.findById(workspace, SELECT, id, DedupRunRepository::map);
    }

    public List<SavedDedupRun> list(UUID projectId) {
        return ProjectRows.newestFirst(workspace, SELECT, projectId, DedupRunRepository::map);
    }

    public void delete(UUID id) {
        ProjectRows.deleteById(workspace, "DEDUP_RUN", id);
        new DedupStateFolder(stateDir(id)).delete();
    }

    /** Where a resumable run keeps what it has read: beside the database, deleted when the run completes. */
    public Path stateDir(UUID id) {
        return workspace.dir().resolve("dedup-state").resolve(id.toString());
    }

    private static SavedDedupRun map(ResultSet rs) throws SQLException {
        String name = rs.getString(3);
        try {
            String spec = rs.getString(5);
            String corpus = rs.getString(6);
            String summary = rs.getString(8);
            DedupSummary s = summary == null ? null : Json.mapper().readValue(summary, DedupSummary.class);
            UUID id = rs.getObject(1, UUID.class);
            return new SavedDedupRun(
                    id,
                    rs.getObject(2, UUID.class),
                    name,
                    RunState.read(rs.getString(4), id),
                    spec != null ? Json.mapper().readValue(spec, DedupSpec.class) : s == null ? null : s.spec(),
                    corpus == null ? null : Json.mapper().readValue(corpus, CorpusFingerprint.class),
                    rs.getString(7),
                    s,
                    rs.getString(12),
                    rs.getString(9),
                    rs.getBoolean(10),
                    rs.getObject(11, OffsetDateTime.class).toInstant());
        } catch (IOException e) {
            throw new WorkspaceException("kept deduplication run " + name + " cannot be read: " + e.getMessage(), e);
        }
    }
}
