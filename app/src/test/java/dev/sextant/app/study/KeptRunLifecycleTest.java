package dev.sextant.app.study;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sextant.model.data.DedupSpec;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.CancelledException;
import dev.sextant.model.job.ProgressListener;
import dev.sextant.model.project.Project;
import dev.sextant.workspaces.ActiveRuns;
import dev.sextant.workspaces.KeptRunStore;
import dev.sextant.workspaces.RunState;
import dev.sextant.workspaces.Workspace;
import dev.sextant.workspaces.WorkspaceException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The kept runs' one lifecycle holds for every kind alike (issue 37): a run that fails on an unreadable corpus file is
 * kept FAILED with the file and resumes once it is fixed; a cancelled one is kept CANCELLED and resumes; one left
 * RUNNING by a process that died reads INTERRUPTED and resumes; one running here refuses a second run and deletion.
 * Real workspaces, real files (a gzip cut in half), the real scanner and deduplicator.
 */
class KeptRunLifecycleTest {

    @TempDir
    Path tmp;

    /** A kind of kept run, driven through its use case as the CLI and the GUI drive it. */
    enum Kind {
        SCAN {
            @Override
            UUID keep(Workspace ws, UUID project, Path corpus) {
                // a scan is kept as it starts; a pre-cancelled token stops it at once, kept
                try {
                    new ScanStudy(ws)
                            .start(
                                    project,
                                    "web",
                                    ScanStudyTest.ONE_THREAD,
                                    ScanStudyTest.ITEMS,
                                    List.of(corpus),
                                    ProgressListener.NONE,
                                    cancelled());
                } catch (CancelledException expected) {
                    // kept cancelled
                }
                return ws.scans().list(project).get(0).id();
            }

            @Override
            void resume(Workspace ws, UUID id, CancellationToken cancel) {
                new ScanStudy(ws).resume(id, ProgressListener.NONE, cancel);
            }

            @Override
            RunState state(Workspace ws, UUID id) {
                return ws.scans().find(id).orElseThrow().state();
            }

            @Override
            String failedFile(Workspace ws, UUID id) {
                return ws.scans().find(id).orElseThrow().failedFile();
            }

            @Override
            void delete(Workspace ws, UUID id) {
                new ScanStudy(ws).delete(id);
            }

            @Override
            KeptRunStore store(Workspace ws) {
                return ws.scans();
            }

            @Override
            void leaveRunning(Workspace ws, UUID id) {
                ws.scans().setState(id, RunState.RUNNING);
            }
        },
        DEDUP {
            @Override
            UUID keep(Workspace ws, UUID project, Path corpus) {
                return new DataStudy(ws, project)
                        .keepRun("web", List.of(corpus), DedupSpec.defaults(DedupSpec.Mode.NEAR), null);
            }

            @Override
            void resume(Workspace ws, UUID id, CancellationToken cancel) {
                DataStudy.ofRun(ws, id).resume(id, 1, ProgressListener.NONE, cancel);
            }

            @Override
            RunState state(Workspace ws, UUID id) {
                return ws.dedupRuns().find(id).orElseThrow().state();
            }

            @Override
            String failedFile(Workspace ws, UUID id) {
                return ws.dedupRuns().find(id).orElseThrow().failedFile();
            }

            @Override
            void delete(Workspace ws, UUID id) {
                DataStudy.ofRun(ws, id).delete(id);
            }

            @Override
            KeptRunStore store(Workspace ws) {
                return ws.dedupRuns();
            }

            @Override
            void leaveRunning(Workspace ws, UUID id) {
                ws.dedupRuns().resumed(id);
            }
        };

        /** Keeps a run that has not completed (a scan cancelled at once, a dedup run kept before it runs). */
        abstract UUID keep(Workspace ws, UUID project, Path corpus);

        abstract void resume(Workspace ws, UUID id, CancellationToken cancel);

        abstract RunState state(Workspace ws, UUID id);

        abstract String failedFile(Workspace ws, UUID id);

        abstract void delete(Workspace ws, UUID id);

        abstract KeptRunStore store(Workspace ws);

        /** What a process killed mid-run leaves behind. */
        abstract void leaveRunning(Workspace ws, UUID id);
    }

    static CancellationToken cancelled() {
        CancellationToken t = new CancellationToken();
        t.cancel();
        return t;
    }

    private Path corpus() throws Exception {
        Path corpus = Files.createDirectories(tmp.resolve("corpus"));
        Files.writeString(corpus.resolve("a.jsonl"), ScanStudyTest.gzText());
        Files.write(corpus.resolve("b.jsonl.gz"), ScanStudyTest.gzip(ScanStudyTest.gzText()));
        return corpus;
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void aRunThatFailsOnAnUnreadableFileIsKeptFailedWithTheFileAndResumesOnceItIsFixed(Kind kind) throws Exception {
        Path corpus = corpus();
        Path bad = corpus.resolve("b.jsonl.gz");
        byte[] good = Files.readAllBytes(bad);
        Files.write(bad, Arrays.copyOf(good, good.length / 2)); // cut short
        try (Workspace ws = Workspace.create(tmp.resolve("ws"))) {
            Project p = ws.projects().create("Runs", "");
            UUID id = kind.keep(ws, p.id(), corpus);
            assertThatThrownBy(() -> kind.resume(ws, id, CancellationToken.none()))
                    .isInstanceOfSatisfying(KeptRunFailedException.class, e -> {
                        assertThat(e.runId()).isEqualTo(id);
                        assertThat(e.file()).isEqualTo(bad.toString());
                        assertThat(e.reason()).contains("truncated gzip data");
                    });
            assertThat(kind.state(ws, id)).isEqualTo(RunState.FAILED);
            assertThat(kind.failedFile(ws, id)).isEqualTo(bad.toString());
            assertThat(ActiveRuns.active(id)).as("released however it ended").isFalse();

            Files.write(bad, good); // fixed: the file it failed on may differ from when the run started
            kind.resume(ws, id, CancellationToken.none());
            assertThat(kind.state(ws, id)).isEqualTo(RunState.COMPLETE);
            assertThat(kind.failedFile(ws, id)).isNull();
        }
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void aCancelledRunIsKeptCancelledAndResumes(Kind kind) throws Exception {
        Path corpus = corpus();
        try (Workspace ws = Workspace.create(tmp.resolve("ws"))) {
            Project p = ws.projects().create("Runs", "");
            UUID id = kind.keep(ws, p.id(), corpus);
            assertThatThrownBy(() -> kind.resume(ws, id, cancelled())).isInstanceOf(CancelledException.class);
            assertThat(kind.state(ws, id)).isEqualTo(RunState.CANCELLED);
            assertThat(kind.state(ws, id).resumable()).isTrue();
            kind.resume(ws, id, CancellationToken.none());
            assertThat(kind.state(ws, id)).isEqualTo(RunState.COMPLETE);
        }
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void aRunLeftRunningByAProcessThatDiedReadsInterruptedAndResumes(Kind kind) throws Exception {
        Path corpus = corpus();
        try (Workspace ws = Workspace.create(tmp.resolve("ws"))) {
            Project p = ws.projects().create("Runs", "");
            UUID id = kind.keep(ws, p.id(), corpus);
            kind.leaveRunning(ws, id);
            assertThat(kind.state(ws, id)).isEqualTo(RunState.INTERRUPTED);
            kind.resume(ws, id, CancellationToken.none());
            assertThat(kind.state(ws, id)).isEqualTo(RunState.COMPLETE);
        }
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void aRunGoingOnHereRefusesASecondRunAndDeletion(Kind kind) throws Exception {
        Path corpus = corpus();
        try (Workspace ws = Workspace.create(tmp.resolve("ws"))) {
            Project p = ws.projects().create("Runs", "");
            UUID id = kind.keep(ws, p.id(), corpus);
            kind.leaveRunning(ws, id);
            try (KeptRun run = KeptRun.claim(id, kind.store(ws), "the run")) {
                assertThat(kind.state(ws, id)).isEqualTo(RunState.RUNNING);
                assertThatThrownBy(() -> kind.resume(ws, id, CancellationToken.none()))
                        .isInstanceOf(WorkspaceException.class)
                        .hasMessageEndingWith("is running");
                assertThatThrownBy(() -> kind.delete(ws, id))
                        .isInstanceOf(WorkspaceException.class)
                        .hasMessageContaining("is running: cancel it first");
            }
            kind.delete(ws, id);
        }
    }
}
