package dev.sextant.workspaces;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sextant.model.contamination.BenchmarkItem;
import dev.sextant.model.contamination.Normalization;
import dev.sextant.model.contamination.ScanResult;
import dev.sextant.model.contamination.ScanSpec;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.CancelledException;
import dev.sextant.model.job.ProgressListener;
import dev.sextant.model.project.Project;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScanRunsTest {

    @TempDir
    Path tmp;

    static final String TEXT = "Natalia sold clips to 48 of her friends in April, and then she sold half as many clips in May.";

    @Test
    void aKeptScanSavesResultsAndResumesAfterCancellation() throws Exception {
        Path corpus = Files.createDirectories(tmp.resolve("corpus"));
        Files.writeString(corpus.resolve("a.jsonl"), "{\"id\": \"d1\", \"text\": \"" + TEXT + "\"}\n");
        Files.writeString(corpus.resolve("b.txt"), "nothing relevant here at all, just some words\n");
        Files.writeString(corpus.resolve("c.txt"), TEXT.toUpperCase() + "\n");
        List<BenchmarkItem> items = List.of(new BenchmarkItem("gsm", "q1", TEXT), new BenchmarkItem("gsm", "q2", "short one"));
        ScanSpec spec = new ScanSpec(8, 0.8, Normalization.defaults(), "text", "id", 1, 3);
        try (Workspace ws = Workspace.create(tmp.resolve("ws"))) {
            Project p = ws.projects().create("Scans", "");
            CancellationToken cancel = new CancellationToken();
            // cancel as soon as the first file is saved
            ProgressListener stopAfterFirstFile = (f, m) -> {
                if (!ws.scans().list(p.id()).isEmpty() && ws.scans().list(p.id()).get(0).filesDone() >= 1) {
                    cancel.cancel();
                }
            };
            assertThatThrownBy(() -> ScanRuns.start(ws, p.id(), "first", spec, items, List.of(corpus), stopAfterFirstFile, cancel))
                    .isInstanceOf(CancelledException.class);
            SavedScan cancelled = ws.scans().list(p.id()).get(0);
            assertThat(cancelled.state()).isEqualTo(SavedScan.CANCELLED);
            assertThat(cancelled.filesDone()).isBetween(1, 2);

            ScanRuns.Outcome resumed = ScanRuns.resume(ws, cancelled.id(), ProgressListener.NONE, CancellationToken.none());
            assertThat(resumed.result().items().get(0).status()).isEqualTo(ScanResult.Status.DIRTY);
            assertThat(resumed.result().items().get(0).locations()).extracting(ScanResult.Location::file)
                    .anyMatch(f -> f.endsWith("a.jsonl")).anyMatch(f -> f.endsWith("c.txt"));
            assertThat(resumed.result().items().get(1).status()).isEqualTo(ScanResult.Status.NOT_CHECKABLE);
            SavedScan complete = ws.scans().find(cancelled.id()).orElseThrow();
            assertThat(complete.state()).isEqualTo(SavedScan.COMPLETE);
            assertThat(complete.filesDone()).isEqualTo(3);
            assertThat(complete.summary().items()).isEqualTo(2);
            assertThat(ws.scans().result(cancelled.id())).isEqualTo(resumed.result());
            assertThat(complete.spec()).isEqualTo(spec);
        }
    }

    @Test
    void aChangedCorpusCannotBeResumed() throws Exception {
        Path corpus = Files.writeString(tmp.resolve("c.txt"), TEXT + "\n");
        try (Workspace ws = Workspace.create(tmp.resolve("ws"))) {
            Project p = ws.projects().create("Scans", "");
            ScanSpec spec = new ScanSpec(8, 0.8, Normalization.defaults(), "text", null, 1, 3);
            UUID id = ws.scans().create(p.id(), "x", spec, dev.sextant.model.io.CorpusFiles.fingerprint(List.of(corpus)),
                    List.of(new BenchmarkItem("b", "1", TEXT)), false);
            Files.writeString(corpus, TEXT + " and more\n");
            assertThatThrownBy(() -> ScanRuns.resume(ws, id, ProgressListener.NONE, CancellationToken.none()))
                    .isInstanceOf(WorkspaceException.class).hasMessageContaining("changed since the scan started");
        }
    }
}
