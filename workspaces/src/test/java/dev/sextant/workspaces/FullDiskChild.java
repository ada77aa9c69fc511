package dev.sextant.workspaces;

import dev.sextant.model.evaluation.EvidenceFile;
import dev.sextant.model.evaluation.ItemScore;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import dev.sextant.model.project.Project;
import dev.sextant.workspaces.archive.WorkspaceArchive;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Runs inside a small file system of its own (a tmpfs the parent test mounts in a private mount namespace) and fills it:
 * each case prints {@code MSG <the message a person would see>} and {@code CHECK <name> <true|false>} lines.
 */
public final class FullDiskChild {

    public static void main(String[] args) throws Exception {
        Path disk = Path.of(args[0]);
        Path outside = Path.of(args[1]); // not on the small disk: archives to import, snapshots
        Path dir = disk.resolve("ws");
        Project mine;
        try (Workspace ws = Workspace.create(dir)) {
            mine = ws.projects().create("Mine", "before the disk filled");
        }
        String before = projects(dir);

        // 1. An import that cannot fit is refused up front, naming what it needs.
        try (Workspace ws = Workspace.open(dir)) {
            try {
                WorkspaceArchive.importProject(
                        ws, outside.resolve("big.sextant.zip"), ProgressListener.NONE, CancellationToken.none());
                System.out.println("CHECK import-refused false");
            } catch (RuntimeException e) {
                System.out.println("MSG " + e.getMessage());
                System.out.println("CHECK import-refused true");
            }
        }
        System.out.println("CHECK import-kept-nothing " + projects(dir).equals(before));

        // 2. A write that runs out of space mid-way: the disk filled by another file, then 100,000 rows imported.
        Path filler = disk.resolve("filler.bin");
        fill(filler, 1 << 20);
        try (Workspace ws = Workspace.open(dir)) {
            List<ItemScore> rows = new ArrayList<>();
            for (int i = 0; i < 100_000; i++) {
                rows.add(new ItemScore(
                        "model-with-a-long-name-" + (i % 7),
                        "benchmark",
                        "item-number-" + i,
                        i % 2,
                        null,
                        null,
                        null,
                        null,
                        null));
            }
            try {
                ws.evaluation()
                        .importFiles(
                                mine.id(),
                                List.of(EvidenceFile.of(EvidenceFile.Kind.ITEM_SCORES, "rows.csv", "test", rows, null)),
                                false,
                                ProgressListener.NONE,
                                CancellationToken.none());
                System.out.println("CHECK write-failed false");
            } catch (RuntimeException e) {
                System.out.println("MSG " + e.getMessage());
                System.out.println("CHECK write-failed true");
            }
        } catch (RuntimeException e) {
            System.out.println("MSG " + e.getMessage()); // closing a workspace whose disk is full
        }

        // 3. An export onto the full disk leaves no file behind.
        Path archive = disk.resolve("out.sextant.zip");
        try (Workspace ws = Workspace.open(dir)) {
            WorkspaceArchive.exportWorkspace(ws, archive, ProgressListener.NONE, CancellationToken.none());
            System.out.println("CHECK export-failed false");
        } catch (RuntimeException e) {
            System.out.println("MSG " + e.getMessage());
            System.out.println("CHECK export-failed true");
        }
        try (var s = Files.list(disk)) {
            System.out.println("CHECK no-partial-export "
                    + s.noneMatch(p -> p.getFileName().toString().contains("out.sextant.zip")));
        }

        // 4. Space freed: the workspace opens with what it had, and takes writes again.
        Files.delete(filler);
        System.out.println("CHECK kept-what-it-had " + projects(dir).equals(before));
        try (Workspace ws = Workspace.open(dir)) {
            ws.projects().create("After", "");
            System.out.println("CHECK writable-again " + (ws.projects().list().size() == 2));
            System.out.println("CHECK no-rows-kept "
                    + ws.evaluation().load(mine.id()).items().isEmpty());
        }
        System.out.println("DONE");
    }

    private static String projects(Path dir) {
        try (Workspace ws = Workspace.open(dir)) {
            return ws.projects().list().stream()
                    .map(p -> p.id() + " " + p.name() + " " + p.updatedAt())
                    .collect(Collectors.joining("\n"));
        }
    }

    /** Writes zeros until the disk has only {@code leave} bytes free. */
    private static void fill(Path filler, long leave) throws IOException {
        byte[] chunk = new byte[64 * 1024];
        try (OutputStream os = Files.newOutputStream(filler)) {
            while (Files.getFileStore(filler).getUsableSpace() > leave + chunk.length) {
                os.write(chunk);
                os.flush();
            }
        }
    }
}
