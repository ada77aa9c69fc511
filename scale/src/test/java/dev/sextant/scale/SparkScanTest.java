package dev.sextant.scale;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sextant.model.BadInputException;
import dev.sextant.model.contamination.BenchmarkItem;
import dev.sextant.model.contamination.CorpusScanner;
import dev.sextant.model.contamination.CorpusUnit;
import dev.sextant.model.contamination.NgramIndex;
import dev.sextant.model.contamination.Normalization;
import dev.sextant.model.contamination.ScanResult;
import dev.sextant.model.contamination.ScanSpec;
import dev.sextant.model.data.DedupResult;
import dev.sextant.model.data.DedupSpec;
import dev.sextant.model.data.Deduplicator;
import dev.sextant.model.io.CorpusFiles;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.CancelledException;
import dev.sextant.model.job.ProgressListener;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.GZIPOutputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Scans and deduplication on Spark (local mode, two executor threads) give the local engine's results, item for item. */
class SparkScanTest {

    @TempDir
    Path tmp;

    static JavaSparkContext sc;

    @BeforeAll
    static void start() {
        sc = localContext();
    }

    @AfterAll
    static void stop() {
        sc.close();
    }

    /** Spark in this JVM on two threads, bound to the loopback address, its UI off. */
    static JavaSparkContext localContext() {
        return new JavaSparkContext(new SparkConf()
                .setMaster("local[2]")
                .setAppName("sextant-test")
                .set("spark.ui.enabled", "false")
                .set("spark.driver.host", "127.0.0.1")
                .set("spark.driver.bindAddress", "127.0.0.1")
                .set("spark.log.level", "WARN"));
    }

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
                    text = text + " " + String.join(" ", Arrays.copyOfRange(w, 0, len));
                }
                lines.append("{\"id\": \"f")
                        .append(f)
                        .append("-")
                        .append(d)
                        .append("\", \"text\": \"")
                        .append(text)
                        .append("\"}\n");
            }
            if (f % 2 == 0) {
                Files.writeString(dir.resolve("part-" + f + ".jsonl"), lines.toString());
            } else {
                try (OutputStream o =
                        new GZIPOutputStream(Files.newOutputStream(dir.resolve("part-" + f + ".jsonl.gz")))) {
                    o.write(lines.toString().getBytes(StandardCharsets.UTF_8));
                }
            }
        }
        ScanSpec spec = new ScanSpec(13, 0.8, Normalization.defaults(), "text", "id", 2, 20);
        ScanResult local = CorpusScanner.scan(
                NgramIndex.build(items, 13, Normalization.defaults()),
                CorpusFiles.units(List.of(dir.toAbsolutePath()), CorpusFiles.DEFAULT_CHUNK),
                spec,
                ProgressListener.NONE,
                CancellationToken.none());

        double[] last = {0};
        ScanResult spark = SparkScan.run(
                sc,
                spec,
                items,
                List.of(dir.toString()),
                (fraction, message) -> last[0] = fraction,
                CancellationToken.none());
        // the plain files read in 64 KiB byte ranges, each range a task of its own: still the same result
        List<String> whole = new ArrayList<>();
        ScanResult ranges = SparkScan.run(
                sc,
                spec,
                items,
                List.of(dir.toString()),
                List.of(),
                f -> whole.add(f.file()),
                64 << 10,
                ProgressListener.NONE,
                CancellationToken.none());
        assertThat(CorpusFiles.units(List.of(dir), 64 << 10)).hasSizeGreaterThan(12);

        assertThat(local.summary().partial() + local.summary().dirty()).isGreaterThan(10);
        assertThat(spark.items()).isEqualTo(local.items());
        ScanResult.Summary a = local.summary();
        ScanResult.Summary b = spark.summary();
        assertThat(List.of(b.items(), b.clean(), b.partial(), b.dirty(), b.notCheckable(), b.files()))
                .isEqualTo(List.of(a.items(), a.clean(), a.partial(), a.dirty(), a.notCheckable(), a.files()));
        assertThat(List.of(
                        b.bytesScanned(),
                        b.documents(),
                        b.hashHits(),
                        b.collisions(),
                        b.skippedDocuments(),
                        b.invalidUtf8Bytes()))
                .isEqualTo(List.of(
                        a.bytesScanned(),
                        a.documents(),
                        a.hashHits(),
                        a.collisions(),
                        a.skippedDocuments(),
                        a.invalidUtf8Bytes()));
        assertThat(last[0]).isEqualTo(1.0);
        assertThat(ranges.items()).isEqualTo(local.items());
        assertThat(ranges.summary().documents()).isEqualTo(a.documents());
        assertThat(ranges.summary().bytesScanned()).isEqualTo(a.bytesScanned());
        assertThat(whole).hasSize(6).doesNotHaveDuplicates(); // each file handed over once, when all its ranges are in
    }

    /** Cancel stops the scan between waves: what came back before is kept, the context stays usable. */
    @Test
    void cancelStopsTheScanAndKeepsWhatCameBack() throws Exception {
        SplittableRandom r = new SplittableRandom(2);
        List<BenchmarkItem> items = List.of(new BenchmarkItem("quiz", "q0", words(r, 25)));
        Path dir = Files.createDirectories(tmp.resolve("many"));
        for (int f = 0; f < 60; f++) {
            Files.writeString(
                    dir.resolve(String.format("part-%02d.jsonl", f)), "{\"text\": \"" + words(r, 200) + "\"}\n");
        }
        ScanSpec spec = new ScanSpec(13, 0.8, Normalization.defaults(), "text", "id", 2, 20);
        CancellationToken cancel = new CancellationToken();
        List<String> kept = new ArrayList<>();
        assertThatThrownBy(() -> SparkScan.run(
                        sc,
                        spec,
                        items,
                        List.of(dir.toString()),
                        List.of(),
                        f -> {
                            kept.add(f.file());
                            cancel.cancel(); // the first file back: Cancel pressed
                        },
                        ProgressListener.NONE,
                        cancel))
                .isInstanceOf(CancelledException.class);
        assertThat(kept).isNotEmpty().hasSizeLessThan(60);
        // the context runs the next job
        assertThat(SparkScan.run(
                                sc,
                                spec,
                                items,
                                List.of(dir.toString()),
                                ProgressListener.NONE,
                                CancellationToken.none())
                        .summary()
                        .files())
                .isEqualTo(60);
    }

    @Test
    void aFileATaskCannotReadIsNamedAndTheWavesOtherFilesAreKept() throws Exception {
        SplittableRandom r = new SplittableRandom(3);
        List<BenchmarkItem> items = List.of(new BenchmarkItem("quiz", "q0", words(r, 25)));
        Path dir = Files.createDirectories(tmp.resolve("broken"));
        for (int f = 0; f < 3; f++) {
            Files.writeString(dir.resolve("part-" + f + ".jsonl"), "{\"text\": \"" + words(r, 50) + "\"}\n");
        }
        byte[] gz;
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        try (OutputStream o = new GZIPOutputStream(b)) {
            o.write(("{\"text\": \"" + words(r, 5000) + "\"}\n").getBytes(StandardCharsets.UTF_8));
        }
        gz = Arrays.copyOf(b.toByteArray(), b.size() / 2); // cut short: not a whole gzip stream
        Path bad = dir.resolve("part-9.jsonl.gz");
        Files.write(bad, gz);
        ScanSpec spec = new ScanSpec(13, 0.8, Normalization.defaults(), "text", "id", 2, 20);
        List<String> kept = new ArrayList<>();
        assertThatThrownBy(() -> SparkScan.run(
                        sc,
                        spec,
                        items,
                        List.of(dir.toString()),
                        List.of(),
                        f -> kept.add(f.file()),
                        ProgressListener.NONE,
                        CancellationToken.none()))
                .isInstanceOf(BadInputException.class)
                .satisfies(e -> assertThat(((BadInputException) e).source()).endsWith("part-9.jsonl.gz"));
        assertThat(kept).hasSize(3).noneMatch(f -> f.endsWith(".gz"));
    }

    /** A Parquet corpus: one task per row group, found again on the executor by its rows. */
    @Test
    void parquetRowGroupsAreTasksAndGiveTheLocalResults() throws Exception {
        SplittableRandom r = new SplittableRandom(17);
        List<BenchmarkItem> items = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            items.add(new BenchmarkItem("quiz", "q" + i, words(r, 25)));
        }
        MessageType type = MessageTypeParser.parseMessageType(
                "message doc { required binary id (STRING); required binary text (STRING); }");
        Path file = tmp.resolve("corpus.parquet");
        List<String> texts = new ArrayList<>();
        SimpleGroupFactory groups = new SimpleGroupFactory(type);
        try (var w = ExampleParquetWriter.builder(new LocalOutputFile(file))
                .withConf(new Configuration())
                .withType(type)
                .withRowGroupRowCountLimit(100)
                .withPageRowCountLimit(50)
                .build()) {
            for (int d = 0; d < 600; d++) {
                String text = words(r, 60);
                if (d % 29 == 3) {
                    text = text + " " + items.get(d % items.size()).text();
                }
                if (d % 7 == 6 && !texts.isEmpty()) {
                    text = texts.get(r.nextInt(texts.size()));
                } else {
                    texts.add(text);
                }
                w.write(groups.newGroup().append("id", "d" + d).append("text", text));
            }
        }
        List<CorpusUnit> units = CorpusFiles.units(List.of(file), CorpusFiles.DEFAULT_CHUNK);
        assertThat(units).hasSize(6);
        ScanSpec spec = new ScanSpec(13, 0.8, Normalization.defaults(), "text", "id", 2, 20);
        ScanResult local = CorpusScanner.scan(
                NgramIndex.build(items, 13, Normalization.defaults()),
                units,
                spec,
                ProgressListener.NONE,
                CancellationToken.none());
        ScanResult spark = SparkScan.run(
                sc, spec, items, List.of(file.toString()), ProgressListener.NONE, CancellationToken.none());
        assertThat(local.summary().dirty()).isPositive();
        assertThat(spark.items()).isEqualTo(local.items());
        assertThat(spark.summary().documents()).isEqualTo(600);
        DedupSpec exact = DedupSpec.defaults(DedupSpec.Mode.EXACT);
        Deduplicator.UnitStates states = Deduplicator.UnitStates.inMemory();
        SparkClusterDedup.read(
                sc,
                exact,
                units.stream().map(CorpusFiles::split).toList(),
                states,
                ProgressListener.NONE,
                CancellationToken.none());
        DedupResult fromSpark =
                Deduplicator.run(units, exact, 0, states, ProgressListener.NONE, CancellationToken.none());
        DedupResult here = Deduplicator.run(units, exact, ProgressListener.NONE, CancellationToken.none());
        assertThat(here.duplicates()).isGreaterThan(60);
        assertThat(fromSpark.removed()).isEqualTo(here.removed());
    }

    @Test
    void deduplicationReadOnSparkGivesTheLocalEnginesResult() throws Exception {
        SplittableRandom r = new SplittableRandom(11);
        Path dir = Files.createDirectories(tmp.resolve("dups"));
        List<String> originals = new ArrayList<>();
        for (int f = 0; f < 5; f++) {
            StringBuilder lines = new StringBuilder();
            for (int d = 0; d < 200; d++) {
                String text;
                if (d % 10 == 3 && !originals.isEmpty()) {
                    String[] w = originals.get(r.nextInt(originals.size())).split(" ");
                    w[r.nextInt(w.length)] = "changed"; // a near copy of an earlier document
                    text = String.join(" ", w);
                } else if (d % 17 == 5 && !originals.isEmpty()) {
                    text = originals.get(r.nextInt(originals.size())).toUpperCase(Locale.ROOT); // equal once normalised
                } else {
                    text = words(r, 80);
                    originals.add(text);
                }
                lines.append("{\"id\": \"f")
                        .append(f)
                        .append("-")
                        .append(d)
                        .append("\", \"text\": \"")
                        .append(text)
                        .append("\"}\n");
            }
            Files.writeString(dir.resolve("part-" + f + ".jsonl"), lines.toString());
        }
        // named relative to the working folder, as a user may name them: the workers open them by absolute path
        Path relative = Path.of("").toAbsolutePath().relativize(dir.toAbsolutePath());
        List<CorpusUnit> units = CorpusFiles.units(List.of(relative), 32 << 10); // ranges too
        assertThat(units.size()).isGreaterThan(5);
        assertThat(units.get(0).file()).doesNotStartWith("/");
        for (DedupSpec.Mode mode : DedupSpec.Mode.values()) {
            DedupSpec spec = DedupSpec.defaults(mode);
            DedupResult local = Deduplicator.run(units, spec, ProgressListener.NONE, CancellationToken.none());
            Deduplicator.UnitStates states = Deduplicator.UnitStates.inMemory();
            SparkClusterDedup.read(
                    sc,
                    spec,
                    units.stream().map(CorpusFiles::split).toList(),
                    states,
                    ProgressListener.NONE,
                    CancellationToken.none());
            for (int i = 0; i < units.size(); i++) {
                assertThat(states.load(i)).as("unit %d read on Spark", i).isNotNull();
            }
            AtomicInteger readAgain = new AtomicInteger();
            Deduplicator.UnitStates readBefore = new Deduplicator.UnitStates() {
                @Override
                public byte[] load(int unit) {
                    return states.load(unit);
                }

                @Override
                public void save(int unit, byte[] state) {
                    // the driver read a unit itself: its state from the executor was not taken
                    readAgain.incrementAndGet();
                }
            };
            DedupResult spark =
                    Deduplicator.run(units, spec, 0, readBefore, ProgressListener.NONE, CancellationToken.none());
            assertThat(readAgain).as("units the driver read again").hasValue(0);
            assertThat(local.duplicates()).as(mode.name()).isGreaterThan(mode == DedupSpec.Mode.NEAR ? 90 : 40);
            assertThat(spark.removed()).isEqualTo(local.removed());
            assertThat(spark.largest()).isEqualTo(local.largest());
            assertThat(spark.clusterSizes()).isEqualTo(local.clusterSizes());
            assertThat(List.of(spark.documents(), spark.duplicates(), spark.clusters(), spark.tokens(), spark.bytes()))
                    .isEqualTo(List.of(
                            local.documents(), local.duplicates(), local.clusters(), local.tokens(), local.bytes()));
        }
    }
}
