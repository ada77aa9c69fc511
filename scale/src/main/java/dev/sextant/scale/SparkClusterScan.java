package dev.sextant.scale;

import dev.sextant.model.contamination.BenchmarkItem;
import dev.sextant.model.contamination.ClusterScan;
import dev.sextant.model.contamination.FileResult;
import dev.sextant.model.contamination.ScanResult;
import dev.sextant.model.contamination.ScanSpec;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.spark.api.java.JavaSparkContext;

/**
 * {@link ClusterScan} on Spark, found by the CLI through {@link java.util.ServiceLoader} in the Spark bundle: starts a
 * Spark context for the scan ({@link SparkContexts}) and stops it.
 */
public final class SparkClusterScan implements ClusterScan {

    @Override
    public ScanResult scan(
            String master,
            Map<String, String> conf,
            ScanSpec spec,
            List<BenchmarkItem> items,
            List<String> corpus,
            List<FileResult> done,
            Consumer<FileResult> fileDone,
            ProgressListener progress,
            CancellationToken cancel) {
        progress.progress(0, "starting Spark (" + master + ")");
        try (JavaSparkContext sc = SparkContexts.open(master, conf, "sextant-scan")) {
            return SparkScan.run(sc, spec, items, corpus, done, fileDone, progress, cancel);
        }
    }
}
