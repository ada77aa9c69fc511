package dev.sextant.workspaces.archive;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.sextant.model.BadInputException;
import dev.sextant.model.io.Json;
import dev.sextant.workspaces.StorageFailure;
import dev.sextant.workspaces.archive.ArchiveManifest.TableEntry;
import dev.sextant.workspaces.migration.Migrator;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.HashSet;
import java.util.Set;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;

/**
 * An archive opened for import, checked before anything is written: every entry name is safe (no path escapes), the
 * declared sizes are within the {@link ArchiveLimits}, and the manifest is one this build understands. Every entry is
 * then read through {@link #entry}, which enforces the limits on the bytes that really inflate.
 */
final class OpenArchive implements AutoCloseable {

    private static final long MANIFEST_LIMIT = 16L << 20;

    private final Path path;
    private final ZipFile zip;
    private final ArchiveLimits limits;
    private final ArchiveLimits.Counter inflated = new ArchiveLimits.Counter();
    private final long declaredBytes;
    private final ArchiveManifest manifest;

    private OpenArchive(Path path, ZipFile zip, ArchiveLimits limits) {
        this.path = path;
        this.zip = zip;
        this.limits = limits;
        checkNames();
        this.declaredBytes = limits.checkDeclared(path.toString(), zip);
        this.manifest = readManifest();
    }

    static OpenArchive open(Path archive, ArchiveLimits limits) {
        if (!Files.isRegularFile(archive)) {
            throw BadInputException.of(
                    archive.toString(), Files.isDirectory(archive) ? "is a folder, not an archive" : "no such file");
        }
        ZipFile zip;
        try {
            zip = new ZipFile(archive.toFile());
        } catch (ZipException e) {
            throw BadInputException.of(archive.toString(), "not a zip archive, or a damaged one");
        } catch (IOException e) {
            throw BadInputException.of(archive.toString(), "cannot read: " + StorageFailure.plain(e));
        }
        try {
            return new OpenArchive(archive, zip, limits);
        } catch (RuntimeException e) {
            closeQuietly(zip);
            throw e;
        }
    }

    Path path() {
        return path;
    }

    ArchiveManifest manifest() {
        return manifest;
    }

    /** What all entries declare they inflate to: the least an import needs on disk. */
    long declaredBytes() {
        return declaredBytes;
    }

    ZipEntry find(String name) {
        return zip.getEntry(name);
    }

    Enumeration<? extends ZipEntry> entries() {
        return zip.entries();
    }

    /** The entry's content, bounded by the limits. */
    InputStream entry(ZipEntry e) throws IOException {
        return limits.bounded(path.toString(), e, zip.getInputStream(e), inflated);
    }

    private void checkNames() {
        String src = path.toString();
        Set<String> seen = new HashSet<>();
        Enumeration<? extends ZipEntry> en = zip.entries();
        while (en.hasMoreElements()) {
            String name = ArchiveEntries.requireSafe(src, en.nextElement().getName());
            if (!seen.add(name)) {
                throw new BadInputException(src, 0, "entry '" + name + "'", "appears twice (which one would count?)");
            }
            if (!name.equals(ArchiveEntries.MANIFEST)
                    && ArchiveEntries.tableOf(name) == null
                    && !name.startsWith(ArchiveEntries.FILES)) {
                throw new BadInputException(src, 0, "entry '" + name + "'", "not part of a Sextant archive");
            }
            if (name.startsWith(ArchiveEntries.FILES)
                    && !name.endsWith("/")
                    && !ArchiveEntries.travels(name.substring(ArchiveEntries.FILES.length()))) {
                throw new BadInputException(
                        src,
                        0,
                        "entry '" + name + "'",
                        "not a file a workspace archive carries (the database, logs,"
                                + " exports and hidden files never travel)");
            }
        }
    }

    private ArchiveManifest readManifest() {
        String src = path.toString();
        ZipEntry me = zip.getEntry(ArchiveEntries.MANIFEST);
        if (me == null) {
            throw BadInputException.of(src, "not a Sextant archive (no manifest.json)");
        }
        String where = src + "!" + ArchiveEntries.MANIFEST;
        if (me.getSize() > MANIFEST_LIMIT) {
            throw new BadInputException(
                    where, 0, null, "too large for a manifest (" + ArchiveLimits.mb(me.getSize()) + ")");
        }
        ArchiveManifest m;
        try (InputStream in = entry(me)) {
            m = Json.mapper().readValue(in, ArchiveManifest.class);
        } catch (JsonProcessingException e) {
            throw Json.badInput(where, 0, e);
        } catch (IOException e) {
            throw new BadInputException(where, 0, null, "cannot read: " + StorageFailure.plain(e), e);
        }
        if (m == null) {
            throw new BadInputException(where, 0, null, "empty manifest");
        }
        if (!ArchiveManifest.FORMAT.equals(m.format())) {
            throw new BadInputException(
                    where, 0, "format", "expected '" + ArchiveManifest.FORMAT + "', got '" + m.format() + "'");
        }
        if (m.formatVersion() < 1 || m.formatVersion() > ArchiveManifest.FORMAT_VERSION) {
            throw new BadInputException(
                    where,
                    0,
                    "formatVersion",
                    "archive format " + m.formatVersion() + " is not supported by this build (knows 1.."
                            + ArchiveManifest.FORMAT_VERSION + ")");
        }
        if (m.kind() == null) {
            throw new BadInputException(where, 0, "kind", "missing");
        }
        if (m.schemaVersion() < 1 || m.schemaVersion() > Migrator.standard().latestVersion()) {
            throw new BadInputException(
                    where,
                    0,
                    "schemaVersion",
                    "schema version " + m.schemaVersion() + " is not known to this build (knows 1.."
                            + Migrator.standard().latestVersion() + "); update Sextant");
        }
        if (m.tables() == null) {
            throw new BadInputException(where, 0, "tables", "missing");
        }
        Set<String> seen = new HashSet<>();
        for (TableEntry t : m.tables()) {
            if (t == null
                    || t.name() == null
                    || ArchiveEntries.tableOf(ArchiveEntries.tableEntry(t.name())) == null
                    || t.rows() < 0) {
                throw new BadInputException(where, 0, "tables", "bad table entry " + t);
            }
            if (!seen.add(t.name())) {
                throw new BadInputException(where, 0, "tables", "table " + t.name() + " is listed twice");
            }
        }
        Enumeration<? extends ZipEntry> en = zip.entries();
        while (en.hasMoreElements()) {
            String table = ArchiveEntries.tableOf(en.nextElement().getName());
            if (table != null && !seen.contains(table)) {
                throw new BadInputException(
                        src, 0, "entry '" + ArchiveEntries.tableEntry(table) + "'", "not listed in manifest.json");
            }
        }
        return m;
    }

    @Override
    public void close() {
        closeQuietly(zip);
    }

    private static void closeQuietly(ZipFile zip) {
        try {
            zip.close();
        } catch (IOException ignored) {
            // read-only; nothing to lose
        }
    }
}
