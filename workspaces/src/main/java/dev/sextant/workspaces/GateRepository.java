package dev.sextant.workspaces;

import dev.sextant.model.gate.CanaryPlan;
import dev.sextant.model.gate.GatePolicy;
import dev.sextant.model.gate.JudgeSettings;
import dev.sextant.model.gate.Observations;
import dev.sextant.model.io.Json;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/** A project's rollout gate: its policy, the observations imported for it, its canary inputs and judge settings. Each change is one transaction. */
public final class GateRepository {

    /** How observations are kept: ids and values side by side. */
    record Data(List<String> ids, double[] values) {}

    private final Workspace workspace;

    GateRepository(Workspace workspace) {
        this.workspace = workspace;
    }

    /** Sets the project's policy (validated) and the models it compares, replacing what was there. */
    public void setPolicy(UUID projectId, GatePolicy policy, String candidate, String incumbent, boolean demo) {
        policy.validate();
        String json = Json.write(policy);
        workspace.transaction(c -> {
            ProjectRows.changing(c, projectId);
            return replaceProjectRow(
                    c,
                    "GATE_POLICY",
                    projectId,
                    List.of("NAME", "POLICY", "CANDIDATE", "INCUMBENT", "DEMO"),
                    policy.name(),
                    json,
                    candidate,
                    incumbent,
                    demo);
        });
    }

    public Optional<SavedGatePolicy> policy(UUID projectId) {
        return workspace.read(c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT ID, PROJECT_ID, POLICY, CANDIDATE, INCUMBENT, DEMO, UPDATED_AT FROM GATE_POLICY "
                            + "WHERE PROJECT_ID = ?")) {
                ps.setObject(1, projectId);
                try (ResultSet rs = ps.executeQuery()) {
                    if (!rs.next()) {
                        return Optional.empty();
                    }
                    return Optional.of(new SavedGatePolicy(
                            rs.getObject(1, UUID.class),
                            rs.getObject(2, UUID.class),
                            read(rs.getString(3), GatePolicy.class),
                            rs.getString(4),
                            rs.getString(5),
                            rs.getBoolean(6),
                            rs.getObject(7, OffsetDateTime.class).toInstant()));
                }
            }
        });
    }

    /** Keeps a file's observations, all or nothing; a file already imported for the same layer and metric is refused. */
    public void importObservations(UUID projectId, List<Observations> observations, boolean demo) {
        workspace.transaction(c -> {
            ProjectRows.changing(c, projectId);
            for (Observations o : observations) {
                // an item or request twice in one file would count twice in the mean (readers
                // refuse it; this keeps the store honest)
                Set<String> ids = new HashSet<>();
                for (String id : o.ids()) {
                    if (!ids.add(id)) {
                        throw new WorkspaceException(o.source() + ": '" + id + "' appears twice for " + o.model() + ", "
                                + o.layer().slug() + " " + o.metric());
                    }
                }
                try (PreparedStatement ps = c.prepareStatement(
                        "SELECT COUNT(*) FROM GATE_OBSERVATION WHERE PROJECT_ID = ? AND LAYER = ? AND METRIC = ? "
                                + "AND MODEL = ? AND SOURCE = ?")) {
                    ps.setObject(1, projectId);
                    ps.setString(2, o.layer().slug());
                    ps.setString(3, o.metric());
                    ps.setString(4, o.model());
                    ps.setString(5, o.source());
                    try (ResultSet rs = ps.executeQuery()) {
                        rs.next();
                        if (rs.getInt(1) > 0) {
                            throw new WorkspaceException(o.source() + ": already imported for " + o.model() + ", "
                                    + o.layer().slug() + " " + o.metric() + " (remove it first)");
                        }
                    }
                }
                try (PreparedStatement ps = c.prepareStatement(
                        "INSERT INTO GATE_OBSERVATION(ID, PROJECT_ID, LAYER, METRIC, MODEL, SOURCE, ROTATION, "
                                + "DATA, DEMO, CREATED_AT) VALUES (?,?,?,?,?,?,?,?,?,?)")) {
                    ps.setObject(1, Ids.newId());
                    ps.setObject(2, projectId);
                    ps.setString(3, o.layer().slug());
                    ps.setString(4, o.metric());
                    ps.setString(5, o.model());
                    ps.setString(6, o.source());
                    ps.setObject(7, o.rotation());
                    ps.setString(8, Json.write(new Data(o.ids(), o.values())));
                    ps.setBoolean(9, demo);
                    ps.setObject(10, OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MILLIS));
                    ps.executeUpdate();
                }
            }
            return null;
        });
    }

    /**
     * When each layer's evidence dates from: the latest rotation date where its observations carry one (a private
     * suite), else the day the latest of them was imported (UTC).
     */
    public Map<GatePolicy.Layer, LocalDate> evidenceDates(UUID projectId) {
        return workspace.read(c -> {
            Map<GatePolicy.Layer, LocalDate> out = new EnumMap<>(GatePolicy.Layer.class);
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT LAYER, MAX(ROTATION), MAX(CREATED_AT) FROM GATE_OBSERVATION WHERE PROJECT_ID = ?"
                            + " GROUP BY LAYER")) {
                ps.setObject(1, projectId);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        LocalDate rotation = rs.getObject(2, LocalDate.class);
                        out.put(
                                GatePolicy.Layer.parse(rs.getString(1)),
                                rotation != null
                                        ? rotation
                                        : rs.getObject(3, OffsetDateTime.class)
                                                .withOffsetSameInstant(ZoneOffset.UTC)
                                                .toLocalDate());
                    }
                }
            }
            return out;
        });
    }

    /** Per model of the project's evidence: the newest rotation date its observations carry (null: none) and when the latest were imported. */
    public record ModelEvidence(String model, LocalDate rotation, Instant imported) {}

    public List<ModelEvidence> evidenceByModel(UUID projectId) {
        return workspace.read(c -> {
            List<ModelEvidence> out = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT MODEL, MAX(ROTATION), MAX(CREATED_AT) FROM GATE_OBSERVATION WHERE PROJECT_ID = ?"
                            + " GROUP BY MODEL ORDER BY MODEL")) {
                ps.setObject(1, projectId);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(new ModelEvidence(
                                rs.getString(1),
                                rs.getObject(2, LocalDate.class),
                                rs.getObject(3, OffsetDateTime.class).toInstant()));
                    }
                }
            }
            return out;
        });
    }

    public List<Observations> observations(UUID projectId) {
        return workspace.read(c -> {
            List<Observations> out = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT LAYER, METRIC, MODEL, SOURCE, ROTATION, DATA FROM GATE_OBSERVATION WHERE PROJECT_ID = ? "
                            + "ORDER BY CREATED_AT, ID")) {
                ps.setObject(1, projectId);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        Data d = read(rs.getString(6), Data.class);
                        out.add(new Observations(
                                GatePolicy.Layer.parse(rs.getString(1)),
                                rs.getString(2),
                                rs.getString(3),
                                d.ids(),
                                d.values(),
                                rs.getString(4),
                                rs.getObject(5, LocalDate.class)));
                    }
                }
            }
            return out;
        });
    }

    /**
     * Keeps the inputs of the project's canary plan (validated by the spec itself), with the incumbent whose baselines
     * they hold, replacing what was kept.
     */
    public void setCanary(UUID projectId, String incumbent, CanaryPlan.Spec spec, boolean demo) {
        String json = Json.write(spec);
        workspace.transaction(c -> {
            ProjectRows.changing(c, projectId);
            return replaceProjectRow(
                    c, "GATE_CANARY", projectId, List.of("INCUMBENT", "SPEC", "DEMO"), incumbent, json, demo);
        });
    }

    /** Replaces a project's one row of {@code table} (a table with one row per project) with the given column values. */
    private static int replaceProjectRow(
            Connection c, String table, UUID projectId, List<String> columns, Object... values) throws SQLException {
        try (PreparedStatement del = c.prepareStatement("DELETE FROM " + table + " WHERE PROJECT_ID = ?")) {
            del.setObject(1, projectId);
            del.executeUpdate();
        }
        String names = String.join(", ", columns);
        String marks = "?,".repeat(columns.size());
        try (PreparedStatement ps = c.prepareStatement(
                "INSERT INTO " + table + "(ID, PROJECT_ID, " + names + ", UPDATED_AT) VALUES (?,?," + marks + "?)")) {
            ps.setObject(1, Ids.newId());
            ps.setObject(2, projectId);
            for (int i = 0; i < values.length; i++) {
                ps.setObject(3 + i, values[i]);
            }
            ps.setObject(3 + values.length, OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MILLIS));
            return ps.executeUpdate();
        }
    }

    /** The project's kept canary inputs, if the user planned one. */
    public Optional<SavedCanary> canary(UUID projectId) {
        return workspace.read(c -> {
            try (PreparedStatement ps =
                    c.prepareStatement("SELECT INCUMBENT, SPEC, UPDATED_AT FROM GATE_CANARY WHERE PROJECT_ID = ?")) {
                ps.setObject(1, projectId);
                try (ResultSet rs = ps.executeQuery()) {
                    if (!rs.next()) {
                        return Optional.empty();
                    }
                    return Optional.of(new SavedCanary(
                            rs.getString(1),
                            read(rs.getString(2), CanaryPlan.Spec.class),
                            rs.getObject(3, OffsetDateTime.class).toInstant()));
                }
            }
        });
    }

    /** Keeps the project's canary judge settings (validated by the settings themselves), replacing what was kept. */
    public void setJudge(UUID projectId, JudgeSettings settings, boolean demo) {
        String json = Json.write(settings);
        workspace.transaction(c -> {
            ProjectRows.changing(c, projectId);
            return replaceProjectRow(c, "GATE_JUDGE", projectId, List.of("SETTINGS", "DEMO"), json, demo);
        });
    }

    /** The project's kept canary judge settings, if the user replayed the judge in it. */
    public Optional<JudgeSettings> judge(UUID projectId) {
        return workspace.read(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT SETTINGS FROM GATE_JUDGE WHERE PROJECT_ID = ?")) {
                ps.setObject(1, projectId);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? Optional.of(read(rs.getString(1), JudgeSettings.class)) : Optional.empty();
                }
            }
        });
    }

    /** Removes what one file brought. */
    public int deleteSource(UUID projectId, String source) {
        return workspace.transaction(c -> {
            try (PreparedStatement ps =
                    c.prepareStatement("DELETE FROM GATE_OBSERVATION WHERE PROJECT_ID = ? AND SOURCE = ?")) {
                ps.setObject(1, projectId);
                ps.setString(2, source);
                return ps.executeUpdate();
            }
        });
    }

    private static <T> T read(String json, Class<T> type) throws SQLException {
        try {
            return Json.mapper().readValue(json, type);
        } catch (IOException e) {
            throw new SQLException("gate data cannot be read: " + e.getMessage(), e);
        }
    }
}
