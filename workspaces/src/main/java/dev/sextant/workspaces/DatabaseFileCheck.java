package dev.sextant.workspaces;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Looks at a workspace's database file before H2 is allowed to touch it. H2 opens a 0-byte or foreign file as a new,
 * empty database and writes over it; a file that is not a Sextant workspace must instead be refused and left exactly as
 * it was. An H2 MVStore file starts with a text header block, {@code H:2,block:…}, written twice (at byte 0 and at
 * the next 4 KiB block, so that one damaged copy can be survived); at least one copy must be there.
 */
final class DatabaseFileCheck {

    private static final int BLOCK = 4096;
    private static final byte[] MAGIC = "H:2,".getBytes(StandardCharsets.US_ASCII);

    private DatabaseFileCheck() {}

    static void requireWorkspaceFile(Path db) {
        long size;
        byte[] head = new byte[2 * BLOCK];
        int n;
        try {
            size = Files.size(db);
            try (InputStream in = Files.newInputStream(db)) {
                n = in.readNBytes(head, 0, head.length);
            }
        } catch (IOException e) {
            throw new WorkspaceException("cannot read workspace database " + db + ": " + StorageFailure.plain(e), e);
        }
        if (size == 0) {
            throw notAWorkspace(db, "the file is empty");
        }
        if (!startsWithMagic(head, 0, n) && !startsWithMagic(head, BLOCK, n)) {
            throw notAWorkspace(db, "it is not a database file");
        }
    }

    private static boolean startsWithMagic(byte[] head, int at, int n) {
        if (at + MAGIC.length > n) {
            return false;
        }
        for (int i = 0; i < MAGIC.length; i++) {
            if (head[at + i] != MAGIC[i]) {
                return false;
            }
        }
        return true;
    }

    static WorkspaceException notAWorkspace(Path db, String why) {
        return new WorkspaceException("workspace database " + db + " is damaged or not a Sextant workspace (" + why
                + "); it was left untouched: restore it from a backup, import an archive into a new folder"
                + " (sextant workspace import ARCHIVE --to DIR), or move the file away to start a new workspace there");
    }

    static WorkspaceException damaged(Path db, Throwable cause) {
        return new WorkspaceException(
                "workspace database " + db + " is damaged (its data cannot be read back); it was left"
                        + " untouched: restore it from a backup, import an archive into a new folder (sextant workspace import ARCHIVE"
                        + " --to DIR), or move the file away to start a new workspace there",
                cause);
    }
}
