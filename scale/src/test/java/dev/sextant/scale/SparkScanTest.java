package dev.sextant.scale;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sextant.model.contamination.BenchmarkItem;
import dev.sextant.model.contamination.CorpusScanner;
import dev.sextant.model.contamination.NgramIndex;
import dev.sextant.model.contamination.Normalization;
import dev.sextant.model.contamination.ScanResult;
import dev.sextant.model.contamination.ScanSpec;
import dev.sextant.model.io.CorpusFiles;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.zip.GZIPOutputStream;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A scan on Spark (local mode, two executor threads) gives the local engine's result, item for item. */
class SparkScanTest {

    @TempDir
    Path tmp;

    static String words(SplittableRandom r, int n) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            sb.append(i == 0 ? "" : " ").append("w").append(r.nextInt(30_000));
        }
        return sb.toString();
    }

    @Test
    void aScanOnSparkGivesTheLocalEnginesResult() throws Exception {
        SplittableRandom r = new SplittableRandom(8);
        List<BenchmarkItem> items = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            items.add(new BenchmarkItem("quiz", "q" + i, words(r, 25)));
        }
        Path dir = Files.createDirectories(tmp.resolve("corpus"));
        for (int f = 0; f < 6; f++) {
            StringBuilder lines = new StringBuilder();
            for (int d = 0; d < 300; d++) {
                String text = words(r, 120);
                if ((d + f) % 23 == 0) {
                    String[] w = items.get((d + f) % 40).text().split(" ");
                    int len = 13 + r.nextInt(12);
                    text = text + " " + String.join(" ", java.util.Arrays.copyOfRange(w, 0, len));
                }
                lines.append("{\"id\": \"f").append(f).append("-").append(d).append("\", \"text\": \"").append(text).append("\"}\n");
            }
            if (f % 2 == 0) {
                Files.writeString(dir.resolve("part-" + f + ".jsonl"), lines.toString());
            } else {
                try (OutputStream o = new GZIPOutputStream(Files.newOutputStream(dir.resolve("part-" + f + ".jsonl.gz")))) {
                    o.write(lines.toString().getBytes(StandardCharsets.UTF_8));
                }
            }
        }
        ScanSpec spec = new ScanSpec(13, 0.8, Normalization.defaults(), "text", "id", 2, 20);
        ScanResult local = CorpusScanner.scan(NgramIndex.build(items, 13, Normalization.defaults()),
                CorpusFiles.units(List.of(dir.toAbsolutePath()), CorpusFiles.DEFAULT_CHUNK), spec, ProgressListener.NONE, CancellationToken.none());

        SparkConf conf = new SparkConf().setMaster("local[2]").setAppName("sextant-test").set("spark.ui.enabled", "false")
                .set("spark.driver.host", "127.0.0.1").set("spark.driver.bindAddress", "127.0.0.1");
        ScanResult spark;
        double[] last = {0};
        try (JavaSparkContext sc = new JavaSparkContext(conf)) {
            spark = SparkScan.run(sc, spec, items, List.of(dir), (fraction, message) -> last[0] = fraction, CancellationToken.none());
        }

        assertThat(local.summary().partial() + local.summary().dirty()).isGreaterThan(10);
        assertThat(spark.items()).isEqualTo(local.items());
        ScanResult.Summary a = local.summary();
        ScanResult.Summary b = spark.summary();
        assertThat(List.of(b.items(), b.clean(), b.partial(), b.dirty(), b.notCheckable(), b.files()))
                .isEqualTo(List.of(a.items(), a.clean(), a.partial(), a.dirty(), a.notCheckable(), a.files()));
        assertThat(List.of(b.bytesScanned(), b.documents(), b.hashHits(), b.collisions(), b.skippedDocuments(), b.invalidUtf8Bytes()))
                .isEqualTo(List.of(a.bytesScanned(), a.documents(), a.hashHits(), a.collisions(), a.skippedDocuments(), a.invalidUtf8Bytes()));
        assertThat(last[0]).isEqualTo(1.0);
    }
}
