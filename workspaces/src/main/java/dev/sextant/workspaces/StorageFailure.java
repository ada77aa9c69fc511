package dev.sextant.workspaces;

import dev.sextant.model.io.IoFailures;
import java.io.EOFException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import org.h2.api.ErrorCode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns what the database and the file system throw into one line of plain words — what failed, where, and what to
 * do — with no database, parser or class names. The technical detail goes to the log. A full disk is recognised
 * wherever it surfaces (H2 wraps the operating system's "No space left on device" several layers deep).
 */
public final class StorageFailure {

    private static final Logger LOG = LoggerFactory.getLogger(StorageFailure.class);
    private static final long MIB = 1024 * 1024;

    private StorageFailure() {}

    /** A failure while reading or writing an open workspace. */
    static WorkspaceException translate(Workspace ws, Exception e) {
        LOG.warn("workspace {}: storage failure", ws.dir(), e);
        if (isDiskFull(e) || freeBytes(ws.dir()) < MIB) {
            return new WorkspaceException(
                    diskFull("writing workspace " + ws.name(), ws.dir()) + "; nothing of this action was kept"
                            + " — free some space and try again",
                    e);
        }
        if (e instanceof SQLException sql
                && (sql.getErrorCode() == ErrorCode.DATABASE_IS_CLOSED
                        || sql.getErrorCode() == ErrorCode.DATABASE_CALLED_AT_SHUTDOWN)) {
            return new WorkspaceException(
                    "workspace " + ws.name() + " was closed after an earlier failure; open it again (what was"
                            + " saved before the failure is kept)",
                    e);
        }
        if (e instanceof SQLException sql && sql.getErrorCode() == ErrorCode.FILE_CORRUPTED_1) {
            return DatabaseFileCheck.damaged(ws.databaseFile(), e);
        }
        if (e instanceof SQLException sql && sql.getErrorCode() == ErrorCode.VALUE_TOO_LONG_2) {
            // a reader or repository should have named the field first; this keeps the last line of defence plain
            return new WorkspaceException(
                    "workspace " + ws.name() + ": a value is longer than its column " + column(sql.getMessage())
                            + "keeps; nothing of this action was kept",
                    e);
        }
        if (e instanceof SQLException sql && sql.getErrorCode() == ErrorCode.LOCK_TIMEOUT_1) {
            return new WorkspaceException(
                    "workspace " + ws.name() + " is busy with another action; try again when it has finished", e);
        }
        return new WorkspaceException(
                "workspace " + ws.name() + ": the database could not complete this action; nothing of it was"
                        + " kept (details in the log)",
                e);
    }

    /** True for the database engine's own unchecked exceptions, which must not reach a person as they are. */
    static boolean isDatabaseInternal(RuntimeException e) {
        return e.getClass().getName().startsWith("org.h2.");
    }

    /** "ITEM_ID (400 characters) " from the database's message, or "" when it cannot be read there. */
    private static String column(String message) {
        var m = message == null
                ? null
                : Pattern.compile("column \"([A-Z_]+) [A-Z ]*\\((\\d+)\\)\"").matcher(message);
        return m != null && m.find() ? m.group(1).toLowerCase(Locale.ROOT) + " (" + m.group(2) + " characters) " : "";
    }

    /** A failure while opening a workspace, for the cases {@link Workspace} does not name itself. */
    static WorkspaceException translateOpen(Path dir, SQLException e) {
        LOG.warn("cannot open workspace {}", dir, e);
        if (isDiskFull(e)) {
            return new WorkspaceException(
                    diskFull("opening workspace " + dir, dir) + " — free some space and try again", e);
        }
        IOException io = find(e, IOException.class);
        if (io instanceof EOFException) { // the store read past the file's end: it was cut short
            return DatabaseFileCheck.damaged(dir.resolve(Workspace.DATABASE_FILE), e);
        }
        if (io != null) {
            return new WorkspaceException("cannot open workspace " + dir + ": " + plain(io), e);
        }
        // a damaged file can surface as another error than FILE_CORRUPTED, depending on where it was cut: the store's
        // own exception in the chain says so
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t.getClass().getName().endsWith("MVStoreException")
                    || t.getMessage() != null && t.getMessage().contains("File corrupted")) {
                return DatabaseFileCheck.damaged(dir.resolve(Workspace.DATABASE_FILE), e);
            }
        }
        return new WorkspaceException(
                "cannot open workspace " + dir + " (details in the log); if it keeps failing, restore it from"
                        + " a backup or an archive",
                e);
    }

    /** "disk full while WHAT (12 MB free on DIR)". */
    public static String diskFull(String what, Path where) {
        long free = freeBytes(where);
        return "disk full while " + what
                + (free >= 0 ? " (" + megabytes(free) + " free on " + storeOf(where) + ")" : "");
    }

    /** True when {@code t} (or anything linked to it, the database's chained exceptions included) says the device is full. */
    public static boolean isDiskFull(Throwable t) {
        if (IoFailures.isDiskFull(t)) {
            return true;
        }
        for (SQLException next = t instanceof SQLException sql ? sql.getNextException() : null;
                next != null;
                next = next.getNextException()) {
            if (IoFailures.isDiskFull(next)) {
                return true;
            }
        }
        return false;
    }

    /** An I/O failure in plain words: "no such file", "permission denied", or the operating system's reason. */
    public static String plain(IOException e) {
        return IoFailures.plain(e);
    }

    /**
     * Refuses to start writing {@code neededBytes} into {@code dir} when the file system has less free space, saying how
     * much is needed and how much there is.
     */
    public static void requireFreeSpace(Path dir, long neededBytes, String what) {
        long free = freeBytes(dir);
        if (free >= 0 && free < neededBytes) {
            throw new WorkspaceException("not enough free space for " + what + ": about " + megabytes(neededBytes)
                    + " needed, " + megabytes(free) + " free on " + storeOf(dir)
                    + "; nothing was written — free some space and try again");
        }
    }

    /** Usable bytes on the file system holding {@code p} (or its nearest existing parent), or -1 when unknown. */
    public static long freeBytes(Path p) {
        Path q = p.toAbsolutePath();
        while (q != null && !Files.exists(q)) {
            q = q.getParent();
        }
        if (q == null) {
            return -1;
        }
        try {
            return Files.getFileStore(q).getUsableSpace();
        } catch (IOException e) {
            return -1;
        }
    }

    private static String storeOf(Path p) {
        Path q = p.toAbsolutePath();
        while (q != null && !Files.exists(q)) {
            q = q.getParent();
        }
        return String.valueOf(q == null ? p : q);
    }

    static String megabytes(long bytes) {
        if (bytes < 10 * MIB) {
            return String.format(Locale.ROOT, "%.1f MB", bytes / 1e6);
        }
        return String.format(Locale.ROOT, "%,d MB", Math.round(bytes / 1e6));
    }

    private static <T extends Throwable> T find(Throwable t, Class<T> type) {
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Throwable c = t; c != null && seen.add(c); c = c.getCause()) {
            if (type.isInstance(c)) {
                return type.cast(c);
            }
        }
        return null;
    }
}
