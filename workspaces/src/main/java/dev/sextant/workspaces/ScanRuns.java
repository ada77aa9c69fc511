package dev.sextant.workspaces;

import dev.sextant.model.contamination.BenchmarkItem;
import dev.sextant.model.contamination.CorpusFingerprint;
import dev.sextant.model.contamination.CorpusScanner;
import dev.sextant.model.contamination.CorpusUnit;
import dev.sextant.model.contamination.FileResult;
import dev.sextant.model.contamination.NgramIndex;
import dev.sextant.model.contamination.ScanResult;
import dev.sextant.model.contamination.ScanSpec;
import dev.sextant.model.io.BadInputException;
import dev.sextant.model.io.CorpusFiles;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.CancelledException;
import dev.sextant.model.job.ProgressListener;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a contamination scan that is kept in a project: the scan is recorded before it starts, every completed corpus
 * file is saved as it completes, and the results are stored when it ends.
 *
 * <p>How a kept scan ends: COMPLETE; CANCELLED; FAILED when a corpus file cannot be read (truncated or corrupt
 * compressed data, a read error), with that file and the reason; or, when its process dies, it stays RUNNING in the
 * table and reads as INTERRUPTED. All but COMPLETE resume from their completed files. A resume may skip files (they
 * are not read and are listed in the result's summary) and refuses a corpus whose files changed since the scan
 * started, except the file it failed on, which is expected to have been fixed, and skipped files.
 */
public final class ScanRuns {

    private static final Logger LOG = LoggerFactory.getLogger(ScanRuns.class);

    /**
     * Scans running in this process. A workspace is open in one process at a time (its lock), so a RUNNING scan that
     * is not here was left by a process that is gone: it reads as interrupted.
     */
    private static final Set<UUID> ACTIVE = ConcurrentHashMap.newKeySet();

    private ScanRuns() {
    }

    /** A kept scan and its results. */
    public record Outcome(UUID scanId, ScanResult result) {
    }

    /** Whether the scan is running in this process now. */
    public static boolean isActive(UUID scanId) {
        return ACTIVE.contains(scanId);
    }

    public static Outcome start(Workspace ws, UUID projectId, String name, ScanSpec spec, List<BenchmarkItem> items,
                                List<Path> corpus, ProgressListener progress, CancellationToken cancel) {
        // absolute paths: a kept scan resumes from any working folder, and its saved files match the units again
        List<Path> paths = corpus.stream().map(p -> p.toAbsolutePath().normalize()).toList();
        List<CorpusUnit> units = CorpusFiles.units(paths, CorpusFiles.DEFAULT_CHUNK);
        CorpusFingerprint fingerprint = CorpusFiles.fingerprint(paths);
        UUID id = ws.scans().create(projectId, name, spec, fingerprint, items, false);
        ACTIVE.add(id);
        return run(ws, id, spec, items, () -> units, List.of(), List.of(), progress, cancel);
    }

    public static Outcome resume(Workspace ws, UUID scanId, ProgressListener progress, CancellationToken cancel) {
        return resume(ws, scanId, List.of(), progress, cancel);
    }

    /**
     * Goes on with a cancelled, interrupted or failed scan from its completed files.
     *
     * @param skip corpus files not to read (they are recorded in the result with the reason): typically the file the
     *             scan failed on, when it cannot be fixed
     * @throws WorkspaceException when the scan is running, a skipped file is not one of its files or was scanned
     *                            already, or a file other than the failed or skipped ones changed since it started
     */
    public static Outcome resume(Workspace ws, UUID scanId, List<Path> skip, ProgressListener progress, CancellationToken cancel) {
        SavedScan s = ws.scans().find(scanId).orElseThrow(() -> new WorkspaceException("no scan with id " + scanId));
        if (SavedScan.COMPLETE.equals(s.state())) {
            if (!skip.isEmpty()) {
                throw new WorkspaceException("scan '" + s.name() + "' is complete; there is nothing to skip");
            }
            return new Outcome(scanId, ws.scans().result(scanId));
        }
        if (!ACTIVE.add(scanId)) {
            throw new WorkspaceException("scan '" + s.name() + "' is running");
        }
        try {
            List<FileResult> done = ws.scans().files(scanId);
            Set<String> donePaths = done.stream().map(f -> key(f.file())).collect(Collectors.toSet());
            Set<String> corpusPaths = s.fingerprint().files().stream().map(CorpusFingerprint.Entry::path).collect(Collectors.toSet());
            String failed = s.failedFile() == null ? null : key(s.failedFile());
            Map<String, ScanResult.SkippedFile> skipped = new LinkedHashMap<>();
            s.skippedFiles().forEach(f -> skipped.put(f.path(), f));
            for (Path p : skip) {
                String k = key(p.toString());
                if (!corpusPaths.contains(k)) {
                    throw new WorkspaceException(p + ": not a corpus file of scan '" + s.name() + "'");
                }
                if (donePaths.contains(k)) {
                    throw new WorkspaceException(p + ": already scanned in scan '" + s.name() + "'; its results are kept");
                }
                skipped.putIfAbsent(k, new ScanResult.SkippedFile(k, k.equals(failed) && s.failure() != null ? s.failure()
                        : "skipped on request"));
            }
            // every file must be as it was when the scan started, but the one it failed on (expected to be fixed)
            // and the skipped ones (not read)
            Set<String> mayDiffer = new HashSet<>(skipped.keySet());
            if (failed != null) {
                mayDiffer.add(failed);
            }
            List<Path> toRead = s.fingerprint().files().stream().map(CorpusFingerprint.Entry::path).filter(p -> !skipped.containsKey(p))
                    .map(Path::of).toList();
            CorpusFingerprint now = CorpusFiles.fingerprint(toRead.stream().filter(Files::exists).toList());
            String change = s.fingerprint().differenceFrom(now, mayDiffer);
            if (change != null) {
                throw new WorkspaceException("cannot resume scan '" + s.name() + "': " + change + "; start a new scan");
            }
            List<ScanResult.SkippedFile> skippedFiles = List.copyOf(skipped.values());
            ws.scans().resumeRun(scanId, s.fingerprint().updatedFrom(now, mayDiffer), skippedFiles);
            Supplier<List<CorpusUnit>> units = () -> toRead.isEmpty() ? List.of() : CorpusFiles.units(toRead, CorpusFiles.DEFAULT_CHUNK);
            return run(ws, scanId, s.spec(), ws.scans().items(scanId), units, done, skippedFiles, progress, cancel);
        } finally {
            ACTIVE.remove(scanId);
        }
    }

    /** Runs a scan registered in {@link #ACTIVE} and records how it ended; unregisters it. */
    private static Outcome run(Workspace ws, UUID id, ScanSpec spec, List<BenchmarkItem> items, Supplier<List<CorpusUnit>> units,
                               List<FileResult> done, List<ScanResult.SkippedFile> skipped, ProgressListener progress,
                               CancellationToken cancel) {
        try {
            NgramIndex index = NgramIndex.build(items, spec.n(), spec.normalization());
            ScanResult r = CorpusScanner.scan(index, units.get(), spec, done, f -> ws.scans().saveFile(id, f), progress, cancel);
            if (!skipped.isEmpty()) {
                r = new ScanResult(r.items(), r.summary().withSkippedFiles(skipped));
            }
            ws.scans().complete(id, r);
            return new Outcome(id, r);
        } catch (CancelledException e) {
            ws.scans().setState(id, SavedScan.CANCELLED);
            throw e;
        } catch (BadInputException e) {
            // a corpus file that cannot be read (on whichever worker thread): the scan fails on it, keeping its
            // completed files, and resumes once the file is fixed or skipped
            String reason = (e.line() > 0 ? "line " + e.line() + ": " : "") + e.field().map(f -> f + ": ").orElse("") + e.problem();
            ws.scans().fail(id, e.source(), reason);
            throw new ScanFailedException(id, e.source(), reason, e);
        } catch (RuntimeException e) {
            try {
                ws.scans().fail(id, null, e instanceof WorkspaceException ? e.getMessage() : "stopped by an unexpected error (details in the log)");
            } catch (RuntimeException again) {
                e.addSuppressed(again); // then it reads as interrupted
            }
            LOG.warn("scan {} failed", id, e);
            throw e;
        } finally {
            ACTIVE.remove(id);
        }
    }

    /** A corpus path as fingerprints hold it. */
    private static String key(String path) {
        return Path.of(path).toAbsolutePath().normalize().toString();
    }
}
