package dev.sextant.workspaces.archive;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import dev.sextant.model.BadInputException;
import dev.sextant.model.io.AtomicFile;
import dev.sextant.model.io.Json;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import dev.sextant.model.project.Project;
import dev.sextant.workspaces.Ids;
import dev.sextant.workspaces.ProjectRepository;
import dev.sextant.workspaces.StorageFailure;
import dev.sextant.workspaces.Workspace;
import dev.sextant.workspaces.WorkspaceException;
import dev.sextant.workspaces.archive.ArchiveManifest.Kind;
import dev.sextant.workspaces.archive.ArchiveManifest.TableEntry;
import dev.sextant.workspaces.archive.SchemaGraph.Column;
import dev.sextant.workspaces.archive.SchemaGraph.ScopedPredicate;
import dev.sextant.workspaces.archive.SchemaGraph.Table;
import dev.sextant.workspaces.migration.Migrator;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.h2.api.ErrorCode;
import org.slf4j.LoggerFactory;

/**
 * Export and import of a whole workspace or one project as a single zip archive ({@code *.sextant.zip}):
 * {@code manifest.json}, one {@code tables/<TABLE>.jsonl} per table (one JSON object per row) and, for a workspace,
 * its other files under {@code files/}. Rows are plain JSON rather than an H2 file, so an archive outlives the H2
 * file format and doubles as the upgrade and backup path.
 *
 * <p>All four operations are all-or-nothing: an export is written to a temporary file and moved into place; a
 * workspace import is built in a hidden sibling folder and renamed into place; a project import is one transaction.
 * Cancelling or failing leaves nothing behind.
 */
public final class WorkspaceArchive {

    private static final int ROWS_PER_TICK = 500;

    private WorkspaceArchive() {}

    // ---------------------------------------------------------------------------------------------------- export

    /** Writes the whole workspace (all projects, workspace properties and files) to {@code target}. */
    public static ArchiveManifest exportWorkspace(
            Workspace ws, Path target, ProgressListener progress, CancellationToken cancel) {
        return export(ws, target, null, progress, cancel);
    }

    /** Writes one project and everything that belongs to it to {@code target}. */
    public static ArchiveManifest exportProject(
            Workspace ws, UUID projectId, Path target, ProgressListener progress, CancellationToken cancel) {
        return export(ws, target, projectId, progress, cancel);
    }

    private static ArchiveManifest export(
            Workspace ws, Path target, UUID projectId, ProgressListener progress, CancellationToken cancel) {
        Path out = target.toAbsolutePath().normalize();
        try {
            ArchiveManifest manifest = AtomicFile.write(
                    out,
                    os -> ws.read(c -> {
                        c.setAutoCommit(false);
                        c.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ); // one consistent snapshot
                        try {
                            ZipOutputStream zip = new ZipOutputStream(os);
                            ArchiveManifest m = writeArchive(ws, c, zip, projectId, out, progress, cancel);
                            zip.finish();
                            return m;
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        } finally {
                            c.rollback();
                            c.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
                            c.setAutoCommit(true);
                        }
                    }));
            progress.progress(1, "exported " + manifest.totalRows() + " rows to " + out.getFileName());
            return manifest;
        } catch (IOException | UncheckedIOException e) {
            IOException io = e instanceof UncheckedIOException u ? u.getCause() : (IOException) e;
            if (StorageFailure.isDiskFull(io)) {
                throw new WorkspaceException(
                        StorageFailure.diskFull("writing " + out, out) + "; no archive was written — free some space"
                                + " and try again",
                        io);
            }
            throw new WorkspaceException(
                    "cannot write " + out + ": " + StorageFailure.plain(io) + "; no archive was written", io);
        }
    }

    private static ArchiveManifest writeArchive(
            Workspace ws,
            Connection c,
            ZipOutputStream zip,
            UUID projectId,
            Path out,
            ProgressListener progress,
            CancellationToken cancel)
            throws SQLException, IOException {
        SchemaGraph schema = SchemaGraph.read(c);
        Project project = null;
        if (projectId != null) {
            project = ws.projects()
                    .find(projectId)
                    .orElseThrow(() -> new WorkspaceException("no project with id " + projectId));
        }
        List<Table> tables = projectId == null ? schema.inDependencyOrder() : schema.projectTables();
        Map<String, Long> counts = new HashMap<>();
        long total = 0;
        for (Table t : tables) {
            long n = count(c, schema, t, projectId);
            counts.put(t.name(), n);
            total += n;
        }
        StorageFailure.requireFreeSpace(
                out.getParent(),
                estimatedArchiveBytes(ws, c, schema, projectId, total),
                "the archive " + out.getFileName());
        long written = 0;
        List<TableEntry> entries = new ArrayList<>();
        for (Table t : tables) {
            cancel.throwIfCancelled();
            zip.putNextEntry(new ZipEntry(ArchiveEntries.tableEntry(t.name())));
            JsonGenerator g = Json.mapper().getFactory().createGenerator(new NonClosing(zip));
            String sql = "SELECT "
                    + t.columns().stream()
                            .map(col -> SchemaGraph.quote(col.name()))
                            .collect(Collectors.joining(", ")) + " FROM " + SchemaGraph.quote(t.name())
                    + where(schema, t, projectId) + orderBy(t);
            long rows = 0;
            try (PreparedStatement ps = c.prepareStatement(sql)) {
                bindProject(ps, schema, t, projectId);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        RowCodec.writeRow(rs, t.columns(), g);
                        g.writeRaw('\n');
                        rows++;
                        written++;
                        if (written % ROWS_PER_TICK == 0) {
                            cancel.throwIfCancelled();
                            progress.progress(total == 0 ? 1 : 0.95 * written / total, "exporting " + t.name());
                        }
                    }
                }
            }
            g.flush();
            zip.closeEntry();
            entries.add(new TableEntry(t.name(), rows));
        }
        int files = 0;
        if (projectId == null) {
            files = writeFiles(ws, zip, cancel);
        }
        ArchiveManifest manifest = new ArchiveManifest(
                ArchiveManifest.FORMAT,
                ArchiveManifest.FORMAT_VERSION,
                projectId == null ? Kind.WORKSPACE : Kind.PROJECT,
                Migrator.currentVersion(c),
                Instant.now().truncatedTo(ChronoUnit.SECONDS),
                ws.name(),
                projectId,
                project == null ? null : project.name(),
                entries,
                files);
        zip.putNextEntry(new ZipEntry(ArchiveEntries.MANIFEST));
        zip.write(Json.writePretty(manifest).getBytes(StandardCharsets.UTF_8));
        zip.closeEntry();
        return manifest;
    }

    /**
     * What the archive will take, at most about: the database file's size (the same rows, uncompressed), in proportion
     * to the rows exported when only one project goes.
     */
    private static long estimatedArchiveBytes(Workspace ws, Connection c, SchemaGraph schema, UUID projectId, long rows)
            throws SQLException {
        long db;
        try {
            db = Files.size(ws.databaseFile());
        } catch (IOException e) {
            return 0;
        }
        if (projectId == null) {
            return db;
        }
        long all = 0;
        for (Table t : schema.inDependencyOrder()) {
            all += count(c, schema, t, null);
        }
        return all == 0 ? 0 : (long) (db * ((double) rows / all));
    }

    /** Workspace files that travel with a whole-workspace archive: everything but the database, logs and exports. */
    private static int writeFiles(Workspace ws, ZipOutputStream zip, CancellationToken cancel) throws IOException {
        Path root = ws.dir();
        List<Path> files;
        try (Stream<Path> walk = Files.walk(root)) {
            files = walk.filter(Files::isRegularFile)
                    .filter(p -> travels(root.relativize(p)))
                    .sorted()
                    .toList();
        }
        for (Path p : files) {
            cancel.throwIfCancelled();
            String rel = root.relativize(p).toString().replace('\\', '/');
            zip.putNextEntry(new ZipEntry(ArchiveEntries.FILES + rel));
            Files.copy(p, zip);
            zip.closeEntry();
        }
        return files.size();
    }

    private static boolean travels(Path rel) {
        return ArchiveEntries.travels(rel.toString().replace('\\', '/'));
    }

    private static long count(Connection c, SchemaGraph schema, Table t, UUID projectId) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT COUNT(*) FROM " + SchemaGraph.quote(t.name()) + where(schema, t, projectId))) {
            bindProject(ps, schema, t, projectId);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    private static String where(SchemaGraph schema, Table t, UUID projectId) {
        return projectId == null ? "" : " WHERE " + schema.projectPredicate(t).sql();
    }

    private static void bindProject(PreparedStatement ps, SchemaGraph schema, Table t, UUID projectId)
            throws SQLException {
        if (projectId != null) {
            ScopedPredicate p = schema.projectPredicate(t);
            for (int i = 1; i <= p.parameters(); i++) {
                ps.setObject(i, projectId);
            }
        }
    }

    private static String orderBy(Table t) {
        return t.primaryKey().isEmpty()
                ? ""
                : " ORDER BY " + t.primaryKey().stream().map(SchemaGraph::quote).collect(Collectors.joining(", "));
    }

    // ---------------------------------------------------------------------------------------------------- import

    /** Reads and checks an archive's manifest, entry names and sizes without importing anything. */
    public static ArchiveManifest readManifest(Path archive) {
        try (OpenArchive a = OpenArchive.open(archive, ArchiveLimits.fromSystemProperties())) {
            return a.manifest();
        }
    }

    /** As {@link #importWorkspace(Path, Path, ArchiveLimits, ProgressListener, CancellationToken)} within the configured limits. */
    public static Path importWorkspace(
            Path archive, Path targetDir, ProgressListener progress, CancellationToken cancel) {
        return importWorkspace(archive, targetDir, ArchiveLimits.fromSystemProperties(), progress, cancel);
    }

    /**
     * Creates a new workspace in {@code targetDir} (which must not exist or be empty) from a workspace archive. The
     * rows are loaded at the archive's schema version and migrated to this build's. The archive is checked (names,
     * sizes against {@code limits}, manifest) and the free space too before anything is written.
     *
     * @return the folder of the new workspace (closed; open it with {@link Workspace#open})
     */
    public static Path importWorkspace(
            Path archive, Path targetDir, ArchiveLimits limits, ProgressListener progress, CancellationToken cancel) {
        Path target = targetDir.toAbsolutePath().normalize();
        if (Workspace.exists(target)) {
            throw new WorkspaceException("a workspace already exists at " + target + "; import into a new folder");
        }
        if (Files.exists(target) && !Files.isDirectory(target)) {
            throw new WorkspaceException(target + " is a file, not a folder; import into a new or empty folder");
        }
        if (Files.exists(target) && !isEmptyDir(target)) {
            throw new WorkspaceException(target + " is not empty; import into a new or empty folder");
        }
        try (OpenArchive a = OpenArchive.open(archive, limits)) {
            ArchiveManifest manifest = a.manifest();
            if (manifest.kind() != Kind.WORKSPACE) {
                throw BadInputException.of(
                        archive.toString(),
                        "this is a project archive ('" + manifest.projectName()
                                + "'); import it into a workspace as a project instead");
            }
            Path parent = target.getParent();
            StorageFailure.requireFreeSpace(parent, neededFor(a), "importing " + archive.getFileName());
            String stagingPrefix = "." + target.getFileName() + ".importing-";
            removeStale(parent, stagingPrefix);
            Path staging =
                    parent.resolve(stagingPrefix + UUID.randomUUID().toString().substring(0, 8));
            try {
                Files.createDirectories(parent);
                try (Workspace ws = Workspace.create(staging, manifest.schemaVersion())) {
                    ws.transaction(c -> {
                        SchemaGraph schema = SchemaGraph.read(c);
                        List<Table> ordered = schema.inDependencyOrder();
                        for (int i = ordered.size() - 1; i >= 0; i--) {
                            try (Statement s = c.createStatement()) {
                                s.executeUpdate("DELETE FROM "
                                        + SchemaGraph.quote(ordered.get(i).name()));
                            }
                        }
                        loadTables(a, schema, c, progress.slice(0, 0.85), cancel);
                        return null;
                    });
                    extractFiles(a, staging, cancel);
                }
                progress.progress(0.9, "migrating to the current schema");
                Workspace.open(staging).close();
                cancel.throwIfCancelled();
                if (Files.isDirectory(target)) {
                    Files.delete(target); // empty, checked above
                }
                Files.move(staging, target, StandardCopyOption.ATOMIC_MOVE);
                progress.progress(1, "imported workspace " + target.getFileName());
                return target;
            } catch (IOException e) {
                throw writeFailure("importing " + archive.getFileName() + " into " + target, parent, e);
            } finally {
                deleteTree(staging);
            }
        }
    }

    /** As {@link #importProject(Workspace, Path, ArchiveLimits, ProgressListener, CancellationToken)} within the configured limits. */
    public static Project importProject(
            Workspace ws, Path archive, ProgressListener progress, CancellationToken cancel) {
        return importProject(ws, archive, ArchiveLimits.fromSystemProperties(), progress, cancel);
    }

    /**
     * Adds the project in a project archive to {@code ws} in one transaction. Every id is replaced by a fresh one, so
     * the same archive can be imported twice; a name already taken gets a numeric suffix. The rows are staged in a
     * temporary database file in the workspace folder (not in memory, so the archive's size is bounded by the disk,
     * which is checked first).
     */
    public static Project importProject(
            Workspace ws, Path archive, ArchiveLimits limits, ProgressListener progress, CancellationToken cancel) {
        try (OpenArchive a = OpenArchive.open(archive, limits)) {
            ArchiveManifest manifest = a.manifest();
            if (manifest.kind() != Kind.PROJECT) {
                throw BadInputException.of(
                        archive.toString(),
                        "this is a whole-workspace archive; import it as a new workspace"
                                + " (sextant workspace import ARCHIVE --to DIR)");
            }
            // staging and then the workspace itself each take about what the rows inflate to
            StorageFailure.requireFreeSpace(ws.dir(), 2 * neededFor(a), "importing " + archive.getFileName());
            // Stage the rows in a private database at the archive's schema version, bring that up to date, then copy
            // into the workspace: rows written by an older Sextant go through the same migrations. At the workspace's
            // own version the staging schema is a copy of the workspace's.
            Path stagingDir = ws.dir()
                    .resolve(Workspace.STAGING_PREFIX
                            + UUID.randomUUID().toString().substring(0, 8));
            try {
                Files.createDirectories(stagingDir);
                try (Connection staging =
                        DriverManager.getConnection("jdbc:h2:file:" + stagingDir.resolve("staging"), "sa", "")) {
                    boolean sameVersion = manifest.schemaVersion() == ws.schemaVersion();
                    if (sameVersion) {
                        copySchema(ws, staging);
                    } else {
                        Migrator.standard().migrate(staging, manifest.schemaVersion());
                    }
                    staging.setAutoCommit(false);
                    loadTables(a, SchemaGraph.read(staging), staging, progress.slice(0, 0.5), cancel);
                    staging.commit();
                    if (!sameVersion) {
                        Migrator.standard().migrate(staging, Migrator.standard().latestVersion());
                    }
                    staging.setAutoCommit(false);
                    return ws.transaction(target -> copyProject(staging, target, ws, progress.slice(0.5, 1), cancel));
                }
            } catch (SQLException e) {
                throw stagingFailure(archive, stagingDir, e);
            } catch (IOException e) {
                throw writeFailure("importing " + archive.getFileName() + " into workspace " + ws.name(), ws.dir(), e);
            } finally {
                deleteTree(stagingDir);
            }
        }
    }

    /** Removes the staging folders of imports into the same target that were killed mid-way. */
    private static void removeStale(Path parent, String prefix) {
        if (!Files.isDirectory(parent)) {
            return;
        }
        try (Stream<Path> s = Files.list(parent)) {
            s.filter(p -> p.getFileName().toString().startsWith(prefix))
                    .toList()
                    .forEach(WorkspaceArchive::deleteTree);
        } catch (IOException e) {
            // best effort: a leftover folder is hidden and does not affect the import
        }
    }

    /** Disk an import needs at least: what its entries inflate to, plus room for the database's own structures. */
    private static long neededFor(OpenArchive a) {
        return a.declaredBytes() + (16L << 20);
    }

    private static WorkspaceException writeFailure(String what, Path where, IOException e) {
        if (StorageFailure.isDiskFull(e)) {
            return new WorkspaceException(
                    StorageFailure.diskFull(what, where) + "; nothing of this import was kept — free some space"
                            + " and try again",
                    e);
        }
        return new WorkspaceException(
                "cannot finish " + what + ": " + StorageFailure.plain(e) + "; nothing of this import was kept", e);
    }

    private static WorkspaceException stagingFailure(Path archive, Path stagingDir, SQLException e) {
        if (StorageFailure.isDiskFull(e)) {
            return new WorkspaceException(
                    StorageFailure.diskFull("importing " + archive.getFileName(), stagingDir)
                            + "; nothing of this import was kept — free some space and try again",
                    e);
        }
        LoggerFactory.getLogger(WorkspaceArchive.class).warn("import of {} failed", archive, e);
        return new WorkspaceException(
                "cannot import " + archive + ": its rows could not be staged (details in the log); nothing of"
                        + " this import was kept",
                e);
    }

    private static void copySchema(Workspace ws, Connection staging) throws SQLException {
        List<String> ddl = ws.read(c -> {
            List<String> out = new ArrayList<>();
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("SCRIPT NODATA NOPASSWORDS NOSETTINGS")) {
                while (rs.next()) {
                    String sql = rs.getString(1);
                    if (!sql.startsWith("CREATE USER")) {
                        out.add(sql);
                    }
                }
            }
            return out;
        });
        try (Statement s = staging.createStatement()) {
            for (String sql : ddl) {
                s.execute(sql);
            }
        }
    }

    private static Project copyProject(
            Connection staging, Connection target, Workspace ws, ProgressListener progress, CancellationToken cancel)
            throws SQLException {
        SchemaGraph schema = SchemaGraph.read(staging);
        Table projectTable = schema.table(SchemaGraph.PROJECT_TABLE).orElseThrow();
        UUID oldId;
        String oldName;
        try (Statement s = staging.createStatement();
                ResultSet rs = s.executeQuery("SELECT ID, NAME FROM PROJECT")) {
            if (!rs.next()) {
                throw new WorkspaceException("the archive holds no project");
            }
            oldId = rs.getObject(1, UUID.class);
            oldName = rs.getString(2);
            if (rs.next()) {
                throw new WorkspaceException("the archive holds more than one project");
            }
        }
        // Fresh ids for every row's UUID primary key; UUID columns pointing at them follow.
        Map<UUID, UUID> remap = new HashMap<>();
        List<Table> tables = schema.projectTables();
        long total = 0;
        for (Table t : tables) {
            total += count(staging, schema, t, oldId);
            for (String pk : t.primaryKey()) {
                if (t.column(pk).map(Column::isUuid).orElse(false)) {
                    try (PreparedStatement ps = staging.prepareStatement("SELECT " + SchemaGraph.quote(pk) + " FROM "
                            + SchemaGraph.quote(t.name()) + where(schema, t, oldId))) {
                        bindProject(ps, schema, t, oldId);
                        try (ResultSet rs = ps.executeQuery()) {
                            while (rs.next()) {
                                remap.put(rs.getObject(1, UUID.class), Ids.newId());
                            }
                        }
                    }
                }
            }
        }
        String name = ws.projects().freeName(target, oldName);
        long copied = 0;
        for (Table t : tables) {
            String cols = t.columns().stream()
                    .map(col -> SchemaGraph.quote(col.name()))
                    .collect(Collectors.joining(", "));
            String marks = t.columns().stream().map(col -> "?").collect(Collectors.joining(", "));
            try (PreparedStatement select = staging.prepareStatement("SELECT " + cols + " FROM "
                            + SchemaGraph.quote(t.name()) + where(schema, t, oldId) + orderBy(t));
                    PreparedStatement insert = target.prepareStatement(
                            "INSERT INTO " + SchemaGraph.quote(t.name()) + " (" + cols + ") VALUES (" + marks + ")")) {
                bindProject(select, schema, t, oldId);
                try (ResultSet rs = select.executeQuery()) {
                    int batch = 0;
                    while (rs.next()) {
                        RowCodec.copyRow(rs, t.columns(), insert, remap);
                        if (t == projectTable) {
                            insert.setString(
                                    t.columns().indexOf(t.column("NAME").orElseThrow()) + 1, name);
                        }
                        insert.addBatch();
                        copied++;
                        if (++batch == ROWS_PER_TICK) {
                            insert.executeBatch();
                            batch = 0;
                            cancel.throwIfCancelled();
                            progress.progress(total == 0 ? 1 : (double) copied / total, "importing " + t.name());
                        }
                    }
                    if (batch > 0) {
                        insert.executeBatch();
                    }
                }
            }
        }
        cancel.throwIfCancelled();
        UUID newId = remap.get(oldId);
        progress.progress(1, "imported project " + name);
        return ProjectRepository.find(target, newId).orElseThrow();
    }

    /** Inserts every table's rows from the archive into {@code c}, checking each against the schema. */
    private static void loadTables(
            OpenArchive a, SchemaGraph schema, Connection c, ProgressListener progress, CancellationToken cancel)
            throws SQLException {
        Path archive = a.path();
        ArchiveManifest manifest = a.manifest();
        Map<String, TableEntry> byName = manifest.tables().stream().collect(Collectors.toMap(TableEntry::name, e -> e));
        for (TableEntry e : manifest.tables()) {
            if (schema.table(e.name()).isEmpty()) {
                throw new BadInputException(
                        archive.toString(),
                        0,
                        "manifest.json",
                        "table " + e.name() + " does not exist in schema version " + manifest.schemaVersion());
            }
        }
        long total = manifest.totalRows();
        long done = 0;
        for (Table t : schema.inDependencyOrder()) {
            TableEntry entry = byName.get(t.name());
            if (entry == null) {
                continue;
            }
            String entryName = ArchiveEntries.tableEntry(t.name());
            String where = archive.getFileName() + "!" + entryName;
            ZipEntry ze = a.find(entryName);
            if (ze == null) {
                throw new BadInputException(archive.toString(), 0, entryName, "listed in manifest.json but missing");
            }
            List<Column> columns = null;
            PreparedStatement insert = null;
            long line = 0;
            try (InputStream in = a.entry(ze);
                    MappingIterator<JsonNode> rows =
                            Json.mapper().readerFor(JsonNode.class).readValues(in)) {
                int batch = 0;
                JsonNode row;
                while ((row = nextRow(rows, where, line + 1)) != null) {
                    line++;
                    if (!row.isObject()) {
                        throw new BadInputException(where, line, null, "expected a JSON object");
                    }
                    if (columns == null) {
                        columns = columnsOf(t, row, where, line);
                        insert = c.prepareStatement("INSERT INTO " + SchemaGraph.quote(t.name()) + " ("
                                + columns.stream()
                                        .map(col -> SchemaGraph.quote(col.name()))
                                        .collect(Collectors.joining(", "))
                                + ") VALUES ("
                                + columns.stream().map(col -> "?").collect(Collectors.joining(", ")) + ")");
                    }
                    checkFields(t, row, where, line);
                    try {
                        RowCodec.bindJson(row, columns, insert);
                    } catch (IllegalArgumentException bad) {
                        String msg = bad.getMessage();
                        int colon = msg.indexOf(": ");
                        throw new BadInputException(where, line, msg.substring(0, colon), msg.substring(colon + 2));
                    }
                    insert.addBatch();
                    done++;
                    if (++batch == ROWS_PER_TICK) {
                        executeBatch(insert, where, line);
                        batch = 0;
                        cancel.throwIfCancelled();
                        progress.progress(total == 0 ? 1 : (double) done / total, "loading " + t.name());
                    }
                }
                if (batch > 0) {
                    executeBatch(insert, where, line);
                }
            } catch (JsonProcessingException e) {
                throw Json.badInput(where, line + 1, e);
            } catch (IOException e) {
                throw new BadInputException(where, line + 1, null, "cannot read: " + StorageFailure.plain(e), e);
            } finally {
                if (insert != null) {
                    insert.close();
                }
            }
            if (line != entry.rows()) {
                throw new BadInputException(
                        where,
                        line,
                        null,
                        "manifest.json lists " + entry.rows() + " rows, the entry holds " + line
                                + (line < entry.rows() ? " (truncated archive?)" : ""));
            }
        }
        progress.progress(1, "loaded " + done + " rows");
    }

    /** The next row, or null at the end of the entry. */
    private static JsonNode nextRow(MappingIterator<JsonNode> rows, String where, long line) {
        try {
            return rows.hasNextValue() ? rows.nextValue() : null;
        } catch (JsonProcessingException e) {
            throw Json.badInput(where, line, e);
        } catch (IOException e) {
            throw new BadInputException(where, line, null, "cannot read: " + StorageFailure.plain(e), e);
        }
    }

    private static List<Column> columnsOf(Table t, JsonNode row, String where, long line) {
        List<Column> cols = new ArrayList<>();
        for (Column col : t.columns()) {
            if (row.has(col.name())) {
                cols.add(col);
            }
        }
        if (cols.isEmpty()) {
            throw new BadInputException(where, line, null, "row has none of the columns of " + t.name());
        }
        return cols;
    }

    private static void checkFields(Table t, JsonNode row, String where, long line) {
        var names = row.fieldNames();
        while (names.hasNext()) {
            String f = names.next();
            if (t.column(f).isEmpty()) {
                throw new BadInputException(where, line, f, "no such column in table " + t.name());
            }
        }
    }

    private static void executeBatch(PreparedStatement insert, String where, long line) {
        try {
            insert.executeBatch();
        } catch (SQLException e) {
            if (StorageFailure.isDiskFull(e)) {
                throw new WorkspaceException(
                        StorageFailure.diskFull("importing " + where, Path.of(System.getProperty("java.io.tmpdir")))
                                + "; nothing of this import was kept",
                        e);
            }
            throw new BadInputException(where, line, null, rowProblem(e) + " (in the rows up to this line)", e);
        }
    }

    /** Why rows were refused, in words (the database's own message names its internal indexes). */
    private static String rowProblem(SQLException e) {
        SQLException first = e.getNextException() != null ? e.getNextException() : e;
        int code = first.getErrorCode() != 0 ? first.getErrorCode() : e.getErrorCode();
        return switch (code) {
            case ErrorCode.DUPLICATE_KEY_1 -> "a row repeats the id or unique key of another row";
            case ErrorCode
                    .REFERENTIAL_INTEGRITY_VIOLATED_PARENT_MISSING_1 -> "a row refers to a row the archive does not hold";
            case ErrorCode.NULL_NOT_ALLOWED -> "a required value is missing";
            case ErrorCode.VALUE_TOO_LONG_2 -> "a value is longer than its column allows";
            case ErrorCode.CHECK_CONSTRAINT_VIOLATED_1 -> "a value is outside what its column allows";
            case ErrorCode.DATA_CONVERSION_ERROR_1,
                    ErrorCode.INVALID_DATETIME_CONSTANT_2 -> "a value is of the wrong type for its column";
            default -> "rows do not fit the workspace's tables";
        };
    }

    private static void extractFiles(OpenArchive a, Path dir, CancellationToken cancel) throws IOException {
        Enumeration<? extends ZipEntry> en = a.entries();
        while (en.hasMoreElements()) {
            ZipEntry e = en.nextElement();
            if (e.isDirectory() || !e.getName().startsWith(ArchiveEntries.FILES)) {
                continue;
            }
            cancel.throwIfCancelled();
            Path out = dir.resolve(e.getName().substring(ArchiveEntries.FILES.length()))
                    .normalize();
            if (!out.startsWith(dir) || out.equals(dir)) { // OpenArchive already refused this; belt and braces
                throw new BadInputException(
                        a.path().toString(), 0, "entry '" + e.getName() + "'", "path escapes the target folder");
            }
            Files.createDirectories(out.getParent());
            try (InputStream in = a.entry(e)) {
                Files.copy(in, out, StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    private static boolean isEmptyDir(Path d) {
        try (Stream<Path> s = Files.list(d)) {
            return s.findAny().isEmpty();
        } catch (IOException e) {
            throw new WorkspaceException("cannot read " + d + ": " + e.getMessage(), e);
        }
    }

    private static void deleteTree(Path d) {
        if (!Files.exists(d)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(d)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException ignored) {
                    // best effort
                }
            });
        } catch (IOException ignored) {
            // best effort
        }
    }

    /** Keeps the JSON generator from closing the zip stream at the end of an entry. */
    private static final class NonClosing extends FilterOutputStream {
        NonClosing(OutputStream out) {
            super(out);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
        }

        @Override
        public void close() throws IOException {
            flush();
        }
    }
}
