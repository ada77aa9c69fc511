package dev.sextant.workspaces;

import dev.sextant.model.contamination.BenchmarkItem;
import dev.sextant.model.contamination.CorpusFingerprint;
import dev.sextant.model.contamination.CorpusScanner;
import dev.sextant.model.contamination.CorpusUnit;
import dev.sextant.model.contamination.FileResult;
import dev.sextant.model.contamination.NgramIndex;
import dev.sextant.model.contamination.ScanResult;
import dev.sextant.model.contamination.ScanSpec;
import dev.sextant.model.io.CorpusFiles;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.CancelledException;
import dev.sextant.model.job.ProgressListener;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;

/**
 * Runs a contamination scan that is kept in a project: the scan is recorded before it starts, every completed corpus
 * file is saved as it completes, and the results are stored when it ends. A cancelled or crashed scan resumes from its
 * completed files, provided the corpus has not changed.
 */
public final class ScanRuns {

    private ScanRuns() {
    }

    /** A kept scan and its results. */
    public record Outcome(UUID scanId, ScanResult result) {
    }

    public static Outcome start(Workspace ws, UUID projectId, String name, ScanSpec spec, List<BenchmarkItem> items,
                                List<Path> corpus, ProgressListener progress, CancellationToken cancel) {
        List<CorpusUnit> units = CorpusFiles.units(corpus, CorpusFiles.DEFAULT_CHUNK);
        CorpusFingerprint fingerprint = CorpusFiles.fingerprint(corpus);
        UUID id = ws.scans().create(projectId, name, spec, fingerprint, items, false);
        return run(ws, id, spec, items, units, List.of(), progress, cancel);
    }

    public static Outcome resume(Workspace ws, UUID scanId, ProgressListener progress, CancellationToken cancel) {
        SavedScan s = ws.scans().find(scanId).orElseThrow(() -> new WorkspaceException("no scan with id " + scanId));
        if (SavedScan.COMPLETE.equals(s.state())) {
            return new Outcome(scanId, ws.scans().result(scanId));
        }
        List<Path> corpus = s.fingerprint().files().stream().map(e -> Path.of(e.path())).toList();
        CorpusFingerprint now = CorpusFiles.fingerprint(corpus);
        String change = s.fingerprint().differenceFrom(now);
        if (change != null) {
            throw new WorkspaceException("cannot resume scan '" + s.name() + "': " + change + "; start a new scan");
        }
        List<CorpusUnit> units = CorpusFiles.units(corpus, CorpusFiles.DEFAULT_CHUNK);
        return run(ws, scanId, s.spec(), ws.scans().items(scanId), units, ws.scans().files(scanId), progress, cancel);
    }

    private static Outcome run(Workspace ws, UUID id, ScanSpec spec, List<BenchmarkItem> items, List<CorpusUnit> units,
                               List<FileResult> done, ProgressListener progress, CancellationToken cancel) {
        ws.scans().setState(id, SavedScan.RUNNING);
        try {
            NgramIndex index = NgramIndex.build(items, spec.n(), spec.normalization());
            ScanResult r = CorpusScanner.scan(index, units, spec, done, f -> ws.scans().saveFile(id, f), progress, cancel);
            ws.scans().complete(id, r);
            return new Outcome(id, r);
        } catch (CancelledException e) {
            ws.scans().setState(id, SavedScan.CANCELLED);
            throw e;
        }
    }
}
