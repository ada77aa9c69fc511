package dev.sextant.app.study;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sextant.model.contamination.BenchmarkItem;
import dev.sextant.model.contamination.Normalization;
import dev.sextant.model.contamination.ScanResult;
import dev.sextant.model.contamination.ScanSpec;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import dev.sextant.model.project.Project;
import dev.sextant.workspaces.RunState;
import dev.sextant.workspaces.SavedScan;
import dev.sextant.workspaces.Workspace;
import java.io.BufferedWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * kill -9 during a kept multi-file scan, at three points chosen by the scan's progress: reopened, the scan shows as
 * interrupted with the files it completed, resumes, and ends with exactly the result of an uninterrupted scan.
 */
class KilledScanTest {

    static final ScanSpec SPEC = new ScanSpec(8, 0.8, Normalization.defaults(), "text", "id", 1, 3);
    private static final int FILES = 6;
    private static final double[] KILL_AT = {0.25, 0.5, 0.75};

    @TempDir
    static Path tmp;

    static Path corpus;

    /** Forty benchmark questions built from one vocabulary; the corpus leaks some of them. */
    static List<BenchmarkItem> items() {
        Random r = new Random(11);
        List<BenchmarkItem> out = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            out.add(new BenchmarkItem("bench", "q" + i, sentence(r, 20)));
        }
        return out;
    }

    private static String sentence(Random r, int words) {
        String[] vocabulary = {
            "alpha",
            "bravo",
            "charlie",
            "delta",
            "echo",
            "foxtrot",
            "golf",
            "hotel",
            "india",
            "juliet",
            "kilo",
            "lima",
            "mike",
            "november",
            "oscar",
            "papa",
            "quebec",
            "romeo",
            "sierra",
            "tango",
            "uniform",
            "victor"
        };
        StringBuilder sb = new StringBuilder();
        for (int w = 0; w < words; w++) {
            sb.append(w == 0 ? "" : " ").append(vocabulary[r.nextInt(vocabulary.length)]);
        }
        return sb.toString();
    }

    @BeforeAll
    static void corpus() throws Exception {
        corpus = Files.createDirectories(tmp.resolve("corpus"));
        List<BenchmarkItem> items = items();
        Random r = new Random(5);
        for (int f = 0; f < FILES; f++) {
            try (BufferedWriter w = Files.newBufferedWriter(corpus.resolve("part-" + f + ".jsonl"))) {
                for (int d = 0; d < 6_000; d++) {
                    String text =
                            d % 500 == 7 ? items.get((f * 7 + d) % items.size()).text() : sentence(r, 40);
                    w.write("{\"id\": \"f" + f + "-d" + d + "\", \"text\": \"" + text + "\"}\n");
                }
            }
        }
    }

    @Test
    void aKilledScanIsInterruptedAndResumesToTheUninterruptedResult() throws Exception {
        ScanResult expected;
        try (Workspace ws = Workspace.create(tmp.resolve("reference"))) {
            Project p = ws.projects().create("Scans", "");
            expected = new ScanStudy(ws)
                    .start(
                            p.id(),
                            "whole",
                            SPEC,
                            items(),
                            List.of(corpus),
                            ProgressListener.NONE,
                            CancellationToken.none())
                    .result();
        }
        assertThat(expected.summary().dirty() + expected.summary().partial()).isPositive();
        for (double at : KILL_AT) {
            Path dir = tmp.resolve("killed-" + at);
            Project p;
            try (Workspace ws = Workspace.create(dir)) {
                p = ws.projects().create("Scans", "");
            }
            double killedAt;
            try (ScanChild child = new ScanChild(dir.toString(), p.id().toString(), corpus.toString())) {
                killedAt = child.killAtProgress(at);
            }
            assertThat(killedAt).as("killed before the end").isLessThan(1);
            try (Workspace ws = Workspace.open(dir)) {
                SavedScan killed = ws.scans().list(p.id()).get(0);
                assertThat(killed.state())
                        .as("state after a kill at %.2f", killedAt)
                        .isEqualTo(RunState.INTERRUPTED);
                assertThat(killed.resumable()).isTrue();
                // on a loaded machine the kill may land after the last file was kept but before the scan was marked
                // complete: still interrupted, and resuming must still give the uninterrupted result
                assertThat(killed.filesDone()).isLessThanOrEqualTo(FILES);
                ScanResult resumed = new ScanStudy(ws)
                        .resume(killed.id(), ProgressListener.NONE, CancellationToken.none())
                        .result();
                assertThat(resumed.items())
                        .as("items after a kill at %.2f", killedAt)
                        .isEqualTo(expected.items());
                assertThat(resumed.summary().bytesScanned())
                        .isEqualTo(expected.summary().bytesScanned());
                assertThat(resumed.summary().documents())
                        .isEqualTo(expected.summary().documents());
                assertThat(ws.scans().find(killed.id()).orElseThrow().state()).isEqualTo(RunState.COMPLETE);
            }
        }
    }
}
