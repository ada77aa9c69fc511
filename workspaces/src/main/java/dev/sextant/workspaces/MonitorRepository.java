package dev.sextant.workspaces;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.sextant.model.io.Json;
import dev.sextant.model.monitoring.Request;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Consumer;

/** Request logs kept in a project, one row a request; an import is one transaction, kept whole or not at all. */
public final class MonitorRepository {

    private static final String SELECT =
            "SELECT ID, PROJECT_ID, NAME, SOURCES, SUMMARY, REQUESTS, FIRST_AT, LAST_AT, DEMO, CREATED_AT FROM MONITOR_IMPORT";
    /** Rows sent to the database at a time. */
    static final int BATCH = 5_000;

    private static final TypeReference<Map<String, String>> SEGMENTS = new TypeReference<>() {};
    private static final TypeReference<Map<String, Double>> PROXIES = new TypeReference<>() {};

    private final Workspace workspace;

    MonitorRepository(Workspace workspace) {
        this.workspace = workspace;
    }

    public UUID save(
            UUID projectId,
            String name,
            List<String> sources,
            String summaryJson,
            List<Request> requests,
            boolean demo) {
        if (requests.isEmpty()) {
            throw new WorkspaceException("an import of request logs needs at least one request");
        }
        return saveStreaming(projectId, name, sources, demo, sink -> {
                    requests.forEach(sink);
                    return summaryJson;
                })
                .id();
    }

    /** What a streamed import reads: it hands each request to the sink and returns its reading summary as JSON. */
    public interface Producer {
        String produce(Consumer<Request> sink);
    }

    /**
     * Keeps an import read as it is written, in bounded memory: the producer's requests go to the database in batches
     * inside one transaction, so the import is kept whole, or — when the producer throws (bad input, a cancel) —
     * not at all.
     *
     * @return the import's id, and its count and times
     */
    public SavedMonitorImport saveStreaming(
            UUID projectId, String name, List<String> sources, boolean demo, Producer producer) {
        ProjectRows.checkedName("an import of request logs", name);
        UUID id = Ids.newId();
        String sourcesJson = Json.write(sources);
        return workspace.transaction(c -> {
            ProjectRows.changing(c, projectId);
            OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MILLIS);
            try (PreparedStatement ps = c.prepareStatement(
                    "INSERT INTO MONITOR_IMPORT(ID, PROJECT_ID, NAME, SOURCES, SUMMARY, REQUESTS, FIRST_AT,"
                            + " LAST_AT, DEMO, CREATED_AT) VALUES (?,?,?,?,'[]',0,0,0,?,?)")) {
                ps.setObject(1, id);
                ps.setObject(2, projectId);
                ps.setString(3, name.strip());
                ps.setString(4, sourcesJson);
                ps.setBoolean(5, demo);
                ps.setObject(6, now);
                ps.executeUpdate();
            }
            long[] stats = {0, Long.MAX_VALUE, Long.MIN_VALUE};
            String summary;
            try (PreparedStatement ps = c.prepareStatement(INSERT_REQUEST)) {
                summary = producer.produce(r -> {
                    try {
                        bind(ps, id, stats[0]++, r);
                        ps.addBatch();
                        if (stats[0] % BATCH == 0) {
                            ps.executeBatch();
                        }
                    } catch (SQLException e) {
                        throw new WorkspaceException("a request could not be kept: " + e.getMessage(), e);
                    }
                    stats[1] = Math.min(stats[1], r.epochMillis());
                    stats[2] = Math.max(stats[2], r.epochMillis());
                });
                ps.executeBatch();
            }
            if (stats[0] == 0) {
                throw new WorkspaceException("an import of request logs needs at least one request");
            }
            try (PreparedStatement ps = c.prepareStatement(
                    "UPDATE MONITOR_IMPORT SET REQUESTS = ?, FIRST_AT = ?, LAST_AT = ?, SUMMARY = ? WHERE ID = ?")) {
                ps.setLong(1, stats[0]);
                ps.setLong(2, stats[1]);
                ps.setLong(3, stats[2]);
                ps.setString(4, summary);
                ps.setObject(5, id);
                ps.executeUpdate();
            }
            return new SavedMonitorImport(
                    id, projectId, name.strip(), sources, summary, stats[0], stats[1], stats[2], demo, now.toInstant());
        });
    }

    /**
     * Adds requests to a kept import (a watch keeping each window as it is judged), in one transaction: the rows, the
     * import's count, first and last times, and its reading summary.
     */
    public void append(UUID importId, String summaryJson, List<Request> requests) {
        if (requests.isEmpty()) {
            return;
        }
        long first = requests.stream().mapToLong(Request::epochMillis).min().orElseThrow();
        long last = requests.stream().mapToLong(Request::epochMillis).max().orElseThrow();
        workspace.transaction(c -> {
            long at;
            try (PreparedStatement ps =
                    c.prepareStatement("SELECT REQUESTS, PROJECT_ID FROM MONITOR_IMPORT WHERE ID = ?")) {
                ps.setObject(1, importId);
                try (ResultSet rs = ps.executeQuery()) {
                    if (!rs.next()) {
                        throw new WorkspaceException(
                                "the kept request logs were deleted while the watch kept adding to them");
                    }
                    at = rs.getLong(1);
                    ProjectRows.changing(c, rs.getObject(2, UUID.class));
                }
            }
            insert(c, importId, at, requests);
            try (PreparedStatement ps = c.prepareStatement(
                    "UPDATE MONITOR_IMPORT SET REQUESTS = REQUESTS + ?, FIRST_AT = LEAST(FIRST_AT, ?),"
                            + " LAST_AT = GREATEST(LAST_AT, ?), SUMMARY = ? WHERE ID = ?")) {
                ps.setLong(1, requests.size());
                ps.setLong(2, first);
                ps.setLong(3, last);
                ps.setString(4, summaryJson);
                ps.setObject(5, importId);
                ps.executeUpdate();
            }
            return null;
        });
    }

    private static final String INSERT_REQUEST =
            "INSERT INTO MONITOR_REQUEST(IMPORT_ID, POSITION, REQUEST_ID, AT_MS, SEGMENTS,"
                    + " INPUT_TOKENS, OUTPUT_TOKENS, TTFT_MS, LATENCY_MS, FAILED, STATUS, FINISH_REASON, REFUSAL, PROXIES, PROMPT)"
                    + " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)";

    private static void insert(Connection c, UUID id, long from, List<Request> requests) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(INSERT_REQUEST)) {
            long i = 0;
            for (Request r : requests) {
                bind(ps, id, from + i++, r);
                ps.addBatch();
                if (i % BATCH == 0) {
                    ps.executeBatch();
                }
            }
            ps.executeBatch();
        }
    }

    private static void bind(PreparedStatement ps, UUID id, long position, Request r) throws SQLException {
        ps.setObject(1, id);
        ps.setLong(2, position);
        ps.setString(3, clip(r.id(), 400));
        ps.setLong(4, r.epochMillis());
        ps.setString(5, Json.write(r.segments()));
        number(ps, 6, r.inputTokens());
        number(ps, 7, r.outputTokens());
        number(ps, 8, r.ttftMs());
        number(ps, 9, r.latencyMs());
        ps.setBoolean(10, r.error());
        ps.setString(11, clip(r.status(), 200));
        ps.setString(12, clip(r.finishReason(), 200));
        ps.setBoolean(13, r.refusal());
        ps.setString(14, Json.write(r.proxies()));
        ps.setString(15, r.prompt());
    }

    public List<SavedMonitorImport> list(UUID projectId) {
        return ProjectRows.newestFirst(workspace, SELECT, projectId, MonitorRepository::map);
    }

    /** A kept import's requests, in the order they were read. */
    public List<Request> load(UUID id) {
        return workspace.read(c -> {
            List<Request> out = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT REQUEST_ID, AT_MS, SEGMENTS, INPUT_TOKENS, OUTPUT_TOKENS, TTFT_MS, LATENCY_MS,"
                            + " FAILED, STATUS, FINISH_REASON, REFUSAL, PROXIES, PROMPT FROM MONITOR_REQUEST WHERE IMPORT_ID = ? ORDER BY POSITION")) {
                ps.setObject(1, id);
                ps.setFetchSize(BATCH);
                // rows share a few segment combinations: each distinct one parsed once and shared
                Map<String, Map<String, String>> segments = new HashMap<>();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        String seg = rs.getString(3);
                        Map<String, String> parsed = segments.get(seg);
                        if (parsed == null) {
                            parsed = Map.copyOf(Json.mapper().readValue(seg, SEGMENTS));
                            if (segments.size() < 100_000) {
                                segments.put(seg, parsed);
                            }
                        }
                        String prox = rs.getString(12);
                        Map<String, Double> proxies =
                                prox.equals("{}") ? Map.of() : Json.mapper().readValue(prox, PROXIES);
                        out.add(new Request(
                                rs.getString(1),
                                rs.getLong(2),
                                parsed,
                                number(rs, 4),
                                number(rs, 5),
                                number(rs, 6),
                                number(rs, 7),
                                rs.getBoolean(8),
                                rs.getString(9),
                                rs.getString(10),
                                rs.getBoolean(11),
                                proxies,
                                rs.getString(13)));
                    }
                } catch (IOException e) {
                    throw new WorkspaceException("a kept request cannot be read: " + e.getMessage(), e);
                }
            }
            return out;
        });
    }

    public void delete(UUID id) {
        ProjectRows.deleteById(workspace, "MONITOR_IMPORT", id);
    }

    /**
     * Every kept request of the project with its time and lengths only (no ids, segments or text): what judging
     * whether the traffic moved needs, read without the rows' text columns.
     */
    public List<Request> lengths(UUID projectId) {
        return workspace.read(c -> {
            List<Request> out = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT R.AT_MS, R.INPUT_TOKENS, R.OUTPUT_TOKENS FROM MONITOR_REQUEST R JOIN MONITOR_IMPORT I"
                            + " ON R.IMPORT_ID = I.ID WHERE I.PROJECT_ID = ?")) {
                ps.setObject(1, projectId);
                ps.setFetchSize(BATCH);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(new Request(
                                "",
                                rs.getLong(1),
                                Map.of(),
                                number(rs, 2),
                                number(rs, 3),
                                Double.NaN,
                                Double.NaN,
                                false,
                                null,
                                null,
                                false,
                                Map.of()));
                    }
                }
            }
            return out;
        });
    }

    /** The project's kept requests of one combination of segments: the first and last arrival and how many. */
    public record SegmentTraffic(Map<String, String> segments, long firstMillis, long lastMillis, long requests) {}

    /** The project's kept traffic grouped by its segments (model, version, route, …), counted in the database. */
    public List<SegmentTraffic> trafficBySegments(UUID projectId) {
        return trafficBySegments(projectId, Long.MIN_VALUE);
    }

    /** As above, of the requests that arrived at or after {@code fromMillis}. */
    public List<SegmentTraffic> trafficBySegments(UUID projectId, long fromMillis) {
        return workspace.read(c -> {
            List<SegmentTraffic> out = new ArrayList<>();
            try (PreparedStatement ps =
                    c.prepareStatement("SELECT CAST(R.SEGMENTS AS VARCHAR), MIN(R.AT_MS), MAX(R.AT_MS), COUNT(*) FROM"
                            + " MONITOR_REQUEST R JOIN MONITOR_IMPORT I ON R.IMPORT_ID = I.ID WHERE I.PROJECT_ID = ? AND R.AT_MS >= ?"
                            + " GROUP BY CAST(R.SEGMENTS AS VARCHAR)")) {
                ps.setObject(1, projectId);
                ps.setLong(2, fromMillis);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(new SegmentTraffic(
                                Map.copyOf(Json.mapper().readValue(rs.getString(1), SEGMENTS)),
                                rs.getLong(2),
                                rs.getLong(3),
                                rs.getLong(4)));
                    }
                } catch (IOException e) {
                    throw new WorkspaceException("a kept request's segments cannot be read: " + e.getMessage(), e);
                }
            }
            return out;
        });
    }

    /** A feedback rotation kept: its date, item count, summary and items (each with its provenance) as JSON. */
    public record SavedRotation(
            UUID id,
            UUID projectId,
            String name,
            LocalDate date,
            int items,
            String summaryJson,
            String itemsJson,
            Instant createdAt) {}

    public UUID saveRotation(
            UUID projectId, String name, LocalDate date, int items, String summaryJson, String itemsJson) {
        ProjectRows.checkedName("a feedback rotation", name);
        UUID id = Ids.newId();
        workspace.transaction(c -> {
            ProjectRows.changing(c, projectId);
            try (PreparedStatement ps = c.prepareStatement(
                    "INSERT INTO MONITOR_ROTATION(ID, PROJECT_ID, NAME, ROTATION_DATE, ITEMS, SUMMARY,"
                            + " ITEMS_JSON, CREATED_AT) VALUES (?,?,?,?,?,?,?,?)")) {
                ps.setObject(1, id);
                ps.setObject(2, projectId);
                ps.setString(3, name.strip());
                ps.setObject(4, date);
                ps.setInt(5, items);
                ps.setString(6, summaryJson);
                ps.setString(7, itemsJson);
                ps.setObject(8, OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MILLIS));
                ps.executeUpdate();
            }
            return null;
        });
        return id;
    }

    /** The project's feedback rotations, newest first. */
    public List<SavedRotation> rotations(UUID projectId) {
        return ProjectRows.newestFirst(
                workspace,
                "SELECT ID, PROJECT_ID, NAME, ROTATION_DATE, ITEMS, SUMMARY, ITEMS_JSON, CREATED_AT"
                        + " FROM MONITOR_ROTATION",
                projectId,
                rs -> new SavedRotation(
                        rs.getObject(1, UUID.class),
                        rs.getObject(2, UUID.class),
                        rs.getString(3),
                        rs.getObject(4, LocalDate.class),
                        rs.getInt(5),
                        rs.getString(6),
                        rs.getString(7),
                        rs.getObject(8, OffsetDateTime.class).toInstant()));
    }

    private static String clip(String s, int max) {
        return s == null || s.length() <= max ? s : s.substring(0, max);
    }

    private static void number(PreparedStatement ps, int i, double v) throws SQLException {
        if (Double.isNaN(v)) {
            ps.setNull(i, Types.DOUBLE);
        } else {
            ps.setDouble(i, v);
        }
    }

    private static double number(ResultSet rs, int i) throws SQLException {
        double v = rs.getDouble(i);
        return rs.wasNull() ? Double.NaN : v;
    }

    private static SavedMonitorImport map(ResultSet rs) throws SQLException {
        try {
            return new SavedMonitorImport(
                    rs.getObject(1, UUID.class),
                    rs.getObject(2, UUID.class),
                    rs.getString(3),
                    List.of(Json.mapper().readValue(rs.getString(4), String[].class)),
                    rs.getString(5),
                    rs.getLong(6),
                    rs.getLong(7),
                    rs.getLong(8),
                    rs.getBoolean(9),
                    rs.getObject(10, OffsetDateTime.class).toInstant());
        } catch (IOException e) {
            throw new WorkspaceException(
                    "kept request logs " + rs.getString(3) + " cannot be read: " + e.getMessage(), e);
        }
    }
}
