package dev.sextant.workspaces;

import dev.sextant.model.io.AblationRunsFile;
import dev.sextant.model.io.Json;
import java.io.IOException;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/** Sets of small runs kept in a project, one row a run; a save is one transaction, so a set is kept whole or not at all. */
public final class AblationSetRepository {

    private static final String SELECT = "SELECT A.ID, A.PROJECT_ID, A.NAME, A.SOURCES, A.NOTES, A.DEMO, A.CREATED_AT,"
            + " (SELECT COUNT(*) FROM ABLATION_RUN R WHERE R.SET_ID = A.ID) FROM ABLATION_SET A";

    private final Workspace workspace;

    AblationSetRepository(Workspace workspace) {
        this.workspace = workspace;
    }

    public UUID save(
            UUID projectId,
            String name,
            List<String> sources,
            List<String> notes,
            List<AblationRunsFile.Run> runs,
            boolean demo) {
        ProjectRows.checkedName("a set of runs", name);
        if (runs.isEmpty()) {
            throw new WorkspaceException("a set of runs needs at least one run");
        }
        for (AblationRunsFile.Run r : runs) {
            ProjectRows.checkedName("a run", r.run());
        }
        UUID id = Ids.newId();
        String sourcesJson = Json.write(sources);
        String notesJson = Json.write(notes);
        workspace.transaction(c -> {
            ProjectRows.changing(c, projectId);
            try (PreparedStatement ps = c.prepareStatement(
                    "INSERT INTO ABLATION_SET(ID, PROJECT_ID, NAME, SOURCES, NOTES, DEMO, CREATED_AT)"
                            + " VALUES (?,?,?,?,?,?,?)")) {
                ps.setObject(1, id);
                ps.setObject(2, projectId);
                ps.setString(3, name.strip());
                ps.setString(4, sourcesJson);
                ps.setString(5, notesJson);
                ps.setBoolean(6, demo);
                ps.setObject(7, OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MILLIS));
                ps.executeUpdate();
            }
            try (PreparedStatement ps = c.prepareStatement(
                    "INSERT INTO ABLATION_RUN(SET_ID, POSITION, RUN, PARAMS, TOKENS, LOSS, FLOPS,"
                            + " PARAMS_NON_EMBEDDING, BATCH_SIZE, LEARNING_RATE, SCHEDULE, WARMUP, LINE) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)")) {
                int i = 0;
                for (AblationRunsFile.Run r : runs) {
                    ps.setObject(1, id);
                    ps.setInt(2, i++);
                    ps.setString(3, r.run());
                    ps.setDouble(4, r.params());
                    ps.setDouble(5, r.tokens());
                    ps.setDouble(6, r.loss());
                    setOptional(ps, 7, r.flops());
                    setOptional(ps, 8, r.paramsNonEmbedding());
                    setOptional(ps, 9, r.batchSize());
                    setOptional(ps, 10, r.learningRate());
                    ps.setString(11, r.schedule());
                    setOptional(ps, 12, r.warmup());
                    ps.setLong(13, r.line());
                    ps.addBatch();
                }
                ps.executeBatch();
            }
            return null;
        });
        return id;
    }

    public List<SavedAblationSet> list(UUID projectId) {
        return ProjectRows.newestFirst(workspace, SELECT, projectId, AblationSetRepository::map);
    }

    /** A kept set's runs, in the order they were read. */
    public List<AblationRunsFile.Run> load(UUID id) {
        return workspace.read(c -> {
            List<AblationRunsFile.Run> out = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT RUN, PARAMS, TOKENS, LOSS, FLOPS, PARAMS_NON_EMBEDDING, BATCH_SIZE,"
                            + " LEARNING_RATE, SCHEDULE, WARMUP, LINE FROM ABLATION_RUN WHERE SET_ID = ? ORDER BY POSITION")) {
                ps.setObject(1, id);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(new AblationRunsFile.Run(
                                rs.getString(1),
                                rs.getDouble(2),
                                rs.getDouble(3),
                                rs.getDouble(4),
                                optional(rs, 5),
                                optional(rs, 6),
                                optional(rs, 7),
                                optional(rs, 8),
                                rs.getString(9),
                                optional(rs, 10),
                                rs.getLong(11)));
                    }
                }
            }
            if (out.isEmpty()) {
                throw new WorkspaceException("no set of runs " + id);
            }
            return out;
        });
    }

    public void delete(UUID id) {
        ProjectRows.deleteById(workspace, "ABLATION_SET", id);
    }

    private static void setOptional(PreparedStatement ps, int i, Double v) throws SQLException {
        if (v == null) {
            ps.setNull(i, Types.DOUBLE);
        } else {
            ps.setDouble(i, v);
        }
    }

    private static Double optional(ResultSet rs, int i) throws SQLException {
        double v = rs.getDouble(i);
        return rs.wasNull() ? null : v;
    }

    private static SavedAblationSet map(ResultSet rs) throws SQLException {
        try {
            return new SavedAblationSet(
                    rs.getObject(1, UUID.class),
                    rs.getObject(2, UUID.class),
                    rs.getString(3),
                    List.of(Json.mapper().readValue(rs.getString(4), String[].class)),
                    List.of(Json.mapper().readValue(rs.getString(5), String[].class)),
                    rs.getInt(8),
                    rs.getBoolean(6),
                    rs.getObject(7, OffsetDateTime.class).toInstant());
        } catch (IOException e) {
            throw new WorkspaceException(
                    "kept set of runs " + rs.getString(3) + " cannot be read: " + e.getMessage(), e);
        }
    }
}
