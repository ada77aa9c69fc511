package dev.sextant.scale;

import dev.sextant.model.contamination.BenchmarkItem;
import dev.sextant.model.contamination.CorpusFingerprint;
import dev.sextant.model.contamination.CorpusScanner;
import dev.sextant.model.contamination.FileResult;
import dev.sextant.model.contamination.NgramIndex;
import dev.sextant.model.contamination.ScanResult;
import dev.sextant.model.contamination.ScanSpec;
import dev.sextant.model.io.CorpusFiles;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.CancelledException;
import dev.sextant.model.job.ProgressListener;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.apache.spark.SparkJobInfo;
import org.apache.spark.SparkStageInfo;
import org.apache.spark.api.java.JavaFutureAction;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;

/**
 * A contamination scan on Spark: one task per corpus file, each scanned on an executor by the model's own scanner with
 * the benchmark's n-gram index built once per executor from the broadcast items; the files' results come back to the
 * driver and are merged exactly as a resumed local scan merges its completed files, so the result is the local engine's.
 * Files go in waves of twice the cluster's parallelism, each wave one Spark job whose files are handed to the caller as
 * it returns (a kept scan saves them, so a stopped scan resumes from its completed waves). Progress comes from Spark's
 * status tracker (tasks completed); Cancel cancels the running job.
 */
public final class SparkScan {

    private SparkScan() {
    }

    public static ScanResult run(JavaSparkContext sc, ScanSpec spec, List<BenchmarkItem> items, List<Path> corpus, ProgressListener progress,
                                 CancellationToken cancel) {
        return run(sc, spec, items, corpus, List.of(), r -> { }, progress, cancel);
    }

    /**
     * @param done     results of files completed earlier (resume): not read again
     * @param fileDone told of each file completed here
     */
    public static ScanResult run(JavaSparkContext sc, ScanSpec spec, List<BenchmarkItem> items, List<Path> corpus, List<FileResult> done,
                                 java.util.function.Consumer<FileResult> fileDone, ProgressListener progress, CancellationToken cancel) {
        long t0 = System.nanoTime();
        List<Path> paths = corpus.stream().map(p -> p.toAbsolutePath().normalize()).toList();
        CorpusFingerprint files = CorpusFiles.fingerprint(paths);
        java.util.Set<String> already = new java.util.HashSet<>();
        done.forEach(d -> already.add(d.file()));
        List<String> names = files.files().stream().map(CorpusFingerprint.Entry::path).filter(f -> !already.contains(f)).toList();
        ScanTask task = new ScanTask(UUID.randomUUID().toString(), spec);
        Broadcast<ArrayList<String[]>> carried = sc.broadcast(ScanTask.carry(items));
        String group = "sextant-scan-" + task.scanKey;
        sc.setJobGroup(group, "Sextant contamination scan", true);
        List<FileResult> results = new ArrayList<>(done);
        int wave = Math.max(1, 2 * sc.defaultParallelism());
        try {
            for (int from = 0; from < names.size(); from += wave) {
                List<String> part = names.subList(from, Math.min(names.size(), from + wave));
                JavaFutureAction<List<FileResultCarrier>> job = sc.parallelize(part, part.size())
                        .map(f -> task.scan(f, carried.value()))
                        .collectAsync();
                int before = from;
                while (!job.isDone()) {
                    if (cancel.isCancelled()) {
                        sc.cancelJobGroup(group);
                        job.cancel(true);
                        throw new CancelledException();
                    }
                    progress.progress(0.95 * (before + part.size() * done(sc, job)) / names.size(),
                            "scanning " + names.size() + " files on Spark");
                    Thread.sleep(200);
                }
                for (FileResultCarrier c : job.get()) {
                    FileResult r = c.toResult();
                    fileDone.accept(r);
                    results.add(r);
                }
            }
        } catch (java.util.concurrent.ExecutionException e) {
            Throwable c = e.getCause();
            throw new IllegalStateException("the Spark scan failed: " + (c == null ? e.getMessage() : c.getMessage()), c == null ? e : c);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            sc.cancelJobGroup(group);
            throw new CancelledException();
        } finally {
            sc.clearJobGroup();
            carried.destroy();
        }
        // merged as a resumed scan merges its completed files: every unit is done, so nothing is read again
        NgramIndex index = NgramIndex.build(items, spec.n(), spec.normalization());
        ScanResult merged = CorpusScanner.scan(index, CorpusFiles.units(paths, CorpusFiles.DEFAULT_CHUNK), spec, results, r -> { },
                ProgressListener.NONE, cancel);
        progress.progress(1, "scanned " + names.size() + " files on Spark");
        ScanResult.Summary s = merged.summary();
        double seconds = (System.nanoTime() - t0) / 1e9;
        return new ScanResult(merged.items(), new ScanResult.Summary(s.items(), s.clean(), s.partial(), s.dirty(), s.notCheckable(),
                s.bytesScanned(), seconds, seconds > 0 ? s.bytesScanned() / 1e6 / seconds : 0, s.documents(), s.hashHits(), s.collisions(),
                s.skippedDocuments(), s.n(), s.dirtyThreshold(), sc.defaultParallelism(), s.files(), s.invalidUtf8Bytes(), s.invalidUtf8Files(),
                s.skippedFiles()));
    }

    /** The share of the job's tasks completed, from the status tracker. */
    private static double done(JavaSparkContext sc, JavaFutureAction<?> job) {
        int total = 0;
        int completed = 0;
        for (Integer id : job.jobIds()) {
            SparkJobInfo info = sc.statusTracker().getJobInfo(id);
            if (info == null) {
                continue;
            }
            for (int stage : info.stageIds()) {
                SparkStageInfo st = sc.statusTracker().getStageInfo(stage);
                if (st != null) {
                    total += st.numTasks();
                    completed += st.numCompletedTasks();
                }
            }
        }
        return total == 0 ? 0 : (double) completed / total;
    }
}
