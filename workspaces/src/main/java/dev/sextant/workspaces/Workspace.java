package dev.sextant.workspaces;

import dev.sextant.workspaces.migration.Migrator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Comparator;
import java.util.Objects;
import java.util.stream.Stream;
import org.h2.api.ErrorCode;
import org.h2.jdbcx.JdbcConnectionPool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A workspace: one embedded H2 database file ({@code workspace.mv.db}) plus its folder (logs, exports).
 *
 * <p>Every write goes through {@link #transaction}: one user action, one transaction. The database is opened with
 * {@code WRITE_DELAY=0} so that a commit reaches the file before {@code transaction} returns and survives the process
 * being killed (H2's default delays it by up to 500 ms). Only one process may hold a workspace; a second one gets
 * {@link WorkspaceInUseException} naming the holder.
 */
public final class Workspace implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Workspace.class);

    public static final String DATABASE_NAME = "workspace";
    public static final String DATABASE_FILE = DATABASE_NAME + ".mv.db";
    /** Folders in the workspace where a project import stages its rows; one left by a killed import is removed at open. */
    public static final String STAGING_PREFIX = ".import-";
    /** Written while a process holds the workspace, so that a second process can say who holds it. */
    static final String OWNER_FILE = ".workspace-owner";

    private final Path dir;
    private final Migrator migrator;
    private final JdbcConnectionPool pool;
    private final ProjectRepository projects;
    private final EvaluationRepository evaluation;
    private final ScanRepository scans;
    private final TrainingPlanRepository trainingPlans;
    private final ServingPlanRepository servingPlans;
    private final ProfileRepository profiles;
    private final GateRepository gate;
    private final TrainingLogRepository trainingLogs;
    private final FailureStudyRepository failureStudies;
    private final DedupRunRepository dedupRuns;
    private final QualityRunRepository qualityRuns;
    private final AblationSetRepository ablationSets;
    private final MonitorRepository monitoring;
    private volatile boolean closed;

    private Workspace(Path dir, Migrator migrator, JdbcConnectionPool pool) {
        this.dir = dir;
        this.migrator = migrator;
        this.pool = pool;
        this.projects = new ProjectRepository(this);
        this.evaluation = new EvaluationRepository(this);
        this.scans = new ScanRepository(this);
        this.trainingPlans = new TrainingPlanRepository(this);
        this.servingPlans = new ServingPlanRepository(this);
        this.profiles = new ProfileRepository(this);
        this.gate = new GateRepository(this);
        this.trainingLogs = new TrainingLogRepository(this);
        this.failureStudies = new FailureStudyRepository(this);
        this.dedupRuns = new DedupRunRepository(this);
        this.qualityRuns = new QualityRunRepository(this);
        this.ablationSets = new AblationSetRepository(this);
        this.monitoring = new MonitorRepository(this);
    }

    /** True when {@code dir} holds a workspace database. */
    public static boolean exists(Path dir) {
        return Files.isRegularFile(dir.resolve(DATABASE_FILE));
    }

    /**
     * Creates a new, empty workspace (schema at the latest version, no projects) in {@code dir}, which must not exist
     * or be an empty folder. Nothing is left behind if creation fails.
     */
    public static Workspace create(Path dir) {
        return create(dir, Migrator.standard().latestVersion());
    }

    /**
     * Creates a workspace at a given, possibly older, schema version. Archive import loads rows at the version they
     * were written with and then migrates them; nothing else should need this.
     */
    public static Workspace create(Path dir, int schemaVersion) {
        Path d = normalize(dir);
        if (exists(d)) {
            throw new WorkspaceException("a workspace already exists at " + d);
        }
        boolean existed = Files.isDirectory(d);
        if (existed && !isEmptyDir(d)) {
            throw new WorkspaceException(
                    d + " is a folder with other files in it; choose a new or empty folder for a workspace");
        }
        if (Files.exists(d) && !existed) {
            throw new WorkspaceException(d + " is a file, not a folder");
        }
        try {
            Files.createDirectories(d);
            Workspace ws = connect(d, Migrator.standard(), false);
            try {
                ws.migrateTo(schemaVersion);
                ws.setProperty(
                        "created_at",
                        Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
                return ws;
            } catch (RuntimeException e) {
                ws.close();
                throw e;
            }
        } catch (IOException e) {
            deleteQuietly(d, existed);
            throw new WorkspaceException("cannot create workspace folder " + d + ": " + StorageFailure.plain(e), e);
        } catch (RuntimeException e) {
            deleteQuietly(d, existed);
            throw e;
        }
    }

    /**
     * Opens an existing workspace and brings its schema up to date. The database file is copied before a migration
     * and restored if the migration fails, because H2 commits DDL implicitly.
     */
    public static Workspace open(Path dir) {
        return open(dir, Migrator.standard());
    }

    static Workspace open(Path dir, Migrator migrator) {
        Path d = normalize(dir);
        if (!exists(d)) {
            throw new WorkspaceException("no workspace at " + d + " (expected " + DATABASE_FILE + " there)");
        }
        DatabaseFileCheck.requireWorkspaceFile(d.resolve(DATABASE_FILE));
        probeReadOnly(d);
        Workspace ws = connect(d, migrator, true);
        try {
            int pending = ws.read(c -> {
                migrator.verify(c);
                return migrator.pending(c, migrator.latestVersion());
            });
            removeStaleStaging(d);
            if (pending > 0) {
                ws.migrateWithBackup();
                return connect(d, migrator, true);
            }
            return ws;
        } catch (RuntimeException e) {
            ws.close();
            throw e;
        }
    }

    /**
     * Opens the workspace in {@code dir}, creating it first if there is none; a workspace created here is seeded
     * with the demo project. This is what first launch does with the default workspace.
     */
    public static Workspace openOrCreate(Path dir) {
        Path d = normalize(dir);
        if (exists(d)) {
            return open(d);
        }
        Workspace ws = create(d);
        try {
            DemoSeed.seed(ws);
            return ws;
        } catch (RuntimeException e) {
            ws.close();
            deleteQuietly(d, false);
            throw e;
        }
    }

    /** Removes what an import killed mid-way left behind; this process holds the workspace, so no import is running. */
    private static void removeStaleStaging(Path d) {
        try (Stream<Path> s = Files.list(d)) {
            s.filter(p -> p.getFileName().toString().startsWith(STAGING_PREFIX) && Files.isDirectory(p))
                    .forEach(p -> {
                        LOG.info("removing {} left by an interrupted import", p);
                        deleteQuietly(p, false);
                    });
        } catch (IOException e) {
            LOG.warn("cannot look for interrupted imports in {}: {}", d, e.getMessage());
        }
    }

    private void migrateWithBackup() {
        Path db = dir.resolve(DATABASE_FILE);
        int from = read(Migrator::currentVersion);
        close();
        Path backup = dir.resolve(DATABASE_FILE + ".before-v" + migrator.latestVersion() + ".bak");
        try {
            Files.copy(db, backup, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new WorkspaceException(
                    "cannot back up " + db + " before migrating it: " + StorageFailure.plain(e)
                            + "; the workspace was left as it was",
                    e);
        }
        Workspace ws = connect(dir, migrator, true);
        try {
            ws.migrateTo(migrator.latestVersion());
            ws.close();
            Files.deleteIfExists(backup);
            LOG.info("migrated workspace {} from schema version {} to {}", dir, from, migrator.latestVersion());
        } catch (RuntimeException | IOException e) {
            ws.close();
            try {
                Files.move(backup, db, StandardCopyOption.REPLACE_EXISTING);
            } catch (IOException restore) {
                e.addSuppressed(restore);
            }
            if (e instanceof WorkspaceException we) {
                throw we;
            }
            LOG.warn("migration of {} failed", dir, e);
            throw new WorkspaceException(
                    "cannot bring workspace " + dir + " up to this version of Sextant ("
                            + (e instanceof IOException io ? StorageFailure.plain(io) : "details in the log")
                            + "); it was restored as it was",
                    e);
        }
    }

    private void migrateTo(int version) {
        read(c -> {
            int applied = migrator.migrate(c, version);
            sync(c);
            return applied;
        });
    }

    private static Workspace connect(Path dir, Migrator migrator, boolean mustExist) {
        String url = baseUrl(dir) + ";WRITE_DELAY=0" + (mustExist ? ";IFEXISTS=TRUE" : "");
        JdbcConnectionPool pool = JdbcConnectionPool.create(url, "sextant", "");
        pool.setMaxConnections(16);
        Workspace ws = new Workspace(dir, migrator, pool);
        try (Connection c = pool.getConnection()) {
            c.isValid(1);
        } catch (SQLException e) {
            pool.dispose();
            throw translateOpenError(dir, e);
        }
        ws.writeOwner();
        LOG.info("opened workspace {}", dir);
        return ws;
    }

    /**
     * Opens the database read-only first and checks that it is a Sextant workspace: H2 writes to a file it opens for
     * writing (even when the login then fails), so a database of another program must be recognised without that.
     */
    private static void probeReadOnly(Path dir) {
        String url = baseUrl(dir) + ";IFEXISTS=TRUE;ACCESS_MODE_DATA=r";
        try (Connection c = DriverManager.getConnection(url, "sextant", "")) {
            if (!Migrator.isWorkspace(c)) {
                throw DatabaseFileCheck.notAWorkspace(
                        dir.resolve(DATABASE_FILE), "it is a database of another program");
            }
        } catch (SQLException e) {
            if (e.getErrorCode() == ErrorCode.DATABASE_IS_READ_ONLY) {
                // the store asked to write while only being read: its chunks do not add up (a file cut short), and
                // reading it for writing would "recover" an older state over it
                LOG.warn("workspace {} cannot be read without rewriting it", dir, e);
                throw DatabaseFileCheck.damaged(dir.resolve(DATABASE_FILE), e);
            }
            throw translateOpenError(dir, e);
        }
    }

    private static String baseUrl(Path dir) {
        String path = dir.resolve(DATABASE_NAME).toString();
        if (path.contains(";")) {
            throw new WorkspaceException("workspace path must not contain ';': " + dir);
        }
        return "jdbc:h2:file:" + path;
    }

    private static WorkspaceException translateOpenError(Path dir, SQLException e) {
        SQLException root = e;
        while (root.getNextException() != null) {
            root = root.getNextException();
        }
        switch (e.getErrorCode()) {
            case ErrorCode.DATABASE_ALREADY_OPEN_1:
                return new WorkspaceInUseException(dir, readOwner(dir), e);
            case ErrorCode.FILE_VERSION_ERROR_1:
                return new WorkspaceException(
                        "workspace " + dir + " was written by an incompatible H2 version; open it with the"
                                + " Sextant that wrote it and export it as an archive (sextant workspace export)",
                        e);
            case ErrorCode.FILE_CORRUPTED_1:
                return DatabaseFileCheck.damaged(dir.resolve(DATABASE_FILE), e);
            case ErrorCode.WRONG_USER_OR_PASSWORD:
                return DatabaseFileCheck.notAWorkspace(
                        dir.resolve(DATABASE_FILE), "it is a database of another program");
            case ErrorCode.DATABASE_NOT_FOUND_WITH_IF_EXISTS_1:
                return new WorkspaceException("no workspace at " + dir, e);
            default:
                return StorageFailure.translateOpen(dir, e);
        }
    }

    private void writeOwner() {
        String holder = "pid " + ProcessHandle.current().pid() + " on " + hostName() + " since "
                + Instant.now().truncatedTo(ChronoUnit.SECONDS) + ", "
                + ManagementFactory.getRuntimeMXBean().getVmName();
        try {
            Files.writeString(dir.resolve(OWNER_FILE), holder);
        } catch (IOException e) {
            LOG.warn("cannot write {}: {}", dir.resolve(OWNER_FILE), e.getMessage());
        }
    }

    private static String readOwner(Path dir) {
        try {
            String s = Files.readString(dir.resolve(OWNER_FILE)).strip();
            int comma = s.indexOf(", ");
            return comma > 0 ? s.substring(0, comma) : s;
        } catch (IOException e) {
            return null;
        }
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "this machine";
        }
    }

    public Path dir() {
        return dir;
    }

    /** The folder's name, which is what the user calls the workspace. */
    public String name() {
        return dir.getFileName() == null ? dir.toString() : dir.getFileName().toString();
    }

    public Path databaseFile() {
        return dir.resolve(DATABASE_FILE);
    }

    public Path logDir() {
        return dir.resolve("logs");
    }

    public Path exportDir() {
        return dir.resolve("exports");
    }

    public int schemaVersion() {
        return read(Migrator::currentVersion);
    }

    public ProjectRepository projects() {
        return projects;
    }

    public EvaluationRepository evaluation() {
        return evaluation;
    }

    public GateRepository gate() {
        return gate;
    }

    public ProfileRepository profiles() {
        return profiles;
    }

    public ServingPlanRepository servingPlans() {
        return servingPlans;
    }

    /** Training logs kept in projects (run health). */
    public TrainingLogRepository trainingLogs() {
        return trainingLogs;
    }

    /** Failure studies kept in projects (run health). */
    public FailureStudyRepository failureStudies() {
        return failureStudies;
    }

    /** Deduplication runs kept in projects (data). */
    public MonitorRepository monitoring() {
        return monitoring;
    }

    public AblationSetRepository ablationSets() {
        return ablationSets;
    }

    public DedupRunRepository dedupRuns() {
        return dedupRuns;
    }

    /** Quality-filtering runs kept in projects (data). */
    public QualityRunRepository qualityRuns() {
        return qualityRuns;
    }

    public TrainingPlanRepository trainingPlans() {
        return trainingPlans;
    }

    public ScanRepository scans() {
        return scans;
    }

    /** Reads with a connection in auto-commit mode. */
    public <T> T read(SqlWork<T> work) {
        ensureOpen();
        try (Connection c = pool.getConnection()) {
            return work.run(c);
        } catch (SQLException e) {
            throw StorageFailure.translate(this, e);
        } catch (RuntimeException e) {
            throw StorageFailure.isDatabaseInternal(e) ? StorageFailure.translate(this, e) : e;
        }
    }

    /**
     * Runs {@code work} in one transaction: committed if it returns, rolled back if it throws anything (including
     * cancellation), so that no action leaves a half-written workspace.
     */
    public <T> T transaction(SqlWork<T> work) {
        ensureOpen();
        try (Connection c = pool.getConnection()) {
            c.setAutoCommit(false);
            try {
                T result = work.run(c);
                c.commit();
                sync(c);
                return result;
            } catch (SQLException | RuntimeException | Error e) {
                try {
                    c.rollback();
                } catch (SQLException rollback) {
                    e.addSuppressed(rollback);
                }
                throw e;
            } finally {
                try {
                    c.setAutoCommit(true);
                } catch (SQLException broken) {
                    LOG.debug("connection broken after a failure", broken);
                }
            }
        } catch (SQLException e) {
            throw StorageFailure.translate(this, e);
        } catch (RuntimeException e) {
            throw StorageFailure.isDatabaseInternal(e) ? StorageFailure.translate(this, e) : e;
        }
    }

    /**
     * Forces the committed data to the storage device, so that a commit survives a power loss and not only a killed
     * process. H2's {@code CHECKPOINT SYNC} flushes the store and calls {@code FileChannel.force}; the cost per action
     * is measured by {@code WorkspaceBenchmark.durableSingleRowWrite}.
     */
    private static void sync(Connection c) throws SQLException {
        try (var s = c.createStatement()) {
            s.execute("CHECKPOINT SYNC");
        }
    }

    public String property(String name) {
        return read(c -> {
            try (var ps = c.prepareStatement("SELECT TEXT_VALUE FROM WORKSPACE_PROPERTY WHERE NAME = ?")) {
                ps.setString(1, name);
                try (var rs = ps.executeQuery()) {
                    return rs.next() ? rs.getString(1) : null;
                }
            }
        });
    }

    public void setProperty(String name, String value) {
        Objects.requireNonNull(value, "value");
        transaction(c -> {
            try (var ps =
                    c.prepareStatement("MERGE INTO WORKSPACE_PROPERTY(NAME, TEXT_VALUE) KEY(NAME) VALUES (?, ?)")) {
                ps.setString(1, name);
                ps.setString(2, value);
                return ps.executeUpdate();
            }
        });
    }

    private void ensureOpen() {
        if (closed) {
            throw new IllegalStateException("workspace " + dir + " is closed");
        }
    }

    public boolean isClosed() {
        return closed;
    }

    /** Closes the database cleanly; the workspace can then be opened by another process. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        pool.dispose();
        LOG.info("closed workspace {}", dir);
        try {
            Files.deleteIfExists(dir.resolve(OWNER_FILE));
        } catch (IOException e) {
            LOG.debug("cannot delete owner file", e);
        }
    }

    private static Path normalize(Path dir) {
        return dir.toAbsolutePath().normalize();
    }

    private static boolean isEmptyDir(Path d) {
        try (Stream<Path> s = Files.list(d)) {
            return s.findAny().isEmpty();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Removes a folder this class created (or only its contents when the folder was there before). */
    static void deleteQuietly(Path d, boolean keepFolder) {
        if (!Files.exists(d)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(d)) {
            walk.sorted(Comparator.reverseOrder())
                    .filter(p -> !(keepFolder && p.equals(d)))
                    .forEach(p -> {
                        try {
                            Files.deleteIfExists(p);
                        } catch (IOException e) {
                            LOG.warn("cannot delete {}: {}", p, e.getMessage());
                        }
                    });
        } catch (IOException e) {
            LOG.warn("cannot clean up {}: {}", d, e.getMessage());
        }
    }
}
