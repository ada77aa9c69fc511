package dev.sextant.model.contamination;

import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A contamination scan run on a cluster engine (Apache Spark, from the separately built scale bundle): the same items,
 * settings and corpus as a local scan, the same result.
 */
public interface ClusterScan {

    /**
     * @param master where to run: {@code local[N]}, {@code spark://HOST:PORT}, {@code yarn}, {@code k8s://…}
     * @param conf   further engine settings (key → value)
     * @param corpus the corpus files and folders, as absolute paths
     * @param done   results of files completed by an earlier run of the same scan (resume): not read again
     * @param fileDone told of each file this run completes, as soon as its wave of tasks returns (to keep it)
     */
    ScanResult scan(
            String master,
            Map<String, String> conf,
            ScanSpec spec,
            List<BenchmarkItem> items,
            List<String> corpus,
            List<FileResult> done,
            Consumer<FileResult> fileDone,
            ProgressListener progress,
            CancellationToken cancel);
}
