package dev.sextant.scale;

import dev.sextant.model.contamination.BenchmarkItem;
import dev.sextant.model.contamination.CorpusScanner;
import dev.sextant.model.contamination.CorpusSplit;
import dev.sextant.model.contamination.CorpusUnit;
import dev.sextant.model.contamination.FileResult;
import dev.sextant.model.contamination.NgramIndex;
import dev.sextant.model.contamination.ScanResult;
import dev.sextant.model.contamination.ScanSpec;
import dev.sextant.model.io.CorpusFiles;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Consumer;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;

/**
 * A contamination scan on Spark: one task per corpus unit (a whole compressed file, a 32 MiB byte range of a large
 * uncompressed one, a Parquet row group), each scanned on an executor by the model's own scanner with the benchmark's
 * n-gram index built once per executor from the broadcast items. The units' results come back to the driver, are merged
 * per file as the local scanner merges them, and the files are merged exactly as a resumed local scan merges its
 * completed files, so the result is the local engine's. A file is handed to the caller (a kept scan saves it) as soon
 * as the wave holding its last unit returns; a file a task could not read is named as the local engine names it.
 */
public final class SparkScan {

    private SparkScan() {}

    public static ScanResult run(
            JavaSparkContext sc,
            ScanSpec spec,
            List<BenchmarkItem> items,
            List<String> corpus,
            ProgressListener progress,
            CancellationToken cancel) {
        return run(sc, spec, items, corpus, List.of(), r -> {}, progress, cancel);
    }

    /**
     * @param corpus   corpus files and folders: absolute paths every executor reads alike (a shared file system), or
     *                 URIs read through Hadoop's FileSystem ({@code hdfs://}, {@code s3a://})
     * @param done     results of files completed earlier (resume): not read again
     * @param fileDone told of each file completed here
     */
    public static ScanResult run(
            JavaSparkContext sc,
            ScanSpec spec,
            List<BenchmarkItem> items,
            List<String> corpus,
            List<FileResult> done,
            Consumer<FileResult> fileDone,
            ProgressListener progress,
            CancellationToken cancel) {
        return run(sc, spec, items, corpus, done, fileDone, CorpusFiles.DEFAULT_CHUNK, progress, cancel);
    }

    /** @param chunkBytes the size of the byte ranges a large uncompressed file is read in */
    static ScanResult run(
            JavaSparkContext sc,
            ScanSpec spec,
            List<BenchmarkItem> items,
            List<String> corpus,
            List<FileResult> done,
            Consumer<FileResult> fileDone,
            long chunkBytes,
            ProgressListener progress,
            CancellationToken cancel) {
        long t0 = System.nanoTime();
        List<CorpusUnit> units = HadoopStore.units(corpus, chunkBytes);
        Set<String> already = new HashSet<>();
        done.forEach(d -> already.add(d.file()));
        List<CorpusSplit> todo = units.stream()
                .filter(u -> !already.contains(u.file()))
                .map(CorpusFiles::split)
                .toList();
        Map<String, Integer> left = new HashMap<>();
        todo.forEach(s -> left.merge(s.file(), 1, Integer::sum));
        Map<String, List<FileResult>> parts = new HashMap<>();
        List<FileResult> results = new ArrayList<>(done);
        ScanTask task = new ScanTask(UUID.randomUUID().toString(), spec);
        Broadcast<ArrayList<String[]>> carried = sc.broadcast(ScanTask.carry(items));
        try {
            Waves.run(
                    sc,
                    "Sextant contamination scan",
                    todo,
                    split -> TaskOutcome.of(split.file(), () -> task.scan(split, carried.value())),
                    (split, carrier) -> {
                        parts.computeIfAbsent(split.file(), f -> new ArrayList<>())
                                .add(carrier.toResult());
                        if (left.merge(split.file(), -1, Integer::sum) == 0) {
                            FileResult whole = FileResult.combine(split.file(), parts.remove(split.file()));
                            fileDone.accept(whole);
                            results.add(whole);
                        }
                    },
                    progress.slice(0, 0.95),
                    cancel);
            carried.destroy();
        } catch (RuntimeException e) {
            // cancelled or failed: tasks of the cancelled job may still be starting and reading
            // the items, so the executors' copies go and the driver's stays for Spark's cleaner
            // (destroying it here made them fail loudly)
            carried.unpersist(false);
            throw e;
        }
        // merged as a resumed scan merges its completed files: every unit is done, so nothing is read again
        NgramIndex index = NgramIndex.build(items, spec.n(), spec.normalization());
        ScanResult merged = CorpusScanner.scan(index, units, spec, results, r -> {}, ProgressListener.NONE, cancel);
        progress.progress(1, "scanned " + left.size() + " files on Spark");
        double seconds = (System.nanoTime() - t0) / 1e9;
        return new ScanResult(merged.items(), merged.summary().withRun(seconds, sc.defaultParallelism()));
    }
}
