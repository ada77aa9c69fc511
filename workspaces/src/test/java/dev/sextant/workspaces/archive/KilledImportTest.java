package dev.sextant.workspaces.archive;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sextant.model.evaluation.EvidenceFile;
import dev.sextant.model.evaluation.ItemScore;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import dev.sextant.model.project.Project;
import dev.sextant.workspaces.ChildProcess;
import dev.sextant.workspaces.Workspace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * kill -9 during a large import, at three points chosen by the import's own progress (not by time): afterwards the
 * import either happened whole or left nothing, the next open or import cleans up after it, and importing again
 * gives exactly what an uninterrupted import gives.
 */
class KilledImportTest {

    private static final int ROWS = 40_000;
    private static final double[] KILL_AT = {0.2, 0.5, 0.8};

    @TempDir
    static Path tmp;

    static Path workspaceZip;
    static Path projectZip;

    @BeforeAll
    static void largeArchives() {
        workspaceZip = tmp.resolve("big-ws.sextant.zip");
        projectZip = tmp.resolve("big-p.sextant.zip");
        try (Workspace ws = Workspace.create(tmp.resolve("source"))) {
            Project p = ws.projects().create("Big", "many item scores");
            List<ItemScore> rows = new ArrayList<>();
            for (int i = 0; i < ROWS; i++) {
                rows.add(new ItemScore(
                        "model-" + (i % 3),
                        "bench",
                        "item-" + i,
                        (i * 37 % 100) / 100.0,
                        null,
                        null,
                        null,
                        null,
                        null));
            }
            ws.evaluation()
                    .importFiles(
                            p.id(),
                            List.of(EvidenceFile.of(EvidenceFile.Kind.ITEM_SCORES, "big.csv", "test", rows, null)),
                            false,
                            ProgressListener.NONE,
                            CancellationToken.none());
            WorkspaceArchive.exportWorkspace(ws, workspaceZip, ProgressListener.NONE, CancellationToken.none());
            WorkspaceArchive.exportProject(ws, p.id(), projectZip, ProgressListener.NONE, CancellationToken.none());
        }
    }

    @Test
    void aKilledWorkspaceImportLeavesNothingAndImportsAgainExactly() throws Exception {
        Path reference = WorkspaceArchive.importWorkspace(
                workspaceZip, tmp.resolve("reference"), ProgressListener.NONE, CancellationToken.none());
        Map<String, String> expected = tables(reference);
        for (double at : KILL_AT) {
            Path target = tmp.resolve("killed-" + at);
            double killedAt;
            try (ChildProcess child =
                    new ChildProcess("import-workspace-slowly", workspaceZip.toString(), target.toString())) {
                killedAt = child.killAtProgress(at);
            }
            if (killedAt < 1) {
                assertThat(target).as("killed at %.2f", killedAt).doesNotExist();
            }
            if (!Files.exists(target)) {
                WorkspaceArchive.importWorkspace(workspaceZip, target, ProgressListener.NONE, CancellationToken.none());
            }
            assertThat(tables(target)).as("after a kill at %.2f", killedAt).isEqualTo(expected);
            try (var s = Files.list(tmp)) {
                assertThat(s.map(p -> p.getFileName().toString()))
                        .noneMatch(n -> n.startsWith(".killed-" + at + ".importing-"));
            }
        }
    }

    @Test
    void aKilledProjectImportIsAllOrNothing() throws Exception {
        Path dir = tmp.resolve("project-target");
        try (Workspace ws = Workspace.create(dir)) {
            ws.projects().create("Mine", "");
        }
        for (double at : KILL_AT) {
            int before;
            try (Workspace ws = Workspace.open(dir)) {
                before = ws.projects().list().size();
            }
            double killedAt;
            try (ChildProcess child =
                    new ChildProcess("import-project-slowly", projectZip.toString(), dir.toString())) {
                killedAt = child.killAtProgress(at);
            }
            try (Workspace ws = Workspace.open(dir)) {
                int after = ws.projects().list().size();
                assertThat(after).as("projects after a kill at %.2f", killedAt).isIn(before, before + 1);
                if (killedAt < 1) {
                    assertThat(after)
                            .as("killed at %.2f, before the commit", killedAt)
                            .isEqualTo(before);
                }
                try (var s = Files.list(dir)) {
                    assertThat(s.map(p -> p.getFileName().toString()))
                            .as("staging removed at open")
                            .noneMatch(n -> n.startsWith(Workspace.STAGING_PREFIX));
                }
                Project again =
                        WorkspaceArchive.importProject(ws, projectZip, ProgressListener.NONE, CancellationToken.none());
                assertThat(ws.evaluation().load(again.id()).items()).hasSize(ROWS);
            }
        }
    }

    private static Map<String, String> tables(Path workspaceDir) throws IOException {
        try (Workspace ws = Workspace.open(workspaceDir)) {
            return ArchiveSnapshot.of(ws, tmp);
        }
    }
}
