package dev.sextant.app.study;

import dev.sextant.model.contamination.BenchmarkItem;
import dev.sextant.model.contamination.CleanSubsetRescore;
import dev.sextant.model.contamination.CorpusFingerprint;
import dev.sextant.model.contamination.FileResult;
import dev.sextant.model.contamination.ScanResult;
import dev.sextant.model.contamination.ScanSpec;
import dev.sextant.model.evaluation.EvaluationEvidence;
import dev.sextant.model.evaluation.EvidenceFile;
import dev.sextant.model.evaluation.ItemScore;
import dev.sextant.model.io.BenchmarkItemFiles;
import dev.sextant.model.io.ClusterScanFile;
import dev.sextant.model.io.CorpusFiles;
import dev.sextant.model.io.EvidenceFiles;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.CancelledException;
import dev.sextant.model.job.ProgressListener;
import dev.sextant.workspaces.RunState;
import dev.sextant.workspaces.SavedScan;
import dev.sextant.workspaces.Workspace;
import dev.sextant.workspaces.WorkspaceException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * Contamination scans, for every face: the Contamination area, {@code scan}, {@code scan show} and {@code scan list}
 * read benchmark items, run the scanner and keep scans through this one object.
 *
 * <p>A kept scan is recorded before it starts, every completed corpus file is saved as it completes, and the results
 * are stored when it ends. How a kept scan ends: COMPLETE; CANCELLED; FAILED when a corpus file cannot be read
 * (truncated or corrupt compressed data, a read error), with that file and the reason; or, when its process dies, it
 * stays RUNNING in the table and reads as INTERRUPTED. All but COMPLETE resume from their completed files. A resume
 * may skip files (they are not read and are listed in the result's summary) and refuses a corpus whose files changed
 * since the scan started, except the file it failed on, which is expected to have been fixed, and skipped files.
 */
public final class ScanStudy {

    private final Workspace ws;

    /** @param ws the workspace that keeps the scans */
    public ScanStudy(Workspace ws) {
        this.ws = ws;
    }

    /** Deletes a kept scan and what it found; refused while it runs in this process. */
    public void delete(UUID scanId) {
        KeptRun.refuseWhileRunning(scanId, "the scan");
        ws.scans().delete(scanId);
    }

    /** A kept scan and its results. */
    public record Outcome(UUID scanId, ScanResult result) {}

    /** A kept scan as the results area shows it: its results, the clean-subset re-score and the items' original text. */
    public record Shown(ScanResult result, List<CleanSubsetRescore.Row> rescore, List<BenchmarkItem> items) {}

    /**
     * The benchmark items of the files, in order.
     *
     * @param fields  fields or columns holding the item text (empty: each format's default)
     * @param idField the field identifying items, or null for the default
     * @param name    a name for the benchmark, or null for the one the files give
     */
    public static List<BenchmarkItem> readItems(List<Path> files, List<String> fields, String idField, String name) {
        List<BenchmarkItem> items = new ArrayList<>();
        for (Path b : files) {
            for (BenchmarkItem i : BenchmarkItemFiles.read(b, fields, idField)) {
                items.add(name == null ? i : i.renamed(name));
            }
        }
        return items;
    }

    /** The name a kept scan gets when none is given: its first benchmark in its first corpus path. */
    public static String defaultName(List<BenchmarkItem> items, List<Path> corpus) {
        return items.get(0).benchmark() + " in " + corpus.get(0).getFileName();
    }

    /** A scan that is not kept, on this machine: the results only. */
    public static ScanResult scan(
            ScanSpec spec,
            List<BenchmarkItem> items,
            List<Path> corpus,
            ProgressListener progress,
            CancellationToken cancel) {
        return scan(Engine.LOCAL, spec, items, corpus, progress, cancel);
    }

    /** A scan that is not kept, on {@code engine}: the results only. */
    public static ScanResult scan(
            Engine engine,
            ScanSpec spec,
            List<BenchmarkItem> items,
            List<Path> corpus,
            ProgressListener progress,
            CancellationToken cancel) {
        return engine.scan(spec, items, corpus, List.of(), f -> {}, progress, cancel);
    }

    /**
     * A scan that is not kept, on a cluster engine, of corpus paths as the cluster names them: URIs read through its
     * Hadoop ({@code hdfs://}, {@code s3a://}) or paths every executor sees alike.
     */
    public static ScanResult scanOnCluster(
            Engine engine,
            ScanSpec spec,
            List<BenchmarkItem> items,
            List<String> corpus,
            ProgressListener progress,
            CancellationToken cancel) {
        return engine.scanOnCluster(spec, items, corpus, progress, cancel);
    }

    /**
     * Keeps a scan run on a cluster ({@code spark-submit} of the cluster jar) in a project, complete, as a scan run here
     * is kept; nothing is kept when storing it fails.
     *
     * @param name the kept scan's name, or null for the benchmark and corpus names
     */
    public Outcome importFromCluster(UUID projectId, String name, ClusterScanFile.Contents c) {
        List<BenchmarkItem> items = c.benchmarkItems();
        String corpusName = c.corpus().files().isEmpty()
                ? "a corpus"
                : c.corpus().files().get(0).path().replaceAll(".*/", "");
        String kept = name != null
                ? name
                : (items.isEmpty() ? "scan" : items.get(0).benchmark()) + " in " + corpusName + " (on a cluster)";
        UUID id = ws.scans().create(projectId, kept, c.spec(), c.corpus(), items, false);
        ScanResult r = new ScanResult(c.items(), c.summary());
        try {
            ws.scans().complete(id, r);
        } catch (RuntimeException e) {
            try {
                ws.scans().delete(id);
            } catch (RuntimeException again) {
                e.addSuppressed(again);
            }
            throw e;
        }
        return new Outcome(id, r);
    }

    /** The per-item scores of score files (CSV or lm-evaluation-harness samples), read before a scan so that a bad one stops it early. */
    public static List<ItemScore> readItemScores(List<Path> scoreFiles) {
        return scoreFiles.isEmpty()
                ? List.of()
                : EvaluationEvidence.of(EvidenceFiles.read(scoreFiles, EvidenceFile.Kind.ITEM_SCORES, null, null))
                        .items();
    }

    /** Each model re-scored on the clean, all and contaminated items of {@code r}. */
    public static List<CleanSubsetRescore.Row> rescore(ScanResult r, List<ItemScore> scores) {
        return CleanSubsetRescore.rescore(r, scores);
    }

    /** What a kept scan looked for and where: its items, corpus files and settings. */
    public record Inputs(List<BenchmarkItem> items, List<Path> corpus, ScanSpec spec) {}

    public Inputs inputs(UUID scanId) {
        SavedScan s = ws.scans()
                .find(scanId)
                .orElseThrow(() -> new WorkspaceException("no scan with id " + scanId + " (see sextant scan list)"));
        return new Inputs(
                ws.scans().items(scanId),
                s.fingerprint().files().stream().map(f -> Path.of(f.path())).toList(),
                s.spec());
    }

    /** The per-item results of a complete kept scan. */
    public ScanResult result(UUID scanId) {
        return ws.scans().result(scanId);
    }

    /** Each model of the scan's project re-scored on the clean, all and contaminated items of the scan's results {@code r}. */
    public List<CleanSubsetRescore.Row> rescore(UUID scanId, ScanResult r) {
        UUID project = ws.scans()
                .find(scanId)
                .orElseThrow(() -> new WorkspaceException("no scan with id " + scanId))
                .projectId();
        return rescore(r, ws.evaluation().load(project).items());
    }

    /** A complete kept scan with its re-score and its items' text, as the results area shows it. */
    public Shown show(UUID scanId) {
        ScanResult r = result(scanId);
        return new Shown(r, rescore(scanId, r), ws.scans().items(scanId));
    }

    /**
     * Starts a kept scan in the project.
     *
     * @param name the scan's name, or null for {@link #defaultName}
     * @throws KeptRunFailedException when a corpus file cannot be read: the scan is kept as failed
     * @throws CancelledException  when cancelled: the scan is kept as cancelled, with its completed files
     */
    public Outcome start(
            UUID projectId,
            String name,
            ScanSpec spec,
            List<BenchmarkItem> items,
            List<Path> corpus,
            ProgressListener progress,
            CancellationToken cancel) {
        return start(projectId, name, spec, items, corpus, Engine.LOCAL, progress, cancel);
    }

    /** Starts a kept scan on an engine: its files are kept as each completes (on Spark, as each wave of tasks returns). */
    public Outcome start(
            UUID projectId,
            String name,
            ScanSpec spec,
            List<BenchmarkItem> items,
            List<Path> corpus,
            Engine engine,
            ProgressListener progress,
            CancellationToken cancel) {
        // absolute paths: a kept scan resumes from any working folder, and its saved files match the units again
        List<Path> paths =
                corpus.stream().map(p -> p.toAbsolutePath().normalize()).toList();
        // names a missing or unreadable corpus before anything is kept
        CorpusFiles.units(paths, CorpusFiles.DEFAULT_CHUNK);
        CorpusFingerprint fingerprint = CorpusFiles.fingerprint(paths);
        String scanName = name != null ? name : defaultName(items, corpus);
        UUID id = ws.scans().create(projectId, scanName, spec, fingerprint, items, false);
        try (KeptRun run = KeptRun.claim(id, ws.scans(), "scan '" + scanName + "'")) {
            return run(run, id, spec, items, paths, List.of(), List.of(), engine, progress, cancel);
        }
    }

    public Outcome resume(UUID scanId, ProgressListener progress, CancellationToken cancel) {
        return resume(scanId, List.of(), progress, cancel);
    }

    public Outcome resume(UUID scanId, List<Path> skip, ProgressListener progress, CancellationToken cancel) {
        return resume(scanId, skip, Engine.LOCAL, progress, cancel);
    }

    /**
     * Goes on with a cancelled, interrupted or failed scan from its completed files.
     *
     * @param skip corpus files not to read (they are recorded in the result with the reason): typically the file the
     *             scan failed on, when it cannot be fixed
     * @throws WorkspaceException when the scan is running, a skipped file is not one of its files or was scanned
     *                            already, or a file other than the failed or skipped ones changed since it started
     */
    public Outcome resume(
            UUID scanId, List<Path> skip, Engine engine, ProgressListener progress, CancellationToken cancel) {
        SavedScan s = ws.scans().find(scanId).orElseThrow(() -> new WorkspaceException("no scan with id " + scanId));
        if (s.state() == RunState.COMPLETE) {
            if (!skip.isEmpty()) {
                throw new WorkspaceException("scan '" + s.name() + "' is complete; there is nothing to skip");
            }
            return new Outcome(scanId, ws.scans().result(scanId));
        }
        try (KeptRun run = KeptRun.claim(scanId, ws.scans(), "scan '" + s.name() + "'")) {
            List<FileResult> done = ws.scans().files(scanId);
            Set<String> donePaths = done.stream().map(f -> key(f.file())).collect(Collectors.toSet());
            Set<String> corpusPaths = s.fingerprint().files().stream()
                    .map(CorpusFingerprint.Entry::path)
                    .collect(Collectors.toSet());
            String failed = s.failedFile() == null ? null : key(s.failedFile());
            Map<String, ScanResult.SkippedFile> skipped = new LinkedHashMap<>();
            s.skippedFiles().forEach(f -> skipped.put(f.path(), f));
            for (Path p : skip) {
                String k = key(p.toString());
                if (!corpusPaths.contains(k)) {
                    throw new WorkspaceException(p + ": not a corpus file of scan '" + s.name() + "'");
                }
                if (donePaths.contains(k)) {
                    throw new WorkspaceException(
                            p + ": already scanned in scan '" + s.name() + "'; its results are kept");
                }
                skipped.putIfAbsent(
                        k,
                        new ScanResult.SkippedFile(
                                k, k.equals(failed) && s.failure() != null ? s.failure() : "skipped on request"));
            }
            // every file must be as it was when the scan started, but the one it failed on (expected to be fixed)
            // and the skipped ones (not read)
            Set<String> mayDiffer = new HashSet<>(skipped.keySet());
            if (failed != null) {
                mayDiffer.add(failed);
            }
            List<Path> toRead = s.fingerprint().files().stream()
                    .map(CorpusFingerprint.Entry::path)
                    .filter(p -> !skipped.containsKey(p))
                    .map(Path::of)
                    .toList();
            CorpusFingerprint now = CorpusFiles.fingerprint(
                    toRead.stream().filter(Files::exists).toList());
            String change = s.fingerprint().differenceFrom(now, mayDiffer);
            if (change != null) {
                throw new WorkspaceException("cannot resume scan '" + s.name() + "': " + change + "; start a new scan");
            }
            List<ScanResult.SkippedFile> skippedFiles = List.copyOf(skipped.values());
            ws.scans().resumeRun(scanId, s.fingerprint().updatedFrom(now, mayDiffer), skippedFiles);
            return run(
                    run,
                    scanId,
                    s.spec(),
                    ws.scans().items(scanId),
                    toRead,
                    done,
                    skippedFiles,
                    engine,
                    progress,
                    cancel);
        }
    }

    /** Runs a claimed scan: its files are kept as each completes, its findings when it completes. */
    private Outcome run(
            KeptRun run,
            UUID id,
            ScanSpec spec,
            List<BenchmarkItem> items,
            List<Path> corpus,
            List<FileResult> done,
            List<ScanResult.SkippedFile> skipped,
            Engine engine,
            ProgressListener progress,
            CancellationToken cancel) {
        return run.run(() -> {
            ScanResult r =
                    engine.scan(spec, items, corpus, done, f -> ws.scans().saveFile(id, f), progress, cancel);
            if (!skipped.isEmpty()) {
                r = new ScanResult(r.items(), r.summary().withSkippedFiles(skipped));
            }
            ws.scans().complete(id, r);
            return new Outcome(id, r);
        });
    }

    /** A corpus path as fingerprints hold it. */
    private static String key(String path) {
        return Path.of(path).toAbsolutePath().normalize().toString();
    }
}
