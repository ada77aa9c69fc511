package dev.sextant.workspaces.migration;

import dev.sextant.workspaces.StorageFailure;
import dev.sextant.workspaces.WorkspaceException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;

/**
 * Brings a workspace database to a schema version by applying the missing {@link Migration}s in order, recording each
 * in {@code SCHEMA_HISTORY}. Our own small runner rather than Flyway: see docs/decisions/0002-own-migration-runner.md.
 *
 * <p>H2 commits DDL implicitly, so a migration is not atomic on its own; {@code Workspace} backs the database file up
 * before migrating an existing workspace and restores it if a migration fails.
 */
public final class Migrator {

    /** Every migration, oldest first. Append only. */
    public static final List<Migration> ALL = List.of(
            new Migration(1, "workspace properties and projects", "V001__projects.sql"),
            new Migration(2, "evaluation evidence", "V002__evaluation.sql"),
            new Migration(3, "contamination scans", "V003__scans.sql"),
            new Migration(4, "training plans", "V004__training.sql"),
            new Migration(5, "serving plans", "V005__serving.sql"),
            new Migration(6, "calibration profiles", "V006__calibration.sql"),
            new Migration(7, "rollout gate", "V007__gate.sql"),
            new Migration(8, "scan failures and skipped files", "V008__scan_failures.sql"),
            new Migration(9, "canary plan inputs", "V009__gate_canary.sql"),
            new Migration(10, "matched spans and place counts of scanned items", "V010__scan_spans.sql"),
            new Migration(11, "canary judge settings", "V011__gate_judge.sql"),
            new Migration(12, "training logs and failure studies", "V012__run_health.sql"),
            new Migration(13, "deduplication runs", "V013__dedup.sql"),
            new Migration(14, "resumable deduplication runs", "V014__dedup_resume.sql"),
            new Migration(15, "random-guess baselines of index weights", "V015__index_baseline.sql"),
            new Migration(16, "small-scale ablations", "V016__ablations.sql"),
            new Migration(17, "production monitoring", "V017__monitoring.sql"),
            new Migration(18, "prompts and feedback rotations", "V018__feedback.sql"),
            new Migration(19, "evaluation dates, cut-offs and token counts", "V019__evaluation_dating.sql"),
            new Migration(20, "the file a deduplication run failed on", "V020__dedup_failed_file.sql"),
            new Migration(21, "quality-filtering runs", "V021__quality_runs.sql"));

    private static final Migrator STANDARD = new Migrator(ALL);

    private final List<Migration> migrations;

    /** A runner over another list of migrations, for tests of the runner itself; the product uses {@link #standard()}. */
    public Migrator(List<Migration> migrations) {
        if (migrations.isEmpty()) {
            throw new IllegalArgumentException("no migrations");
        }
        for (int i = 0; i < migrations.size(); i++) {
            if (migrations.get(i).version() != i + 1) {
                throw new IllegalArgumentException("migration versions must be 1, 2, 3, ... in order");
            }
        }
        this.migrations = List.copyOf(migrations);
    }

    /** The migrations of this build. */
    public static Migrator standard() {
        return STANDARD;
    }

    public int latestVersion() {
        return migrations.get(migrations.size() - 1).version();
    }

    /** The version the database is at; 0 for an empty database. */
    public static int currentVersion(Connection c) throws SQLException {
        ensureHistoryTable(c);
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT COALESCE(MAX(VERSION), 0) FROM SCHEMA_HISTORY")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    /**
     * True when the database holds Sextant's own tables. Checked before anything is created, so that a database of
     * another program (or an empty one) is refused rather than turned into a workspace.
     */
    public static boolean isWorkspace(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs =
                        s.executeQuery("SELECT COUNT(*) FROM INFORMATION_SCHEMA.TABLES WHERE TABLE_SCHEMA = 'PUBLIC'"
                                + " AND TABLE_NAME IN ('SCHEMA_HISTORY', 'WORKSPACE_PROPERTY')")) {
            rs.next();
            return rs.getInt(1) == 2;
        }
    }

    /** Number of migrations that {@link #migrate} would apply to reach {@code target}. */
    public int pending(Connection c, int target) throws SQLException {
        int current = currentVersion(c);
        return (int) migrations.stream()
                .filter(m -> m.version() > current && m.version() <= target)
                .count();
    }

    /**
     * Applies migrations up to and including {@code target}.
     *
     * @return the number applied
     * @throws WorkspaceException when the database is newer than this build, or a recorded script was edited
     */
    public int migrate(Connection c, int target) throws SQLException {
        if (target > latestVersion()) {
            throw new WorkspaceException("schema version " + target + " is newer than this build of Sextant knows ("
                    + latestVersion() + "); update Sextant");
        }
        verify(c);
        int current = currentVersion(c);
        int applied = 0;
        for (Migration m : migrations) {
            if (m.version() <= current || m.version() > target) {
                continue;
            }
            boolean auto = c.getAutoCommit();
            c.setAutoCommit(false);
            try (Statement s = c.createStatement()) {
                for (String sql : m.statements()) {
                    s.execute(sql);
                }
                try (PreparedStatement ps = c.prepareStatement(
                        "INSERT INTO SCHEMA_HISTORY(VERSION, DESCRIPTION, SCRIPT, CHECKSUM, APPLIED_AT) VALUES (?,?,?,?,?)")) {
                    ps.setInt(1, m.version());
                    ps.setString(2, m.description());
                    ps.setString(3, m.script());
                    ps.setLong(4, m.checksum());
                    ps.setObject(5, OffsetDateTime.now(ZoneOffset.UTC));
                    ps.executeUpdate();
                }
                c.commit();
                applied++;
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                if (e instanceof WorkspaceException we) {
                    throw we;
                }
                throw new WorkspaceException(
                        "migration to schema version " + m.version() + " (" + m.description() + ") failed"
                                + (StorageFailure.isDiskFull(e) ? ": disk full" : " (details in the log)"),
                        e);
            } finally {
                c.setAutoCommit(auto);
            }
        }
        return applied;
    }

    private static void ensureHistoryTable(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("CREATE TABLE IF NOT EXISTS SCHEMA_HISTORY ("
                    + "VERSION INT PRIMARY KEY, DESCRIPTION VARCHAR(200) NOT NULL, SCRIPT VARCHAR(200) NOT NULL, "
                    + "CHECKSUM BIGINT NOT NULL, APPLIED_AT TIMESTAMP WITH TIME ZONE NOT NULL)");
        }
    }

    /**
     * Checks that this build can work on the database: not written by a newer Sextant, no applied script edited.
     *
     * @throws WorkspaceException saying which and what to do
     */
    public void verify(Connection c) throws SQLException {
        int current = currentVersion(c);
        if (current > latestVersion()) {
            throw new WorkspaceException("this workspace was written by a newer Sextant (schema version " + current
                    + ", this build knows up to " + latestVersion() + "); update Sextant to open it");
        }
        verifyChecksums(c);
    }

    private void verifyChecksums(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT VERSION, CHECKSUM FROM SCHEMA_HISTORY ORDER BY VERSION")) {
            while (rs.next()) {
                int version = rs.getInt(1);
                long recorded = rs.getLong(2);
                for (Migration m : migrations) {
                    if (m.version() == version && m.checksum() != recorded) {
                        throw new WorkspaceException(
                                "migration script " + m.script()
                                        + " changed after it was applied to this workspace; released migrations must not be edited");
                    }
                }
            }
        }
    }
}
