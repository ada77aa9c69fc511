package dev.sextant.workspaces.archive;

import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import dev.sextant.workspaces.Workspace;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/** What a workspace holds, for tests that must show nothing changed: every entry of its export but the manifest (a time stamp). */
final class ArchiveSnapshot {

    private ArchiveSnapshot() {}

    static Map<String, String> of(Workspace ws, Path scratch) throws IOException {
        Path out = scratch.resolve("snapshot-" + System.nanoTime() + ".zip");
        WorkspaceArchive.exportWorkspace(ws, out, ProgressListener.NONE, CancellationToken.none());
        Map<String, String> m = new TreeMap<>();
        try (ZipFile z = new ZipFile(out.toFile())) {
            Enumeration<? extends ZipEntry> en = z.entries();
            while (en.hasMoreElements()) {
                ZipEntry e = en.nextElement();
                if (!e.getName().equals("manifest.json")) {
                    try (InputStream is = z.getInputStream(e)) {
                        m.put(e.getName(), new String(is.readAllBytes(), StandardCharsets.UTF_8));
                    }
                }
            }
        }
        Files.delete(out);
        return m;
    }
}
