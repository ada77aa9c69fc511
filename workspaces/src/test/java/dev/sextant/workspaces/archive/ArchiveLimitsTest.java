package dev.sextant.workspaces.archive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sextant.model.BadInputException;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import dev.sextant.model.project.Project;
import dev.sextant.workspaces.ChildProcess;
import dev.sextant.workspaces.Workspace;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.zip.Deflater;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Decompression bombs: an archive whose entries inflate beyond the limits — by what they declare or by what really
 * comes out — is refused before anything is written, and in bounded memory.
 */
class ArchiveLimitsTest {

    private static final long MIB = 1 << 20;

    @TempDir
    Path tmp;

    Path workspaceZip;
    Path projectZip;

    @BeforeEach
    void archives() {
        workspaceZip = tmp.resolve("ws.sextant.zip");
        projectZip = tmp.resolve("p.sextant.zip");
        try (Workspace ws = Workspace.create(tmp.resolve("src"))) {
            Project p = ws.projects().create("Evidence", "rows to carry");
            WorkspaceArchive.exportWorkspace(ws, workspaceZip, ProgressListener.NONE, CancellationToken.none());
            WorkspaceArchive.exportProject(ws, p.id(), projectZip, ProgressListener.NONE, CancellationToken.none());
        }
    }

    @Test
    void aDeclaredBombIsRefusedBeforeAnythingIsWritten() throws Exception {
        Path bomb =
                withExtraEntry(workspaceZip, tmp.resolve("bomb.sextant.zip"), "files/notes.bin", 256 * MIB, (byte) 0);
        assertThat(Files.size(bomb)).isLessThan(2 * MIB);
        List<Path> before = listing(tmp);
        Path target = tmp.resolve("imported");
        assertThatThrownBy(() ->
                        WorkspaceArchive.importWorkspace(bomb, target, ProgressListener.NONE, CancellationToken.none()))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("bomb.sextant.zip: entry 'files/notes.bin': inflates")
                .hasMessageContaining("decompression bomb")
                .hasMessageContaining("-Dsextant.archive.maxRatio")
                .hasMessageNotContaining("\n");
        assertThat(target).doesNotExist();
        assertThat(listing(tmp)).isEqualTo(before);
    }

    @Test
    void aProjectBombLeavesTheWorkspaceAsItWas() throws Exception {
        Path bomb = withExtraEntry(projectZip, tmp.resolve("pbomb.sextant.zip"), "files/x.bin", 64 * MIB, (byte) 0);
        try (Workspace ws = Workspace.create(tmp.resolve("target"))) {
            ws.projects().create("Mine", "");
            Map<String, String> before = snapshot(ws);
            assertThatThrownBy(() ->
                            WorkspaceArchive.importProject(ws, bomb, ProgressListener.NONE, CancellationToken.none()))
                    .isInstanceOf(BadInputException.class)
                    .hasMessageContaining("decompression bomb");
            assertThat(snapshot(ws)).isEqualTo(before);
            assertThat(listing(ws.dir()))
                    .noneMatch(p -> p.getFileName().toString().startsWith(".import-"));
        }
    }

    @Test
    void anEntryThatInflatesBeyondWhatItDeclaresIsStoppedThere() throws Exception {
        // The central directory says 1,000 bytes; 32 MiB come out. Only reading can tell.
        Path liar =
                withExtraEntry(workspaceZip, tmp.resolve("liar.sextant.zip"), "files/small.txt", 32 * MIB, (byte) 'a');
        declareSize(liar, "files/small.txt", 1000);
        assertThatThrownBy(() -> WorkspaceArchive.importWorkspace(
                        liar, tmp.resolve("t"), ProgressListener.NONE, CancellationToken.none()))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("entry 'files/small.txt': inflates to more than the 1000 bytes it declares");
        assertThat(tmp.resolve("t")).doesNotExist();
        assertThat(listing(tmp)).noneMatch(p -> p.getFileName().toString().contains("importing"));
    }

    @Test
    void entryCountEntrySizeAndTotalHaveLimits() throws Exception {
        Path many = tmp.resolve("many.sextant.zip");
        copyWith(workspaceZip, many, out -> {
            for (int i = 0; i < 60; i++) {
                out.putNextEntry(new ZipEntry("files/n" + i + ".txt"));
                out.write(("note " + i).getBytes(StandardCharsets.UTF_8));
                out.closeEntry();
            }
        });
        ArchiveLimits fewEntries = new ArchiveLimits(
                ArchiveLimits.DEFAULT.maxEntryBytes(), ArchiveLimits.DEFAULT.maxTotalBytes(), 100, 50);
        assertThatThrownBy(() -> WorkspaceArchive.importWorkspace(
                        many, tmp.resolve("a"), fewEntries, ProgressListener.NONE, CancellationToken.none()))
                .hasMessageContaining("more than the limit of 50")
                .hasMessageContaining("maxEntries");

        Path big = withExtraEntry(workspaceZip, tmp.resolve("big.sextant.zip"), "files/data.bin", 3 * MIB, (byte) -1);
        ArchiveLimits smallEntry = new ArchiveLimits(2 * MIB, 1024 * MIB, 100_000, 100);
        assertThatThrownBy(() -> WorkspaceArchive.importWorkspace(
                        big, tmp.resolve("b"), smallEntry, ProgressListener.NONE, CancellationToken.none()))
                .hasMessageContaining(
                        "entry 'files/data.bin': inflates to 3.0 MB, more than the limit of 2.0 MB per entry")
                .hasMessageContaining("maxEntryMB");
        ArchiveLimits smallTotal = new ArchiveLimits(1024 * MIB, 2 * MIB, 100_000, 100);
        assertThatThrownBy(() -> WorkspaceArchive.importWorkspace(
                        big, tmp.resolve("c"), smallTotal, ProgressListener.NONE, CancellationToken.none()))
                .hasMessageContaining("more than the limit of 2.0 MB for one archive")
                .hasMessageContaining("maxTotalMB");
        assertThat(List.of(tmp.resolve("a"), tmp.resolve("b"), tmp.resolve("c")))
                .allMatch(p -> !Files.exists(p));
        // within the limits the same archive imports
        WorkspaceArchive.importWorkspace(
                big, tmp.resolve("d"), ArchiveLimits.DEFAULT, ProgressListener.NONE, CancellationToken.none());
        assertThat(Files.size(tmp.resolve("d/data.bin"))).isEqualTo(3 * MIB);
    }

    @Test
    void limitsComeFromSystemProperties() {
        try {
            System.setProperty("sextant.archive.maxEntryMB", "7");
            assertThat(ArchiveLimits.fromSystemProperties().maxEntryBytes()).isEqualTo(7 * MIB);
            System.setProperty("sextant.archive.maxEntryMB", "lots");
            assertThatThrownBy(ArchiveLimits::fromSystemProperties)
                    .isInstanceOf(BadInputException.class)
                    .hasMessage("-Dsextant.archive.maxEntryMB: expected a positive whole number, got 'lots'");
        } finally {
            System.clearProperty("sextant.archive.maxEntryMB");
        }
    }

    /** The case — 1 GiB from about a megabyte — and a lying table entry, each refused by a JVM with a 64 MB heap. */
    @Test
    void bombsAreRefusedInBoundedMemory() throws Exception {
        Path gig =
                withExtraEntry(workspaceZip, tmp.resolve("gig.sextant.zip"), "files/zeros.bin", 1024 * MIB, (byte) 0);
        Path row = withExtraEntry(
                workspaceZip, tmp.resolve("row.sextant.zip"), "tables/PROJECT.jsonl", 256 * MIB, (byte) 'a');
        declareSize(row, "tables/PROJECT.jsonl", 4096);
        for (Path bomb : List.of(gig, row)) {
            Path target = tmp.resolve("child-" + bomb.getFileName());
            try (ChildProcess child =
                    new ChildProcess(List.of("-Xmx64m"), "import-workspace", bomb.toString(), target.toString())) {
                assertThat(child.firstLine()).startsWith("REFUSED " + bomb).doesNotContain("OutOfMemory");
                assertThat(child.process.waitFor()).isZero();
            }
            assertThat(target).doesNotExist();
        }
    }

    // ------------------------------------------------------------------------------------------------ helpers

    interface Extra {
        void write(ZipOutputStream out) throws IOException;
    }

    /** The archive with {@code name} added (or replaced) by {@code bytes} bytes of {@code fill}, or random bytes for fill -1. */
    private static Path withExtraEntry(Path source, Path target, String name, long bytes, byte fill)
            throws IOException {
        return copyWith(source, target, name, out -> {
            out.setLevel(Deflater.BEST_COMPRESSION);
            out.putNextEntry(new ZipEntry(name));
            byte[] chunk = new byte[1 << 20];
            if (fill == -1) {
                new Random(1).nextBytes(chunk);
            } else {
                Arrays.fill(chunk, fill);
            }
            for (long left = bytes; left > 0; left -= chunk.length) {
                out.write(chunk, 0, (int) Math.min(chunk.length, left));
            }
            out.closeEntry();
        });
    }

    private static Path copyWith(Path source, Path target, Extra extra) throws IOException {
        return copyWith(source, target, null, extra);
    }

    private static Path copyWith(Path source, Path target, String replaced, Extra extra) throws IOException {
        try (ZipFile in = new ZipFile(source.toFile());
                OutputStream os = Files.newOutputStream(target);
                ZipOutputStream out = new ZipOutputStream(os)) {
            Enumeration<? extends ZipEntry> en = in.entries();
            while (en.hasMoreElements()) {
                ZipEntry e = en.nextElement();
                if (e.getName().equals(replaced)) {
                    continue;
                }
                out.putNextEntry(new ZipEntry(e.getName()));
                try (InputStream is = in.getInputStream(e)) {
                    is.transferTo(out);
                }
                out.closeEntry();
            }
            extra.write(out);
        }
        return target;
    }

    /** Rewrites the uncompressed size an entry declares in the zip's central directory (offset 24 of its record). */
    private static void declareSize(Path zip, String name, int size) throws IOException {
        byte[] b = Files.readAllBytes(zip);
        ByteBuffer buf = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        byte[] wanted = name.getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i + 46 < b.length; i++) {
            if (buf.getInt(i) == 0x02014b50
                    && buf.getShort(i + 28) == wanted.length
                    && Arrays.equals(b, i + 46, i + 46 + wanted.length, wanted, 0, wanted.length)) {
                buf.putInt(i + 24, size);
                Files.write(zip, b);
                return;
            }
        }
        throw new IllegalStateException("no central directory record for " + name);
    }

    private static List<Path> listing(Path dir) throws IOException {
        try (var s = Files.list(dir)) {
            return s.sorted().toList();
        }
    }

    private Map<String, String> snapshot(Workspace ws) throws IOException {
        return ArchiveSnapshot.of(ws, tmp);
    }
}
