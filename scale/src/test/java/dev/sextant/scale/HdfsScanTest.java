package dev.sextant.scale;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.sextant.model.contamination.BenchmarkItem;
import dev.sextant.model.contamination.CorpusScanner;
import dev.sextant.model.contamination.NgramIndex;
import dev.sextant.model.contamination.Normalization;
import dev.sextant.model.contamination.ScanResult;
import dev.sextant.model.contamination.ScanSpec;
import dev.sextant.model.data.DedupResult;
import dev.sextant.model.data.DedupSpec;
import dev.sextant.model.data.Deduplicator;
import dev.sextant.model.io.BenchmarkItemFiles;
import dev.sextant.model.io.CorpusFiles;
import dev.sextant.model.io.Json;
import dev.sextant.model.job.CancellationToken;
import dev.sextant.model.job.ProgressListener;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.zip.GZIPOutputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A corpus on HDFS (Hadoop's mini cluster: a name node and a data node in this JVM), scanned and deduplicated through
 * the cluster application ({@link Submit}, Spark in local mode) by its {@code hdfs://} URI: the results of the same
 * files read from this machine's disk. Hadoop's {@code _SUCCESS} marker and dot files are left out as locally.
 */
class HdfsScanTest {

    @TempDir
    static Path tmp;

    static MiniDFSCluster hdfs;
    static String corpusUri;
    static Path localCorpus;
    static Path benchmark;

    @BeforeAll
    static void start() throws Exception {
        Configuration conf = new Configuration();
        conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, tmp.resolve("hdfs").toString());
        hdfs = new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
        hdfs.waitActive();
        FileSystem fs = hdfs.getFileSystem();
        SplittableRandom r = new SplittableRandom(21);
        List<String> questions = new ArrayList<>();
        StringBuilder bench = new StringBuilder();
        for (int i = 0; i < 12; i++) {
            String q = SparkScanTest.words(r, 20);
            questions.add(q);
            bench.append("{\"id\": \"q")
                    .append(i)
                    .append("\", \"question\": \"")
                    .append(q)
                    .append("\"}\n");
        }
        benchmark = Files.writeString(tmp.resolve("bench.jsonl"), bench.toString());
        localCorpus = Files.createDirectories(tmp.resolve("corpus/part"));
        List<String> texts = new ArrayList<>();
        for (int f = 0; f < 4; f++) {
            StringBuilder lines = new StringBuilder();
            for (int d = 0; d < 150; d++) {
                String text = SparkScanTest.words(r, 70);
                if (d % 19 == f) {
                    text = text + " " + questions.get((d + f) % questions.size());
                }
                if (d % 9 == 4 && !texts.isEmpty()) {
                    text = texts.get(r.nextInt(texts.size())); // a copy, for deduplication
                } else {
                    texts.add(text);
                }
                lines.append("{\"id\": \"f")
                        .append(f)
                        .append('-')
                        .append(d)
                        .append("\", \"text\": \"")
                        .append(text)
                        .append("\"}\n");
            }
            byte[] bytes = lines.toString().getBytes(StandardCharsets.UTF_8);
            String name = f % 2 == 0 ? "part-" + f + ".jsonl" : "part-" + f + ".jsonl.gz";
            if (f % 2 == 1) {
                ByteArrayOutputStream b = new ByteArrayOutputStream();
                try (OutputStream o = new GZIPOutputStream(b)) {
                    o.write(bytes);
                }
                bytes = b.toByteArray();
            }
            Files.write(localCorpus.resolve(name), bytes);
            try (OutputStream o = fs.create(new org.apache.hadoop.fs.Path("/corpus/part/" + name))) {
                o.write(bytes);
            }
        }
        // what Hadoop jobs leave beside their output: not corpus files
        try (OutputStream o = fs.create(new org.apache.hadoop.fs.Path("/corpus/part/_SUCCESS"))) {
            o.write(new byte[0]);
        }
        try (OutputStream o = fs.create(new org.apache.hadoop.fs.Path("/corpus/part/.part-0.jsonl.crc"))) {
            o.write("not text".getBytes(StandardCharsets.UTF_8));
        }
        corpusUri = fs.getUri() + "/corpus";
    }

    @AfterAll
    static void stop() {
        if (hdfs != null) {
            hdfs.shutdown();
        }
    }

    @Test
    void aScanOfAnHdfsCorpusGivesTheScanOfTheSameFilesOnDisk() throws Exception {
        Path out = tmp.resolve("scan.json");
        assertThat(Submit.run(
                        "scan",
                        "--master",
                        "local[2]",
                        "--benchmark",
                        benchmark.toString(),
                        "--field",
                        "question",
                        "--corpus",
                        corpusUri,
                        "--out",
                        out.toString()))
                .isZero();
        List<BenchmarkItem> items = BenchmarkItemFiles.read(benchmark, List.of("question"), null);
        ScanSpec spec = new ScanSpec(13, 0.8, Normalization.defaults(), "text", "id", 2, ScanSpec.DEFAULT_LOCATIONS);
        ScanResult local = CorpusScanner.scan(
                NgramIndex.build(items, 13, Normalization.defaults()),
                CorpusFiles.units(List.of(localCorpus), CorpusFiles.DEFAULT_CHUNK),
                spec,
                ProgressListener.NONE,
                CancellationToken.none());
        assertThat(local.summary().dirty() + local.summary().partial()).isGreaterThan(5);
        JsonNode scanned = Json.mapper().readTree(out.toFile());
        // numbers as read back
        JsonNode expected = Json.mapper().readTree(Json.mapper().writeValueAsString(local.items()));
        // the places name the files by their URIs there and by their paths here
        assertThat(withoutPlaces(scanned.get("items"))).isEqualTo(withoutPlaces(expected));
        assertThat(scanned.get("items").toString()).contains(corpusUri + "/part/part-0.jsonl");
        assertThat(scanned.get("summary").get("files").asInt()).isEqualTo(4);
        assertThat(scanned.get("summary").get("documents").asLong())
                .isEqualTo(local.summary().documents());
        assertThat(scanned.get("summary").get("bytesScanned").asLong())
                .isEqualTo(local.summary().bytesScanned());
    }

    @Test
    void deduplicationOfAnHdfsCorpusGivesTheRunOverTheSameFilesOnDisk() throws Exception {
        Path out = tmp.resolve("dedup.json");
        assertThat(Submit.run(
                        "dedup",
                        "--master",
                        "local[2]",
                        "--mode",
                        "exact",
                        "--corpus",
                        corpusUri,
                        "--out",
                        out.toString()))
                .isZero();
        DedupResult local = Deduplicator.run(
                CorpusFiles.units(List.of(localCorpus), CorpusFiles.DEFAULT_CHUNK),
                DedupSpec.defaults(DedupSpec.Mode.EXACT),
                ProgressListener.NONE,
                CancellationToken.none());
        JsonNode d = Json.mapper().readTree(out.toFile());
        assertThat(local.duplicates()).isGreaterThan(40);
        assertThat(d.get("documents").asLong()).isEqualTo(local.documents());
        assertThat(d.get("duplicates").asLong()).isEqualTo(local.duplicates());
        assertThat(d.get("clusters").asLong()).isEqualTo(local.clusters());
        List<String> removed = new ArrayList<>();
        d.get("removed")
                .forEach(x -> removed.add(
                        x.get("id").asText() + "→" + x.get("duplicateOf").asText()));
        assertThat(removed)
                .isEqualTo(local.removed().stream()
                        .map(x -> x.id() + "→" + x.duplicateOf())
                        .toList());
    }

    @Test
    void aMissingHdfsPathIsNamed() {
        assertThat(Submit.run(
                        "scan",
                        "--master",
                        "local[1]",
                        "--benchmark",
                        benchmark.toString(),
                        "--corpus",
                        corpusUri + "/nothing-here",
                        "--out",
                        tmp.resolve("none.json").toString()))
                .isEqualTo(2);
    }

    private static JsonNode withoutPlaces(JsonNode items) {
        JsonNode copy = items.deepCopy();
        copy.forEach(i -> ((ObjectNode) i).remove("locations"));
        return copy;
    }
}
