package dev.sextant.app.study;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.sextant.model.contamination.BenchmarkItem;
import dev.sextant.model.contamination.FileResult;
import dev.sextant.model.contamination.Normalization;
import dev.sextant.model.contamination.ScanResult;
import dev.sextant.model.contamination.ScanSpec;
import dev.sextant.model.io.CorpusFiles;
import dev.sextant.model.io.EvidenceFiles;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.CancelledException;
import dev.sextant.model.job.ProgressListener;
import dev.sextant.model.project.Project;
import dev.sextant.workspaces.ActiveRuns;
import dev.sextant.workspaces.RunState;
import dev.sextant.workspaces.SavedScan;
import dev.sextant.workspaces.Workspace;
import dev.sextant.workspaces.WorkspaceException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import java.util.zip.GZIPOutputStream;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Kept scans run through the use case: saved as files complete, resumable after a cancel, a failure or a kill. */
class ScanStudyTest {

    @TempDir
    Path tmp;

    static final String TEXT =
            "Natalia sold clips to 48 of her friends in April, and then she sold half as many clips in May.";

    @Test
    void aKeptScanSavesResultsAndResumesAfterCancellation() throws Exception {
        Path corpus = Files.createDirectories(tmp.resolve("corpus"));
        Files.writeString(corpus.resolve("a.jsonl"), "{\"id\": \"d1\", \"text\": \"" + TEXT + "\"}\n");
        Files.writeString(corpus.resolve("b.txt"), "nothing relevant here at all, just some words\n");
        Files.writeString(corpus.resolve("c.txt"), TEXT.toUpperCase() + "\n");
        List<BenchmarkItem> items =
                List.of(new BenchmarkItem("gsm", "q1", TEXT), new BenchmarkItem("gsm", "q2", "short one"));
        ScanSpec spec = new ScanSpec(8, 0.8, Normalization.defaults(), "text", "id", 1, 3);
        try (Workspace ws = Workspace.create(tmp.resolve("ws"))) {
            Project p = ws.projects().create("Scans", "");
            CancellationToken cancel = new CancellationToken();
            // cancel as soon as the first file is saved
            ProgressListener stopAfterFirstFile = (f, m) -> {
                if (!ws.scans().list(p.id()).isEmpty()
                        && ws.scans().list(p.id()).get(0).filesDone() >= 1) {
                    cancel.cancel();
                }
            };
            assertThatThrownBy(() -> new ScanStudy(ws)
                            .start(p.id(), "first", spec, items, List.of(corpus), stopAfterFirstFile, cancel))
                    .isInstanceOf(CancelledException.class);
            SavedScan cancelled = ws.scans().list(p.id()).get(0);
            assertThat(cancelled.state()).isEqualTo(RunState.CANCELLED);
            assertThat(cancelled.filesDone()).isBetween(1, 2);

            ScanStudy.Outcome resumed =
                    new ScanStudy(ws).resume(cancelled.id(), ProgressListener.NONE, CancellationToken.none());
            assertThat(resumed.result().items().get(0).status()).isEqualTo(ScanResult.Status.DIRTY);
            assertThat(resumed.result().items().get(0).locations())
                    .extracting(ScanResult.Location::file)
                    .anyMatch(f -> f.endsWith("a.jsonl"))
                    .anyMatch(f -> f.endsWith("c.txt"));
            assertThat(resumed.result().items().get(1).status()).isEqualTo(ScanResult.Status.NOT_CHECKABLE);
            SavedScan complete = ws.scans().find(cancelled.id()).orElseThrow();
            assertThat(complete.state()).isEqualTo(RunState.COMPLETE);
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
            UUID id = ws.scans()
                    .create(
                            p.id(),
                            "x",
                            spec,
                            CorpusFiles.fingerprint(List.of(corpus)),
                            List.of(new BenchmarkItem("b", "1", TEXT)),
                            false);
            Files.writeString(corpus, TEXT + " and more\n");
            assertThatThrownBy(() -> new ScanStudy(ws).resume(id, ProgressListener.NONE, CancellationToken.none()))
                    .isInstanceOf(WorkspaceException.class)
                    .hasMessageContaining("changed since the scan started");
        }
    }

    static final ScanSpec ONE_THREAD = new ScanSpec(8, 0.8, Normalization.defaults(), "text", "id", 1, 3);
    static final List<BenchmarkItem> ITEMS = List.of(
            new BenchmarkItem("gsm", "q1", TEXT),
            new BenchmarkItem("gsm", "q2", "short one"),
            new BenchmarkItem(
                    "gsm", "q3", "Weng earns 12 an hour for babysitting and yesterday she just did 50 minutes of it"));

    /** Lines of filler with one planted document: what the gzip file holds. */
    static String gzText() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 3000; i++) {
            sb.append("{\"id\": \"f")
                    .append(i)
                    .append("\", \"text\": \"filler ")
                    .append(i * 7919 % 10007)
                    .append(" words\"}\n");
            if (i == 2500) {
                sb.append(
                        "{\"id\": \"w\", \"text\": \"Weng earns 12 an hour for babysitting and yesterday she just did 50 minutes\"}\n");
            }
        }
        return sb.toString();
    }

    static byte[] gzip(String s) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        try (var out = new GZIPOutputStream(b)) {
            out.write(s.getBytes(StandardCharsets.UTF_8));
        }
        return b.toByteArray();
    }

    /**
     * Three files, read in this order by one thread (largest first): a.jsonl, then b.jsonl.gz cut short, then c.txt.
     */
    Path corpusWithATruncatedGzip() throws Exception {
        Path corpus = Files.createDirectories(tmp.resolve("corpus"));
        byte[] gz = gzip(gzText());
        Files.write(corpus.resolve("b.jsonl.gz"), Arrays.copyOf(gz, gz.length / 2));
        StringBuilder a = new StringBuilder("{\"id\": \"d1\", \"text\": \"" + TEXT + "\"}\n");
        while (a.length() < gz.length * 2) {
            a.append("{\"id\": \"pad\", \"text\": \"nothing relevant here\"}\n");
        }
        Files.writeString(corpus.resolve("a.jsonl"), a);
        Files.writeString(corpus.resolve("c.txt"), "small text file, " + TEXT.toUpperCase() + "\n");
        return corpus;
    }

    @Test
    void aScanThatStopsOnATruncatedGzipFailsKeepsWhatCompletedAndResumesOnceTheFileIsFixed() throws Exception {
        Path corpus = corpusWithATruncatedGzip();
        Path bad = corpus.resolve("b.jsonl.gz");
        try (Workspace ws = Workspace.create(tmp.resolve("ws"))) {
            Project p = ws.projects().create("Scans", "");
            assertThatThrownBy(() -> new ScanStudy(ws)
                            .start(
                                    p.id(),
                                    "web",
                                    ONE_THREAD,
                                    ITEMS,
                                    List.of(corpus),
                                    ProgressListener.NONE,
                                    CancellationToken.none()))
                    .isInstanceOfSatisfying(KeptRunFailedException.class, e -> {
                        assertThat(e.file()).isEqualTo(bad.toString());
                        assertThat(e.reason()).isEqualTo("cannot read: truncated gzip data (the file ends early)");
                        assertThat(e.getMessage())
                                .isEqualTo(bad + ": cannot read: truncated gzip data (the file ends early)");
                    });
            SavedScan failed = ws.scans().list(p.id()).get(0);
            assertThat(failed.state()).isEqualTo(RunState.FAILED);
            assertThat(failed.failedFile()).isEqualTo(bad.toString());
            assertThat(failed.failure()).isEqualTo("cannot read: truncated gzip data (the file ends early)");
            assertThat(failed.resumable()).isTrue();
            assertThat(failed.describe())
                    .isEqualTo("failed on " + bad + ": cannot read: truncated gzip data (the file ends early)");
            assertThat(ws.scans().files(failed.id()))
                    .extracting(FileResult::file)
                    .containsExactly(corpus.resolve("a.jsonl").toString());
            assertThatThrownBy(() -> ws.scans().result(failed.id()))
                    .hasMessageContaining("is not complete: failed on " + bad);

            // a completed file must not change; the failed one may
            Files.write(bad, gzip(gzText()));
            ScanStudy.Outcome resumed =
                    new ScanStudy(ws).resume(failed.id(), ProgressListener.NONE, CancellationToken.none());
            SavedScan complete = ws.scans().find(failed.id()).orElseThrow();
            assertThat(complete.state()).isEqualTo(RunState.COMPLETE);
            assertThat(complete.failure()).isNull();
            assertThat(complete.filesDone()).isEqualTo(3);
            assertThat(complete.fingerprint()).isEqualTo(CorpusFiles.fingerprint(List.of(corpus)));

            ScanResult whole = new ScanStudy(ws)
                    .start(
                            p.id(),
                            "whole",
                            ONE_THREAD,
                            ITEMS,
                            List.of(corpus),
                            ProgressListener.NONE,
                            CancellationToken.none())
                    .result();
            assertThat(resumed.result().items()).isEqualTo(whole.items());
            // found in the fixed file
            assertThat(resumed.result().items().get(2).status()).isEqualTo(ScanResult.Status.DIRTY);
            assertSameCounts(resumed.result().summary(), whole.summary());
            assertThat(ws.scans().result(failed.id())).isEqualTo(resumed.result());
        }
    }

    static void assertSameCounts(ScanResult.Summary a, ScanResult.Summary b) {
        assertThat(a.bytesScanned()).isEqualTo(b.bytesScanned());
        assertThat(a.documents()).isEqualTo(b.documents());
        assertThat(a.hashHits()).isEqualTo(b.hashHits());
        assertThat(a.collisions()).isEqualTo(b.collisions());
        assertThat(a.files()).isEqualTo(b.files());
        assertThat(a.invalidUtf8Bytes()).isEqualTo(b.invalidUtf8Bytes());
    }

    @Test
    void theFailedFileCanBeSkippedAndIsRecordedInTheResult() throws Exception {
        Path corpus = corpusWithATruncatedGzip();
        Path bad = corpus.resolve("b.jsonl.gz");
        try (Workspace ws = Workspace.create(tmp.resolve("ws"))) {
            Project p = ws.projects().create("Scans", "");
            UUID id = catchThrowableOfType(
                            () -> new ScanStudy(ws)
                                    .start(
                                            p.id(),
                                            "web",
                                            ONE_THREAD,
                                            ITEMS,
                                            List.of(corpus),
                                            ProgressListener.NONE,
                                            CancellationToken.none()),
                            KeptRunFailedException.class)
                    .runId();
            assertThatThrownBy(() -> new ScanStudy(ws)
                            .resume(
                                    id,
                                    List.of(tmp.resolve("elsewhere.txt")),
                                    ProgressListener.NONE,
                                    CancellationToken.none()))
                    .isInstanceOf(WorkspaceException.class)
                    .hasMessageContaining("not a corpus file of scan 'web'");
            assertThatThrownBy(() -> new ScanStudy(ws)
                            .resume(
                                    id,
                                    List.of(corpus.resolve("a.jsonl")),
                                    ProgressListener.NONE,
                                    CancellationToken.none()))
                    .isInstanceOf(WorkspaceException.class)
                    .hasMessageContaining("already scanned");
            assertThat(ws.scans().find(id).orElseThrow().state())
                    .as("a refused resume leaves the scan as it was")
                    .isEqualTo(RunState.FAILED);

            ScanStudy.Outcome o =
                    new ScanStudy(ws).resume(id, List.of(bad), ProgressListener.NONE, CancellationToken.none());
            ScanResult.SkippedFile skipped = new ScanResult.SkippedFile(
                    bad.toString(), "cannot read: truncated gzip data (the file ends early)");
            assertThat(o.result().summary().skippedFiles()).containsExactly(skipped);
            assertThat(o.result().summary().files()).isEqualTo(2);
            SavedScan s = ws.scans().find(id).orElseThrow();
            assertThat(s.state()).isEqualTo(RunState.COMPLETE);
            assertThat(s.skippedFiles()).containsExactly(skipped);
            assertThat(s.describe()).isEqualTo("complete (1 file skipped)");
            assertThat(ws.scans().result(id).summary().skippedFiles()).containsExactly(skipped);

            Files.delete(bad);
            ScanResult without = new ScanStudy(ws)
                    .start(
                            p.id(),
                            "without",
                            ONE_THREAD,
                            ITEMS,
                            List.of(corpus),
                            ProgressListener.NONE,
                            CancellationToken.none())
                    .result();
            assertThat(o.result().items()).isEqualTo(without.items());
            assertSameCounts(o.result().summary(), without.summary());
        }
    }

    @Test
    void aScanLeftRunningByAProcessThatIsGoneReadsAsInterruptedAndResumes() throws Exception {
        Path corpus = corpusWithATruncatedGzip();
        Files.write(corpus.resolve("b.jsonl.gz"), gzip(gzText()));
        UUID id;
        List<RunState> seenWhileRunning = new ArrayList<>();
        try (Workspace ws = Workspace.create(tmp.resolve("ws"))) {
            Project p = ws.projects().create("Scans", "");
            CancellationToken cancel = new CancellationToken();
            ProgressListener watch = (f, m) -> {
                SavedScan s = ws.scans().list(p.id()).get(0);
                seenWhileRunning.add(s.state());
                if (s.filesDone() >= 1) {
                    cancel.cancel();
                }
            };
            assertThatThrownBy(() ->
                            new ScanStudy(ws).start(p.id(), "web", ONE_THREAD, ITEMS, List.of(corpus), watch, cancel))
                    .isInstanceOf(CancelledException.class);
            id = ws.scans().list(p.id()).get(0).id();
            ws.scans().setState(id, RunState.RUNNING); // what a killed process leaves behind
        }
        assertThat(seenWhileRunning).isNotEmpty().containsOnly(RunState.RUNNING);
        try (Workspace ws = Workspace.open(tmp.resolve("ws"))) {
            SavedScan s = ws.scans().find(id).orElseThrow();
            assertThat(s.state()).isEqualTo(RunState.INTERRUPTED);
            assertThat(s.describe()).isEqualTo("interrupted (1 of 3 files done)");
            assertThat(ws.scans().list(s.projectId()))
                    .extracting(SavedScan::state)
                    .containsExactly(RunState.INTERRUPTED);
            ScanStudy.Outcome o = new ScanStudy(ws).resume(id, ProgressListener.NONE, CancellationToken.none());
            assertThat(o.result().items().get(0).status()).isEqualTo(ScanResult.Status.DIRTY);
            assertThat(ws.scans().find(id).orElseThrow().state()).isEqualTo(RunState.COMPLETE);
        }
    }

    @Test
    void invalidUtf8BytesAreCountedPerFileAndKeptWithTheScan() throws Exception {
        Path corpus = Files.createDirectories(tmp.resolve("corpus"));
        byte[] withFf = (TEXT + " and three stray bytes: x# y# z#\n").getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < withFf.length; i++) {
            if (withFf[i] == '#') {
                withFf[i] = (byte) 0xFF;
            }
        }
        Path dirty = Files.write(corpus.resolve("dirty.txt"), withFf);
        Files.writeString(corpus.resolve("clean.txt"), "clean\n");
        try (Workspace ws = Workspace.create(tmp.resolve("ws"))) {
            Project p = ws.projects().create("Scans", "");
            ScanStudy.Outcome o = new ScanStudy(ws)
                    .start(
                            p.id(),
                            "web",
                            ONE_THREAD,
                            ITEMS,
                            List.of(corpus),
                            ProgressListener.NONE,
                            CancellationToken.none());
            assertThat(o.result().summary().invalidUtf8Bytes()).isEqualTo(3);
            assertThat(o.result().summary().invalidUtf8Files())
                    .containsExactly(new ScanResult.InvalidUtf8(dirty.toString(), 3));
            assertThat(o.result().items().get(0).status()).isEqualTo(ScanResult.Status.DIRTY);
            assertThat(ws.scans().files(o.scanId()))
                    .extracting(FileResult::invalidUtf8Bytes)
                    .containsExactlyInAnyOrder(3L, 0L);
            assertThat(ws.scans().result(o.scanId()).summary())
                    .isEqualTo(o.result().summary());
        }
    }

    static final String FIRST = "Weng earns twelve dollars an hour for babysitting children in the quiet town";
    static final String SECOND = "Yesterday she just did fifty minutes of babysitting and wondered how much she earned";
    static final String SPANNED = FIRST + " zebra quartz violin " + SECOND;

    @Test
    void spansAndPlaceCountsOfARunSurviveTheWorkspace() throws Exception {
        StringBuilder corpus = new StringBuilder();
        for (int i = 0; i < 4; i++) {
            corpus.append("{\"id\": \"a")
                    .append(i)
                    .append("\", \"text\": \"")
                    .append(FIRST)
                    .append("\"}\n");
        }
        corpus.append("{\"id\": \"b\", \"text\": \"").append(SECOND).append("\"}\n");
        Path file = Files.writeString(tmp.resolve("web.jsonl"), corpus.toString());
        ScanSpec spec = new ScanSpec(8, 0.8, Normalization.defaults(), "text", "id", 1, 2);
        try (Workspace ws = Workspace.create(tmp.resolve("ws"))) {
            Project p = ws.projects().create("Scans", "");
            ScanStudy.Outcome o = new ScanStudy(ws)
                    .start(
                            p.id(),
                            "spans",
                            spec,
                            List.of(new BenchmarkItem("gsm", "q", SPANNED)),
                            List.of(file),
                            ProgressListener.NONE,
                            CancellationToken.none());
            ScanResult.ItemResult ran = o.result().items().get(0);
            assertThat(ran.spans()).hasSize(2);
            assertThat(ran.locations()).hasSize(2);
            assertThat(ran.moreLocations()).isEqualTo(3);

            ScanResult.ItemResult saved = ws.scans().result(o.scanId()).items().get(0);
            assertThat(saved).isEqualTo(ran);
            assertThat(saved.spansRecorded()).isTrue();
            assertThat(SPANNED.substring(
                            saved.spans().get(1).from(), saved.spans().get(1).to()))
                    .isEqualTo(SECOND);
            // the completed file's place counts are kept for a resume
            assertThat(ws.scans().files(o.scanId())).singleElement().satisfies(f -> assertThat(f.places())
                    .containsEntry(0, 5L));
        }
    }

    /** The Contamination area and {@code scan}/{@code scan show} read items, name, run and re-score a scan through the same calls. */
    @Test
    void aKeptScanIsShownWithItsReScoreAndItemsAndMatchesAnUnkeptOne() throws Exception {
        Path corpus = Files.createDirectories(tmp.resolve("corpus"));
        Files.writeString(corpus.resolve("a.jsonl"), "{\"id\": \"d1\", \"text\": \"" + TEXT + "\"}\n");
        Path bench = Files.writeString(
                tmp.resolve("questions.jsonl"),
                "{\"id\": \"q1\", \"text\": \"" + TEXT + "\"}\n" + "{\"id\": \"q2\", \"text\": \""
                        + ITEMS.get(2).text() + "\"}\n");
        Path scores =
                Files.writeString(tmp.resolve("scores.csv"), "model,benchmark,item_id,score\nA,gsm,q1,1\nA,gsm,q2,0\n");
        List<BenchmarkItem> items = ScanStudy.readItems(List.of(bench), List.of(), null, "gsm");
        assertThat(items).extracting(BenchmarkItem::benchmark).containsOnly("gsm");
        assertThat(items).extracting(BenchmarkItem::id).containsExactly("q1", "q2");
        assertThat(ScanStudy.defaultName(items, List.of(corpus))).isEqualTo("gsm in corpus");
        try (Workspace ws = Workspace.create(tmp.resolve("ws"))) {
            Project p = ws.projects().create("Scans", "");
            ws.evaluation()
                    .importFiles(
                            p.id(),
                            EvidenceFiles.read(List.of(scores), null, null, null),
                            false,
                            ProgressListener.NONE,
                            CancellationToken.none());
            ScanStudy study = new ScanStudy(ws);
            ScanStudy.Outcome o = study.start(
                    p.id(), null, ONE_THREAD, items, List.of(corpus), ProgressListener.NONE, CancellationToken.none());
            assertThat(ws.scans().find(o.scanId()).orElseThrow().name()).isEqualTo("gsm in corpus");
            assertThat(ActiveRuns.active(o.scanId()))
                    .as("released when it ends")
                    .isFalse();

            ScanStudy.Shown shown = study.show(o.scanId());
            assertThat(shown.result()).isEqualTo(study.result(o.scanId()));
            assertThat(shown.result().summary()).isEqualTo(o.result().summary());
            assertThat(shown.result().items())
                    .extracting(ScanResult.ItemResult::status)
                    .containsExactly(ScanResult.Status.DIRTY, ScanResult.Status.CLEAN);
            assertThat(shown.items())
                    .extracting(BenchmarkItem::id, BenchmarkItem::text)
                    .containsExactly(
                            Tuple.tuple("q1", TEXT),
                            Tuple.tuple("q2", ITEMS.get(2).text()));
            assertThat(shown.rescore())
                    .isNotEmpty()
                    .isEqualTo(ScanStudy.rescore(o.result(), ScanStudy.readItemScores(List.of(scores))))
                    .isEqualTo(study.rescore(o.scanId(), o.result()));
            assertThat(o.result().items().get(0).status()).isEqualTo(ScanResult.Status.DIRTY);

            ScanResult unkept =
                    ScanStudy.scan(ONE_THREAD, items, List.of(corpus), ProgressListener.NONE, CancellationToken.none());
            assertThat(unkept.items()).isEqualTo(o.result().items());
            assertSameCounts(unkept.summary(), o.result().summary());
        }
        assertThat(ScanStudy.readItemScores(List.of())).isEmpty();
    }
}
