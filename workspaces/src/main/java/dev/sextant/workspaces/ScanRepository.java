package dev.sextant.workspaces;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.sextant.model.contamination.BenchmarkItem;
import dev.sextant.model.contamination.CorpusFingerprint;
import dev.sextant.model.contamination.FileResult;
import dev.sextant.model.contamination.ScanResult;
import dev.sextant.model.contamination.ScanSpec;
import dev.sextant.model.io.Json;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Contamination scans in a project. A scan is created with its items before it runs, gains one row per completed
 * corpus file while it runs (each file its own transaction, so a crash keeps what was done), and is completed with its
 * per-item results in one transaction.
 */
public final class ScanRepository implements KeptRunStore {

    private final Workspace workspace;

    ScanRepository(Workspace workspace) {
        this.workspace = workspace;
    }

    public UUID create(
            UUID projectId,
            String name,
            ScanSpec spec,
            CorpusFingerprint fingerprint,
            List<BenchmarkItem> items,
            boolean demo) {
        ProjectRows.checkedName("a scan", name);
        UUID id = Ids.newId();
        workspace.transaction(c -> {
            ProjectRows.changing(c, projectId);
            OffsetDateTime now = now();
            try (PreparedStatement ps =
                    c.prepareStatement("INSERT INTO SCAN(ID, PROJECT_ID, NAME, STATE, SPEC, FINGERPRINT, DEMO, "
                            + "CREATED_AT, UPDATED_AT) VALUES (?,?,?,?,?,?,?,?,?)")) {
                ps.setObject(1, id);
                ps.setObject(2, projectId);
                ps.setString(3, name);
                ps.setString(4, RunState.RUNNING.name());
                ps.setString(5, Json.write(spec));
                ps.setString(6, Json.write(fingerprint));
                ps.setBoolean(7, demo);
                ps.setObject(8, now);
                ps.setObject(9, now);
                ps.executeUpdate();
            }
            try (PreparedStatement ps =
                    c.prepareStatement("INSERT INTO SCAN_ITEM(ID, SCAN_ID, ORDINAL, BENCHMARK, ITEM_ID, ITEM_TEXT) "
                            + "VALUES (?,?,?,?,?,?)")) {
                for (int i = 0; i < items.size(); i++) {
                    BenchmarkItem it = items.get(i);
                    ps.setObject(1, Ids.newId());
                    ps.setObject(2, id);
                    ps.setInt(3, i);
                    ps.setString(4, it.benchmark());
                    ps.setString(5, it.id());
                    ps.setString(6, it.text());
                    ps.addBatch();
                    if (i % 1000 == 999) {
                        ps.executeBatch();
                    }
                }
                ps.executeBatch();
            }
            return null;
        });
        return id;
    }

    /** Saves one completed corpus file's findings. */
    public void saveFile(UUID scanId, FileResult r) {
        workspace.transaction(c -> {
            try (PreparedStatement ps =
                    c.prepareStatement("INSERT INTO SCAN_FILE(ID, SCAN_ID, PATH, MATCHES, LOCATIONS, COUNTERS, "
                            + "PLACES) VALUES (?,?,?,?,?,?,?)")) {
                ps.setObject(1, Ids.newId());
                ps.setObject(2, scanId);
                ps.setString(3, r.file());
                ps.setBytes(4, encode(r.matched()));
                ps.setString(5, Json.write(r.locations()));
                ps.setString(6, Json.write(new long[] {
                    r.bytes(), r.documents(), r.hashHits(), r.collisions(), r.skipped(), r.invalidUtf8Bytes()
                }));
                ps.setString(7, Json.write(r.places()));
                ps.executeUpdate();
            }
            touch(c, scanId, null);
            return null;
        });
    }

    public List<FileResult> files(UUID scanId) {
        return workspace.read(c -> {
            List<FileResult> out = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT PATH, MATCHES, LOCATIONS, COUNTERS, PLACES FROM SCAN_FILE WHERE SCAN_ID = ? ORDER BY ID")) {
                ps.setObject(1, scanId);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        Map<Integer, List<ScanResult.Location>> locations;
                        long[] k;
                        Map<Integer, Long> places;
                        try {
                            locations = Json.mapper()
                                    .readValue(
                                            rs.getString(3),
                                            new TypeReference<Map<Integer, List<ScanResult.Location>>>() {});
                            k = Json.mapper().readValue(rs.getString(4), long[].class);
                            // files saved before place counts existed have none: their kept locations count
                            places = rs.getString(5) == null
                                    ? null
                                    : Json.mapper()
                                            .readValue(rs.getString(5), new TypeReference<Map<Integer, Long>>() {});
                        } catch (IOException e) {
                            throw new WorkspaceException(
                                    "scan " + scanId + " has an unreadable file record: " + e.getMessage(), e);
                        }
                        // files saved before the invalid UTF-8 count existed have five counters
                        out.add(FileResult.of(
                                rs.getString(1),
                                decode(rs.getBytes(2)),
                                locations,
                                places,
                                k[0],
                                k[1],
                                k[2],
                                k[3],
                                k[4],
                                k.length > 5 ? k[5] : 0));
                    }
                }
            }
            return out;
        });
    }

    public List<BenchmarkItem> items(UUID scanId) {
        return workspace.read(c -> {
            List<BenchmarkItem> out = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT BENCHMARK, ITEM_ID, ITEM_TEXT FROM SCAN_ITEM WHERE SCAN_ID = ? ORDER BY ORDINAL")) {
                ps.setObject(1, scanId);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(new BenchmarkItem(rs.getString(1), rs.getString(2), rs.getString(3)));
                    }
                }
            }
            return out;
        });
    }

    /** Stores the results and marks the scan complete, in one transaction. */
    public void complete(UUID scanId, ScanResult r) {
        workspace.transaction(c -> {
            Map<Integer, UUID> rowIds = new HashMap<>();
            try (PreparedStatement ps = c.prepareStatement("SELECT ORDINAL, ID FROM SCAN_ITEM WHERE SCAN_ID = ?")) {
                ps.setObject(1, scanId);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        rowIds.put(rs.getInt(1), rs.getObject(2, UUID.class));
                    }
                }
            }
            try (PreparedStatement up = c.prepareStatement(
                            "UPDATE SCAN_ITEM SET TOKENS = ?, NGRAMS = ?, MATCHED_NGRAMS = ?, "
                                    + "TOKEN_FRACTION = ?, LONGEST_MATCH = ?, STATUS = ?, SPANS = ?, MORE_LOCATIONS = ? WHERE ID = ?");
                    PreparedStatement match = c.prepareStatement(
                            "INSERT INTO SCAN_MATCH(ID, SCAN_ITEM_ID, FILE, BYTE_OFFSET, DOCUMENT_ID, "
                                    + "SNIPPET) VALUES (?,?,?,?,?,?)")) {
                for (int i = 0; i < r.items().size(); i++) {
                    ScanResult.ItemResult it = r.items().get(i);
                    UUID row = rowIds.get(i);
                    up.setInt(1, it.tokens());
                    up.setInt(2, it.ngrams());
                    up.setInt(3, it.matchedNgrams());
                    up.setDouble(4, it.tokenFraction());
                    up.setInt(5, it.longestMatch());
                    up.setString(6, it.status().name());
                    up.setString(7, it.spans() == null ? null : Json.write(it.spans()));
                    up.setLong(8, it.moreLocations());
                    up.setObject(9, row);
                    up.addBatch();
                    for (ScanResult.Location l : it.locations()) {
                        match.setObject(1, Ids.newId());
                        match.setObject(2, row);
                        match.setString(3, l.file());
                        match.setLong(4, l.offset());
                        match.setString(
                                5,
                                l.documentId() == null || l.documentId().length() <= 400
                                        ? l.documentId()
                                        : l.documentId().substring(0, 399)
                                                + "…"); // a label to find the document by, not a key
                        match.setString(
                                6, l.snippet().length() > 4000 ? l.snippet().substring(0, 4000) : l.snippet());
                        match.addBatch();
                    }
                    if (i % 1000 == 999) {
                        up.executeBatch();
                        match.executeBatch();
                    }
                }
                up.executeBatch();
                match.executeBatch();
            }
            try (PreparedStatement ps =
                    c.prepareStatement("UPDATE SCAN SET STATE = ?, SUMMARY = ?, UPDATED_AT = ? WHERE ID = ?")) {
                ps.setString(1, RunState.COMPLETE.name());
                ps.setString(2, Json.write(r.summary()));
                ps.setObject(3, now());
                ps.setObject(4, scanId);
                ps.executeUpdate();
            }
            return null;
        });
    }

    /** Deletes a scan and everything it found. */
    public void delete(UUID scanId) {
        workspace.transaction(c -> {
            try (PreparedStatement ps = c.prepareStatement("DELETE FROM SCAN WHERE ID = ?")) {
                ps.setObject(1, scanId);
                return ps.executeUpdate();
            }
        });
    }

    @Override
    public void cancelled(UUID scanId) {
        setState(scanId, RunState.CANCELLED);
    }

    /** Marks a scan FAILED: the corpus file it stopped on (null when the failure is not tied to one) and why. */
    @Override
    public void failed(UUID scanId, String file, String reason) {
        workspace.transaction(c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "UPDATE SCAN SET STATE = ?, FAILED_FILE = ?, FAILURE = ?, UPDATED_AT = ? " + "WHERE ID = ?")) {
                ps.setString(1, RunState.FAILED.name());
                ps.setString(2, ProjectRows.clip(file));
                ps.setString(3, ProjectRows.clip(reason == null ? "stopped by an error" : reason));
                ps.setObject(4, now());
                ps.setObject(5, scanId);
                ps.executeUpdate();
            }
            return null;
        });
    }

    /**
     * Marks a scan RUNNING again for a resume: the corpus as this run reads it (a file the scan failed on may have
     * been fixed since) and the files it skips; an earlier failure is cleared.
     */
    public void resumeRun(UUID scanId, CorpusFingerprint fingerprint, List<ScanResult.SkippedFile> skipped) {
        workspace.transaction(c -> {
            try (PreparedStatement ps =
                    c.prepareStatement("UPDATE SCAN SET STATE = ?, FINGERPRINT = ?, SKIPPED_FILES = ?, "
                            + "FAILED_FILE = NULL, FAILURE = NULL, UPDATED_AT = ? WHERE ID = ?")) {
                ps.setString(1, RunState.RUNNING.name());
                ps.setString(2, Json.write(fingerprint));
                ps.setString(3, skipped.isEmpty() ? null : Json.write(skipped));
                ps.setObject(4, now());
                ps.setObject(5, scanId);
                ps.executeUpdate();
            }
            return null;
        });
    }

    /** Sets the stored state (a test leaves a scan RUNNING as a killed process would). */
    public void setState(UUID scanId, RunState state) {
        workspace.transaction(c -> {
            touch(c, scanId, state.name());
            return null;
        });
    }

    public List<SavedScan> list(UUID projectId) {
        return workspace.read(c -> {
            List<SavedScan> out = new ArrayList<>();
            try (PreparedStatement ps =
                    c.prepareStatement(SELECT + " WHERE S.PROJECT_ID = ? ORDER BY S.CREATED_AT DESC, S.ID DESC")) {
                ps.setObject(1, projectId);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(map(rs));
                    }
                }
            }
            return out;
        });
    }

    public Optional<SavedScan> find(UUID scanId) {
        return workspace.read(c -> {
            try (PreparedStatement ps = c.prepareStatement(SELECT + " WHERE S.ID = ?")) {
                ps.setObject(1, scanId);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? Optional.of(map(rs)) : Optional.empty();
                }
            }
        });
    }

    /** Results of the project's complete scans, newest first (what the credibility scorecard reads). */
    public List<ScanResult> completeResults(UUID projectId) {
        List<ScanResult> out = new ArrayList<>();
        for (SavedScan s : list(projectId)) {
            if (s.state() == RunState.COMPLETE) {
                out.add(result(s.id()));
            }
        }
        return out;
    }

    /** The per-item results of a complete scan. */
    public ScanResult result(UUID scanId) {
        SavedScan s = find(scanId).orElseThrow(() -> new WorkspaceException("no scan with id " + scanId));
        if (s.state() != RunState.COMPLETE) {
            throw new WorkspaceException(
                    "scan '" + s.name() + "' is not complete: " + s.describe() + "; resume it first");
        }
        return workspace.read(c -> {
            Map<UUID, List<ScanResult.Location>> locations = new HashMap<>();
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT M.SCAN_ITEM_ID, M.FILE, M.BYTE_OFFSET, M.DOCUMENT_ID, M.SNIPPET "
                            + "FROM SCAN_MATCH M JOIN SCAN_ITEM I ON M.SCAN_ITEM_ID = I.ID WHERE I.SCAN_ID = ? ORDER BY M.ID")) {
                ps.setObject(1, scanId);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        locations
                                .computeIfAbsent(rs.getObject(1, UUID.class), k -> new ArrayList<>())
                                .add(new ScanResult.Location(
                                        rs.getString(2), rs.getLong(3), rs.getString(4), rs.getString(5)));
                    }
                }
            }
            List<ScanResult.ItemResult> items = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT ID, BENCHMARK, ITEM_ID, TOKENS, NGRAMS, MATCHED_NGRAMS, TOKEN_FRACTION, "
                            + "LONGEST_MATCH, STATUS, SPANS, MORE_LOCATIONS FROM SCAN_ITEM WHERE SCAN_ID = ? ORDER BY ORDINAL")) {
                ps.setObject(1, scanId);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        items.add(new ScanResult.ItemResult(
                                rs.getString(2),
                                rs.getString(3),
                                rs.getInt(4),
                                rs.getInt(5),
                                rs.getInt(6),
                                rs.getDouble(7),
                                rs.getInt(8),
                                ScanResult.Status.valueOf(rs.getString(9)),
                                locations.getOrDefault(rs.getObject(1, UUID.class), List.of()),
                                List.of(),
                                spans(rs.getString(10)),
                                rs.getLong(11)));
                    }
                }
            }
            return new ScanResult(items, s.summary());
        });
    }

    /** An item's saved spans; null for items of scans completed before spans were recorded. */
    private static List<ScanResult.Span> spans(String json) {
        if (json == null) {
            return null;
        }
        try {
            return Json.mapper().readValue(json, new TypeReference<List<ScanResult.Span>>() {});
        } catch (IOException e) {
            throw new WorkspaceException("a scan item has unreadable spans: " + e.getMessage(), e);
        }
    }

    private static final String SELECT =
            "SELECT S.ID, S.PROJECT_ID, S.NAME, S.STATE, S.SPEC, S.FINGERPRINT, S.SUMMARY, S.DEMO, "
                    + "S.CREATED_AT, S.UPDATED_AT, (SELECT COUNT(*) FROM SCAN_FILE F WHERE F.SCAN_ID = S.ID), S.FAILED_FILE, S.FAILURE, "
                    + "S.SKIPPED_FILES FROM SCAN S";

    private static SavedScan map(ResultSet rs) throws SQLException {
        try {
            String summary = rs.getString(7);
            String skipped = rs.getString(14);
            UUID id = rs.getObject(1, UUID.class);
            RunState state = RunState.read(rs.getString(4), id);
            return new SavedScan(
                    id,
                    rs.getObject(2, UUID.class),
                    rs.getString(3),
                    state,
                    Json.mapper().readValue(rs.getString(5), ScanSpec.class),
                    Json.mapper().readValue(rs.getString(6), CorpusFingerprint.class),
                    summary == null ? null : Json.mapper().readValue(summary, ScanResult.Summary.class),
                    rs.getBoolean(8),
                    rs.getObject(9, OffsetDateTime.class).toInstant(),
                    rs.getObject(10, OffsetDateTime.class).toInstant(),
                    rs.getInt(11),
                    rs.getString(12),
                    rs.getString(13),
                    skipped == null
                            ? List.of()
                            : Json.mapper().readValue(skipped, new TypeReference<List<ScanResult.SkippedFile>>() {}));
        } catch (IOException e) {
            throw new WorkspaceException("unreadable scan record: " + e.getMessage(), e);
        }
    }

    private static void touch(Connection c, UUID scanId, String state) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                state == null
                        ? "UPDATE SCAN SET UPDATED_AT = ? WHERE ID = ?"
                        : "UPDATE SCAN SET UPDATED_AT = ?, STATE = ? WHERE ID = ?")) {
            ps.setObject(1, now());
            if (state == null) {
                ps.setObject(2, scanId);
            } else {
                ps.setString(2, state);
                ps.setObject(3, scanId);
            }
            ps.executeUpdate();
        }
    }

    static byte[] encode(Map<Integer, BitSet> matched) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(matched.size());
            for (var e : matched.entrySet()) {
                byte[] b = e.getValue().toByteArray();
                out.writeInt(e.getKey());
                out.writeInt(b.length);
                out.write(b);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    static Map<Integer, BitSet> decode(byte[] data) {
        Map<Integer, BitSet> out = new HashMap<>();
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(data))) {
            int n = in.readInt();
            for (int i = 0; i < n; i++) {
                int item = in.readInt();
                byte[] b = new byte[in.readInt()];
                in.readFully(b);
                out.put(item, BitSet.valueOf(b));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    private static OffsetDateTime now() {
        return Instant.now().truncatedTo(ChronoUnit.MILLIS).atOffset(ZoneOffset.UTC);
    }
}
