package dev.sextant.workspaces;

import dev.sextant.model.io.Json;
import dev.sextant.model.runhealth.AnalysisSettings;
import dev.sextant.model.runhealth.MetricSeries;
import dev.sextant.model.runhealth.TrainingLog;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * Training logs kept in a project; a save is one transaction. Each metric's series is stored as two deflated binaries:
 * its steps as deltas (small, repetitive: they compress to almost nothing) and its values as IEEE 754 doubles, so a log
 * of a million steps takes megabytes, not the tens a row a point would.
 */
public final class TrainingLogRepository {

    private static final String SELECT =
            "SELECT L.ID, L.PROJECT_ID, L.NAME, L.FORMAT, L.FILES, L.RESTARTS, L.SETTINGS, L.DEMO, L.CREATED_AT,"
                    + " (SELECT LISTAGG(S.METRIC, CHAR(10)) WITHIN GROUP (ORDER BY S.POSITION) FROM TRAINING_LOG_SERIES S WHERE S.LOG_ID = L.ID),"
                    + " (SELECT COALESCE(MAX(S.POINTS), 0) FROM TRAINING_LOG_SERIES S WHERE S.LOG_ID = L.ID) FROM TRAINING_LOG L";

    private final Workspace workspace;

    TrainingLogRepository(Workspace workspace) {
        this.workspace = workspace;
    }

    public UUID save(UUID projectId, String name, TrainingLog log, AnalysisSettings settings, boolean demo) {
        ProjectRows.checkedName("a training log", name);
        UUID id = Ids.newId();
        String files = Json.write(log.files());
        String settingsJson = Json.write(settings);
        List<byte[][]> blobs = new ArrayList<>();
        for (MetricSeries m : log.metrics().values()) {
            blobs.add(new byte[][] {deflate(steps(m)), deflate(values(m))});
        }
        workspace.transaction(c -> {
            ProjectRows.changing(c, projectId);
            try (PreparedStatement ps = c.prepareStatement(
                    "INSERT INTO TRAINING_LOG(ID, PROJECT_ID, NAME, FORMAT, FILES, RESTARTS, SETTINGS, DEMO,"
                            + " CREATED_AT) VALUES (?,?,?,?,?,?,?,?,?)")) {
                ps.setObject(1, id);
                ps.setObject(2, projectId);
                ps.setString(3, name.strip());
                ps.setString(4, log.format());
                ps.setString(5, files);
                ps.setInt(6, log.restarts());
                ps.setString(7, settingsJson);
                ps.setBoolean(8, demo);
                ps.setObject(9, OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MILLIS));
                ps.executeUpdate();
            }
            try (PreparedStatement ps =
                    c.prepareStatement("INSERT INTO TRAINING_LOG_SERIES(LOG_ID, POSITION, METRIC, POINTS, STEPS, VALS)"
                            + " VALUES (?,?,?,?,?,?)")) {
                int i = 0;
                for (MetricSeries m : log.metrics().values()) {
                    ps.setObject(1, id);
                    ps.setInt(2, i);
                    ps.setString(3, m.name());
                    ps.setInt(4, m.size());
                    ps.setBytes(5, blobs.get(i)[0]);
                    ps.setBytes(6, blobs.get(i)[1]);
                    ps.addBatch();
                    i++;
                }
                ps.executeBatch();
            }
            return null;
        });
        return id;
    }

    public List<SavedTrainingLog> list(UUID projectId) {
        return ProjectRows.newestFirst(workspace, SELECT, projectId, TrainingLogRepository::map);
    }

    /** A kept log's series. */
    public TrainingLog load(UUID id) {
        return workspace.read(c -> {
            String format;
            List<String> files;
            int restarts;
            try (PreparedStatement ps =
                    c.prepareStatement("SELECT FORMAT, FILES, RESTARTS FROM TRAINING_LOG WHERE ID = ?")) {
                ps.setObject(1, id);
                try (ResultSet rs = ps.executeQuery()) {
                    if (!rs.next()) {
                        throw new WorkspaceException("no training log " + id);
                    }
                    format = rs.getString(1);
                    files = readFiles(rs.getString(2));
                    restarts = rs.getInt(3);
                }
            }
            Map<String, MetricSeries> metrics = new LinkedHashMap<>();
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT METRIC, POINTS, STEPS, VALS FROM TRAINING_LOG_SERIES WHERE LOG_ID = ? ORDER BY POSITION")) {
                ps.setObject(1, id);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        String metric = rs.getString(1);
                        int n = rs.getInt(2);
                        metrics.put(
                                metric,
                                new MetricSeries(
                                        metric,
                                        steps(inflate(rs.getBytes(3), n * 8), n),
                                        values(inflate(rs.getBytes(4), n * 8), n)));
                    }
                }
            }
            return new TrainingLog(format, metrics, files, restarts);
        });
    }

    /** The settings a kept log is analysed with, changed. */
    public void updateSettings(UUID id, AnalysisSettings settings) {
        String json = Json.write(settings);
        workspace.transaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("UPDATE TRAINING_LOG SET SETTINGS = ? WHERE ID = ?")) {
                ps.setString(1, json);
                ps.setObject(2, id);
                return ps.executeUpdate();
            }
        });
    }

    public void delete(UUID id) {
        ProjectRows.deleteById(workspace, "TRAINING_LOG", id);
    }

    private static SavedTrainingLog map(ResultSet rs) throws SQLException {
        try {
            String metrics = rs.getString(10);
            return new SavedTrainingLog(
                    rs.getObject(1, UUID.class),
                    rs.getObject(2, UUID.class),
                    rs.getString(3),
                    rs.getString(4),
                    readFiles(rs.getString(5)),
                    rs.getInt(6),
                    metrics == null ? List.of() : List.of(metrics.split("\n")),
                    rs.getInt(11),
                    Json.mapper().readValue(rs.getString(7), AnalysisSettings.class),
                    rs.getBoolean(8),
                    rs.getObject(9, OffsetDateTime.class).toInstant());
        } catch (IOException e) {
            throw new WorkspaceException(
                    "kept training log " + rs.getString(3) + " cannot be read: " + e.getMessage(), e);
        }
    }

    private static List<String> readFiles(String json) {
        try {
            return List.of(Json.mapper().readValue(json, String[].class));
        } catch (IOException e) {
            throw new WorkspaceException("a kept training log's file list cannot be read: " + e.getMessage(), e);
        }
    }

    /** Steps as deltas from the previous (the first from 0), big-endian longs. */
    static byte[] steps(MetricSeries m) {
        ByteBuffer b = ByteBuffer.allocate(m.size() * 8);
        long prev = 0;
        for (int i = 0; i < m.size(); i++) {
            b.putLong(m.step(i) - prev);
            prev = m.step(i);
        }
        return b.array();
    }

    static long[] steps(byte[] raw, int n) {
        ByteBuffer b = ByteBuffer.wrap(raw);
        long[] out = new long[n];
        long prev = 0;
        for (int i = 0; i < n; i++) {
            prev += b.getLong();
            out[i] = prev;
        }
        return out;
    }

    static byte[] values(MetricSeries m) {
        ByteBuffer b = ByteBuffer.allocate(m.size() * 8);
        for (int i = 0; i < m.size(); i++) {
            b.putDouble(m.value(i));
        }
        return b.array();
    }

    static double[] values(byte[] raw, int n) {
        ByteBuffer b = ByteBuffer.wrap(raw);
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
            out[i] = b.getDouble();
        }
        return out;
    }

    static byte[] deflate(byte[] raw) {
        Deflater d = new Deflater(Deflater.BEST_SPEED);
        try {
            d.setInput(raw);
            d.finish();
            ByteArrayOutputStream out = new ByteArrayOutputStream(Math.max(64, raw.length / 4));
            byte[] buf = new byte[1 << 16];
            while (!d.finished()) {
                out.write(buf, 0, d.deflate(buf));
            }
            return out.toByteArray();
        } finally {
            d.end();
        }
    }

    static byte[] inflate(byte[] packed, int size) {
        Inflater in = new Inflater();
        try {
            in.setInput(packed);
            byte[] out = new byte[size];
            int n = 0;
            while (n < size && !in.finished()) {
                int k = in.inflate(out, n, size - n);
                if (k == 0 && (in.needsInput() || in.needsDictionary())) {
                    break;
                }
                n += k;
            }
            if (n != size) {
                throw new WorkspaceException(
                        "a kept training log's series is damaged (" + n + " of " + size + " bytes)");
            }
            return out;
        } catch (DataFormatException e) {
            throw new WorkspaceException("a kept training log's series is damaged: " + e.getMessage(), e);
        } finally {
            in.end();
        }
    }
}
